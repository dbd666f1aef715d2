//! Which extension files to load, by Pi's rules (docs/extensions.md "Extension Locations"):
//! discovered folders first, then explicit paths, duplicates dropped.
//!
//! A folder is searched one level deep: `*.ts`/`*.js` files, and sub-folders with a
//! `package.json` whose `pi.extensions` lists entry files, else an `index.ts`/`index.js`.
//! tau discovers `<agent dir>/extensions/` only; project-local folders wait for project
//! trust (see docs/pi-extensions.md).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

fn is_extension_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext == "ts" || ext == "js")
}

/// Entry files a folder declares: its `package.json` `pi.extensions` (those that exist),
/// else `index.ts`, else `index.js`; `None` when it declares none.
pub fn entries_of_folder(dir: &Path) -> Option<Vec<PathBuf>> {
    let manifest = std::fs::read_to_string(dir.join("package.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok());
    let declared: Vec<PathBuf> = manifest
        .as_ref()
        .and_then(|m| m.pointer("/pi/extensions"))
        .and_then(|v| v.as_array())
        .map(|list| {
            list.iter()
                .filter_map(|entry| entry.as_str())
                .map(|entry| dir.join(entry))
                .filter(|path| path.exists())
                .collect()
        })
        .unwrap_or_default();
    if !declared.is_empty() {
        return Some(declared);
    }
    ["index.ts", "index.js"]
        .iter()
        .map(|name| dir.join(name))
        .find(|path| path.is_file())
        .map(|path| vec![path])
}

/// Extensions in `dir`, one level deep, in name order; empty when `dir` does not exist.
pub fn discover_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut children: Vec<PathBuf> = read.filter_map(|e| e.ok().map(|e| e.path())).collect();
    children.sort();
    let mut found = Vec::new();
    for path in children {
        if path.is_file() && is_extension_file(&path) {
            found.push(path);
        } else if path.is_dir() {
            found.extend(entries_of_folder(&path).unwrap_or_default());
        }
    }
    found
}

/// Everything to load: `<agent_dir>/extensions/` (unless `discover` is false), then each
/// explicit path (relative to `cwd`; a folder gives its declared entries, else what is in
/// it), without duplicates.
pub fn extension_paths(
    agent_dir: &Path,
    cwd: &Path,
    explicit: &[PathBuf],
    discover: bool,
) -> Vec<PathBuf> {
    let mut all = Vec::new();
    if discover {
        all.extend(discover_in(&agent_dir.join("extensions")));
    }
    for path in explicit {
        let resolved = cwd.join(path);
        if resolved.is_dir() {
            match entries_of_folder(&resolved) {
                Some(entries) => all.extend(entries),
                None => all.extend(discover_in(&resolved)),
            }
        } else {
            all.push(resolved);
        }
    }
    let mut seen = HashSet::new();
    all.retain(|path| seen.insert(path.clone()));
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discovery_follows_pi_layouts_one_level_deep() {
        let agent = tempfile::tempdir().unwrap();
        let ext = agent.path().join("extensions");
        std::fs::create_dir_all(ext.join("pkg/src")).unwrap();
        std::fs::create_dir_all(ext.join("indexed")).unwrap();
        std::fs::create_dir_all(ext.join("empty/deep")).unwrap();
        std::fs::write(ext.join("b.ts"), "").unwrap();
        std::fs::write(ext.join("a.js"), "").unwrap();
        std::fs::write(ext.join("notes.md"), "").unwrap();
        std::fs::write(ext.join("indexed/index.js"), "").unwrap();
        std::fs::write(ext.join("empty/deep/index.ts"), "").unwrap();
        std::fs::write(ext.join("pkg/src/main.ts"), "").unwrap();
        std::fs::write(
            ext.join("pkg/package.json"),
            r#"{"pi":{"extensions":["./src/main.ts","./missing.ts"]}}"#,
        )
        .unwrap();
        let explicit = [ext.join("a.js"), PathBuf::from("extra.ts")];
        let paths = extension_paths(agent.path(), Path::new("/work"), &explicit, true);
        assert_eq!(
            paths,
            vec![
                ext.join("a.js"),
                ext.join("b.ts"),
                ext.join("indexed/index.js"),
                ext.join("pkg/./src/main.ts"),
                PathBuf::from("/work/extra.ts"),
            ]
        );
        let only_explicit = extension_paths(agent.path(), Path::new("/w"), &explicit[1..], false);
        assert_eq!(only_explicit, vec![PathBuf::from("/w/extra.ts")]);
    }
}
