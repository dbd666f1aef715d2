//! The bookkeeping behind [`crate::Components`]: which host process each component lives in (ids
//! are the host's per process; tau's [`ComponentId`]s are never reused across restarts), the last
//! lines of each (render answers carry only changes), the host's notifications turned into
//! [`ComponentEvent`]s, and every component of a host that died reported closed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use tokio::sync::{mpsc, oneshot};

use crate::components::{
    overlay_options, CompletionRequest, ComponentEvent, ComponentId, ComponentKind, Handover,
    OpenedComponent, OverlayCall, Palette, WidgetPlacement,
};
use crate::error::{Diagnostic, Reporter};

/// One component as tau knows it.
pub(crate) struct Slot {
    /// The host process (its connection's serial).
    pub(crate) serial: u64,
    /// The host's id for it.
    pub(crate) host_id: u64,
    /// The lines of the last answer.
    pub(crate) lines: tau_tui::Lines,
    /// The host's idea of the last answer may differ from `lines` (an answer came too late):
    /// the next render asks for every line.
    pub(crate) resync: bool,
}

#[derive(Default)]
pub(crate) struct HubState {
    next_serial: u64,
    next_id: u64,
    pub(crate) slots: HashMap<ComponentId, Slot>,
    by_host: HashMap<(u64, u64), ComponentId>,
    receiver: Option<mpsc::UnboundedReceiver<ComponentEvent>>,
    /// What a restarted host is told again.
    pub(crate) palette: Option<Palette>,
    pub(crate) terminal: Option<(u16, u16)>,
    pub(crate) footer_data: Option<Value>,
    pub(crate) keybindings: Option<Value>,
    pub(crate) input_listeners: usize,
    /// The host's latest count of focus moves by extension code, as soon as it arrives.
    pub(crate) focus_epoch: u64,
}

/// Shared by every host process of one [`crate::ExtensionHost`].
pub(crate) struct ComponentHub {
    state: Mutex<HubState>,
    events: mpsc::UnboundedSender<ComponentEvent>,
    reporter: Reporter,
}

/// Notifications from the host that are about components.
const METHODS: &[&str] = &[
    "component_open",
    "component_closed",
    "component_error",
    "request_render",
    "overlay",
    "focus",
    "input_listeners",
    "editor_submit",
    "editor_action",
    "autocomplete_providers",
    "input_unclaimed",
];

