//! The `ls` tool: lists one directory as Pi 1.6.0 does. Entries (dotfiles included) are
//! sorted case-insensitively by Unicode collation, directories get a `/` suffix, entries that
//! cannot be stat'ed (broken symlinks) are skipped, and the listing is capped by an entry
//! limit and by the 50KB output limit, each with Pi's notice.

use std::cmp::Ordering;
use std::path::Path;

use async_trait::async_trait;
use feruca::{Collator, Locale, Tailoring};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use tau_protocol::ToolResult;

use crate::args::{effective_limit, parse_args};
use crate::capped_output::{append_notices, NO_LINE_LIMIT};
use crate::fs_error::node_message;
use crate::path::resolve_to_cwd;
use crate::tool::{Tool, ToolContext, ToolError, ToolInfo};
use crate::truncate::{format_size, truncate_head, TruncationOptions, DEFAULT_MAX_BYTES};

/// Pi's one-line summary of `ls` for the system prompt.
pub const LS_PROMPT_SNIPPET: &str = "List directory contents";
/// Entries listed when the call gives no limit.
pub const LS_DEFAULT_LIMIT: usize = 500;

/// The arguments of one `ls` call.
#[derive(Debug, Deserialize)]
struct LsArgs {
    #[serde(default)]
    path: Option<String>,
    #[serde(default)]
    limit: Option<f64>,
}

/// The `ls` tool.
#[derive(Debug, Clone)]
pub struct LsTool {
    info: ToolInfo,
}

impl Default for LsTool {
    fn default() -> Self {
        Self::new()
    }
}

impl LsTool {
    /// The tool with Pi's name, description, schema and prompt text.
    pub fn new() -> Self {
        LsTool {
            info: ToolInfo {
                name: "ls".into(),
                label: "ls".into(),
                description: format!(
                    "List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. Includes dotfiles. Output is truncated to {LS_DEFAULT_LIMIT} entries or {}KB (whichever is hit first).",
                    DEFAULT_MAX_BYTES / 1024
                ),
                parameters: json!({
                    "type": "object",
                    "properties": {
                        "path": {
                            "type": "string",
                            "description": "Directory to list (default: current directory)"
                        },
                        "limit": {
                            "type": "number",
                            "description": "Maximum number of entries to return (default: 500)"
                        }
                    }
                }),
                prompt_snippet: Some(LS_PROMPT_SNIPPET.into()),
                constrained_sampling: None,
                prompt_guidelines: Vec::new(),
            },
        }
    }
}

/// Sorts names as Pi does with `a.toLowerCase().localeCompare(b.toLowerCase())`: Unicode
/// collation (CLDR root order, punctuation not ignored) of the lowercased names. Names that
/// collate equal fall back to byte order so the result does not depend on `readdir`.
pub(crate) fn sort_names_like_pi(names: &mut [String]) {
    let mut collator = Collator::new(Tailoring::Cldr(Locale::Root), false, true);
    let mut keyed: Vec<(String, String)> = names
        .iter()
        .map(|name| (name.to_lowercase(), name.clone()))
        .collect();
    keyed.sort_by(|a, b| match collator.collate(a.0.as_str(), b.0.as_str()) {
        Ordering::Equal => a.1.cmp(&b.1),
        other => other,
    });
    for (slot, (_, name)) in names.iter_mut().zip(keyed) {
        *slot = name;
    }
}

fn check_cancel(ctx: &ToolContext) -> Result<(), ToolError> {
    if ctx.cancel.is_cancelled() {
        Err(ToolError::Aborted)
    } else {
        Ok(())
    }
}

async fn list(dir: &Path, limit: usize, ctx: &ToolContext) -> Result<ToolResult, ToolError> {
    let shown = dir.display();
    let Ok(meta) = tokio::fs::metadata(dir).await else {
        return Err(ToolError::Failed(format!("Path not found: {shown}")));
    };
    if !meta.is_dir() {
        return Err(ToolError::Failed(format!("Not a directory: {shown}")));
    }
    let mut reader = tokio::fs::read_dir(dir).await.map_err(|err| {
        ToolError::Failed(format!(
            "Cannot read directory: {}",
            node_message(&err, "scandir", Some(dir))
        ))
    })?;
    let mut names = Vec::new();
    loop {
        match reader.next_entry().await {
            Ok(Some(entry)) => names.push(entry.file_name().to_string_lossy().into_owned()),
            Ok(None) => break,
            Err(err) => {
                return Err(ToolError::Failed(format!(
                    "Cannot read directory: {}",
                    node_message(&err, "scandir", Some(dir))
                )))
            }
        }
    }
    check_cancel(ctx)?;
    sort_names_like_pi(&mut names);

    let mut results: Vec<String> = Vec::new();
    let mut entry_limit_reached = false;
    for name in names {
        if results.len() >= limit {
            entry_limit_reached = true;
            break;
        }
        check_cancel(ctx)?;
        // stat follows symlinks; an entry that cannot be stat'ed is skipped.
        let Ok(meta) = tokio::fs::metadata(dir.join(&name)).await else {
            continue;
        };
        let suffix = if meta.is_dir() { "/" } else { "" };
        results.push(format!("{name}{suffix}"));
    }
    if results.is_empty() {
        return Ok(ToolResult::text("(empty directory)"));
    }

    let truncation = truncate_head(
        &results.join("\n"),
        TruncationOptions {
            max_lines: NO_LINE_LIMIT,
            max_bytes: DEFAULT_MAX_BYTES,
        },
    );
    let mut output = truncation.content.clone();
    let mut details = Map::new();
    let mut notices = Vec::new();
    if entry_limit_reached {
        notices.push(format!(
            "{limit} entries limit reached. Use limit={} for more",
            limit.saturating_mul(2)
        ));
        details.insert("entryLimitReached".into(), json!(limit));
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
    Ok(result)
}

#[async_trait]
impl Tool for LsTool {
    fn info(&self) -> &ToolInfo {
        &self.info
    }

    async fn execute(
        &self,
        _call_id: &str,
        args: Value,
        ctx: ToolContext,
    ) -> Result<ToolResult, ToolError> {
        check_cancel(&ctx)?;
        let LsArgs { path, limit } = parse_args("ls", args)?;
        let path = path.filter(|p| !p.is_empty()).unwrap_or_else(|| ".".into());
        let dir = resolve_to_cwd(&path, &ctx.cwd);
        let limit = effective_limit(limit, LS_DEFAULT_LIMIT);
        let cancel = ctx.cancel.clone();
        tokio::select! {
            result = list(&dir, limit, &ctx) => result,
            () = cancel.cancelled() => Err(ToolError::Aborted),
        }
    }
}

#[cfg(test)]
#[path = "ls_tests.rs"]
mod tests;
