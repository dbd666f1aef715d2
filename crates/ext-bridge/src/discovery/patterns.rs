//! Pi's resource patterns (`core/package-manager.js`): in settings and package filters a plain
//! glob includes, `!glob` excludes, `+path` force-includes one exact path and `-path`
//! force-excludes one. Globs match a file's path relative to the base folder, its name, or
//! its absolute path, as minimatch does.

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

use globset::GlobBuilder;

use super::layout::expand;

/// Whether a settings entry is a pattern rather than a path.
pub fn is_pattern(entry: &str) -> bool {
    is_override(entry) || has_glob(entry)
}

/// Whether an entry starts with `!`, `+` or `-`.
pub fn is_override(entry: &str) -> bool {
    entry.starts_with(['!', '+', '-'])
}

/// Whether an entry holds glob characters.
pub fn has_glob(entry: &str) -> bool {
    entry.contains(['*', '?'])
}

fn posix(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// Node's `path.relative` for two absolute, normalized paths.
fn relative(base: &Path, path: &Path) -> String {
    let from: Vec<Component> = base.components().collect();
    let to: Vec<Component> = path.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_string(); from.len() - common];
    parts.extend(
        to[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

fn glob_matches(pattern: &str, text: &str) -> bool {
    GlobBuilder::new(pattern)
        .literal_separator(true)
        .build()
        .is_ok_and(|glob| glob.compile_matcher().is_match(text))
}

/// A `SKILL.md` file's folder: patterns may name the skill folder instead of the file.
fn skill_folder(file: &Path) -> Option<&Path> {
    file.file_name()
        .is_some_and(|n| n == "SKILL.md")
        .then(|| file.parent())
        .flatten()
}

fn matches_any_pattern(file: &Path, patterns: &[&str], base: &Path) -> bool {
    let targets = |path: &Path| {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        [relative(base, path), name, posix(path)]
    };
    let file_targets = targets(file);
    let folder_targets = skill_folder(file).map(targets);
    patterns.iter().any(|pattern| {
        let pattern = posix(&expand(pattern));
        file_targets
            .iter()
            .chain(folder_targets.iter().flatten())
            .any(|target| glob_matches(&pattern, target))
    })
}

fn matches_any_exact(file: &Path, patterns: &[&str], base: &Path) -> bool {
    let targets = |path: &Path| [relative(base, path), posix(path)];
    let file_targets = targets(file);
    let folder_targets = skill_folder(file).map(targets);
    patterns.iter().any(|pattern| {
        let trimmed = pattern
            .strip_prefix("./")
            .or_else(|| pattern.strip_prefix(".\\"))
            .unwrap_or(pattern);
        let normalized = posix(&expand(trimmed));
        file_targets
            .iter()
            .chain(folder_targets.iter().flatten())
            .any(|target| *target == normalized)
    })
}

fn with_prefix(entries: &[String], prefix: char) -> Vec<&str> {
    entries
        .iter()
        .filter_map(|entry| entry.strip_prefix(prefix))
        .collect()
}

/// Whether an auto-discovered `file` stays enabled under a scope's settings entries: `!glob`
/// disables, `+path` re-enables, `-path` disables (Pi's `isEnabledByOverrides`).
pub fn enabled_by_overrides(file: &Path, entries: &[String], base: &Path) -> bool {
    let mut enabled = true;
    if matches_any_pattern(file, &with_prefix(entries, '!'), base) {
        enabled = false;
    }
    if matches_any_exact(file, &with_prefix(entries, '+'), base) {
        enabled = true;
    }
    if matches_any_exact(file, &with_prefix(entries, '-'), base) {
        enabled = false;
    }
    enabled
}

/// The files of `all` that `patterns` enable: plain globs include (everything when there are
/// none), `!` excludes, `+` adds back, `-` removes (Pi's `applyPatterns`).
pub fn apply_patterns(all: &[PathBuf], patterns: &[String], base: &Path) -> HashSet<PathBuf> {
    let includes: Vec<&str> = patterns
        .iter()
        .filter(|p| !is_override(p))
        .map(String::as_str)
        .collect();
    let excludes = with_prefix(patterns, '!');
    let force_in = with_prefix(patterns, '+');
    let force_out = with_prefix(patterns, '-');
    all.iter()
        .filter(|file| {
            let mut on = includes.is_empty() || matches_any_pattern(file, &includes, base);
            on = on && !matches_any_pattern(file, &excludes, base);
            on = on || matches_any_exact(file, &force_in, base);
            on && !matches_any_exact(file, &force_out, base)
        })
        .cloned()
        .collect()
}

/// A project `autoload: false` package entry's changes over the user entry: each pattern
/// turns the files it names on (plain, `+`) or off (`!`, `-`), later patterns winning (Pi's
/// `applyAutoloadDisabledPatterns`). Returns the touched files in first-touched order.
pub fn autoload_delta(all: &[PathBuf], patterns: &[String], base: &Path) -> Vec<(PathBuf, bool)> {
    let mut result: Vec<(PathBuf, bool)> = Vec::new();
    for pattern in patterns {
        let exact = pattern.starts_with(['+', '-']);
        let target = if is_override(pattern) {
            &pattern[1..]
        } else {
            pattern.as_str()
        };
        let enabled = !pattern.starts_with(['-', '!']);
        for file in all {
            let hit = if exact {
                matches_any_exact(file, &[target], base)
            } else {
                matches_any_pattern(file, &[target], base)
            };
            if !hit {
                continue;
            }
            match result.iter_mut().find(|(path, _)| path == file) {
                Some(slot) => slot.1 = enabled,
                None => result.push((file.clone(), enabled)),
            }
        }
    }
    result
}

/// The paths under `root` a package-manifest glob names, without dot-named segments, sorted
/// (Pi's `expandPackageGlob`).
pub fn expand_glob(pattern: &str, root: &Path) -> Vec<PathBuf> {
    let Ok(glob) = GlobBuilder::new(pattern.trim_start_matches("./"))
        .literal_separator(true)
        .build()
    else {
        return Vec::new();
    };
    let matcher = glob.compile_matcher();
    let max_depth = if pattern.contains("**") {
        32
    } else {
        pattern.trim_start_matches("./").split('/').count()
    };
    let mut found = Vec::new();
    let mut pending = vec![(root.to_path_buf(), String::new(), 0usize)];
    while let Some((dir, rel, depth)) = pending.pop() {
        let Ok(read) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in read.filter_map(|e| e.ok()) {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            let child_rel = if rel.is_empty() {
                name
            } else {
                format!("{rel}/{name}")
            };
            let path = entry.path();
            if matcher.is_match(&child_rel) {
                found.push(path.clone());
            }
            if depth + 1 < max_depth && path.is_dir() {
                pending.push((path, child_rel, depth + 1));
            }
        }
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skill_file_matches_patterns_naming_its_folder() {
        let base = Path::new("/pkg");
        let keep = PathBuf::from("/pkg/skills/keep/SKILL.md");
        let drop = PathBuf::from("/pkg/skills/drop/SKILL.md");
        let note = PathBuf::from("/pkg/skills/keep/notes.md");
        let all = [keep.clone(), drop.clone(), note.clone()];
        let kept = apply_patterns(&all, &["skills/keep".into()], base);
        assert!(kept.contains(&keep) && !kept.contains(&drop) && !kept.contains(&note));
        let kept = apply_patterns(&all, &["!drop".into()], base);
        assert!(kept.contains(&keep) && !kept.contains(&drop));
        assert!(!enabled_by_overrides(&drop, &["-skills/drop".into()], base));
        assert!(enabled_by_overrides(&keep, &["-skills/drop".into()], base));
    }
}
