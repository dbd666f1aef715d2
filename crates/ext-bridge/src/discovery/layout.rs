//! Where extension files sit on disk: paths resolved the way Pi resolves them, a folder's
//! declared entries, and one-level auto-discovery (Pi's `resolveExtensionEntries` and
//! `collectAutoExtensionEntries` in `core/package-manager.js`).

use std::path::{Component, Path, PathBuf};

/// The resource fields a `package.json` `pi` object may list (Pi's `RESOURCE_FIELDS`).
const RESOURCE_FIELDS: [&str; 4] = ["extensions", "skills", "prompts", "themes"];

/// The `pi` object of a `package.json`, reduced to what extension discovery needs.
#[derive(Debug, Default)]
pub(crate) struct Manifest {
    /// `pi.extensions`, when it is an array of strings.
    pub extensions: Option<Vec<String>>,
    /// Whether any of the four resource fields is a valid string array (Pi: the manifest is
    /// then explicit and conventional folders are not searched).
    pub has_resource_fields: bool,
}

/// Reads the `pi` manifest of `package_json`; `None` when the file is missing, is not JSON
/// or has no `pi` object.
pub(crate) fn read_manifest(package_json: &Path) -> Option<Manifest> {
    let text = std::fs::read_to_string(package_json).ok()?;
    let value: serde_json::Value =
        serde_json::from_str(text.trim_start_matches('\u{feff}')).ok()?;
    let pi = value.get("pi")?.as_object()?;
    let string_list = |field: &str| -> Option<Vec<String>> {
        let list = pi.get(field)?.as_array()?;
        list.iter()
            .map(|entry| entry.as_str().map(String::from))
            .collect()
    };
    Some(Manifest {
        extensions: string_list("extensions"),
        has_resource_fields: RESOURCE_FIELDS.iter().any(|f| string_list(f).is_some()),
    })
}

/// Removes `.` and resolves `..` without touching the disk, as Node's `path.resolve` does.
pub(crate) fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                // `/..` stays `/`, like Node.
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The user's home folder (`HOME`), as Pi's `~` expansion uses it.
pub(crate) fn home_dir() -> PathBuf {
    std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default()
}

/// Expands a leading `~` and a `file://` prefix (Pi's `normalizePath`).
pub(crate) fn expand(input: &str) -> PathBuf {
    if input == "~" {
        return home_dir();
    }
    if let Some(rest) = input.strip_prefix("~/") {
        return home_dir().join(rest);
    }
    if let Some(rest) = input.strip_prefix("file://") {
        return PathBuf::from(rest);
    }
    PathBuf::from(input)
}

/// `input` (trimmed, `~` expanded) resolved against `base` (Pi's `resolvePath`).
pub fn resolve_from(base: &Path, input: &str) -> PathBuf {
    normalize(&base.join(expand(input.trim())))
}

/// The key two paths are compared by: the real path when it exists, else the normalized one
/// (Pi's `getResourcePathKey`).
pub fn path_key(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| normalize(path))
}

/// The entries a folder declares: its `package.json` `pi.extensions` (those that exist),
/// else `index.ts`, else `index.js`; `None` when it declares none.
pub fn entries_of_folder(dir: &Path) -> Option<Vec<PathBuf>> {
    if let Some(list) = read_manifest(&dir.join("package.json")).and_then(|m| m.extensions) {
        let entries: Vec<PathBuf> = list
            .iter()
            .map(|entry| normalize(&dir.join(entry)))
            .filter(|path| path.exists())
            .collect();
        if !entries.is_empty() {
            return Some(entries);
        }
    }
    ["index.ts", "index.js"]
        .iter()
        .map(|name| dir.join(name))
        .find(|path| path.exists())
        .map(|path| vec![path])
}

/// The ignore rules of `dir`'s own `.gitignore`, `.ignore` and `.fdignore` files.
fn ignore_rules(dir: &Path) -> Option<ignore::gitignore::Gitignore> {
    let mut builder = ignore::gitignore::GitignoreBuilder::new(dir);
    let mut any = false;
    for name in [".gitignore", ".ignore", ".fdignore"] {
        let file = dir.join(name);
        if file.is_file() {
            // A malformed line only loses that line, as in Pi's `ignore` package.
            let _ = builder.add(file);
            any = true;
        }
    }
    any.then(|| builder.build().ok()).flatten()
}

/// Extensions in `dir`: the folder's own declared entries when it has any, else its
/// `*.ts`/`*.js` files and the declared entries of its sub-folders, one level deep, in name
/// order. Dot entries, `node_modules` and names its ignore files exclude are skipped.
/// Empty when `dir` does not exist.
pub fn discover_in(dir: &Path) -> Vec<PathBuf> {
    if !dir.exists() {
        return Vec::new();
    }
    if let Some(entries) = entries_of_folder(dir) {
        return entries;
    }
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut children: Vec<(std::ffi::OsString, std::fs::FileType)> = read
        .filter_map(|entry| entry.ok())
        .filter_map(|entry| Some((entry.file_name(), entry.file_type().ok()?)))
        .collect();
    // Node's readdir sorts names bytewise.
    children.sort_by(|a, b| a.0.cmp(&b.0));
    let rules = ignore_rules(dir);
    let mut found = Vec::new();
    for (name, kind) in children {
        let text = name.to_string_lossy();
        if text.starts_with('.') || text == "node_modules" {
            continue;
        }
        let path = dir.join(&name);
        let (is_dir, is_file) = if kind.is_symlink() {
            match std::fs::metadata(&path) {
                Ok(meta) => (meta.is_dir(), meta.is_file()),
                Err(_) => continue,
            }
        } else {
            (kind.is_dir(), kind.is_file())
        };
        if rules
            .as_ref()
            .is_some_and(|rules| rules.matched(&path, is_dir).is_ignore())
        {
            continue;
        }
        if is_file && (text.ends_with(".ts") || text.ends_with(".js")) {
            found.push(path);
        } else if is_dir {
            found.extend(entries_of_folder(&path).unwrap_or_default());
        }
    }
    found
}

/// Each existing path: a file as itself, a folder by [`discover_in`] (Pi's
/// `collectFilesFromPaths`).
pub(crate) fn collect_from_paths(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_file() => files.push(path.clone()),
            Ok(meta) if meta.is_dir() => files.extend(discover_in(path)),
            _ => {}
        }
    }
    files
}
