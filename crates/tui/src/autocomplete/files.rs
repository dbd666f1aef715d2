//! File suggestions. Path completion lists one directory (pi-tui's `readdir` completion:
//! directories first, then by name in locale order). `@` attachments search the tree under
//! the working directory like pi-tui's `fd` search (hidden files, `.gitignore` respected,
//! `.git` skipped, at most 100 hits per walk), scored by how well the name matches.

use std::cmp::Ordering;
use std::path::{Path, PathBuf};

use feruca::{Collator, Locale, Tailoring};

use super::prefix::{completion_value, parse_path_prefix};
use super::AutocompleteItem;

const MAX_WALK_RESULTS: usize = 100;
const MAX_FUZZY_SUGGESTIONS: usize = 20;

fn locale_compare(a: &str, b: &str) -> Ordering {
    let mut collator = Collator::new(Tailoring::Cldr(Locale::Root), false, true);
    collator.collate(a, b)
}

/// Node's `path.dirname` for POSIX paths.
pub(crate) fn dirname(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.starts_with('/') { "/" } else { "." };
    }
    match trimmed.rfind('/') {
        None => ".",
        Some(0) => "/",
        Some(i) => match trimmed[..i].trim_end_matches('/') {
            "" => "/",
            dir => dir,
        },
    }
}

/// Node's `path.basename` for POSIX paths.
pub(crate) fn basename(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    trimmed.rsplit('/').next().unwrap_or("")
}

/// Node's `path.join` for POSIX paths: joined, `.` and `..` resolved, `.` when empty.
pub(crate) fn join(a: &str, b: &str) -> String {
    let joined = if a.is_empty() {
        b.to_string()
    } else {
        format!("{a}/{b}")
    };
    let absolute = joined.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            ".." if absolute => {}
            _ => parts.push(part),
        }
    }
    let mut out = parts.join("/");
    if absolute {
        out.insert(0, '/');
    }
    if joined.ends_with('/') && !out.ends_with('/') && !out.is_empty() {
        out.push('/');
    }
    if out.is_empty() {
        ".".into()
    } else {
        out
    }
}

pub(crate) fn home_dir() -> String {
    std::env::var("HOME").unwrap_or_default()
}

/// `~/x` and `~` to the home directory, keeping a trailing slash.
fn expand_home(path: &str) -> String {
    if let Some(rest) = path.strip_prefix("~/") {
        let expanded = join(&home_dir(), rest);
        if path.ends_with('/') && !expanded.ends_with('/') {
            return format!("{expanded}/");
        }
        expanded
    } else if path == "~" {
        home_dir()
    } else {
        path.to_string()
    }
}

fn is_dir_following_links(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_dir())
}

/// Entries of one directory matching the typed path prefix (pi-tui's `getFileSuggestions`).
pub(crate) fn directory_suggestions(base: &str, prefix: &str) -> Vec<AutocompleteItem> {
    let parsed = parse_path_prefix(prefix);
    let raw = parsed.raw;
    let expanded = if raw.starts_with('~') {
        expand_home(raw)
    } else {
        raw.to_string()
    };
    let absolute = raw.starts_with('~') || expanded.starts_with('/');
    let is_root = matches!(raw, "" | "./" | "../" | "~" | "~/" | "/");
    let (search_dir, search_prefix) = if is_root || raw.ends_with('/') {
        let dir = if absolute {
            expanded
        } else {
            join(base, &expanded)
        };
        (dir, String::new())
    } else {
        let dir = dirname(&expanded);
        let dir = if absolute {
            dir.to_string()
        } else {
            join(base, dir)
        };
        (dir, basename(&expanded).to_string())
    };
    let Ok(entries) = std::fs::read_dir(&search_dir) else {
        return Vec::new();
    };
    let wanted = search_prefix.to_lowercase();
    let mut items = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.to_lowercase().starts_with(&wanted) {
            continue;
        }
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir())
            || (entry.file_type().is_ok_and(|t| t.is_symlink())
                && is_dir_following_links(&entry.path()));
        let relative = display_path(raw, &name);
        let path = if is_dir {
            format!("{relative}/")
        } else {
            relative
        };
        items.push(AutocompleteItem {
            value: completion_value(&path, parsed.at, parsed.quoted),
            label: if is_dir { format!("{name}/") } else { name },
            description: None,
        });
    }
    items.sort_by(|a, b| {
        let (a_dir, b_dir) = (a.label.ends_with('/'), b.label.ends_with('/'));
        b_dir
            .cmp(&a_dir)
            .then_with(|| locale_compare(&a.label, &b.label))
    });
    items
}

/// How an entry `name` is written given what was typed (`~/`, `./`, absolute, relative).
fn display_path(typed: &str, name: &str) -> String {
    if typed.ends_with('/') {
        return format!("{typed}{name}");
    }
    if typed.contains('/') || typed.contains('\\') {
        if let Some(home_relative) = typed.strip_prefix("~/") {
            let dir = dirname(home_relative);
            return if dir == "." {
                format!("~/{name}")
            } else {
                format!("~/{}", join(dir, name))
            };
        }
        if typed.starts_with('/') {
            let dir = dirname(typed);
            return if dir == "/" {
                format!("/{name}")
            } else {
                format!("{dir}/{name}")
            };
        }
        let joined = join(dirname(typed), name);
        if typed.starts_with("./") && !joined.starts_with("./") {
            return format!("./{joined}");
        }
        return joined;
    }
    if typed.starts_with('~') {
        format!("~/{name}")
    } else {
        name.to_string()
    }
}

