//! Where Pi 1.6.0 caches `-e` package sources (`getTemporaryDir` in
//! `core/package-manager.js`), so a package tried with `pi -e` is found by `tau -e` and the
//! other way round when both use the same agent directory:
//!
//! - npm: one npm project, `<agent dir>/tmp/extensions/npm/<h>/`, with `<h>` the first 8
//!   hex digits of `sha256("npm-")`; packages land in its `node_modules/<name>`.
//! - git: `<agent dir>/tmp/extensions/git-<host>/<h>/<path>`, with `<h>` from
//!   `sha256("git-<host>-<path>[@<ref>]")`, so each pinned ref gets its own checkout.

use std::path::{Path, PathBuf};

/// The folder every temporary source lives under (Pi creates it with mode 0700).
pub fn temporary_root(agent_dir: &Path) -> PathBuf {
    agent_dir.join("tmp").join("extensions")
}

/// The first 8 hex digits of the SHA-256 of `text`.
fn short_hash(text: &str) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, text.as_bytes());
    digest.as_ref()[..4]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// The npm project `-e npm:` sources are installed into.
pub fn temporary_npm_root(agent_dir: &Path) -> PathBuf {
    temporary_root(agent_dir)
        .join("npm")
        .join(short_hash("npm-"))
}

/// The checkout of a `-e` git source (`host` and `path` as parsed, `git_ref` its `@ref`).
pub fn temporary_git_dir(
    agent_dir: &Path,
    host: &str,
    path: &str,
    git_ref: Option<&str>,
) -> PathBuf {
    let prefix = format!("git-{host}");
    let at_ref = git_ref.map(|r| format!("@{r}")).unwrap_or_default();
    let hash = short_hash(&format!("{prefix}-{path}{at_ref}"));
    temporary_root(agent_dir).join(prefix).join(hash).join(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_are_named_as_pi_names_them() {
        let agent = Path::new("/a");
        // sha256("npm-") starts f35b2129.
        assert_eq!(
            temporary_npm_root(agent),
            Path::new("/a/tmp/extensions/npm/f35b2129")
        );
        let plain = temporary_git_dir(agent, "github.com", "o/r", None);
        let pinned = temporary_git_dir(agent, "github.com", "o/r", Some("v1"));
        assert!(plain.starts_with("/a/tmp/extensions/git-github.com"));
        assert!(plain.ends_with("o/r") && pinned.ends_with("o/r"));
        assert_ne!(plain, pinned, "each ref has its own checkout");
        // sha256("git-github.com-o/r") starts a6e670e7.
        assert_eq!(
            plain,
            Path::new("/a/tmp/extensions/git-github.com/a6e670e7/o/r")
        );
    }
}
