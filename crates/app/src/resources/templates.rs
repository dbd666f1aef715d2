//! Prompt templates as Pi 1.6.0 loads and expands them (`core/prompt-templates.js`,
//! docs/prompt-templates.md): a `.md` file is the command `/<file name>`; its description is
//! the frontmatter `description`, else the first non-empty body line (cut at 60 characters
//! with `...`). `/<name> args` becomes the body with the arguments substituted: `$1`…,
//! `$@`/`$ARGUMENTS`, `${N:-default}`, `${@:-default}`, `${@:N}`, `${@:N:L}`; arguments
//! are split shell-like (see [`parse_args`]).

use std::path::{Path, PathBuf};

use regex::{Captures, Regex};

use super::frontmatter;
use super::source::{Diagnostic, Origin, Severity, SourceInfo};

/// A loaded prompt template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    /// The command name (the file name without `.md`).
    pub name: String,
    /// Shown in command lists.
    pub description: String,
    /// Frontmatter `argument-hint`.
    pub argument_hint: Option<String>,
    /// The body the command expands to.
    pub content: String,
    /// The file.
    pub file_path: PathBuf,
    /// Where it came from.
    pub source_info: SourceInfo,
}

/// Templates and the problems met loading them.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    /// In discovery order, one per name.
    pub templates: Vec<Template>,
    /// Unreadable files, then name collisions.
    pub diagnostics: Vec<Diagnostic>,
}

/// Loads one template file.
pub fn load_file(path: &Path, origin: &Origin) -> Result<Template, Diagnostic> {
    let content =
        std::fs::read_to_string(path).map_err(|e| Diagnostic::warning(e.to_string(), path))?;
    let parsed = frontmatter::parse(&content)
        .map_err(|e| Diagnostic::warning(format!("invalid frontmatter: {e}"), path))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = name.strip_suffix(".md").unwrap_or(&name).to_string();
    let mut description = parsed.string("description").unwrap_or_default().to_string();
    if description.is_empty() {
        if let Some(first) = parsed.body.split('\n').find(|l| !l.trim().is_empty()) {
            // Pi cuts at 60 UTF-16 units; characters are the same for all but astral text.
            description = first.chars().take(60).collect();
            if first.chars().count() > 60 {
                description.push_str("...");
            }
        }
    }
    Ok(Template {
        name,
        description,
        argument_hint: parsed.string("argument-hint").map(String::from),
        content: parsed.body,
        file_path: path.to_path_buf(),
        source_info: SourceInfo::at(path, origin),
    })
}

/// The `.md` files directly in `dir` (conventional prompt folders are not searched deeper).
pub fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|read| read.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files.retain(|p| p.extension().is_some_and(|e| e == "md") && p.is_file());
    files
}

/// Loads templates from configured paths in order: a folder's direct `.md` files, or a
/// `.md` file. A path that does not exist is skipped here (the caller reports the ones the
/// user named). The first template with a name keeps it; later ones are collisions.
pub fn load(paths: &[(PathBuf, Origin)]) -> Loaded {
    let mut loaded = Loaded::default();
    let mut collisions = Vec::new();
    for (path, origin) in paths {
        let files = if path.is_dir() {
            files_in(path)
        } else if path.is_file() && path.extension().is_some_and(|e| e == "md") {
            vec![path.clone()]
        } else {
            continue;
        };
        for file in files {
            match load_file(&file, origin) {
                Ok(template) => {
                    if let Some(winner) = loaded.templates.iter().find(|t| t.name == template.name)
                    {
                        collisions.push(Diagnostic {
                            severity: Severity::Collision,
                            message: format!("name \"/{}\" collision", template.name),
                            path: template.file_path.clone(),
                            winner: Some(winner.file_path.clone()),
                        });
                    } else {
                        loaded.templates.push(template);
                    }
                }
                Err(diagnostic) => loaded.diagnostics.push(diagnostic),
            }
        }
    }
    loaded.diagnostics.extend(collisions);
    loaded
}

