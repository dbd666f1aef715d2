//! Unit tests of `path`: Pi's tool path normalisation and resolution.

use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;

use super::*;

#[test]
fn relative_paths_resolve_against_cwd() {
    let cwd = Path::new("/work/project");
    assert_eq!(
        resolve_to_cwd("src/main.rs", cwd),
        PathBuf::from("/work/project/src/main.rs")
    );
    assert_eq!(
        resolve_to_cwd("./a/../b//c/", cwd),
        PathBuf::from("/work/project/b/c")
    );
    assert_eq!(resolve_to_cwd("..", cwd), PathBuf::from("/work"));
    assert_eq!(resolve_to_cwd(".", cwd), PathBuf::from("/work/project"));
}

#[test]
fn absolute_paths_ignore_cwd_and_are_normalised() {
    let cwd = Path::new("/work/project");
    assert_eq!(
        resolve_to_cwd("/etc/../tmp/x", cwd),
        PathBuf::from("/tmp/x")
    );
    assert_eq!(resolve_to_cwd("/../..", cwd), PathBuf::from("/"));
}

#[test]
fn leading_at_is_stripped_once() {
    let cwd = Path::new("/w");
    assert_eq!(
        resolve_to_cwd("@src/a.rs", cwd),
        PathBuf::from("/w/src/a.rs")
    );
    assert_eq!(resolve_to_cwd("@@a", cwd), PathBuf::from("/w/@a"));
    assert_eq!(resolve_to_cwd("@/abs/x", cwd), PathBuf::from("/abs/x"));
}

#[test]
fn tilde_expands_to_home() {
    let home = home_dir().unwrap();
    let cwd = Path::new("/w");
    assert_eq!(resolve_to_cwd("~", cwd), normalize_lexically(&home));
    assert_eq!(
        resolve_to_cwd("~/notes.md", cwd),
        normalize_lexically(&home.join("notes.md"))
    );
    // Only a leading `~` alone or followed by `/` expands.
    assert_eq!(resolve_to_cwd("~user/x", cwd), PathBuf::from("/w/~user/x"));
    assert_eq!(
        resolve_to_cwd("@~/x", cwd),
        normalize_lexically(&home.join("x"))
    );
}

#[test]
fn unicode_spaces_become_plain_spaces() {
    assert_eq!(
        normalize_unicode_spaces("a\u{00A0}b\u{2009}c\u{3000}d"),
        "a b c d"
    );
    assert_eq!(
        resolve_to_cwd("my\u{202F}file.txt", Path::new("/w")),
        PathBuf::from("/w/my file.txt")
    );
}

#[test]
fn file_urls_become_paths() {
    let cwd = Path::new("/w");
    assert_eq!(
        resolve_to_cwd("file:///tmp/a%20b.txt", cwd),
        PathBuf::from("/tmp/a b.txt")
    );
    assert_eq!(
        resolve_to_cwd("file://localhost/tmp/x", cwd),
        PathBuf::from("/tmp/x")
    );
}

#[test]
fn variants_cover_macos_screenshot_spellings() {
    let variants = read_path_variants("/d/Screenshot 2024 at 10.00.00 PM.png");
    assert_eq!(variants[0], "/d/Screenshot 2024 at 10.00.00\u{202F}PM.png");
    let french = read_path_variants("/d/Capture d'e\u{301}cran.png");
    assert!(french.contains(&"/d/Capture d\u{2019}e\u{301}cran.png".to_string()));
    let nfc = read_path_variants("/d/caf\u{e9}.txt");
    assert_eq!(nfc, vec!["/d/cafe\u{301}.txt".to_string()]);
}

#[tokio::test]
async fn read_path_falls_back_to_an_existing_variant() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir
        .path()
        .join("Screenshot 2024-01-01 at 9.41.03\u{202F}AM.png");
    std::fs::write(&real, b"x").unwrap();
    let typed = "Screenshot 2024-01-01 at 9.41.03 AM.png";
    assert_eq!(resolve_read_path(typed, dir.path()).await, real);

    let plain = dir.path().join("plain.txt");
    std::fs::write(&plain, b"x").unwrap();
    assert_eq!(resolve_read_path("plain.txt", dir.path()).await, plain);
    // Nothing matches: the plain resolution comes back.
    assert_eq!(
        resolve_read_path("missing 1 PM.txt", dir.path()).await,
        dir.path().join("missing 1 PM.txt")
    );
}
