//! The extension host's state mirror, fed from the live runtime (docs/protocol.md "State
//! mirror"): the whole state at `bind`, then only what changed before each extension call
//! — new session entries, the leaf, model, thinking level, tools, name, idleness.

use std::path::PathBuf;
use std::sync::Mutex;

use crate::current::Current;
use serde_json::{json, Map, Value};
use tau_ext_bridge::StateSource;

/// Reads the runtime for the host; remembers what it sent.
pub struct RuntimeState {
    current: Current,
    cwd: PathBuf,
    /// The model registry as `ctx.modelRegistry` reads it (`models`, `allModels`), renewed
    /// when an extension registers or unregisters a provider.
    models: crate::ext_models::SharedModels,
    /// Whether the project's own resources were trusted (`ctx.isProjectTrusted()`).
    trusted: bool,
    /// settings.json as `pi.getSettings()` shows it.
    settings: Value,
    /// What the system prompt is built from (`getSystemPromptOptions()`).
    prompt_inputs: std::sync::Arc<crate::prompt_options::PromptInputs>,
    sent: Mutex<Sent>,
}

#[derive(Default)]
struct Sent {
    /// How many session entries the host has.
    entries: usize,
    leaf: Option<String>,
    values: Map<String, Value>,
    /// What `values` were computed from; equal means nothing to compare.
    fingerprint: Option<Fingerprint>,
}

/// Everything the values depend on that can change: the live configuration's generation,
/// the session length (names and other entries), running, queued messages.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Fingerprint {
    generation: u64,
    entries: usize,
    running: bool,
    pending: bool,
}

impl RuntimeState {
    /// A source over `runtime`; `models` is the model registry view.
    pub fn new(
        current: Current,
        cwd: PathBuf,
        models: crate::ext_models::SharedModels,
        trusted: bool,
        settings: Value,
        prompt_inputs: std::sync::Arc<crate::prompt_options::PromptInputs>,
    ) -> Self {
        RuntimeState {
            current,
            cwd,
            models,
            trusted,
            settings,
            prompt_inputs,
            sent: Mutex::default(),
        }
    }

    fn sent(&self) -> std::sync::MutexGuard<'_, Sent> {
        self.sent.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn fingerprint(&self) -> Fingerprint {
        let runtime = self.current.get();
        Fingerprint {
            generation: runtime.config_generation(),
            entries: runtime.with_session_log(|session| session.tree().len()),
            running: runtime.is_running(),
            pending: runtime.has_pending_messages(),
        }
    }

    /// The values that follow the live configuration (model, tools, prompt): recomputed
    /// only when its generation or the running state changed.
    fn config_values(&self, values: &mut Map<String, Value>) {
        let runtime = self.current.get();
        let config = runtime.config();
        let tools: Vec<Value> = runtime
            .all_tools()
            .iter()
            .map(|tool| {
                let info = tool.info();
                json!({
                    "name": info.name,
                    "description": info.description,
                    "parameters": info.parameters,
                    "promptSnippet": info.prompt_snippet,
                    "promptGuidelines": info.prompt_guidelines,
                })
            })
            .collect();
        let active = runtime.active_tool_names();
        values.insert("model".into(), crate::model::model_json(&config.model));
        values.insert(
            "thinkingLevel".into(),
            json!(config.thinking_level.as_str()),
        );
        values.insert(
            "systemPromptOptions".into(),
            self.prompt_inputs
                .options(&config.tools, &runtime.all_tools()),
        );
        values.insert("activeTools".into(), json!(active));
        values.insert("allTools".into(), Value::Array(tools));
        values.insert(
            "systemPrompt".into(),
            json!(runtime.effective_system_prompt()),
        );
    }