/// One walked entry: path relative to the walk's root, `/`-terminated for directories.
struct Found {
    path: String,
    is_dir: bool,
}

/// Entries under `root` whose name (or path, when the query has a `/`) contains `query`,
/// case-insensitively unless the query has capitals (fd's smart case).
fn walk(root: &Path, query: &str, max_depth: Option<usize>) -> Vec<Found> {
    let case_sensitive = query.chars().any(char::is_uppercase);
    let fold = |s: &str| {
        if case_sensitive {
            s.to_string()
        } else {
            s.to_lowercase()
        }
    };
    let needle = fold(query);
    let by_path = query.contains('/');
    let mut builder = ignore::WalkBuilder::new(root);
    builder
        .hidden(false)
        .follow_links(true)
        .max_depth(max_depth)
        .require_git(false);
    builder.filter_entry(|e| e.file_name() != ".git");
    let mut found = Vec::new();
    for entry in builder.build().flatten() {
        if entry.depth() == 0 {
            continue;
        }
        let Ok(relative) = entry.path().strip_prefix(root) else {
            continue;
        };
        let relative = relative.to_string_lossy().replace('\\', "/");
        let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
        let haystack = if by_path {
            relative.clone()
        } else {
            basename(&relative).to_string()
        };
        if !needle.is_empty() && !fold(&haystack).contains(&needle) {
            continue;
        }
        let path = if is_dir {
            format!("{relative}/")
        } else {
            relative
        };
        found.push(Found { path, is_dir });
        if found.len() >= MAX_WALK_RESULTS {
            break;
        }
    }
    found
}

fn score_entry(path: &str, query: &str, is_dir: bool) -> u32 {
    let name = basename(path).to_lowercase();
    let query = query.to_lowercase();
    let mut score = if name == query {
        100
    } else if name.starts_with(&query) {
        80
    } else if name.contains(&query) {
        50
    } else if path.to_lowercase().contains(&query) {
        30
    } else {
        0
    };
    if is_dir && score > 0 {
        score += 10;
    }
    score
}

/// `@` suggestions for `query` (pi-tui's `getFuzzyFileSuggestions`). A query with a `/` in
/// it searches inside the directory it names, when that exists.
pub(crate) fn fuzzy_file_suggestions(
    base: &str,
    query: &str,
    quoted: bool,
) -> Vec<AutocompleteItem> {
    let query = query.replace('\\', "/");
    let scoped = query.rfind('/').and_then(|i| {
        let display_base = &query[..=i];
        let dir = if display_base.starts_with("~/") {
            expand_home(display_base)
        } else if display_base.starts_with('/') {
            display_base.to_string()
        } else {
            join(base, display_base)
        };
        is_dir_following_links(Path::new(&dir)).then(|| {
            (
                PathBuf::from(dir),
                display_base.to_string(),
                &query[i + 1..],
            )
        })
    });
    let (root, walk_query) = match &scoped {
        Some((dir, _, q)) => (dir.clone(), q.to_string()),
        None => (PathBuf::from(base), query.clone()),
    };
    let mut entries = walk(&root, &walk_query, Some(1));
    for entry in walk(&root, &walk_query, None) {
        if !entries.iter().any(|e| e.path == entry.path) {
            entries.push(entry);
        }
    }
    let mut scored: Vec<(u32, Found)> = entries
        .into_iter()
        .map(|e| {
            let score = if walk_query.is_empty() {
                1
            } else {
                score_entry(&e.path, &walk_query, e.is_dir)
            };
            (score, e)
        })
        .filter(|(score, _)| *score > 0)
        .collect();
    let depth = |p: &str| p.split('/').filter(|s| !s.is_empty()).count();
    scored.sort_by(|(sa, a), (sb, b)| {
        sb.cmp(sa)
            .then_with(|| depth(&a.path).cmp(&depth(&b.path)))
            .then_with(|| a.path.len().cmp(&b.path.len()))
            .then_with(|| locale_compare(&a.path, &b.path))
    });
    scored
        .into_iter()
        .take(MAX_FUZZY_SUGGESTIONS)
        .map(|(_, e)| {
            let bare = e.path.strip_suffix('/').unwrap_or(&e.path);
            let shown = match &scoped {
                Some((_, display_base, _)) if display_base == "/" => format!("/{bare}"),
                Some((_, display_base, _)) => format!("{display_base}{bare}"),
                None => bare.to_string(),
            };
            let completion = if e.is_dir {
                format!("{shown}/")
            } else {
                shown.clone()
            };
            let name = basename(bare);
            AutocompleteItem {
                value: completion_value(&completion, true, quoted),
                label: if e.is_dir {
                    format!("{name}/")
                } else {
                    name.to_string()
                },
                description: Some(shown),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_path_helpers() {
        assert_eq!(dirname("a/b"), "a");
        assert_eq!(dirname("a"), ".");
        assert_eq!(dirname("/a"), "/");
        assert_eq!(basename("a/b/"), "b");
        assert_eq!(join(".", "x"), "x");
        assert_eq!(join("src/..", "x"), "x");
        assert_eq!(join("/base", "./"), "/base/");
    }
}
