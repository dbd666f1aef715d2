//! The quick RPC fuzz run: a few thousand mutated commands fed to the real `tau --mode rpc`
//! (tau-fuzz's RPC target; bench/fuzz.sh runs a million). Every line must get one answer,
//! tau must never panic and must exit 0 when stdin closes.

use std::path::Path;

#[test]
fn fuzzed_rpc_lines_are_all_answered_without_a_panic() {
    let tau = Path::new(env!("CARGO_BIN_EXE_tau"));
    let report = tau_fuzz::rpc::run(tau, 0x7a75_2024, 0..3_000, 1_500);
    assert!(report.clean(), "{report}");
    assert!(report.values > 0 && report.errors > 0, "{report}");
}
