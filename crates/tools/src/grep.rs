//! The `grep` tool: searches file contents as Pi 1.6.0 does by running ripgrep, built here
//! from ripgrep's own crates instead of a binary. It behaves as Pi's `rg --json
//! --line-number --hidden [--ignore-case] [--fixed-strings] [--glob G] [--context N]`:
//! hidden files are searched, `.gitignore` (inside git repositories), `.ignore` and
//! `.rgignore` are respected, binary files are skipped, and `--glob` is rooted at the search
//! directory. Output lines are `path:line: text` for matches and `path-line- text` for
//! context, with Pi's match limit, line truncation, byte cap and notices.
//!
//! Files are searched in path order (ripgrep's order varies between runs).

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use grep_regex::RegexMatcherBuilder;
use grep_searcher::{BinaryDetection, Searcher, SearcherBuilder, Sink, SinkContext, SinkMatch};
use ignore::overrides::OverrideBuilder;
use ignore::WalkBuilder;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use tau_protocol::ToolResult;
use tokio_util::sync::CancellationToken;

use crate::args::{effective_limit, parse_args};
use crate::capped_output::{append_notices, CappedLines};
use crate::path::resolve_to_cwd;
use crate::tool::{Tool, ToolContext, ToolError, ToolInfo};
use crate::truncate::{format_size, truncate_line, DEFAULT_MAX_BYTES, GREP_MAX_LINE_LENGTH};

/// Pi's one-line summary of `grep` for the system prompt.
pub const GREP_PROMPT_SNIPPET: &str = "Search file contents for patterns (respects .gitignore)";
/// Matches returned when the call gives no limit.
pub const GREP_DEFAULT_LIMIT: usize = 100;

/// The arguments of one `grep` call.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct GrepArgs {
    pattern: String,
    #[serde(default)]
    path: Option<String>,
    #[serde(default)]
    glob: Option<String>,
    #[serde(default)]
    ignore_case: Option<bool>,
    #[serde(default)]
    literal: Option<bool>,
    #[serde(default)]
    context: Option<f64>,
    #[serde(default)]
    limit: Option<f64>,
}

/// The `grep` tool.
#[derive(Debug, Clone)]
pub struct GrepTool {
    info: ToolInfo,
}

impl Default for GrepTool {
    fn default() -> Self {
        Self::new()
    }
}

impl GrepTool {
    /// The tool with Pi's name, description, schema and prompt text.
    pub fn new() -> Self {
        GrepTool {
            info: ToolInfo {
                name: "grep".into(),
                label: "grep".into(),
                description: format!(
                    "Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. Output is truncated to {GREP_DEFAULT_LIMIT} matches or {}KB (whichever is hit first). Long lines are truncated to {GREP_MAX_LINE_LENGTH} chars.",
                    DEFAULT_MAX_BYTES / 1024
                ),
                parameters: json!({
                    "type": "object",
                    "required": ["pattern"],
                    "properties": {
                        "pattern": {"type": "string", "description": "Search pattern (regex or literal string)"},
                        "path": {"type": "string", "description": "Directory or file to search (default: current directory)"},
                        "glob": {"type": "string", "description": "Filter files by glob pattern relative to path, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth"},
                        "ignoreCase": {"type": "boolean", "description": "Case-insensitive search (default: false)"},
                        "literal": {"type": "boolean", "description": "Treat pattern as literal string instead of regex (default: false)"},
                        "context": {"type": "number", "description": "Number of lines to show before and after each match (default: 0)"},
                        "limit": {"type": "number", "description": "Maximum number of matches to return (default: 100)"}
                    }
                }),
                prompt_snippet: Some(GREP_PROMPT_SNIPPET.into()),
                constrained_sampling: None,
                prompt_guidelines: Vec::new(),
            },
        }
    }
}

/// One resolved search.
struct Search {
    pattern: String,
    search_path: PathBuf,
    is_directory: bool,
    glob: Option<String>,
    ignore_case: bool,
    literal: bool,
    context: u64,
    limit: usize,
}

/// Pi's handling of ripgrep's match and context events, in order.
struct Collector {
    search_path: PathBuf,
    is_directory: bool,
    limit: usize,
    context: u64,
    output: CappedLines,
    match_count: usize,
    match_limit_reached: bool,
    lines_truncated: bool,
    last_file: Option<PathBuf>,
    /// Set at the last allowed match; its trailing context is still shown, and the limit
    /// notice waits for proof of one more match.
    limit_hit: bool,
    trailing_context_end: u64,
    done: bool,
}

