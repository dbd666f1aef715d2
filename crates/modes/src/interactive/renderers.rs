//! Transcript items an extension draws itself: custom messages of a type with a message
//! renderer (`registerMessageRenderer`), custom entries of a type with an entry renderer
//! (`registerEntryRenderer`), and calls of tools whose definition has `renderCall` /
//! `renderResult`, or of any tool once an extension registered a tool renderer resolver
//! (`registerToolRenderer`: the host runs the chain and answers "no instance" when it ends at
//! tau's built-in renderer). The host opens one renderer instance per item (and slot)
//! with Pi's arguments; tau draws the instance's lines where Pi would, and opens it again
//! when the item changes (Pi calls the renderers again; the host keeps their state).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use tau_ext_bridge::components::{ComponentId, RendererRequest};
use tau_ext_bridge::ExtensionHost;
use tau_tui::Lines;

use super::transcript::{Item, ToolState, Transcript};

/// How long opening a renderer may take before the item is drawn by tau instead.
const OPEN_LIMIT: Duration = Duration::from_millis(500);

/// Lines of renderer instances, shared with the transcript's views.
pub type RendererLines = Arc<Mutex<HashMap<ComponentId, Lines>>>;

/// The renderer instances of an item.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ItemRenderers {
    /// The custom message's instance, or the tool call's `renderCall` one.
    pub main: Option<ComponentId>,
    /// The tool result's `renderResult` instance.
    pub result: Option<ComponentId>,
}

impl ItemRenderers {
    fn ids(&self) -> impl Iterator<Item = ComponentId> + '_ {
        self.main.iter().chain(self.result.iter()).copied()
    }
}

/// Which items extensions draw.
#[derive(Default)]
pub struct Renderers {
    message_types: HashSet<String>,
    entry_types: HashSet<String>,
    tool_names: HashSet<String>,
    /// Some extension registered a tool renderer resolver: every tool row asks the host.
    tool_resolvers: bool,
    /// Per transcript index: the revision the instances were opened for, and them.
    opened: HashMap<usize, (u64, bool, ItemRenderers)>,
    /// Items and their instances, for the views (by transcript index).
    pub by_item: Arc<Mutex<HashMap<usize, ItemRenderers>>>,
    pub lines: RendererLines,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

impl Renderers {
    /// What the loaded extensions can draw.
    pub fn new(host: &ExtensionHost) -> Self {
        let report = host.report();
        let mut renderers = Renderers::default();
        for extension in report.extensions.iter().filter(|e| e.ok) {
            renderers
                .message_types
                .extend(extension.message_renderers.iter().cloned());
            renderers.tool_resolvers |= extension.tool_renderers > 0;
            renderers
                .entry_types
                .extend(extension.entry_renderers.iter().cloned());
            for tool in &extension.tools {
                if tool
                    .functions
                    .iter()
                    .any(|f| f == "renderCall" || f == "renderResult")
                {
                    renderers.tool_names.insert(tool.name.clone());
                }
            }
        }
        renderers
    }

    /// Whether there is anything to draw remotely at all.
    pub fn is_empty(&self) -> bool {
        self.message_types.is_empty()
            && self.entry_types.is_empty()
            && self.tool_names.is_empty()
            && !self.tool_resolvers
    }

    /// Every instance with the width it is drawn at.
    pub fn placed(&self, cols: u16, pad: u16) -> Vec<(ComponentId, u16)> {
        let by_item = lock(&self.by_item);
        by_item
            .values()
            .flat_map(|r| r.ids().collect::<Vec<_>>())
            .map(|id| (id, cols.saturating_sub(pad * 2).max(1)))
            .collect()
    }

    /// Drops everything (a new session).
    pub fn clear(&mut self) {
        self.opened.clear();
        lock(&self.by_item).clear();
        lock(&self.lines).clear();
    }

