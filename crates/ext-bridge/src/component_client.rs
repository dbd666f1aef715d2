//! [`Components`]: what tau's interactive mode calls to show extension components. Get it with
//! [`ExtensionHost::components`]; the events come from [`Components::events`].
//!
//! ```no_run
//! # async fn frame(host: &tau_ext_bridge::ExtensionHost) {
//! use std::time::Duration;
//! use tau_ext_bridge::{ComponentEvent, Palette};
//! let components = host.components();
//! let mut events = components.events().expect("taken once");
//! components.set_terminal_size(120, 40).await;
//! components.set_palette(&Palette::default()).await;
//! while let Some(event) = events.recv().await {
//!     if let ComponentEvent::Opened(open) = event {
//!         let frame = components.render_batch(&[(open.id, 120)], Duration::from_millis(50)).await;
//!         if let Some(rendered) = &frame[0] {
//!             println!("{} lines", rendered.lines.len());
//!         }
//!         components.send_input(open.id, "\r").await;
//!     }
//! }
//! # }
//! ```

use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::component_hub::ComponentHub;
use crate::components::{
    CompletionAnswer, CompletionApplied, CompletionRequest, ComponentEvent, ComponentId,
    OverlayBounds, Palette, Rendered, RendererRequest,
};
use crate::connection::Connection;
use crate::host::ExtensionHost;

/// The component side of an [`ExtensionHost`] (started with `HostOptions::components`).
pub struct Components<'a> {
    host: &'a ExtensionHost,
}

impl ExtensionHost {
    /// The components API.
    pub fn components(&self) -> Components<'_> {
        Components { host: self }
    }
}

