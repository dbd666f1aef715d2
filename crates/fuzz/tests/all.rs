//! The quick fuzz run: a few thousand cases per in-process target, a fixed seed so CI is
//! repeatable (bench/fuzz.sh runs a million per target with a fresh seed). The RPC target
//! needs the tau binary and runs in tau's own suite (crates/cli/tests/suite/fuzz_rpc.rs).

use tau_fuzz::Report;

const SEED: u64 = 0x7a75_2024;

fn assert_clean(report: &Report) {
    assert!(report.clean(), "{report}");
    assert!(
        report.values > 0 && report.errors > 0,
        "the cases should reach both outcomes: {report}"
    );
}

#[test]
fn session_files_never_panic() {
    assert_clean(&tau_fuzz::session::run(SEED, 0..3_000));
}

#[test]
fn tool_arguments_never_panic() {
    assert_clean(&tau_fuzz::tools::run(SEED, 0..2_000));
}

#[test]
fn models_and_settings_files_never_panic() {
    assert_clean(&tau_fuzz::config::run(SEED, 0..2_000));
}
