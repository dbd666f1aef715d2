//! The git branch the footer shows: found by walking up from the working directory to a
//! `.git` folder (or a worktree's `.git` file), read from `HEAD` without running git.

use std::path::{Path, PathBuf};

/// The `HEAD` file of the repository around `cwd`, if any.
pub fn head_path(cwd: &Path) -> Option<PathBuf> {
    for dir in cwd.ancestors() {
        let git = dir.join(".git");
        let Ok(meta) = std::fs::metadata(&git) else {
            continue;
        };
        if meta.is_dir() {
            let head = git.join("HEAD");
            return head.exists().then_some(head);
        }
        // A worktree or submodule: `.git` names the real folder.
        let content = std::fs::read_to_string(&git).ok()?;
        let target = content.trim().strip_prefix("gitdir: ")?;
        let head = dir.join(target.trim()).join("HEAD");
        return head.exists().then_some(head);
    }
    None
}

/// The branch checked out around `cwd`: `None` outside a repository, `detached` on a
/// detached head.
pub fn branch(cwd: &Path) -> Option<String> {
    let content = std::fs::read_to_string(head_path(cwd)?).ok()?;
    match content.trim().strip_prefix("ref: refs/heads/") {
        // `.invalid` is the placeholder of the reftable format: ask git.
        Some(".invalid") => Some(branch_from_git(cwd).unwrap_or_else(|| "detached".into())),
        Some(branch) => Some(branch.to_string()),
        None => Some("detached".into()),
    }
}

fn branch_from_git(cwd: &Path) -> Option<String> {
    let output = std::process::Command::new("git")
        .args([
            "--no-optional-locks",
            "symbolic-ref",
            "--quiet",
            "--short",
            "HEAD",
        ])
        .current_dir(cwd)
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let branch = String::from_utf8_lossy(&output.stdout).trim().to_string();
    (output.status.success() && !branch.is_empty()).then_some(branch)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branches_come_from_head_in_folders_and_worktrees() {
        let root = std::env::temp_dir().join(format!("tau-git-{}", std::process::id()));
        let repo = root.join("repo");
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        std::fs::create_dir_all(repo.join("src/deep")).unwrap();
        std::fs::write(repo.join(".git/HEAD"), "ref: refs/heads/feature/x\n").unwrap();
        assert_eq!(branch(&repo.join("src/deep")).as_deref(), Some("feature/x"));
        std::fs::write(repo.join(".git/HEAD"), "0123abcd\n").unwrap();
        assert_eq!(branch(&repo).as_deref(), Some("detached"));

        let worktree = root.join("wt");
        let real = root.join("real-git");
        std::fs::create_dir_all(&worktree).unwrap();
        std::fs::create_dir_all(&real).unwrap();
        std::fs::write(real.join("HEAD"), "ref: refs/heads/wt-branch\n").unwrap();
        std::fs::write(
            worktree.join(".git"),
            format!("gitdir: {}\n", real.display()),
        )
        .unwrap();
        assert_eq!(branch(&worktree).as_deref(), Some("wt-branch"));
        let _ = std::fs::remove_dir_all(&root);
    }
}
