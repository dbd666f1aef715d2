//! Session replacement (Pi's `newSession`, `fork`, `switchSession`, from an extension
//! command's ctx or an RPC command): the `session_before_*` gate, `session_shutdown` for the
//! old session, a successor runtime over the new session, the extensions reloaded (their
//! factories run again) and rebound, then `session_start` with the reason and the previous
//! file.

use std::sync::{Arc, Weak};
use std::time::Duration;

use serde_json::{json, Value};
use tau_ext_bridge::{ExtensionHooks, ExtensionHost};
use tau_session::{NewSession, Session, WriteOptions};

use crate::current::Current;
use crate::ext_resources::ExtensionResources;

/// Replaces the current session; works with or without extensions.
#[derive(Clone)]
pub struct Sessions {
    /// The session being driven.
    pub current: Current,
    /// The extension host, when extensions are loaded.
    pub host: Option<Weak<ExtensionHost>>,
    /// Their hooks.
    pub hooks: Option<Weak<ExtensionHooks>>,
    /// Where problems that do not fail the replacement go.
    pub warn: fn(&str),
    /// Whether an extension tool becomes active when (re)registered.
    pub activate: Activation,
    /// Where `resources_discover` answers are kept, when extensions are loaded.
    pub resources: Option<Arc<ExtensionResources>>,
}

/// Decides from an extension tool's name and its `defaultActive` whether registering it
/// activates it.
pub type Activation = Arc<dyn Fn(&str, bool) -> bool + Send + Sync>;

impl Sessions {
    /// Session replacement for `current` with the run's extension host and hooks (if any);
    /// extension tools (re)registered later become active unless `--no-tools` or a
    /// `--tools` allowlist that leaves them out says otherwise.
    pub fn new(
        current: Current,
        extensions: Option<(&Arc<ExtensionHost>, &Arc<ExtensionHooks>)>,
        args: &crate::AppOptions,
        warn: fn(&str),
    ) -> Self {
        let allow = args.tools.clone();
        let no_tools = args.no_tools;
        Sessions {
            current,
            host: extensions.map(|(host, _)| Arc::downgrade(host)),
            hooks: extensions.map(|(_, hooks)| Arc::downgrade(hooks)),
            warn,
            // Pi: a `--tools` list decides by name; without one, `defaultActive: false`
            // keeps a tool inactive until `setActiveTools` names it.
            activate: Arc::new(move |name: &str, default_active: bool| {
                !no_tools
                    && match &allow {
                        Some(list) => list.iter().any(|n| n == name),
                        None => default_active,
                    }
            }),
            resources: None,
        }
    }

    /// Keeps `resources_discover` answers in `resources`.
    pub fn with_resources(mut self, resources: Arc<ExtensionResources>) -> Self {
        self.resources = Some(resources);
        self
    }
}

/// How long a replacement waits for an aborted run to settle.
const SETTLE_LIMIT: Duration = Duration::from_secs(30);

/// The text of a message's content, as Pi extracts it: the string, or its text blocks
/// joined without separator.
pub fn content_text(content: &Value) -> String {
    match content {
        Value::String(text) => text.clone(),
        blocks => blocks
            .as_array()
            .into_iter()
            .flatten()
            .filter(|b| b["type"] == "text")
            .filter_map(|b| b["text"].as_str())
            .collect(),
    }
}

/// A new, empty session in `dir` (in memory without one, as the session it replaces was),
/// whose header names `parent`.
fn fresh_session(
    dir: Option<&std::path::Path>,
    cwd: &str,
    parent: Option<String>,
) -> Result<Session, String> {
    let Some(dir) = dir else {
        return Ok(Session::in_memory(cwd));
    };
    let new = NewSession {
        id: None,
        parent_session: parent,
    };
    Session::create(dir, cwd, new, WriteOptions::default()).map_err(|error| error.to_string())
}

fn cancelled(gate: Option<Value>) -> bool {
    gate.as_ref()
        .and_then(|v| v.get("cancel"))
        .and_then(Value::as_bool)
        .unwrap_or(false)
}

