//! Skills as Pi 1.6.0 loads them (`core/skills.js`, docs/skills.md): a folder holding
//! `SKILL.md` is a skill (its sub-folders are not searched); elsewhere `.md` files directly
//! in a root folder are standalone skills; sub-folders are searched for `SKILL.md`, skipping
//! dot entries, `node_modules` and what `.gitignore`/`.ignore`/`.fdignore` exclude.
//! Frontmatter `name` (else the folder's name) must follow the Agent Skills rules and a
//! `description` is required: a broken rule is a warning, a missing description (or
//! unparsable frontmatter) skips the skill with a warning, and a standalone `.md` without a
//! description is not a skill at all (no warning). The first skill with a name keeps it.

use std::path::{Path, PathBuf};

use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::Match;

use super::frontmatter;
use super::source::{Diagnostic, Origin, Severity, SourceInfo};

const MAX_NAME_LENGTH: usize = 64;
const MAX_DESCRIPTION_LENGTH: usize = 1024;

/// A loaded skill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skill {
    /// Its command name (`/skill:<name>`).
    pub name: String,
    /// What it is for; shown to the model.
    pub description: String,
    /// The skill file.
    pub file_path: PathBuf,
    /// The file's folder, which relative references resolve against.
    pub base_dir: PathBuf,
    /// Where it came from.
    pub source_info: SourceInfo,
    /// `disable-model-invocation: true`: left out of the system prompt.
    pub disable_model_invocation: bool,
}

/// Skills and the problems met loading them.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    /// In discovery order, one per name.
    pub skills: Vec<Skill>,
    /// Warnings, then name collisions.
    pub diagnostics: Vec<Diagnostic>,
}

/// Pi's name rules; each broken rule is one message.
fn name_errors(name: &str) -> Vec<String> {
    let mut errors = Vec::new();
    let length = name.chars().count();
    if length > MAX_NAME_LENGTH {
        errors.push(format!(
            "name exceeds {MAX_NAME_LENGTH} characters ({length})"
        ));
    }
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        errors.push(
            "name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)".into(),
        );
    }
    if name.starts_with('-') || name.ends_with('-') {
        errors.push("name must not start or end with a hyphen".into());
    }
    if name.contains("--") {
        errors.push("name must not contain consecutive hyphens".into());
    }
    errors
}

/// Loads one skill file. `origin` says where it was configured (`None`: an explicit path).
pub fn load_file(path: &Path, origin: &Origin) -> (Option<Skill>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let declared = path.file_name().is_some_and(|n| n == "SKILL.md");
    let content = match std::fs::read_to_string(path) {
        Ok(content) => content,
        Err(error) => {
            diagnostics.push(Diagnostic::warning(error.to_string(), path));
            return (None, diagnostics);
        }
    };
    let parsed = match frontmatter::parse(&content) {
        Ok(parsed) => parsed,
        Err(error) => {
            if declared {
                diagnostics.push(Diagnostic::warning(
                    format!("invalid frontmatter: {error}"),
                    path,
                ));
            }
            return (None, diagnostics);
        }
    };
    let description = parsed
        .string("description")
        .filter(|d| !d.trim().is_empty());
    if !declared && description.is_none() {
        return (None, diagnostics);
    }
    let base_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    match description {
        None => diagnostics.push(Diagnostic::warning("description is required", path)),
        Some(d) if d.chars().count() > MAX_DESCRIPTION_LENGTH => {
            diagnostics.push(Diagnostic::warning(
                format!(
                    "description exceeds {MAX_DESCRIPTION_LENGTH} characters ({})",
                    d.chars().count()
                ),
                path,
            ))
        }
        Some(_) => {}
    }
    let name = parsed
        .string("name")
        .filter(|n| !n.is_empty())
        .map(String::from)
        .unwrap_or_else(|| {
            base_dir
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        });
    for error in name_errors(&name) {
        diagnostics.push(Diagnostic::warning(error, path));
    }
    let Some(description) = description else {
        return (None, diagnostics);
    };
    let skill = Skill {
        name,
        description: description.to_string(),
        file_path: path.to_path_buf(),
        source_info: SourceInfo::at(path, origin),
        base_dir,
        disable_model_invocation: parsed.is_true("disable-model-invocation"),
    };
    (Some(skill), diagnostics)
}

