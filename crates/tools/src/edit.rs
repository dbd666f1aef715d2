//! The `edit` tool: exact-text replacements in one file, all or nothing, as Pi 1.6.0 does
//! them. Matching and applying live in [`crate::edit_match`], the reported diff in
//! [`crate::edit_diff`].
//!
//! The file's BOM is kept, and a file with CRLF line breaks keeps them: edits are matched
//! against the LF-normalised text and spliced back into the original bytes. Mutations of
//! one file are serialised with `write` through the file mutation queue.

use std::path::Path;

use async_trait::async_trait;
use nix::unistd::{access, AccessFlags};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use tau_protocol::ToolResult;

use crate::args::parse_args;
use crate::edit_diff::generate_edit_diff;
use crate::edit_match::{
    apply_edits_to_normalized_content, apply_replacements_to_original, normalize_to_lf, split_bom,
    EditSpec,
};
use crate::file_mutation_queue::with_file_mutation_queue;
use crate::fs_error::node_message;
use crate::path::resolve_to_cwd;
use crate::tool::{Tool, ToolContext, ToolError, ToolInfo};

/// Pi's one-line summary of `edit` for the system prompt.
pub const EDIT_PROMPT_SNIPPET: &str =
    "Make precise file edits with exact text replacement, including multiple disjoint edits in one call";

/// The arguments of one `edit` call, after [`prepare_edit_arguments`].
#[derive(Debug, Deserialize)]
struct EditArgs {
    path: String,
    #[serde(default)]
    edits: Option<Value>,
}

/// The `edit` tool.
#[derive(Debug, Clone)]
pub struct EditTool {
    info: ToolInfo,
}

impl Default for EditTool {
    fn default() -> Self {
        Self::new()
    }
}

impl EditTool {
    /// The tool with Pi's name, description, schema and prompt text.
    pub fn new() -> Self {
        EditTool {
            info: ToolInfo {
                name: "edit".into(),
                label: "edit".into(),
                description: "Edit a single file using exact text replacement. Every edits[].oldText must match a unique, non-overlapping region of the original file. If two changes affect the same block or nearby lines, merge them into one edit instead of emitting overlapping edits. Do not include large unchanged regions just to connect distant changes.".into(),
                parameters: json!({
                    "type": "object",
                    "required": ["path", "edits"],
                    "properties": {
                        "path": {
                            "type": "string",
                            "description": "Path to the file to edit (relative or absolute)"
                        },
                        "edits": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["oldText", "newText"],
                                "properties": {
                                    "oldText": {
                                        "type": "string",
                                        "description": "Exact text for one targeted replacement. It must be unique in the original file and must not overlap with any other edits[].oldText in the same call."
                                    },
                                    "newText": {
                                        "type": "string",
                                        "description": "Replacement text for this targeted edit."
                                    }
                                }
                            },
                            "description": "One or more targeted replacements. Each edit is matched against the original file, not incrementally. Do not include overlapping or nested edits. If two changes touch the same block or nearby lines, merge them into one edit instead."
                        }
                    }
                }),
                prompt_snippet: Some(EDIT_PROMPT_SNIPPET.into()),
                constrained_sampling: Some(serde_json::json!({"type": "json_schema", "strict": "prefer"})),
                prompt_guidelines: vec![
                    "Use edit for targeted changes. Batch changes to one file in a single call.".into(),
                    "Each edits[].oldText must exactly and uniquely match the original file. Keep matches short and non-overlapping; merge nearby changes without including large unchanged regions.".into(),
                ],
            },
        }
    }
}

fn is_single_edit(value: &Value) -> bool {
    value.get("oldText").is_some_and(Value::is_string)
        && value.get("newText").is_some_and(Value::is_string)
}

