//! Extension tools as [`tau_tools::Tool`]s, and merging them with the built-ins.

use std::sync::Arc;

use async_trait::async_trait;
use serde_json::Value;
use tau_protocol::bridge::ToolDef;
use tau_protocol::ToolResult;
use tau_tools::tool::SharedTool;
use tau_tools::{Tool, ToolContext, ToolError, ToolInfo};
use tokio::sync::mpsc;

use crate::error::BridgeError;
use crate::host::ExtensionHost;

/// A tool an extension registered; runs in the host.
#[derive(Debug)]
pub struct ExtensionTool {
    info: ToolInfo,
    host: Arc<ExtensionHost>,
    /// The definition has `prepareArguments`, which runs in the host.
    prepares: bool,
    /// `executionMode: "sequential"`.
    sequential: bool,
    /// `defaultActive` (absent: true).
    default_active: bool,
}

impl ExtensionTool {
    /// The tool `def` running in `host`.
    pub fn new(def: &ToolDef, host: Arc<ExtensionHost>) -> Self {
        let info = ToolInfo {
            name: def.name.clone(),
            label: def.label.clone().unwrap_or_else(|| def.name.clone()),
            description: def.description.clone(),
            parameters: def.parameters.clone(),
            prompt_snippet: def.prompt_snippet.clone(),
            prompt_guidelines: def.prompt_guidelines.clone(),
            constrained_sampling: def.constrained_sampling.clone(),
        };
        ExtensionTool {
            info,
            host,
            prepares: def.functions.iter().any(|f| f == "prepareArguments"),
            sequential: def.execution_mode.as_deref() == Some("sequential"),
            default_active: def.default_active != Some(false),
        }
    }
}

#[async_trait]
impl Tool for ExtensionTool {
    fn info(&self) -> &ToolInfo {
        &self.info
    }

    async fn prepare_arguments(&self, args: Value) -> Result<Value, String> {
        if !self.prepares {
            return Ok(args);
        }
        self.host
            .prepare_tool_arguments(&self.info.name, args)
            .await
            .map_err(|error| error.to_string())
    }

    fn sequential(&self) -> bool {
        self.sequential
    }

    fn default_active(&self) -> bool {
        self.default_active
    }

    async fn execute(
        &self,
        call_id: &str,
        args: Value,
        ctx: ToolContext,
    ) -> Result<ToolResult, ToolError> {
        let (tx, mut rx) = mpsc::channel::<Value>(16);
        let forward_ctx = ctx.clone();
        let forward = tokio::spawn(async move {
            while let Some(partial) = rx.recv().await {
                if let Ok(partial) = serde_json::from_value::<ToolResult>(partial) {
                    forward_ctx.send_update(partial);
                }
            }
        });
        let answer = self
            .host
            .execute_tool(&self.info.name, call_id, args, Some(tx), &ctx.cancel)
            .await;
        forward.abort();
        match answer {
            Ok(value) => serde_json::from_value(value).map_err(|e| {
                ToolError::Failed(format!(
                    "tool {} returned a malformed result: {e}",
                    self.info.name
                ))
            }),
            Err(BridgeError::Aborted) => Err(ToolError::Aborted),
            Err(e) => Err(ToolError::Failed(e.to_string())),
        }
    }
}

/// Every tool the loaded extensions registered, first registration of a name winning.
pub fn extension_tools(host: &Arc<ExtensionHost>) -> Vec<SharedTool> {
    let mut seen = std::collections::HashSet::new();
    host.report()
        .extensions
        .iter()
        .filter(|ext| ext.ok)
        .flat_map(|ext| ext.tools.iter())
        .filter(|def| seen.insert(def.name.clone()))
        .map(|def| Arc::new(ExtensionTool::new(def, host.clone())) as SharedTool)
        .collect()
}

/// `builtins` with each one an extension tool of the same name replaces swapped in place,
/// followed by the remaining extension tools in their order.
pub fn merge_tools(builtins: Vec<SharedTool>, extension: Vec<SharedTool>) -> Vec<SharedTool> {
    let mut rest = extension;
    let mut merged: Vec<SharedTool> = builtins
        .into_iter()
        .map(|builtin| {
            match rest
                .iter()
                .position(|t| t.info().name == builtin.info().name)
            {
                Some(i) => rest.remove(i),
                None => builtin,
            }
        })
        .collect();
    merged.extend(rest);
    merged
}