/// Ignore rules met on the way down from the root folder, outermost first.
#[derive(Clone, Default)]
struct IgnoreStack(Vec<Gitignore>);

impl IgnoreStack {
    fn with_folder(&self, dir: &Path) -> IgnoreStack {
        let mut stack = self.clone();
        let mut builder = GitignoreBuilder::new(dir);
        let mut any = false;
        for name in [".gitignore", ".ignore", ".fdignore"] {
            let file = dir.join(name);
            if file.is_file() {
                // A malformed line loses only that line, as with Pi's `ignore` package.
                let _ = builder.add(file);
                any = true;
            }
        }
        if let (true, Ok(rules)) = (any, builder.build()) {
            stack.0.push(rules);
        }
        stack
    }

    fn ignores(&self, path: &Path, is_dir: bool) -> bool {
        let mut ignored = false;
        for rules in &self.0 {
            match rules.matched(path, is_dir) {
                Match::Ignore(_) => ignored = true,
                Match::Whitelist(_) => ignored = false,
                Match::None => {}
            }
        }
        ignored
    }
}

/// The kind of an entry, following symbolic links; `None` for a broken link.
fn kind(path: &Path) -> Option<(bool, bool)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.is_dir(), meta.is_file()))
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|read| read.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    entries
}

/// Which standalone `.md` files a skill folder holds besides `SKILL.md` folders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standalone {
    /// Those directly in the root folder (Pi's own folders and explicit paths).
    AtRoot,
    /// Those in sub-folders only (Agent Skills `.agents/skills` folders).
    BelowRoot,
}

/// Skill files under `dir` by Pi's discovery rules (`collectSkillEntries`).
pub fn files_in(dir: &Path, standalone: Standalone) -> Vec<PathBuf> {
    let mut files = Vec::new();
    walk(dir, true, standalone, &IgnoreStack::default(), &mut files);
    files
}

fn walk(
    dir: &Path,
    is_root: bool,
    standalone: Standalone,
    ignores: &IgnoreStack,
    out: &mut Vec<PathBuf>,
) {
    if !dir.is_dir() {
        return;
    }
    let ignores = ignores.with_folder(dir);
    let skill = dir.join("SKILL.md");
    if kind(&skill).is_some_and(|(_, file)| file) && !ignores.ignores(&skill, false) {
        out.push(skill);
        return;
    }
    let take_md = match standalone {
        Standalone::AtRoot => is_root,
        Standalone::BelowRoot => !is_root,
    };
    for path in sorted_entries(dir) {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.starts_with('.') || name == "node_modules" {
            continue;
        }
        let Some((is_dir, is_file)) = kind(&path) else {
            continue;
        };
        if ignores.ignores(&path, is_dir) {
            continue;
        }
        if is_dir {
            walk(&path, false, standalone, &ignores, out);
        } else if is_file && take_md && name.ends_with(".md") {
            out.push(path);
        }
    }
}