fn text(params: &Value, key: &str) -> String {
    params
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

impl ComponentHub {
    pub(crate) fn new(reporter: Reporter) -> ComponentHub {
        let (events, receiver) = mpsc::unbounded_channel();
        ComponentHub {
            state: Mutex::new(HubState {
                receiver: Some(receiver),
                ..HubState::default()
            }),
            events,
            reporter,
        }
    }

    fn note_focus_epoch(&self, epoch: u64) {
        let mut state = self.lock();
        state.focus_epoch = state.focus_epoch.max(epoch);
    }

    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, HubState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether the host notification `method` is for the hub.
    pub(crate) fn handles(method: &str) -> bool {
        METHODS.contains(&method)
    }

    /// The receiver of the events; `None` after the first call.
    pub(crate) fn take_events(&self) -> Option<mpsc::UnboundedReceiver<ComponentEvent>> {
        self.lock().receiver.take()
    }

    /// A serial for a new host process.
    pub(crate) fn next_serial(&self) -> u64 {
        let mut st = self.lock();
        st.next_serial += 1;
        st.next_serial
    }

    fn emit(&self, event: ComponentEvent) {
        // Nobody listening (no interactive mode) is fine.
        let _ = self.events.send(event);
    }

    /// tau's id of the host's `id` in process `serial`.
    fn known(&self, serial: u64, id: Option<&Value>) -> Option<ComponentId> {
        let host_id = id?.as_u64()?;
        self.lock().by_host.get(&(serial, host_id)).copied()
    }

    /// The host's id and process of `id`, if it is open.
    pub(crate) fn host_id(&self, id: ComponentId) -> Option<(u64, u64)> {
        self.lock().slots.get(&id).map(|s| (s.serial, s.host_id))
    }

    fn remove(&self, id: ComponentId) -> bool {
        let mut st = self.lock();
        match st.slots.remove(&id) {
            Some(slot) => {
                st.by_host.remove(&(slot.serial, slot.host_id));
                true
            }
            None => false,
        }
    }

    /// Forgets `id` because tau closed it (the host is told by the caller).
    pub(crate) fn forget(&self, id: ComponentId) -> bool {
        self.remove(id)
    }

    /// A host notification about components from process `serial`.
    pub(crate) fn notify(&self, serial: u64, method: &str, params: &Value) {
        match method {
            "component_open" => self.opened(serial, params),
            "component_closed" => {
                let Some(id) = self.known(serial, params.get("id")) else {
                    return;
                };
                self.remove(id);
                let reason = text(params, "reason");
                if reason == "done" {
                    let value = params.get("value").cloned().unwrap_or(Value::Null);
                    self.emit(ComponentEvent::Done { id, value });
                }
                let inputs = params.get("inputs").and_then(Value::as_u64);
                self.emit(ComponentEvent::Closed { id, reason, inputs });
            }
            "component_error" => {
                let id = self.known(serial, params.get("id"));
                let extension_path = text(params, "extensionPath");
                let place = text(params, "where");
                let message = text(params, "message");
                self.reporter.report(Diagnostic {
                    extension_path: Some(extension_path.clone()).filter(|p| !p.is_empty()),
                    event: format!("component {place}"),
                    error: message.clone(),
                });
                self.emit(ComponentEvent::Error {
                    id,
                    extension_path,
                    place,
                    message,
                });
            }
            "request_render" => {
                let id = self.known(serial, params.get("id"));
                let force = params
                    .get("force")
                    .and_then(Value::as_bool)
                    .unwrap_or(false);
                self.emit(ComponentEvent::RequestRender { id, force });
            }
            "overlay" => {
                let Some(id) = self.known(serial, params.get("id")) else {
                    return;
                };
                let call = match params.get("call").and_then(Value::as_str) {
                    Some("setHidden") => OverlayCall::SetHidden(
                        params
                            .get("hidden")
                            .and_then(Value::as_bool)
                            .unwrap_or(false),
                    ),
                    Some("focus") => OverlayCall::Focus,
                    Some("unfocus") => OverlayCall::Unfocus {
                        target: params.get("target").map(|t| self.known(serial, Some(t))),
                    },
                    _ => return,
                };
                let focus_epoch = params.get("epoch").and_then(Value::as_u64).unwrap_or(0);
                self.note_focus_epoch(focus_epoch);
                self.emit(ComponentEvent::Overlay {
                    id,
                    call,
                    focus_epoch,
                });
            }
            "focus" => {
                let id = self.known(serial, params.get("id"));
                let focus_epoch = params.get("epoch").and_then(Value::as_u64).unwrap_or(0);
                self.note_focus_epoch(focus_epoch);
                self.emit(ComponentEvent::Focus { id, focus_epoch });
            }
            "input_listeners" => {
                let count = params.get("count").and_then(Value::as_u64).unwrap_or(0) as usize;
                self.lock().input_listeners = count;
                self.emit(ComponentEvent::InputListeners { count });
            }
            "editor_submit" => self.emit(ComponentEvent::EditorSubmit {
                text: text(params, "text"),
            }),
            "editor_action" => self.emit(ComponentEvent::EditorAction {
                action: text(params, "action"),
            }),
            "input_unclaimed" => self.emit(ComponentEvent::InputUnclaimed {
                data: text(params, "data"),
            }),
            "autocomplete_providers" => {
                let strings = |key: &str| -> Vec<String> {
                    params
                        .get(key)
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .filter_map(Value::as_str)
                        .map(str::to_string)
                        .collect()
                };
                self.emit(ComponentEvent::AutocompleteProviders {
                    count: params.get("count").and_then(Value::as_u64).unwrap_or(0) as usize,
                    trigger_characters: strings("triggerCharacters"),
                    extensions: strings("extensions"),
                });
            }
            _ => {}
        }
    }

    fn opened(&self, serial: u64, params: &Value) {
        let Some(host_id) = params.get("id").and_then(Value::as_u64) else {
            return;
        };
        let id = {
            let mut st = self.lock();
            st.next_id += 1;
            let id = ComponentId(st.next_id);
            st.slots.insert(
                id,
                Slot {
                    serial,
                    host_id,
                    lines: Default::default(),
                    resync: false,
                },
            );
            st.by_host.insert((serial, host_id), id);
            id
        };
        let kind = match params.get("kind").and_then(Value::as_str) {
            Some("custom") => ComponentKind::Custom,
            Some("overlay") => ComponentKind::Overlay {
                options: overlay_options(
                    params.get("overlayOptions").unwrap_or(&Value::Null),
                    params
                        .get("hasVisible")
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                ),
                custom: params
                    .get("custom")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
                parent: self.known(serial, params.get("parentId")),
            },
            Some("widget") => ComponentKind::Widget {
                key: text(params, "key"),
                placement: if text(params, "placement") == "belowEditor" {
                    WidgetPlacement::BelowEditor
                } else {
                    WidgetPlacement::AboveEditor
                },
            },
            Some("footer") => ComponentKind::Footer,
            Some("editor") => ComponentKind::Editor,
            Some("header") => ComponentKind::Header,
            Some("message") => ComponentKind::Message {
                custom_type: text(params, "customType"),
            },
            Some("tool") => ComponentKind::Tool {
                tool_name: text(params, "toolName"),
                tool_call_id: text(params, "toolCallId"),
                slot: text(params, "slot"),
            },
            _ => ComponentKind::Custom,
        };
        let flag = |key: &str| params.get(key).and_then(Value::as_bool).unwrap_or(false);
        self.emit(ComponentEvent::Opened(Box::new(OpenedComponent {
            id,
            extension_path: text(params, "extensionPath"),
            kind,
            focusable: flag("focusable"),
            handles_input: flag("handlesInput"),
            wants_key_release: flag("wantsKeyRelease"),
            captures_viewport_input: flag("capturesViewportInput"),
            blocked: params.get("blocked").cloned(),
        })));
    }

    /// The component id the host's answer to `renderer_open` names.
    pub(crate) fn resolve(&self, serial: u64, host_id: Option<&Value>) -> Option<ComponentId> {
        self.known(serial, host_id)
    }

    /// Host process `serial` is gone: its components with it.
    pub(crate) fn host_exited(&self, serial: u64) {
        let (mut gone, had_listeners) = {
            let mut st = self.lock();
            let gone: Vec<ComponentId> = st
                .slots
                .iter()
                .filter(|(_, slot)| slot.serial == serial)
                .map(|(id, _)| *id)
                .collect();
            for id in &gone {
                if let Some(slot) = st.slots.remove(id) {
                    st.by_host.remove(&(slot.serial, slot.host_id));
                }
            }
            (gone, std::mem::take(&mut st.input_listeners) > 0)
        };
        gone.sort();
        for id in gone {
            self.emit(ComponentEvent::Closed {
                id,
                reason: "host exited".into(),
                inputs: None,
            });
        }
        if had_listeners {
            self.emit(ComponentEvent::InputListeners { count: 0 });
        }
    }

    /// `autocomplete_base` from the host: tau's own suggestions for the chain's innermost
    /// provider, answered by the interactive mode.
    pub(crate) async fn autocomplete_base(&self, params: Value) -> Result<Value, String> {
        let request: CompletionRequest = serde_json::from_value(params)
            .map_err(|error| format!("malformed autocomplete_base request: {error}"))?;
        let (reply, answer) = oneshot::channel();
        self.emit(ComponentEvent::AutocompleteBase { request, reply });
        Ok(answer
            .await
            .unwrap_or_else(|_| json!({ "suggestions": null })))
    }

    /// `terminal_handover` from the host: tau hands the terminal over, then answers.
    pub(crate) async fn handover(&self, params: &Value) -> Result<Value, String> {
        let action = match params.get("action").and_then(Value::as_str) {
            Some("stop") => Handover::Stop,
            Some("start") => Handover::Start,
            other => return Err(format!("unknown terminal handover {other:?}")),
        };
        let (done, wait) = oneshot::channel();
        self.emit(ComponentEvent::TerminalHandover { action, done });
        // A dropped sender (nobody drives a terminal) answers as well.
        let _ = wait.await;
        Ok(json!({}))
    }
}

/// Shared handle.
pub(crate) type Hub = Arc<ComponentHub>;