impl Sessions {
    async fn gate(&self, event: Value) -> bool {
        match self.hooks.as_ref().and_then(Weak::upgrade) {
            Some(hooks) => cancelled(hooks.gate(event).await),
            None => false,
        }
    }

    /// Takes the old session out of the current runtime after settling it: the run under
    /// way is aborted (its partial turn recorded), `session_shutdown` fires, the file is
    /// closed (lock released).
    async fn take_session(&self, reason: &str, target: Option<&str>) -> Session {
        let old = self.current.get();
        if old.is_running() {
            old.abort();
            old.wait_until_idle(Some(SETTLE_LIMIT)).await;
        }
        let mut event = json!({ "type": "session_shutdown", "reason": reason });
        // Pi leaves `targetSessionFile` undefined when there is no target (a fork).
        if let Some(target) = target {
            event["targetSessionFile"] = json!(target);
        }
        self.notify(event).await;
        let cwd = old.with_session_log(|s| s.cwd().to_string());
        let mut session = old.with_session_log(|s| std::mem::replace(s, Session::in_memory(&cwd)));
        // A fork branches from the old file (its folder and path become the new header's
        // `parentSession`); its lock goes when the branched session replaces it.
        if reason != "fork" {
            if let Err(error) = session.close_file() {
                (self.warn)(&format!("session: {error}"));
            }
        }
        session
    }

    /// Makes `session` current and tells the (reloaded) extensions.
    async fn install(
        &self,
        session: Session,
        reason: &str,
        previous: Option<String>,
    ) -> Result<(), String> {
        let old = self.current.get();
        let context = session.build_session_context();
        let fresh = context.model.is_none();
        let next = old.successor(session, context.messages, context.system_prompt);
        if fresh {
            // A new session records the model and level it starts with, as at start-up.
            let config = next.config();
            next.with_session_log(|s| {
                s.append_model_change(&config.model.provider, &config.model.id)?;
                s.append_thinking_level_change(config.thinking_level.as_str())
            })
            .map_err(|error| error.to_string())?;
        }
        self.current.replace(Arc::new(next));
        self.reload_extensions().await;
        self.notify(json!({
            "type": "session_start",
            "reason": reason,
            "previousSessionFile": previous,
        }))
        .await;
        // Pi binds the new runtime's extensions with reason `startup` for every replacement.
        self.discover_resources("startup").await;
        Ok(())
    }