/// Loads skills from configured paths in order (Pi's `loadSkills` without defaults): a
/// folder by [`files_in`], a `.md` file as one skill. The same file reached twice loads
/// once; a second skill with a taken name is a collision, reported after the warnings.
pub fn load(paths: &[(PathBuf, Origin)]) -> Loaded {
    let mut loaded = Loaded::default();
    let mut collisions = Vec::new();
    let mut real_paths: Vec<PathBuf> = Vec::new();
    let mut add = |skill: Skill, loaded: &mut Loaded| {
        let real = std::fs::canonicalize(&skill.file_path).unwrap_or(skill.file_path.clone());
        if real_paths.contains(&real) {
            return;
        }
        if let Some(winner) = loaded.skills.iter().find(|s| s.name == skill.name) {
            collisions.push(Diagnostic {
                severity: Severity::Collision,
                message: format!("name \"{}\" collision", skill.name),
                path: skill.file_path.clone(),
                winner: Some(winner.file_path.clone()),
            });
        } else {
            real_paths.push(real);
            loaded.skills.push(skill);
        }
    };
    for (path, origin) in paths {
        let Some((is_dir, is_file)) = kind(path) else {
            loaded
                .diagnostics
                .push(Diagnostic::warning("skill path does not exist", path));
            continue;
        };
        let files = if is_dir {
            files_in(path, Standalone::AtRoot)
        } else if is_file && path.extension().is_some_and(|e| e == "md") {
            vec![path.clone()]
        } else {
            loaded.diagnostics.push(Diagnostic::warning(
                "skill path is not a markdown file",
                path,
            ));
            continue;
        };
        for file in files {
            let (skill, diagnostics) = load_file(&file, origin);
            loaded.diagnostics.extend(diagnostics);
            if let Some(skill) = skill {
                add(skill, &mut loaded);
            }
        }
    }
    loaded.diagnostics.extend(collisions);
    loaded
}

/// What `/skill:<name> args` sends to the model (Pi's `_expandSkillCommand`): the skill's
/// body in a `<skill>` block, then the arguments as a paragraph. `None` when `text` is not
/// a skill command or names no loaded skill; `Err` when the file cannot be read.
pub fn expand(text: &str, skills: &[Skill]) -> Option<Result<String, (PathBuf, String)>> {
    let rest = text.strip_prefix("/skill:")?;
    let (name, args) = match rest.find(' ') {
        Some(space) => (&rest[..space], rest[space + 1..].trim()),
        None => (rest, ""),
    };
    let skill = skills.iter().find(|s| s.name == name)?;
    let body = std::fs::read_to_string(&skill.file_path)
        .map_err(|e| e.to_string())
        .and_then(|content| frontmatter::strip(&content));
    Some(match body {
        Ok(body) => {
            let block = format!(
                "<skill name=\"{}\" location=\"{}\">\nReferences are relative to {}.\n\n{}\n</skill>",
                skill.name,
                skill.file_path.display(),
                skill.base_dir.display(),
                body.trim()
            );
            Ok(if args.is_empty() {
                block
            } else {
                format!("{block}\n\n{args}")
            })
        }
        Err(error) => Err((skill.file_path.clone(), error)),
    })
}

/// A user message that is an expanded skill command (Pi's `parseSkillBlock`), as the
/// terminal UI shows it: the skill collapsed, the arguments as the user's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillBlock {
    /// The skill's name.
    pub name: String,
    /// Its file.
    pub location: String,
    /// The block's text (the reference line and the skill's body).
    pub content: String,
    /// The arguments after the block, if any.
    pub user_message: Option<String>,
}

/// Parses a message that is exactly an expanded skill command, optionally followed by the
/// arguments paragraph.
pub fn parse_block(text: &str) -> Option<SkillBlock> {
    static PATTERN: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
    let pattern = PATTERN
        .get_or_init(|| {
            regex::Regex::new(
                r#"^<skill name="([^"]+)" location="([^"]+)">\n((?s:.*?))\n</skill>(?:\n\n((?s:.+)))?$"#,
            )
            .ok()
        })
        .as_ref()?;
    let caps = pattern.captures(text)?;
    Some(SkillBlock {
        name: caps[1].to_string(),
        location: caps[2].to_string(),
        content: caps[3].to_string(),
        user_message: caps
            .get(4)
            .map(|m| m.as_str().trim().to_string())
            .filter(|m| !m.is_empty()),
    })
}

#[cfg(test)]
#[path = "skills_tests.rs"]
mod tests;
