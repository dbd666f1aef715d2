//! Which theme files a run loads, found as Pi 1.6.0's package manager finds them: a
//! conventional `themes/` folder (the agent directory's, a trusted project's `.pi/themes/`)
//! gives its own `*.json` files; a folder named by the `themes` setting or by a package gives
//! every `*.json` file below it. Dot entries and `node_modules` are skipped. Reading the files
//! (and naming collisions) is the terminal UI's theme registry's work.

use std::path::{Path, PathBuf};

fn listed(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|read| read.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    entries.retain(|path| {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        !name.starts_with('.') && name != "node_modules"
    });
    entries
}

fn is_json_file(path: &Path) -> bool {
    // `is_file` follows symlinks, as Pi does for linked theme files.
    path.is_file() && path.extension().is_some_and(|e| e == "json")
}

/// The `*.json` files directly in a conventional themes folder (Pi's
/// `collectAutoThemeEntries`).
pub fn files_in(dir: &Path) -> Vec<PathBuf> {
    listed(dir)
        .into_iter()
        .filter(|p| is_json_file(p))
        .collect()
}

/// Every `*.json` file below a folder the settings or a package name (Pi's `collectFiles`
/// for themes).
pub fn tree(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for path in listed(dir) {
        if path.is_dir() {
            files.extend(tree(&path));
        } else if is_json_file(&path) {
            files.push(path);
        }
    }
    files
}

#[cfg(test)]
#[path = "themes_tests.rs"]
mod tests;