    /// Opens instances for items that need them (new, or changed since). Returns true
    /// when an item's instances changed.
    pub async fn sync(
        &mut self,
        host: &ExtensionHost,
        transcript: &Transcript,
        expanded: bool,
    ) -> bool {
        if self.is_empty() {
            return false;
        }
        let mut changed = false;
        let cwd = std::env::current_dir().unwrap_or_default();
        for (index, (revision, item)) in transcript.items().enumerate() {
            if self
                .opened
                .get(&index)
                .is_some_and(|(r, e, _)| *r == revision && *e == expanded)
            {
                continue;
            }
            let renderers = match item {
                Item::Custom(message) if self.message_types.contains(&message.custom_type) => {
                    let request = RendererRequest::Message {
                        custom_type: message.custom_type.clone(),
                        message: serde_json::to_value(message.as_ref()).unwrap_or(Value::Null),
                        options: json!({ "expanded": expanded, "outputPad": 1 }),
                    };
                    let Ok(main) = open(host, &request).await else {
                        continue;
                    };
                    ItemRenderers { main, result: None }
                }
                Item::Entry { custom_type, entry } if self.entry_types.contains(custom_type) => {
                    let request = RendererRequest::Entry {
                        custom_type: custom_type.clone(),
                        entry: entry.as_ref().clone(),
                        options: json!({ "expanded": expanded }),
                    };
                    let Ok(main) = open(host, &request).await else {
                        continue;
                    };
                    ItemRenderers { main, result: None }
                }
                Item::Tool(row) if self.tool_resolvers || self.tool_names.contains(&row.name) => {
                    let started = !matches!(row.state, ToolState::Pending);
                    let is_error = matches!(row.state, ToolState::Failed);
                    let partial = matches!(row.state, ToolState::Running | ToolState::Pending);
                    let context = json!({
                        "executionStarted": started,
                        "argsComplete": started,
                        "isPartial": partial,
                        "expanded": expanded,
                        "isError": is_error,
                        "durationMs": row.duration_ms,
                        "cwd": cwd,
                        "outputPad": 1,
                    });
                    let call = RendererRequest::Tool {
                        tool_name: row.name.clone(),
                        tool_call_id: row.id.clone(),
                        args: row.args.clone(),
                        result: None,
                        context: context.clone(),
                    };
                    let Ok(main) = open(host, &call).await else {
                        continue;
                    };
                    let shown = row.result.as_ref().or(row.partial.as_ref());
                    let result = match shown {
                        Some(result) => {
                            let request = RendererRequest::Tool {
                                tool_name: row.name.clone(),
                                tool_call_id: row.id.clone(),
                                args: row.args.clone(),
                                result: Some(serde_json::to_value(result).unwrap_or(Value::Null)),
                                context,
                            };
                            match open(host, &request).await {
                                Ok(result) => result,
                                Err(()) => continue,
                            }
                        }
                        None => None,
                    };
                    ItemRenderers { main, result }
                }
                _ => continue,
            };
            self.opened
                .insert(index, (revision, expanded, renderers.clone()));
            let mut by_item = lock(&self.by_item);
            if by_item.get(&index) != Some(&renderers) {
                changed = true;
            }
            if renderers.main.is_some() || renderers.result.is_some() {
                by_item.insert(index, renderers);
            } else {
                by_item.remove(&index);
            }
        }
        changed
    }

    /// Stores fresh lines of instances; returns whether any changed.
    pub fn store(&self, lines: impl IntoIterator<Item = (ComponentId, Lines)>) -> bool {
        let mut map = lock(&self.lines);
        let mut changed = false;
        for (id, new) in lines {
            if map.get(&id).is_none_or(|old| !Arc::ptr_eq(old, &new)) {
                map.insert(id, new);
                changed = true;
            }
        }
        changed
    }
}

/// The instance for `request`: `Ok(None)` when the extension draws nothing for it, `Err`
/// when the host did not answer in time (the item is tried again at the next frame).
async fn open(host: &ExtensionHost, request: &RendererRequest) -> Result<Option<ComponentId>, ()> {
    host.components()
        .open_renderer(request, OPEN_LIMIT)
        .await
        .map_err(|_| ())
}
