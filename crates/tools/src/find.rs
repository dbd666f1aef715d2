//! The `find` tool: finds files and directories by glob as Pi 1.6.0 does by running fd,
//! built here from the crates fd itself uses (`ignore`, `globset`) instead of a binary.
//!
//! It behaves as Pi's `fd --hidden --glob --max-results N+1 [--full-path] [--ignore-case]
//! [--no-require-git]`: hidden entries are listed, `.gitignore` applies inside git
//! repositories and, as Pi asks with `--no-require-git`, outside them too; `.ignore` and
//! `.fdignore` always apply. A pattern without `/` matches entry names at any depth; one with
//! `/` is anchored at the search directory (or matched as given when absolute). Smart case:
//! an all-lowercase pattern matches case-insensitively. Directories are listed with a
//! trailing `/`, paths relative to the search directory, in path order.

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};
use ignore::WalkBuilder;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use tau_protocol::ToolResult;
use tokio_util::sync::CancellationToken;

use crate::args::{effective_limit, parse_args};
use crate::capped_output::{append_notices, CappedLines};
use crate::path::{home_dir, resolve_to_cwd};
use crate::tool::{Tool, ToolContext, ToolError, ToolInfo};
use crate::truncate::{format_size, DEFAULT_MAX_BYTES};

/// Pi's one-line summary of `find` for the system prompt.
pub const FIND_PROMPT_SNIPPET: &str = "Find files by glob pattern (respects .gitignore)";
/// Results returned when the call gives no limit.
pub const FIND_DEFAULT_LIMIT: usize = 1000;

/// The arguments of one `find` call.
#[derive(Debug, Deserialize)]
struct FindArgs {
    pattern: String,
    #[serde(default)]
    path: Option<String>,
    #[serde(default)]
    limit: Option<f64>,
}

/// The `find` tool.
#[derive(Debug, Clone)]
pub struct FindTool {
    info: ToolInfo,
}

impl Default for FindTool {
    fn default() -> Self {
        Self::new()
    }
}

impl FindTool {
    /// The tool with Pi's name, description, schema and prompt text.
    pub fn new() -> Self {
        FindTool {
            info: ToolInfo {
                name: "find".into(),
                label: "find".into(),
                description: format!(
                    "Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects .gitignore. Output is truncated to {FIND_DEFAULT_LIMIT} results or {}KB (whichever is hit first).",
                    DEFAULT_MAX_BYTES / 1024
                ),
                parameters: json!({
                    "type": "object",
                    "required": ["pattern"],
                    "properties": {
                        "pattern": {"type": "string", "description": "Glob pattern relative to the search directory, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth"},
                        "path": {"type": "string", "description": "Directory to search in (default: current directory)"},
                        "limit": {"type": "number", "description": "Maximum number of results (default: 1000)"}
                    }
                }),
                prompt_snippet: Some(FIND_PROMPT_SNIPPET.into()),
                constrained_sampling: None,
                prompt_guidelines: Vec::new(),
            },
        }
    }
}

/// What a compiled pattern is matched against.
struct PatternMatcher {
    /// A set of one glob: unlike `Glob::compile_matcher`, which panics when the compiled
    /// regex outgrows its size limit (a pattern of some hundred kilobytes), building a set
    /// reports that as an error.
    glob: GlobSet,
    /// Match the absolute path (fd's `--full-path`) rather than the entry's name.
    full_path: bool,
}

/// Escapes glob metacharacters in a literal path, as Pi does for the search root.
fn escape_glob(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '*' | '?' | '[' | ']' | '{' | '}') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Builds the matcher fd would use for Pi's arguments, or fd's error text.
fn build_matcher(pattern: &str, search_path: &Path) -> Result<PatternMatcher, String> {
    // fd's full paths never contain "/./", so a leading "./" would match nothing.
    let mut pattern = pattern;
    while let Some(rest) = pattern.strip_prefix("./") {
        pattern = rest;
    }
    if pattern.is_empty() {
        // fd matches an empty pattern as the empty regex: every entry.
        let glob = GlobBuilder::new("**")
            .build()
            .map_err(|err| format!("[fd error]: {err}"))?;
        return Ok(PatternMatcher {
            glob: matcher(glob)?,
            full_path: true,
        });
    }
    let full_path = pattern.contains('/');
    let ignore_case = pattern == pattern.to_lowercase();
    // A relative path pattern is anchored at the search path: 'src/*.ts' finds 'src/a.ts'
    // but not 'pkg/src/b.ts'.
    let glob = if full_path && !Path::new(pattern).is_absolute() {
        let root = search_path.to_string_lossy();
        format!("{}/{pattern}", escape_glob(root.trim_end_matches('/')))
    } else {
        pattern.to_string()
    };
    let glob = GlobBuilder::new(&glob)
        .literal_separator(true)
        .case_insensitive(ignore_case)
        .build()
        .map_err(|err| format!("[fd error]: {err}"))?;
    Ok(PatternMatcher {
        glob: matcher(glob)?,
        full_path,
    })
}

/// Compiles one glob, or fd's error text.
fn matcher(glob: Glob) -> Result<GlobSet, String> {
    GlobSetBuilder::new()
        .add(glob)
        .build()
        .map_err(|err| format!("[fd error]: {err}"))
}

/// Whether `path` or one of its ancestors holds a `.git` entry.
fn inside_git_repo(path: &Path) -> bool {
    path.ancestors().any(|dir| dir.join(".git").exists())
}