impl Collector {
    /// The path as Pi shows it: relative to a searched directory, else the file name.
    fn format_path(&self, path: &Path) -> String {
        if self.is_directory {
            if let Ok(relative) = path.strip_prefix(&self.search_path) {
                let relative = relative.to_string_lossy();
                if !relative.is_empty() && !relative.starts_with("..") {
                    return relative.into_owned();
                }
            }
        }
        path.file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    fn push_line(&mut self, path: &Path, line_number: u64, bytes: &[u8], is_match: bool) {
        self.last_file = Some(path.to_path_buf());
        let shown = self.format_path(path);
        let text = String::from_utf8_lossy(bytes);
        // Only the line terminator goes: a lone CR inside a line is content.
        let text = text.strip_suffix('\n').unwrap_or(&text);
        let text = text.strip_suffix('\r').unwrap_or(text);
        let (text, truncated) = truncate_line(text, GREP_MAX_LINE_LENGTH);
        self.lines_truncated |= truncated;
        self.output.push(if is_match {
            format!("{shown}:{line_number}: {text}")
        } else {
            format!("{shown}-{line_number}- {text}")
        });
    }

    fn on_event(&mut self, path: &Path, line_number: u64, bytes: &[u8], is_match: bool) {
        if self.done {
            return;
        }
        if !self.limit_hit {
            self.push_line(path, line_number, bytes, is_match);
            if is_match {
                self.match_count += 1;
                if self.match_count >= self.limit {
                    self.limit_hit = true;
                    self.trailing_context_end = line_number.saturating_add(self.context);
                }
            }
            return;
        }
        let in_window =
            self.last_file.as_deref() == Some(path) && line_number <= self.trailing_context_end;
        // A match inside the last match's trailing context is shown as context.
        if in_window {
            self.push_line(path, line_number, bytes, false);
        }
        if is_match {
            self.match_limit_reached = true;
        }
        if self.match_limit_reached && !(in_window && line_number < self.trailing_context_end) {
            self.done = true;
        }
    }
}

/// Feeds one file's events to the collector.
struct FileSink<'a> {
    collector: &'a mut Collector,
    path: &'a Path,
    cancel: &'a CancellationToken,
}

impl FileSink<'_> {
    fn keep_going(&self) -> bool {
        !self.collector.done && !self.cancel.is_cancelled()
    }
}

impl Sink for FileSink<'_> {
    type Error = std::io::Error;

    fn matched(&mut self, _: &Searcher, mat: &SinkMatch<'_>) -> Result<bool, Self::Error> {
        let line = mat.line_number().unwrap_or(0);
        self.collector.on_event(self.path, line, mat.bytes(), true);
        Ok(self.keep_going())
    }

    fn context(&mut self, _: &Searcher, ctx: &SinkContext<'_>) -> Result<bool, Self::Error> {
        let line = ctx.line_number().unwrap_or(0);
        self.collector.on_event(self.path, line, ctx.bytes(), false);
        Ok(self.keep_going())
    }
}

/// How ripgrep names a path in its error messages: relative as `./x` for a directory search.
fn rg_path(search: &Search, path: &Path) -> String {
    match path.strip_prefix(&search.search_path) {
        Ok(rel) if search.is_directory => format!("./{}", rel.display()),
        _ => path.display().to_string(),
    }
}

/// ripgrep's message for a bad pattern: the regex parser's own report of the pattern as
/// given (grep-regex reports the pattern wrapped in a group).
fn regex_error(pattern: &str, err: &grep_regex::Error) -> String {
    match regex::Regex::new(pattern) {
        Err(regex::Error::Syntax(text)) => text,
        _ => err.to_string(),
    }
}

/// Searches the one file the call names. ripgrep memory-maps such a file and searches it
/// whole: NUL bytes do not stop the search and lines are reported as they are. A file with
/// a byte order mark is read through the decoder instead, as ripgrep does.
fn search_explicit(
    searcher: &mut Searcher,
    matcher: &grep_regex::RegexMatcher,
    path: &Path,
    collector: &mut Collector,
    cancel: &CancellationToken,
) -> std::io::Result<()> {
    let bytes = std::fs::read(path)?;
    searcher.set_binary_detection(BinaryDetection::convert(b'\0'));
    let sink = FileSink {
        collector,
        path,
        cancel,
    };
    let has_bom = [&[0xEF, 0xBB, 0xBF][..], &[0xFF, 0xFE], &[0xFE, 0xFF]]
        .iter()
        .any(|bom| bytes.starts_with(bom));
    if has_bom {
        searcher.search_reader(matcher, bytes.as_slice(), sink)
    } else {
        searcher.search_slice(matcher, &bytes, sink)
    }
}