    /// `navigateTree(targetId, {summarize, customInstructions, replaceInstructions, label})`
    /// (Pi's tree navigation): `session_before_tree` may cancel or supply the summary; the
    /// leaf moves to the target (to its parent for a user or custom message, whose text
    /// comes back as `editorText`), a summary of the branch left is recorded when one was
    /// asked for (an extension's, else the model's; an abort of it returns `aborted`), then
    /// `session_tree`.
    pub async fn navigate_tree(&self, target: String, options: &Value) -> Result<Value, String> {
        let runtime = self.current.get();
        if runtime.is_running() {
            return Err(
                "Wait for the current response to finish before navigating the session tree."
                    .into(),
            );
        }
        let (old_leaf, target_entry, left) = runtime.with_session_log(|s| {
            let tree = s.tree();
            let old = tree.leaf_id().map(str::to_string);
            let entry = tree
                .get_entry(&target)
                .and_then(|e| serde_json::to_value(e).ok());
            let old_path: Vec<tau_protocol::session::SessionEntry> = old
                .as_deref()
                .map(|id| tree.branch(id))
                .unwrap_or_default()
                .into_iter()
                .cloned()
                .collect();
            let target_ids: Vec<String> = tree
                .branch(&target)
                .into_iter()
                .filter_map(|e| e.id().map(str::to_string))
                .collect();
            (old, entry, (old_path, target_ids))
        });
        if old_leaf.as_deref() == Some(target.as_str()) {
            return Ok(json!({ "cancelled": false }));
        }
        let target_entry = target_entry.ok_or_else(|| format!("Entry {target} not found"))?;
        let (old_path, target_ids) = left;
        let common = old_path
            .iter()
            .filter_map(|e| e.id())
            .take_while(|id| target_ids.iter().any(|t| t == id))
            .last()
            .map(str::to_string);
        let left_entries: Vec<tau_protocol::session::SessionEntry> = old_path
            .into_iter()
            .skip_while(|e| common.is_some() && e.id() != common.as_deref())
            .skip(usize::from(common.is_some()))
            .collect();
        let to_summarize: Vec<Value> = left_entries
            .iter()
            .filter_map(|e| serde_json::to_value(e).ok())
            .collect();
        let wants_summary = options
            .get("summarize")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let mut label = options
            .get("label")
            .and_then(Value::as_str)
            .map(str::to_string);
        let mut preparation = json!({
            "targetId": target,
            "oldLeafId": old_leaf,
            "commonAncestorId": common,
            "entriesToSummarize": to_summarize,
            "userWantsSummary": wants_summary,
        });
        // Pi leaves the options it was not given undefined.
        let given = [
            (
                "customInstructions",
                options.get("customInstructions").cloned(),
            ),
            (
                "replaceInstructions",
                options.get("replaceInstructions").cloned(),
            ),
            ("label", label.clone().map(Value::from)),
        ];
        for (key, value) in given {
            if let Some(value) = value.filter(|v| !v.is_null()) {
                preparation[key] = value;
            }
        }
        let gate = json!({ "type": "session_before_tree", "preparation": preparation });
        let answer = match self.hooks.as_ref().and_then(Weak::upgrade) {
            Some(hooks) => hooks.gate(gate).await,
            None => None,
        };
        if cancelled(answer.clone()) {
            return Ok(json!({ "cancelled": true }));
        }
        if let Some(text) = answer
            .as_ref()
            .and_then(|a| a.get("label"))
            .and_then(Value::as_str)
        {
            label = Some(text.to_string());
        }
        let from_extension = answer
            .as_ref()
            .and_then(|a| a.get("summary"))
            .filter(|s| wants_summary && s.get("summary").is_some())
            .cloned();
        let text = |key: &str| {
            answer
                .as_ref()
                .and_then(|a| a.get(key))
                .or_else(|| options.get(key))
                .and_then(Value::as_str)
                .map(str::to_string)
        };
        let replace = answer
            .as_ref()
            .and_then(|a| a.get("replaceInstructions"))
            .or_else(|| options.get("replaceInstructions"))
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let summary = match from_extension {
            Some(summary) => Some((summary, true)),
            None if wants_summary && !left_entries.is_empty() => {
                let custom = text("customInstructions");
                match runtime
                    .summarise_branch(&left_entries, custom.as_deref(), replace)
                    .await
                {
                    Ok(written) => Some((
                        json!({
                            "summary": written.summary,
                            "details": written.details,
                            "usage": written.usage,
                        }),
                        false,
                    )),
                    Err(tau_runtime::CompactionError::Cancelled) => {
                        return Ok(json!({ "cancelled": true, "aborted": true }));
                    }
                    Err(error) => return Err(error.to_string()),
                }
            }
            None => None,
        };
        let (new_leaf, editor_text) = match (
            target_entry["type"].as_str(),
            target_entry["message"]["role"].as_str(),
        ) {
            (Some("message"), Some("user")) => (
                target_entry["parentId"].as_str().map(str::to_string),
                Some(content_text(&target_entry["message"]["content"])),
            ),
            (Some("custom_message"), _) => (
                target_entry["parentId"].as_str().map(str::to_string),
                Some(content_text(&target_entry["content"])),
            ),
            _ => (Some(target.clone()), None),
        };
        let summary_entry = runtime
            .with_session_log(|s| -> Result<Option<Value>, tau_session::SessionError> {
                let mut summary_id = None;
                match &summary {
                    Some((summary, from_hook)) => {
                        let id = s.branch_with_summary(
                            new_leaf.as_deref(),
                            tau_session::NewBranchSummary {
                                summary: summary["summary"]
                                    .as_str()
                                    .unwrap_or_default()
                                    .to_string(),
                                details: summary.get("details").filter(|d| !d.is_null()).cloned(),
                                from_hook: Some(*from_hook),
                                usage: summary
                                    .get("usage")
                                    .and_then(|u| serde_json::from_value(u.clone()).ok()),
                            },
                        )?;
                        summary_id = Some(id);
                    }
                    None => match &new_leaf {
                        Some(leaf) => s.branch(leaf)?,
                        None => s.reset_leaf(),
                    },
                }
                if let Some(label) = &label {
                    let labelled = summary_id.clone().unwrap_or_else(|| target.clone());
                    s.append_label(&labelled, Some(label))?;
                }
                Ok(summary_id.and_then(|id| {
                    s.tree()
                        .get_entry(&id)
                        .and_then(|e| serde_json::to_value(e).ok())
                }))
            })
            .map_err(|error| error.to_string())?;
        runtime.refresh_context();
        let from_extension = summary
            .as_ref()
            .filter(|_| summary_entry.is_some())
            .map(|(_, from_hook)| *from_hook);
        let mut event = json!({
            "type": "session_tree",
            "newLeafId": runtime.with_session_log(|s| s.leaf_id().map(str::to_string)),
            "oldLeafId": old_leaf,
        });
        // Pi leaves both undefined when the navigation wrote no summary.
        if let Some(entry) = &summary_entry {
            event["summaryEntry"] = json!(entry);
            event["fromExtension"] = json!(from_extension);
        }
        self.notify(event).await;
        Ok(json!({ "cancelled": false, "editorText": editor_text, "summaryEntry": summary_entry }))
    }