/// fd's global ignore file, `$XDG_CONFIG_HOME/fd/ignore` or `~/.config/fd/ignore`.
fn global_fd_ignore() -> Option<PathBuf> {
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| home_dir().map(|home| home.join(".config")))?;
    Some(config.join("fd").join("ignore")).filter(|p| p.is_file())
}

/// The result line Pi makes of fd's output line for `path` (absolute, with a trailing `/`
/// for a directory): trimmed, made relative to the search path, trailing `/` kept.
fn relativize(path: &Path, is_dir: bool, search_path: &Path) -> String {
    let printed = format!(
        "{}{}",
        path.to_string_lossy(),
        if is_dir { "/" } else { "" }
    );
    let printed = printed.trim();
    let had_trailing_slash = printed.ends_with('/');
    let root = search_path.to_string_lossy();
    let relative = printed
        .strip_prefix(root.as_ref())
        .unwrap_or(printed)
        .trim_matches('/');
    if had_trailing_slash {
        format!("{relative}/")
    } else {
        relative.to_string()
    }
}

/// What the walk found: results up to the limit, and whether there were more.
struct Found {
    results: CappedLines,
    limit_reached: bool,
}

/// Walks the search directory on this thread; `Ok(None)` means aborted.
fn run_find(
    matcher: &PatternMatcher,
    search_path: &Path,
    limit: usize,
    cancel: &CancellationToken,
) -> Result<Option<Found>, String> {
    if !search_path.is_dir() {
        return Err(format!(
            "[fd error]: Search path '{}' is not a directory.\n[fd error]: No valid search paths given.",
            search_path.display()
        ));
    }
    let mut builder = WalkBuilder::new(search_path);
    builder
        .hidden(false)
        .follow_links(false)
        .require_git(inside_git_repo(search_path))
        .add_custom_ignore_filename(".fdignore")
        .sort_by_file_name(|a, b| a.cmp(b));
    if let Some(global) = global_fd_ignore() {
        // A malformed line only disables that line, as in fd.
        let _ = builder.add_ignore(global);
    }
    let mut found = Found {
        results: CappedLines::default(),
        limit_reached: false,
    };
    let mut errors = Vec::new();
    for entry in builder.build() {
        if cancel.is_cancelled() {
            return Ok(None);
        }
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                errors.push(format!("[fd error]: {err}"));
                continue;
            }
        };
        if entry.depth() == 0 {
            continue;
        }
        let path = entry.path();
        let is_match = if matcher.full_path {
            matcher.glob.is_match(path)
        } else {
            path.file_name()
                .is_some_and(|name| matcher.glob.is_match(Path::new(name)))
        };
        if !is_match {
            continue;
        }
        if found.results.count() == limit {
            found.limit_reached = true;
            break;
        }
        let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
        found.results.push(relativize(path, is_dir, search_path));
    }
    if found.results.count() == 0 && !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    Ok(Some(found))
}

/// Pi's result text and details.
fn format_result(found: Found, limit: usize) -> ToolResult {
    if found.results.count() == 0 {
        return ToolResult::text("No files found matching pattern");
    }
    let truncation = found.results.finish();
    let mut output = truncation.content.clone();
    let mut details = Map::new();
    let mut notices = Vec::new();
    if found.limit_reached {
        notices.push(format!(
            "{limit} results limit reached. Use limit={} for more, or refine pattern",
            limit.saturating_mul(2)
        ));
        details.insert("resultLimitReached".into(), json!(limit));
    }
    if truncation.truncated {
        notices.push(format!("{} limit reached", format_size(DEFAULT_MAX_BYTES)));
        details.insert("truncation".into(), json!(truncation));
    }
    append_notices(&mut output, &notices);
    let mut result = ToolResult::text(output);
    if !details.is_empty() {
        result.details = Some(Value::Object(details));
    }
    result
}

#[async_trait]
impl Tool for FindTool {
    fn info(&self) -> &ToolInfo {
        &self.info
    }

    async fn execute(
        &self,
        _call_id: &str,
        args: Value,
        ctx: ToolContext,
    ) -> Result<ToolResult, ToolError> {
        if ctx.cancel.is_cancelled() {
            return Err(ToolError::Aborted);
        }
        let FindArgs {
            pattern,
            path,
            limit,
        } = parse_args("find", args)?;
        let path = path.filter(|p| !p.is_empty()).unwrap_or_else(|| ".".into());
        let search_path = resolve_to_cwd(&path, &ctx.cwd);
        let limit = effective_limit(limit, FIND_DEFAULT_LIMIT);
        let matcher = build_matcher(&pattern, &search_path).map_err(ToolError::Failed)?;
        let cancel = ctx.cancel.clone();
        let task =
            tokio::task::spawn_blocking(move || run_find(&matcher, &search_path, limit, &cancel));
        let outcome = tokio::select! {
            joined = task => joined.map_err(|err| ToolError::Failed(format!("find failed: {err}")))?,
            () = ctx.cancel.cancelled() => return Err(ToolError::Aborted),
        };
        match outcome {
            Ok(Some(found)) => Ok(format_result(found, limit)),
            Ok(None) => Err(ToolError::Aborted),
            Err(stderr) => Err(ToolError::Failed(stderr)),
        }
    }
}

#[cfg(test)]
#[path = "find_tests.rs"]
mod tests;
