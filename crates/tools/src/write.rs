//! The `write` tool: creates or overwrites a file with the given content, creating parent
//! directories, as Pi 1.6.0's write tool does. Mutations of one file are serialised with
//! `edit` through the file mutation queue.

use async_trait::async_trait;
use serde::Deserialize;
use serde_json::{json, Value};
use tau_protocol::ToolResult;

use crate::args::parse_args;
use crate::file_mutation_queue::with_file_mutation_queue;
use crate::fs_error::node_message;
use crate::path::resolve_to_cwd;
use crate::tool::{Tool, ToolContext, ToolError, ToolInfo};

/// Pi's one-line summary of `write` for the system prompt.
pub const WRITE_PROMPT_SNIPPET: &str = "Create or overwrite files";

/// The arguments of one `write` call.
#[derive(Debug, Deserialize)]
struct WriteArgs {
    path: String,
    content: String,
}

/// The `write` tool.
#[derive(Debug, Clone)]
pub struct WriteTool {
    info: ToolInfo,
}

impl Default for WriteTool {
    fn default() -> Self {
        Self::new()
    }
}

impl WriteTool {
    /// The tool with Pi's name, description, schema and prompt text.
    pub fn new() -> Self {
        WriteTool {
            info: ToolInfo {
                name: "write".into(),
                label: "write".into(),
                description: "Write content to a file. Creates the file if it doesn't exist, \
                    overwrites if it does. Automatically creates parent directories."
                    .into(),
                parameters: json!({
                    "type": "object",
                    "required": ["path", "content"],
                    "properties": {
                        "path": {
                            "type": "string",
                            "description": "Path to the file to write (relative or absolute)"
                        },
                        "content": {
                            "type": "string",
                            "description": "Content to write to the file"
                        }
                    }
                }),
                prompt_snippet: Some(WRITE_PROMPT_SNIPPET.into()),
                constrained_sampling: Some(
                    serde_json::json!({"type": "json_schema", "strict": "prefer"}),
                ),
                prompt_guidelines: vec!["Use write only for new files or complete rewrites.".into()],
            },
        }
    }
}

#[async_trait]
impl Tool for WriteTool {
    fn info(&self) -> &ToolInfo {
        &self.info
    }

    async fn execute(
        &self,
        _call_id: &str,
        args: Value,
        ctx: ToolContext,
    ) -> Result<ToolResult, ToolError> {
        let WriteArgs { path, content } = parse_args("write", args)?;
        let absolute = resolve_to_cwd(&path, &ctx.cwd);
        let cancel = ctx.cancel.clone();
        // Like Pi, abort is checked between steps rather than interrupting one, so the queue
        // stays locked until the file-system call in flight has settled.
        let check = || {
            if cancel.is_cancelled() {
                Err(ToolError::Aborted)
            } else {
                Ok(())
            }
        };
        let work = async {
            check()?;
            if let Some(dir) = absolute.parent() {
                tokio::fs::create_dir_all(dir)
                    .await
                    .map_err(|err| ToolError::Failed(node_message(&err, "mkdir", Some(dir))))?;
            }
            check()?;
            tokio::fs::write(&absolute, content.as_bytes())
                .await
                .map_err(|err| ToolError::Failed(node_message(&err, "open", Some(&absolute))))?;
            check()?;
            Ok(ToolResult::text(format!("Successfully wrote to {path}")))
        };
        with_file_mutation_queue(&absolute, work)
            .await
            .map_err(|err| ToolError::Failed(err.to_string()))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio_util::sync::CancellationToken;

    fn ctx(dir: &std::path::Path) -> ToolContext {
        ToolContext::new(dir, CancellationToken::new())
    }

    #[tokio::test]
    async fn writes_creating_parent_directories() {
        let dir = tempfile::tempdir().unwrap();
        let result = WriteTool::new()
            .execute(
                "c1",
                json!({"path": "a/b/c.txt", "content": "hello\nworld"}),
                ctx(dir.path()),
            )
            .await
            .unwrap();
        assert_eq!(
            result.content[0].as_text(),
            Some("Successfully wrote to a/b/c.txt")
        );
        assert_eq!(
            std::fs::read_to_string(dir.path().join("a/b/c.txt")).unwrap(),
            "hello\nworld"
        );
    }

    #[tokio::test]
    async fn overwrites_and_reports_the_path_as_given() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("x.txt");
        std::fs::write(&file, "old content that is longer").unwrap();
        let abs = file.to_string_lossy().to_string();
        let result = WriteTool::new()
            .execute(
                "c1",
                json!({"path": abs, "content": "new"}),
                ctx(dir.path()),
            )
            .await
            .unwrap();
        assert_eq!(
            result.content[0].as_text().unwrap(),
            format!("Successfully wrote to {abs}")
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "new");
    }

    #[tokio::test]
    async fn writing_into_a_directory_fails_with_node_wording() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("d")).unwrap();
        let err = WriteTool::new()
            .execute("c1", json!({"path": "d", "content": "x"}), ctx(dir.path()))
            .await
            .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("EISDIR: illegal operation on a directory"),
            "{err}"
        );
    }

    #[tokio::test]
    async fn aborted_call_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let cancel = CancellationToken::new();
        cancel.cancel();
        let err = WriteTool::new()
            .execute(
                "c1",
                json!({"path": "f.txt", "content": "x"}),
                ToolContext::new(dir.path(), cancel),
            )
            .await
            .unwrap_err();
        assert!(matches!(err, ToolError::Aborted));
        assert!(!dir.path().join("f.txt").exists());
    }

    #[test]
    fn schema_and_prompt_text_match_pi() {
        let tool = WriteTool::new();
        let info = tool.info();
        assert_eq!(
            serde_json::to_string(&info.parameters).unwrap(),
            r#"{"type":"object","required":["path","content"],"properties":{"path":{"type":"string","description":"Path to the file to write (relative or absolute)"},"content":{"type":"string","description":"Content to write to the file"}}}"#
        );
        assert_eq!(
            info.description,
            "Write content to a file. Creates the file if it doesn't exist, overwrites if it does. Automatically creates parent directories."
        );
        assert_eq!(
            info.prompt_guidelines,
            vec!["Use write only for new files or complete rewrites."]
        );
    }
}