    /// `ctx.reload()`: `session_shutdown` (reason `reload`), the extensions' factories run
    /// again, then `session_start` (reason `reload`); the session stays.
    pub async fn reload(&self) -> Result<Value, String> {
        self.notify(json!({ "type": "session_shutdown", "reason": "reload" }))
            .await;
        self.reload_extensions().await;
        self.notify(json!({ "type": "session_start", "reason": "reload" }))
            .await;
        self.discover_resources("reload").await;
        Ok(Value::Null)
    }

    /// Reruns every extension factory and rebinds the host to the current runtime.
    async fn reload_extensions(&self) {
        let Some(host) = self.host.as_ref().and_then(Weak::upgrade) else {
            return;
        };
        match host.reload().await {
            Ok(report) => {
                crate::ext_models::register_reported(&report, &|line: &str| (self.warn)(line));
                for failed in report.extensions.iter().filter(|ext| !ext.ok) {
                    (self.warn)(&format!(
                        "extension {} failed to load: {}",
                        failed.path,
                        failed.error.as_deref().unwrap_or("unknown error")
                    ));
                }
                for tool in tau_ext_bridge::extension_tools(&host) {
                    let activate = (self.activate)(&tool.info().name, tool.default_active());
                    self.current.get().add_tool(tool, activate);
                }
            }
            Err(error) => (self.warn)(&format!("extensions were not reloaded: {error}")),
        }
        if let Err(error) = host.rebind().await {
            (self.warn)(&format!("extensions cannot act: {error}"));
        }
    }

    fn previous_file(&self) -> Option<String> {
        self.current
            .get()
            .with_session_log(|s| s.path().map(|p| p.display().to_string()))
    }

    /// `resources_discover` after a `session_start`, kept for the application.
    async fn discover_resources(&self, reason: &str) {
        let (Some(resources), Some(hooks)) =
            (&self.resources, self.hooks.as_ref().and_then(Weak::upgrade))
        else {
            return;
        };
        let cwd = self.current.get().with_session_log(|s| s.cwd().to_string());
        resources.discover(&hooks, &cwd, reason).await;
    }