/// Runs the search on this thread. `Err` carries what ripgrep would print to stderr when
/// it exits with an error; `Ok(None)` means aborted.
fn run_search(search: &Search, cancel: &CancellationToken) -> Result<Option<Collector>, String> {
    let matcher = RegexMatcherBuilder::new()
        .multi_line(true)
        .case_insensitive(search.ignore_case)
        .fixed_strings(search.literal)
        .line_terminator(Some(b'\n'))
        .build(&search.pattern)
        .map_err(|err| regex_error(&search.pattern, &err))?;
    let mut builder = WalkBuilder::new(&search.search_path);
    builder
        .hidden(false)
        .follow_links(false)
        .sort_by_file_name(|a, b| a.cmp(b))
        .add_custom_ignore_filename(".rgignore");
    if let Some(glob) = &search.glob {
        let mut overrides = OverrideBuilder::new(&search.search_path);
        overrides.add(glob).map_err(|err| err.to_string())?;
        builder.overrides(overrides.build().map_err(|err| err.to_string())?);
    }
    let mut searcher = SearcherBuilder::new()
        .line_number(true)
        .before_context(search.context as usize)
        .after_context(search.context as usize)
        .build();
    let mut collector = Collector {
        search_path: search.search_path.clone(),
        is_directory: search.is_directory,
        limit: search.limit,
        context: search.context,
        output: CappedLines::default(),
        match_count: 0,
        match_limit_reached: false,
        lines_truncated: false,
        last_file: None,
        limit_hit: false,
        trailing_context_end: 0,
        done: false,
    };
    let mut errors: Vec<String> = Vec::new();
    for entry in builder.build() {
        if cancel.is_cancelled() {
            return Ok(None);
        }
        if collector.done {
            break;
        }
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                errors.push(format!("rg: {err}"));
                continue;
            }
        };
        let explicit = entry.depth() == 0;
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.path();
        let result = if explicit {
            search_explicit(&mut searcher, &matcher, path, &mut collector, cancel)
        } else {
            // ripgrep stops reading a file it found once it sees a NUL byte (binary).
            searcher.set_binary_detection(BinaryDetection::quit(b'\0'));
            let sink = FileSink {
                collector: &mut collector,
                path,
                cancel,
            };
            searcher.search_path(&matcher, path, sink)
        };
        if let Err(err) = result {
            errors.push(format!("rg: {}: {err}", rg_path(search, path)));
        }
    }
    if cancel.is_cancelled() {
        return Ok(None);
    }
    // ripgrep exits with an error when anything failed, and Pi then reports its stderr
    // instead of the matches, unless Pi stopped it at the match limit.
    if !errors.is_empty() && !collector.done {
        return Err(errors.join("\n"));
    }
    Ok(Some(collector))
}

/// Pi's result text and details for a finished search.
fn format_result(collector: Collector, limit: usize) -> ToolResult {
    if collector.match_count == 0 {
        return ToolResult::text("No matches found");
    }
    let truncation = collector.output.finish();
    let mut output = truncation.content.clone();
    let mut details = Map::new();
    let mut notices = Vec::new();
    if collector.match_limit_reached {
        notices.push(format!(
            "{limit} matches limit reached. Use limit={} for more, or refine pattern",
            limit.saturating_mul(2)
        ));
        details.insert("matchLimitReached".into(), json!(limit));
    }
    if truncation.truncated {
        notices.push(format!("{} limit reached", format_size(DEFAULT_MAX_BYTES)));
        details.insert("truncation".into(), json!(truncation));
    }
    if collector.lines_truncated {
        notices.push(format!(
            "Some lines truncated to {GREP_MAX_LINE_LENGTH} chars. Use read tool to see full lines"
        ));
        details.insert("linesTruncated".into(), json!(true));
    }
    append_notices(&mut output, &notices);
    let mut result = ToolResult::text(output);
    if !details.is_empty() {
        result.details = Some(Value::Object(details));
    }
    result
}

/// Drops a leading `./` (any number of them) after an optional `!`, as Pi does: ripgrep
/// never matches a glob starting with `./`.
fn strip_dot_slash(glob: &str) -> String {
    let (bang, mut rest) = match glob.strip_prefix('!') {
        Some(rest) => ("!", rest),
        None => ("", glob),
    };
    while let Some(stripped) = rest.strip_prefix("./") {
        rest = stripped;
    }
    format!("{bang}{rest}")
}

#[async_trait]
impl Tool for GrepTool {
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
        let args: GrepArgs = parse_args("grep", args)?;
        let path = args
            .path
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| ".".into());
        let search_path = resolve_to_cwd(&path, &ctx.cwd);
        let Ok(meta) = tokio::fs::metadata(&search_path).await else {
            return Err(ToolError::Failed(format!(
                "Path not found: {}",
                search_path.display()
            )));
        };
        let context = match args.context {
            Some(c) if c > 0.0 => c.floor().min(9_007_199_254_740_991.0) as u64,
            _ => 0,
        };
        let search = Search {
            pattern: args.pattern,
            search_path,
            is_directory: meta.is_dir(),
            glob: args
                .glob
                .filter(|g| !g.is_empty())
                .map(|g| strip_dot_slash(&g)),
            ignore_case: args.ignore_case.unwrap_or(false),
            literal: args.literal.unwrap_or(false),
            context,
            limit: effective_limit(args.limit, GREP_DEFAULT_LIMIT),
        };
        let limit = search.limit;
        let cancel = ctx.cancel.clone();
        let task = tokio::task::spawn_blocking(move || run_search(&search, &cancel));
        let outcome = tokio::select! {
            joined = task => joined.map_err(|err| ToolError::Failed(format!("grep failed: {err}")))?,
            () = ctx.cancel.cancelled() => return Err(ToolError::Aborted),
        };
        match outcome {
            Ok(Some(collector)) => Ok(format_result(collector, limit)),
            Ok(None) => Err(ToolError::Aborted),
            Err(stderr) => Err(ToolError::Failed(stderr)),
        }
    }
}

#[cfg(test)]
#[path = "grep_tests.rs"]
mod tests;