impl Components<'_> {
    fn hub(&self) -> &ComponentHub {
        &self.host.dispatcher.components
    }

    /// The live connection without waiting for (or starting) a restart: a frame must not stall.
    fn live(&self) -> Option<Arc<Connection>> {
        let conn = self.host.conn.try_lock().ok()?.clone();
        conn.exited().is_none().then_some(conn)
    }

    /// The live connection and the host's id of `id`, when `id` lives in it.
    fn target(&self, id: ComponentId) -> Option<(Arc<Connection>, u64)> {
        let conn = self.live()?;
        let (serial, host_id) = self.hub().host_id(id)?;
        (serial == conn.serial()).then_some((conn, host_id))
    }

    /// The stream of component events (opened, closed, done, render requests, overlay calls,
    /// focus, errors, terminal hand-over); `None` after the first call.
    pub fn events(&self) -> Option<mpsc::UnboundedReceiver<ComponentEvent>> {
        self.hub().take_events()
    }

    /// The lines of each `(id, width)` for one frame, in one round trip; only changed lines
    /// travel. `None` for a component that is not open. Past `timeout` every component keeps
    /// its last lines (`fresh: false`) and the next frame asks for all of them again.
    pub async fn render_batch(
        &self,
        items: &[(ComponentId, u16)],
        timeout: Duration,
    ) -> Vec<Option<Rendered>> {
        let conn = self.live();
        let serial = conn.as_ref().map(|c| c.serial());
        let mut asked = Vec::new();
        let mut out: Vec<Option<Rendered>> = Vec::with_capacity(items.len());
        {
            let st = self.hub().lock();
            for (id, width) in items {
                let slot = st.slots.get(id).filter(|slot| Some(slot.serial) == serial);
                out.push(slot.map(|slot| Rendered {
                    lines: slot.lines.clone(),
                    visible: true,
                    fresh: false,
                }));
                if let Some(slot) = slot {
                    let mut item = json!({ "id": slot.host_id, "width": width });
                    if slot.resync {
                        item["full"] = Value::Bool(true);
                    }
                    asked.push(item);
                }
            }
        }
        let Some(conn) = conn.filter(|_| !asked.is_empty()) else {
            return out;
        };
        let answer = conn
            .request("render", json!({ "items": asked }), Some(timeout), None)
            .await;
        let mut st = self.hub().lock();
        let Ok(answer) = answer else {
            // The host may still answer and count these lines as sent: ask for all next time.
            for (id, _) in items {
                if let Some(slot) = st.slots.get_mut(id) {
                    slot.resync = true;
                }
            }
            return out;
        };
        let results = answer.get("results").and_then(Value::as_array);
        for ((id, _), rendered) in items.iter().zip(out.iter_mut()) {
            let Some(slot) = st.slots.get_mut(id) else {
                continue;
            };
            let result = results.and_then(|results| {
                results
                    .iter()
                    .find(|r| r.get("id").and_then(Value::as_u64) == Some(slot.host_id))
            });
            let Some(result) = result else {
                continue;
            };
            if result.get("closed").and_then(Value::as_bool) == Some(true) {
                *rendered = None;
                continue;
            }
            let visible = result.get("visible").and_then(Value::as_bool) != Some(false);
            let failed = result.get("failed").and_then(Value::as_bool) == Some(true);
            if let Some(count) = result.get("count").and_then(Value::as_u64) {
                let mut lines: Vec<String> = if slot.resync {
                    Vec::new()
                } else {
                    slot.lines.iter().take(count as usize).cloned().collect()
                };
                lines.resize(count as usize, String::new());
                for change in result
                    .get("changed")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    let index = change.get(0).and_then(Value::as_u64).map(|i| i as usize);
                    let line = change.get(1).and_then(Value::as_str);
                    if let (Some(index), Some(line)) = (index, line) {
                        if let Some(slot_line) = lines.get_mut(index) {
                            *slot_line = line.to_string();
                        }
                    }
                }
                slot.lines = Arc::new(lines);
                slot.resync = false;
            } else if visible && result.get("same").is_none() {
                continue;
            }
            *rendered = Some(Rendered {
                lines: slot.lines.clone(),
                visible,
                fresh: visible && !failed,
            });
        }
        out
    }

    /// Whether the host got it (`false`: the component is gone).
    async fn notify_component(&self, id: ComponentId, method: &str, mut params: Value) -> bool {
        let Some((conn, host_id)) = self.target(id) else {
            return false;
        };
        params["id"] = json!(host_id);
        conn.notify(method, params).await.is_ok()
    }

    /// Keys for the focused component's `handleInput`. `false` when the component is gone
    /// (the host closed it and its `Closed` event is on the way): the key belongs to what has
    /// focus once that event is handled.
    pub async fn send_input(&self, id: ComponentId, data: &str) -> bool {
        self.notify_component(id, "component_input", json!({ "data": data }))
            .await
    }

    /// [`Self::send_input`] routed after applying the host's focus moves up to `focus_epoch`
    /// (from [`ComponentEvent::Overlay`] / [`ComponentEvent::Focus`]): a key routed before tau
    /// heard of a later move by extension code goes where that move put focus, as in pi-tui
    /// where moving focus is synchronous (or comes back as unclaimed when it left the host).
    pub async fn send_input_after(&self, id: ComponentId, data: &str, focus_epoch: u64) -> bool {
        self.notify_component(
            id,
            "component_input",
            json!({ "data": data, "epoch": focus_epoch }),
        )
        .await
    }

    /// tau removed the component: the host disposes it (a custom's promise stays pending, as in
    /// Pi). No `Closed` event follows.
    pub async fn close(&self, id: ComponentId) {
        let target = self.target(id);
        if self.hub().forget(id) {
            if let Some((conn, host_id)) = target {
                let _ = conn
                    .notify("component_close", json!({ "id": host_id }))
                    .await;
            }
        }
    }

    /// tau moved focus to (or away from) `id`: sets its pi-tui `focused` field and the overlay
    /// handle's `isFocused()`.
    pub async fn set_focus(&self, id: ComponentId, focused: bool, focus_epoch: u64) {
        // With the host's focus moves tau had applied: one made by extension code after them
        // is newer than this and wins (the host ignores this).
        self.notify_component(
            id,
            "component_focus",
            json!({ "focused": focused, "epoch": focus_epoch }),
        )
        .await;
    }

    /// Where tau drew an overlay (`handle.getBounds()`); `None` when not drawn.
    pub async fn report_bounds(&self, id: ComponentId, bounds: Option<OverlayBounds>) {
        self.notify_component(id, "component_bounds", json!({ "bounds": bounds }))
            .await;
    }

    async fn broadcast(&self, method: &str, params: Value) {
        if let Some(conn) = self.live() {
            let _ = conn.notify(method, params).await;
        }
    }

    /// The terminal's size (`tui.terminal.columns/rows`, overlay visibility callbacks).
    pub async fn set_terminal_size(&self, columns: u16, rows: u16) {
        self.hub().lock().terminal = Some((columns, rows));
        self.broadcast("terminal", json!({ "columns": columns, "rows": rows }))
            .await;
    }

    /// The palette extension themes style with; every component is invalidated.
    pub async fn set_palette(&self, palette: &Palette) {
        self.hub().lock().palette = Some(palette.clone());
        self.broadcast("theme", json!({ "palette": palette })).await;
    }

    /// Footer data for footer factories: `{gitBranch, extensionStatuses: {key: text},
    /// availableProviderCount}` (keys given replace; a new `gitBranch` fires `onBranchChange`).
    pub async fn set_footer_data(&self, data: Value) {
        {
            let mut st = self.hub().lock();
            let merged = match (st.footer_data.take(), &data) {
                (Some(Value::Object(mut old)), Value::Object(new)) => {
                    old.extend(new.clone());
                    Value::Object(old)
                }
                _ => data.clone(),
            };
            st.footer_data = Some(merged);
        }
        self.broadcast("footer_data", data).await;
    }

    /// tau's keybindings for the `keybindings` object factories get (pi-tui's
    /// KeybindingsManager): `definitions` (id → `{defaultKeys, description}`, added to pi-tui's
    /// own) and the user's config `user` (id → key or keys).
    pub async fn set_keybindings(&self, definitions: Value, user: Value) {
        let params = json!({ "definitions": definitions, "user": user });
        self.hub().lock().keybindings = Some(params.clone());
        self.broadcast("keybindings", params).await;
    }

    /// The themes extensions may list and switch to: `[{name, path, palette}]`.
    pub async fn set_themes(&self, themes: Value) {
        self.broadcast("themes", json!({ "themes": themes })).await;
    }

    /// What `ctx.ui` reads synchronously in the terminal UI (`editorText`, `toolsExpanded`).
    pub async fn set_ui_state(&self, state: Value) {
        self.broadcast("ui_state", state).await;
    }

    /// Whether raw input must go through [`Components::filter_input`] first.
    pub fn has_input_listeners(&self) -> bool {
        self.hub().lock().input_listeners > 0
    }

    /// The host's latest count of focus moves by extension code, including moves whose events
    /// the UI has not handled yet (a key routed now may belong to such a move).
    pub fn focus_epoch(&self) -> u64 {
        self.hub().lock().focus_epoch
    }

    /// Raw terminal input through the extensions' input listeners: `None` when one consumed
    /// it, else the (possibly rewritten) data. Past `timeout` (or without a host) the data
    /// passes unchanged.
    pub async fn filter_input(&self, data: &str, timeout: Duration) -> Option<String> {
        let Some(conn) = self.live().filter(|_| self.has_input_listeners()) else {
            return Some(data.to_string());
        };
        match conn
            .request(
                "terminal_input",
                json!({ "data": data }),
                Some(timeout),
                None,
            )
            .await
        {
            Ok(answer) if answer.get("consume").and_then(Value::as_bool) == Some(true) => None,
            Ok(answer) => Some(
                answer
                    .get("data")
                    .and_then(Value::as_str)
                    .unwrap_or(data)
                    .to_string(),
            ),
            Err(_) => Some(data.to_string()),
        }
    }

    /// A request whose answer is `T`; an error message when the host is gone, fails, is
    /// slower than `timeout` or answers something else.
    async fn ask<T: serde::de::DeserializeOwned>(
        &self,
        method: &str,
        params: Value,
        timeout: Duration,
    ) -> Result<T, String> {
        let conn = self.live().ok_or("the extension host is not running")?;
        let answer = conn
            .request(method, params, Some(timeout), None)
            .await
            .map_err(|error| error.to_string())?;
        serde_json::from_value(answer)
            .map_err(|error| format!("malformed {method} answer: {error}"))
    }

    /// Suggestions of the extensions' provider chain (`ctx.ui.addAutocompleteProvider`) for
    /// `request`. Past `timeout`, or when the host fails, an error saying so.
    pub async fn autocomplete(
        &self,
        request: &CompletionRequest,
        timeout: Duration,
    ) -> Result<CompletionAnswer, String> {
        let params = serde_json::to_value(request).map_err(|e| e.to_string())?;
        self.ask("autocomplete", params, timeout).await
    }

    /// The chain's insertion of the item at `index` of the last suggestions (`item` as shown)
    /// in place of `prefix`, for the text and cursor of `request`.
    pub async fn autocomplete_apply(
        &self,
        request: &CompletionRequest,
        index: usize,
        item: Value,
        prefix: &str,
        timeout: Duration,
    ) -> Result<CompletionApplied, String> {
        let params = json!({
            "lines": request.lines, "cursorLine": request.cursor_line,
            "cursorCol": request.cursor_col, "index": index, "item": item, "prefix": prefix,
        });
        self.ask("autocomplete_apply", params, timeout).await
    }

    /// Creates a renderer instance: the component opens (an `Opened` event) and its id is
    /// returned; `None` when no renderer applies or it returned nothing.
    pub async fn open_renderer(
        &self,
        request: &RendererRequest,
        timeout: Duration,
    ) -> Result<Option<ComponentId>, crate::BridgeError> {
        let params = match request {
            RendererRequest::Message {
                custom_type,
                message,
                options,
            } => json!({
                "kind": "message", "customType": custom_type, "message": message, "options": options,
            }),
            RendererRequest::Entry {
                custom_type,
                entry,
                options,
            } => json!({
                "kind": "entry", "customType": custom_type, "entry": entry, "options": options,
            }),
            RendererRequest::Tool {
                tool_name,
                tool_call_id,
                args,
                result,
                context,
            } => json!({
                "kind": if result.is_some() { "tool_result" } else { "tool_call" },
                "toolName": tool_name, "toolCallId": tool_call_id, "args": args,
                "result": result, "context": context, "options": context,
            }),
        };
        let conn = self.host.live_connection().await?;
        let answer = conn
            .request("renderer_open", params, Some(timeout), None)
            .await?;
        Ok(self.hub().resolve(conn.serial(), answer.get("id")))
    }

    /// Tells a new host process what the old one knew (terminal size, palette, footer data,
    /// keybindings).
    pub(crate) async fn replay(&self, conn: &Connection) {
        let (terminal, palette, footer, keybindings) = {
            let st = self.hub().lock();
            (
                st.terminal,
                st.palette.clone(),
                st.footer_data.clone(),
                st.keybindings.clone(),
            )
        };
        if let Some(keybindings) = keybindings {
            let _ = conn.notify("keybindings", keybindings).await;
        }
        if let Some((columns, rows)) = terminal {
            let _ = conn
                .notify("terminal", json!({ "columns": columns, "rows": rows }))
                .await;
        }
        if let Some(palette) = palette {
            let _ = conn.notify("theme", json!({ "palette": palette })).await;
        }
        if let Some(footer) = footer {
            let _ = conn.notify("footer_data", footer).await;
        }
    }
}
