//! Starting Pi extensions for a run: find them, start the host, load, bind, and hand back
//! the hooks, tools and commands. Any failure is a warning: tau runs on without extensions.

use std::path::Path;
use std::sync::Arc;

use serde_json::json;
use tau_ext_bridge::discovery::extension_paths;
use tau_ext_bridge::{extension_tools, ExtensionHooks, ExtensionHost, HostOptions, LoadRequest};
use tau_protocol::UserContent;
use tau_tools::tool::SharedTool;

use crate::args::Args;

/// The loaded extensions of a run.
pub struct Extensions {
    /// The host process.
    pub host: Arc<ExtensionHost>,
    /// The loop hooks dispatching to it.
    pub hooks: Arc<ExtensionHooks>,
    /// The tools the extensions registered.
    pub tools: Vec<SharedTool>,
    commands: Vec<String>,
}

/// Starts the extensions `args` and the agent directory configure; `None` when there are
/// none or the host cannot run (reported through `warn`).
pub async fn start(
    args: &Args,
    cwd: &Path,
    agent_dir: &Path,
    mode: &str,
    warn: &dyn Fn(&str),
) -> Option<Extensions> {
    let paths = extension_paths(agent_dir, cwd, &args.extensions, !args.no_extensions);
    if paths.is_empty() {
        return None;
    }
    let host = match ExtensionHost::start(HostOptions::new(cwd)).await {
        Ok(host) => Arc::new(host),
        Err(error) => {
            warn(&format!("extensions disabled: {error}"));
            return None;
        }
    };
    let request = LoadRequest {
        paths,
        cwd: cwd.to_path_buf(),
        agent_dir: agent_dir.to_path_buf(),
        mode: mode.into(),
        has_ui: false,
        flags: flag_values(args),
    };
    let report = match host.load(request).await {
        Ok(report) => report,
        Err(error) => {
            warn(&format!("extensions disabled: {error}"));
            return None;
        }
    };
    for failed in report.extensions.iter().filter(|ext| !ext.ok) {
        let error = failed.error.as_deref().unwrap_or("unknown error");
        warn(&format!(
            "extension {} failed to load: {error}",
            failed.path
        ));
    }
    if let Err(error) = host.bind(json!({ "cwd": cwd, "idle": true })).await {
        warn(&format!("extensions disabled: {error}"));
        return None;
    }
    let commands = report
        .extensions
        .iter()
        .filter(|ext| ext.ok)
        .flat_map(|ext| ext.commands.iter().map(|c| c.name.clone()))
        .collect();
    Some(Extensions {
        tools: extension_tools(&host),
        hooks: Arc::new(ExtensionHooks::new(host.clone())),
        host,
        commands,
    })
}

/// Unknown `--flag value` pairs, offered to extensions as their flag values.
fn flag_values(args: &Args) -> serde_json::Map<String, serde_json::Value> {
    args.unknown_flags
        .iter()
        .map(|(name, value)| {
            let value = value.clone().map_or(json!(true), |v| json!(v));
            (name.clone(), value)
        })
        .collect()
}

impl Extensions {
    /// The extension command a `/name args` prompt invokes, if one is registered.
    pub fn command_for(&self, prompt: &UserContent) -> Option<(String, String)> {
        let text = match prompt {
            UserContent::Text(text) => text.as_str(),
            UserContent::Blocks(blocks) => match blocks.as_slice() {
                [only] => only.as_text()?,
                _ => return None,
            },
        };
        let rest = text.strip_prefix('/')?;
        let (name, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        self.commands
            .iter()
            .any(|c| c == name)
            .then(|| (name.to_string(), args.trim().to_string()))
    }

    /// The active tools with the extensions' tools added (an extension tool with a built-in's
    /// name replaces it). With a `--tools` allowlist, only listed extension tools are added;
    /// with `--no-tools`, none.
    pub fn add_tools(&self, tools: Vec<SharedTool>, args: &Args) -> Vec<SharedTool> {
        if args.no_tools {
            return tools;
        }
        let extra: Vec<SharedTool> = self
            .tools
            .iter()
            .filter(|tool| match &args.tools {
                Some(allow) => allow.iter().any(|name| name == &tool.info().name),
                None => !args.exclude_tools.contains(&tool.info().name),
            })
            .cloned()
            .collect();
        tau_ext_bridge::merge_tools(tools, extra)
    }

    /// Fires `session_shutdown` and stops the host.
    pub async fn shutdown(&self) {
        self.hooks
            .notify(json!({ "type": "session_shutdown", "reason": "quit" }))
            .await;
        let _ = self.host.shutdown().await;
    }
}