/// Splits command arguments as Pi does (`parseCommandArgs`): whitespace separates; a quote
/// opens only at the start of an argument; inside it a backslash before the same quote
/// keeps the quote; an unclosed quote is kept as text and the rest parsed again.
pub fn parse_args(input: &str) -> Vec<String> {
    let chars: Vec<char> = input.chars().collect();
    let mut args = Vec::new();
    let mut current = String::new();
    let mut has_token = false;
    let mut quote: Option<char> = None;
    let mut quote_start = 0;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if let Some(q) = quote {
            if c == '\\' && chars.get(i + 1) == Some(&q) {
                current.push(q);
                i += 1;
            } else if c == q {
                quote = None;
            } else {
                current.push(c);
            }
        } else if (c == '"' || c == '\'') && !has_token {
            quote = Some(c);
            quote_start = i;
            has_token = true;
        } else if c.is_whitespace() {
            if has_token {
                args.push(std::mem::take(&mut current));
                has_token = false;
            }
        } else {
            current.push(c);
            has_token = true;
        }
        if quote.is_some() && i == chars.len() - 1 {
            // Unclosed: the quote is text, and parsing resumes after it.
            quote = None;
            current = chars[quote_start].to_string();
            i = quote_start;
        }
        i += 1;
    }
    if has_token {
        args.push(current);
    }
    args
}

/// Substitutes the placeholders of `content` with `args` (Pi's `substituteArgs`); values
/// are not substituted again.
pub fn substitute(content: &str, args: &[String]) -> String {
    static PATTERN: std::sync::OnceLock<Option<Regex>> = std::sync::OnceLock::new();
    let Some(pattern) = PATTERN
        .get_or_init(|| {
            Regex::new(
                r"\$\{([0-9]+|ARGUMENTS|@):-([^}]*)\}|\$\{@:([0-9]+)(?::([0-9]+))?\}|\$(ARGUMENTS|@|[0-9]+)",
            )
            .ok()
        })
        .as_ref()
    else {
        return content.to_string();
    };
    let all = args.join(" ");
    let number = |text: &str| text.parse::<usize>().unwrap_or(usize::MAX);
    pattern
        .replace_all(content, |caps: &Captures| {
            if let (Some(target), Some(default)) = (caps.get(1), caps.get(2)) {
                let value = match target.as_str() {
                    "@" | "ARGUMENTS" => all.clone(),
                    n => number(n)
                        .checked_sub(1)
                        .and_then(|i| args.get(i))
                        .cloned()
                        .unwrap_or_default(),
                };
                return if value.is_empty() {
                    default.as_str().to_string()
                } else {
                    value
                };
            }
            if let Some(start) = caps.get(3) {
                let start = number(start.as_str()).saturating_sub(1).min(args.len());
                let rest = &args[start..];
                let taken = match caps.get(4) {
                    Some(length) => &rest[..number(length.as_str()).min(rest.len())],
                    None => rest,
                };
                return taken.join(" ");
            }
            match caps.get(5).map(|m| m.as_str()) {
                Some("@" | "ARGUMENTS") => all.clone(),
                Some(n) => number(n)
                    .checked_sub(1)
                    .and_then(|i| args.get(i))
                    .cloned()
                    .unwrap_or_default(),
                None => String::new(),
            }
        })
        .into_owned()
}

/// What `/<name> args` sends when `name` is a template (Pi's `expandPromptTemplate`); `None`
/// when `text` names no template.
pub fn expand(text: &str, templates: &[Template]) -> Option<String> {
    let rest = text.strip_prefix('/')?;
    let split = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let (name, tail) = rest.split_at(split);
    if name.is_empty() {
        return None;
    }
    let template = templates.iter().find(|t| t.name == name)?;
    Some(substitute(
        &template.content,
        &parse_args(tail.trim_start()),
    ))
}

#[cfg(test)]
#[path = "templates_tests.rs"]
mod tests;