    async fn notify(&self, event: Value) {
        if let Some(hooks) = self.hooks.as_ref().and_then(Weak::upgrade) {
            hooks.notify(event).await;
        }
    }

    /// `newSession({parentSession?})`: `{cancelled}`.
    pub async fn new_session(&self, parent: Option<String>) -> Result<Value, String> {
        if self
            .gate(json!({ "type": "session_before_switch", "reason": "new" }))
            .await
        {
            return Ok(json!({ "cancelled": true }));
        }
        let previous = self.previous_file();
        let (dir, cwd) = self
            .current
            .get()
            .with_session_log(|s| (s.dir().map(|d| d.to_path_buf()), s.cwd().to_string()));
        let session = fresh_session(dir.as_deref(), &cwd, parent)?;
        let target = session.path().map(|p| p.display().to_string());
        drop(self.take_session("new", target.as_deref()).await);
        self.install(session, "new", previous).await?;
        Ok(json!({ "cancelled": false }))
    }

    /// `switchSession(path)`: `{cancelled}`.
    pub async fn switch_session(&self, path: String) -> Result<Value, String> {
        let gate = json!({ "type": "session_before_switch", "reason": "resume", "targetSessionFile": path });
        if self.gate(gate).await {
            return Ok(json!({ "cancelled": true }));
        }
        if path.trim().is_empty() {
            return Err("cannot switch session: the session path is empty; pass the path of a session .jsonl file".into());
        }
        let previous = self.previous_file();
        let target = std::path::Path::new(&path);
        let cwd = self.current.get().with_session_log(|s| s.cwd().to_string());
        let open = || {
            Session::open(target, &cwd, WriteOptions::default())
                .map_err(|error| format!("cannot switch to session {path}: {error}"))
        };
        // The target opens before the current session is closed (as in Pi), so a path that
        // cannot be opened leaves the current session as it was. The current file itself
        // can only be reopened after its lock is released.
        let reopening = previous
            .as_deref()
            .is_some_and(|current| same_file(current, &path));
        let session = if reopening { None } else { Some(open()?) };
        drop(self.take_session("resume", Some(&path)).await);
        let session = match session {
            Some(session) => session,
            None => open()?,
        };
        for problem in session.problems() {
            (self.warn)(&format!("session {path}: {problem}"));
        }
        self.install(session, "resume", previous).await?;
        Ok(json!({ "cancelled": false }))
    }

    /// `fork(entryId, position)`: a new session holding the branch up to the entry (`at`)
    /// or up to the user message's parent (`before`): `{cancelled, selectedText}`.
    pub async fn fork(&self, entry_id: String, position: String) -> Result<Value, String> {
        let gate =
            json!({ "type": "session_before_fork", "entryId": entry_id, "position": position });
        if self.gate(gate).await {
            return Ok(json!({ "cancelled": true }));
        }
        let entry = self
            .current
            .get()
            .with_session_log(|s| s.tree().get_entry(&entry_id).cloned())
            .ok_or("Invalid entry ID for forking")?;
        let entry = serde_json::to_value(&entry).map_err(|e| e.to_string())?;
        let (target, selected) = if position == "at" {
            (Some(entry_id.clone()), None)
        } else {
            let message = &entry["message"];
            if entry["type"] != "message" || message["role"] != "user" {
                return Err("Invalid entry ID for forking".into());
            }
            let text = content_text(&message["content"]);
            (entry["parentId"].as_str().map(str::to_string), Some(text))
        };
        let previous = self.previous_file();
        let mut session = self.take_session("fork", None).await;
        match &target {
            Some(leaf) => {
                session
                    .create_branched_session(leaf)
                    .map_err(|error| error.to_string())?;
            }
            None => session = fresh_session(session.dir(), session.cwd(), previous.clone())?,
        }
        self.install(session, "fork", previous).await?;
        Ok(json!({ "cancelled": false, "selectedText": selected }))
    }
}

/// Whether two paths name the same existing file.
fn same_file(a: &str, b: &str) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