    /// The values that follow the session and the run state.
    fn session_values(&self, values: &mut Map<String, Value>) {
        let runtime = self.current.get();
        let (file, dir, id, name) = runtime.with_session_log(|session| {
            (
                session.path().map(|p| p.display().to_string()),
                session.dir().map(|p| p.display().to_string()),
                session.id().to_string(),
                session.session_name().map(str::to_string),
            )
        });
        // The prompt templates and skills as loaded now (`resources_discover` and `/reload`
        // change them); the host lists extension commands itself, before these.
        let resources = self.prompt_inputs.loader.as_ref();
        let commands = resources.map(|l| l.get().commands()).unwrap_or_default();
        values.insert("commands".into(), Value::Array(commands));
        values.insert("sessionFile".into(), json!(file));
        values.insert("sessionDir".into(), json!(dir));
        values.insert("sessionId".into(), json!(id));
        values.insert("sessionName".into(), json!(name));
        values.insert("cwd".into(), json!(self.cwd));
        values.insert("projectTrusted".into(), json!(self.trusted));
        // Pi's figure comes from the session as recorded so far, so it follows a run live
        // (each message is recorded at its end).
        let window = runtime.config().model.context_window;
        let usage =
            runtime.with_session_log(|session| crate::stats::context_usage(session, window));
        values.insert(
            "contextUsage".into(),
            usage.map_or(Value::Null, |usage| usage.to_json()),
        );
        values.insert("idle".into(), json!(!runtime.is_running()));
        values.insert(
            "pendingMessages".into(),
            json!(runtime.has_pending_messages()),
        );
    }

    fn values(&self) -> Map<String, Value> {
        let mut values = Map::new();
        self.config_values(&mut values);
        self.session_values(&mut values);
        values
    }

    /// Entries from index `from` on, the header first when `from` is 0, and the leaf.
    fn entries_from(&self, from: usize) -> (Vec<Value>, usize, Option<String>) {
        self.current.get().with_session_log(|session| {
            let entries = session.tree().entries();
            let mut out = Vec::with_capacity(entries.len().saturating_sub(from) + 1);
            if from == 0 {
                out.extend(serde_json::to_value(session.header()).ok());
            }
            out.extend(
                entries[from.min(entries.len())..]
                    .iter()
                    .filter_map(|entry| serde_json::to_value(entry).ok()),
            );
            (out, entries.len(), session.leaf_id().map(str::to_string))
        })
    }
}

impl StateSource for RuntimeState {
    fn full(&self) -> Value {
        let (entries, count, leaf) = self.entries_from(0);
        let values = self.values();
        let mut state = values.clone();
        state.insert("entries".into(), Value::Array(entries));
        let models = self
            .models
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        if let Value::Object(models) = models {
            state.extend(models);
        }
        state.insert("settings".into(), self.settings.clone());
        state.insert("leafId".into(), json!(leaf));
        *self.sent() = Sent {
            entries: count,
            leaf,
            values,
            fingerprint: Some(self.fingerprint()),
        };
        Value::Object(state)
    }

    fn changes(&self) -> Option<Value> {
        let now = self.fingerprint();
        let before = self.sent().fingerprint;
        if before == Some(now) {
            return None;
        }
        let from = self.sent().entries;
        let (appended, count, leaf) = self.entries_from(from);
        // Unchanged configuration: keep what was sent for it (no schema serialising per call).
        let mut values = self.sent().values.clone();
        let config_changed =
            before.is_none_or(|b| b.generation != now.generation || b.running != now.running);
        if config_changed {
            self.config_values(&mut values);
        }
        self.session_values(&mut values);
        let fingerprint = Some(now);
        let mut sent = self.sent();
        let mut changes = Map::new();
        for (key, value) in &values {
            if sent.values.get(key) != Some(value) {
                changes.insert(key.clone(), value.clone());
            }
        }
        if count > sent.entries {
            changes.insert("appendedEntries".into(), Value::Array(appended));
        }
        if leaf != sent.leaf || count > sent.entries {
            changes.insert("leafId".into(), json!(leaf));
        }
        sent.entries = count;
        sent.leaf = leaf;
        sent.values = values;
        sent.fingerprint = fingerprint;
        (!changes.is_empty()).then_some(Value::Object(changes))
    }
}
