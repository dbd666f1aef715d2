//! docs/pi-extensions.md gives a status for every name of Pi's extension surface: runs
//! tools/surface_status.py against surface.json. Skipped, with the reason printed, without
//! python3 or without surface.json (`TAU_PI_SURFACE`, default
//! /work/shared/pi-surface/surface.json).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const DEFAULT_SURFACE: &str = "/work/shared/pi-surface/surface.json";

fn skip(reason: &str) {
    let _ = writeln!(std::io::stderr(), "skipping docs surface test: {reason}");
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// surface.json and a working python3, or `None` (reason printed).
fn inputs() -> Option<PathBuf> {
    let surface = std::env::var_os("TAU_PI_SURFACE")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_SURFACE));
    if !surface.is_file() {
        skip(&format!(
            "no surface.json at {} (set TAU_PI_SURFACE)",
            surface.display()
        ));
        return None;
    }
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|out| out.status.success()) {
        skip("python3 is not installed");
        return None;
    }
    Some(surface)
}

fn check(surface: &Path, doc: &Path) -> Output {
    let script = repo_root().join("tools/surface_status.py");
    match Command::new("python3")
        .arg(&script)
        .arg("--surface")
        .arg(surface)
        .arg("--doc")
        .arg(doc)
        .output()
    {
        Ok(output) => output,
        Err(error) => panic!("cannot run {}: {error}", script.display()),
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn every_surface_name_has_a_status_in_the_extension_docs() {
    let Some(surface) = inputs() else { return };
    let doc = repo_root().join("docs/pi-extensions.md");
    let out = check(&surface, &doc);
    assert_eq!(
        out.status.code(),
        Some(0),
        "docs/pi-extensions.md lacks surface names:\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(
        text(&out.stdout).contains("surface names have a status"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_name_without_a_status_is_listed_and_fails_the_check() {
    let Some(surface) = inputs() else { return };
    let doc = repo_root().join("docs/pi-extensions.md");
    let original = std::fs::read_to_string(&doc).expect("read docs/pi-extensions.md");
    // Drop the backticks of one event row and of one ExtensionAPI row.
    let edited = original
        .replace("| `user_bash` |", "| user_bash |")
        .replace("| `registerShortcut` |", "| registerShortcut |");
    assert_ne!(
        edited, original,
        "the rows to edit are gone from the document"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = dir.path().join("pi-extensions.md");
    std::fs::write(&copy, edited).expect("write the edited copy");
    let out = check(&surface, &copy);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("events: user_bash"), "{stdout}");
    assert!(
        stdout.contains("extension_api: registerShortcut"),
        "{stdout}"
    );
    assert!(stdout.contains("2 of"), "{stdout}");
}