/// Pi's `prepareArguments` for `edit`, which runs before schema validation: `edits` sent as
/// a JSON string is parsed, a single edit object becomes a one-element array, and the legacy
/// top-level `oldText`/`newText` pair is appended to `edits`.
pub fn prepare_edit_arguments(input: Value) -> Value {
    let Value::Object(mut args) = input else {
        return input;
    };
    match args.get("edits") {
        Some(Value::String(text)) => {
            if let Ok(parsed) = serde_json::from_str::<Value>(text) {
                if parsed.is_array() {
                    args.insert("edits".into(), parsed);
                } else if is_single_edit(&parsed) {
                    args.insert("edits".into(), Value::Array(vec![parsed]));
                }
            }
        }
        Some(edit) if is_single_edit(edit) => {
            let edit = edit.clone();
            args.insert("edits".into(), Value::Array(vec![edit]));
        }
        _ => {}
    }
    let legacy = (args.get("oldText"), args.get("newText"));
    let (Some(Value::String(old_text)), Some(Value::String(new_text))) = legacy else {
        return Value::Object(args);
    };
    let mut legacy_edit = Map::new();
    legacy_edit.insert("oldText".into(), Value::String(old_text.clone()));
    legacy_edit.insert("newText".into(), Value::String(new_text.clone()));
    let mut edits = match args.get("edits") {
        Some(Value::Array(edits)) => edits.clone(),
        _ => Vec::new(),
    };
    edits.push(Value::Object(legacy_edit));
    args.remove("oldText");
    args.remove("newText");
    args.insert("edits".into(), Value::Array(edits));
    Value::Object(args)
}

/// `access(R_OK | W_OK)` with Pi's message when it fails.
fn check_access(absolute: &Path, path: &str) -> Result<(), ToolError> {
    access(absolute, AccessFlags::R_OK | AccessFlags::W_OK).map_err(|errno| {
        ToolError::Failed(format!(
            "Could not edit file: {path}. Error code: {errno:?}."
        ))
    })
}

#[async_trait]
impl Tool for EditTool {
    fn info(&self) -> &ToolInfo {
        &self.info
    }

    async fn prepare_arguments(&self, args: Value) -> Result<Value, String> {
        Ok(prepare_edit_arguments(args))
    }

    async fn execute(
        &self,
        _call_id: &str,
        args: Value,
        ctx: ToolContext,
    ) -> Result<ToolResult, ToolError> {
        let EditArgs { path, edits } = parse_args("edit", prepare_edit_arguments(args))?;
        let edits: Vec<EditSpec> = match edits {
            Some(Value::Array(items)) if !items.is_empty() => {
                parse_args("edit", Value::Array(items))?
            }
            _ => {
                return Err(ToolError::Failed(
                    "Edit tool input is invalid. edits must contain at least one replacement."
                        .into(),
                ))
            }
        };
        let absolute = resolve_to_cwd(&path, &ctx.cwd);
        let cancel = ctx.cancel.clone();
        // Abort is checked between steps, never during one, so the queue stays locked until
        // the file-system call in flight has settled (as in Pi).
        let check = || {
            if cancel.is_cancelled() {
                Err(ToolError::Aborted)
            } else {
                Ok(())
            }
        };
        let work = async {
            check()?;
            if let Err(err) = check_access(&absolute, &path) {
                check()?;
                return Err(err);
            }
            check()?;
            let bytes = tokio::fs::read(&absolute)
                .await
                .map_err(|err| ToolError::Failed(node_message(&err, "read", None)))?;
            let raw = String::from_utf8_lossy(&bytes);
            check()?;
            // The model never includes an invisible BOM in oldText: match without it.
            let (bom, content) = split_bom(&raw);
            let normalized = normalize_to_lf(content);
            let applied = apply_edits_to_normalized_content(&normalized, &edits, &path)
                .map_err(|err| ToolError::Failed(err.to_string()))?;
            // Diff before writing, so nothing can fail after the write.
            let diff = generate_edit_diff(
                &path,
                &applied.base_content,
                &applied.new_content,
                &applied.replacements,
            );
            check()?;
            // Splice into the original so untouched lines keep their line endings; without
            // any CR the normalised result is already final.
            let body = if content == normalized {
                applied.new_content
            } else {
                apply_replacements_to_original(content, &applied.replacements)
            };
            let final_content = format!("{bom}{body}");
            tokio::fs::write(&absolute, final_content.as_bytes())
                .await
                .map_err(|err| ToolError::Failed(node_message(&err, "open", Some(&absolute))))?;
            check()?;
            Ok(ToolResult {
                details: serde_json::to_value(&diff).ok(),
                ..ToolResult::text(format!(
                    "Successfully replaced {} block(s) in {path}.",
                    edits.len()
                ))
            })
        };
        with_file_mutation_queue(&absolute, work)
            .await
            .map_err(|err| ToolError::Failed(err.to_string()))?
    }
}

#[cfg(test)]
#[path = "edit_tests.rs"]
mod tests;
