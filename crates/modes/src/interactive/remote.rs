//! Extension components in the terminal UI. They live in the Node host as real pi-tui
//! objects; tau keeps, per component, where it goes (the editor's place, an overlay, a
//! widget slot, the footer, the header) and the lines the host last sent. A frame asks the
//! host for the lines of the components that asked to be drawn again, in one round trip
//! with a time limit: a slow or hung component keeps its last lines and the terminal stays
//! live.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::Duration;

use tau_ext_bridge::components::{
    ComponentEvent, ComponentId, ComponentKind, OverlayCall, SizeValue, WidgetPlacement,
};
use tau_ext_bridge::ExtensionHost;
use tau_tui::render::{self, Anchor, Margin, Position};
use tau_tui::Lines;

use super::app::Placement;

/// How long a frame waits for the host's lines.
pub const RENDER_LIMIT: Duration = Duration::from_millis(50);

/// How long keys from the terminal wait for keys a closed component gives back.
pub const RETURN_LIMIT: Duration = Duration::from_millis(250);

/// An overlay on screen.
pub struct RemoteOverlay {
    pub id: ComponentId,
    pub options: render::OverlayOptions,
    pub focus_order: u64,
    pub hidden: bool,
}

/// Where each open component goes, and its last lines.
#[derive(Default)]
pub struct Remote {
    /// `ctx.ui.custom` components in the editor's place, newest last (it has the keys).
    pub inline: Vec<ComponentId>,
    pub overlays: Vec<RemoteOverlay>,
    pub widgets: BTreeMap<String, (Placement, ComponentId)>,
    pub footer: Option<ComponentId>,
    pub header: Option<ComponentId>,
    /// `setEditorComponent`: the extension's editor in place of tau's.
    pub editor: Option<ComponentId>,
    /// Components that take keys (have `handleInput`).
    pub takes_input: HashSet<ComponentId>,
    /// Set by `tui.setFocus` / an overlay's `focus()`.
    pub focused: Option<ComponentId>,
    lines: HashMap<ComponentId, Lines>,
    visible: HashMap<ComponentId, bool>,
    /// Components to ask for lines at the next frame (all of them after a resize).
    dirty: HashSet<ComponentId>,
    all_dirty: bool,
    next_order: u64,
    /// Width each component was last drawn at.
    widths: HashMap<ComponentId, u16>,
    /// Renderer instances of transcript items, with their widths (set before a refresh).
    extra: Vec<(ComponentId, u16)>,
    /// Frames an instance had no lines yet (its opening still on the way); given up after
    /// a few so an instance that never arrives does not keep the UI drawing.
    misses: HashMap<ComponentId, u8>,
    /// Overlay bounds last reported to the host.
    bounds: HashMap<ComponentId, Option<tau_ext_bridge::components::OverlayBounds>>,
    /// Keys sent to each component: its `component_closed` says how many it got.
    keys_sent: HashMap<ComponentId, u64>,
    /// Keys on their way back from components that closed before they arrived; keys from
    /// the terminal wait for them (see `run.rs`).
    pub returning: u64,
    /// The host's last focus move by extension code that tau has applied: keys carry it, so
    /// one routed before a later move goes where that move put focus.
    pub focus_epoch: u64,
    /// The component the last key went to.
    pub last_key_target: Option<ComponentId>,
}

fn size(value: Option<SizeValue>) -> Option<render::SizeValue> {
    value.map(|v| match v {
        SizeValue::Cells(n) => render::SizeValue::Cells(n),
        SizeValue::Percent(p) => render::SizeValue::Percent(p),
    })
}

fn position(value: Option<SizeValue>) -> Option<Position> {
    value.map(|v| match v {
        SizeValue::Cells(n) => Position::Cells(n),
        SizeValue::Percent(p) => Position::Percent(p),
    })
}

/// The host's overlay options as the renderer takes them.
pub fn overlay_options(
    options: &tau_ext_bridge::components::OverlayOptions,
) -> render::OverlayOptions {
    let margin = options.margin.map_or(Margin::default(), |m| Margin {
        top: m.top,
        right: m.right,
        bottom: m.bottom,
        left: m.left,
    });
    render::OverlayOptions {
        width: size(options.width),
        min_width: options.min_width,
        max_height: size(options.max_height),
        anchor: options
            .anchor
            .as_deref()
            .and_then(Anchor::from_name)
            .unwrap_or_default(),
        offset_x: options.offset_x.unwrap_or(0),
        offset_y: options.offset_y.unwrap_or(0),
        row: position(options.row),
        col: position(options.col),
        margin,
        visible: true,
        non_capturing: options.non_capturing,
    }
}

/// What the UI must do after a component event.
#[derive(Debug)]
pub enum Reaction {
    Nothing,
    /// Something to draw again.
    Redraw,
    /// An extension's component failed: say so.
    Error(String),
    /// Hand the terminal over (`tui.stop()`) or take it back (`tui.start()`).
    Handover(
        tau_ext_bridge::components::Handover,
        tokio::sync::oneshot::Sender<()>,
    ),
    /// The extension's editor submitted this text.
    EditorSubmit(String),
    /// The extension's editor handed back one of Pi's app actions (by id).
    EditorAction(String),
    /// A key the host gave back (its component had closed): it goes to what has focus now.
    Unclaimed(String),
}

impl Remote {
    /// Applies one event from the host.
    pub fn on_event(&mut self, event: ComponentEvent) -> Reaction {
        match event {
            ComponentEvent::Opened(opened) => {
                let id = opened.id;
                if opened.handles_input {
                    self.takes_input.insert(id);
                }
                match opened.kind {
                    ComponentKind::Custom => self.inline.push(id),
                    ComponentKind::Overlay { options, .. } => {
                        self.next_order += 1;
                        if !options.non_capturing {
                            self.focused = Some(id);
                        }
                        self.overlays.push(RemoteOverlay {
                            id,
                            options: overlay_options(&options),
                            focus_order: self.next_order,
                            hidden: false,
                        });
                    }
                    ComponentKind::Widget { key, placement } => {
                        let placement = match placement {
                            WidgetPlacement::AboveEditor => Placement::AboveEditor,
                            WidgetPlacement::BelowEditor => Placement::BelowEditor,
                        };
                        self.widgets.insert(key, (placement, id));
                    }
                    ComponentKind::Footer => self.footer = Some(id),
                    ComponentKind::Editor => self.editor = Some(id),
                    ComponentKind::Header => self.header = Some(id),
                    ComponentKind::Message { .. } | ComponentKind::Tool { .. } => {}
                }
                self.dirty.insert(id);
                Reaction::Redraw
            }
            ComponentEvent::Done { .. } => Reaction::Nothing,
            ComponentEvent::Closed { id, inputs, .. } => {
                let sent = self.keys_sent.get(&id).copied().unwrap_or(0);
                if let Some(got) = inputs {
                    self.returning += sent.saturating_sub(got);
                }
                self.remove(id);
                Reaction::Redraw
            }
            ComponentEvent::InputUnclaimed { data } => {
                self.returning = self.returning.saturating_sub(1);
                Reaction::Unclaimed(data)
            }
            ComponentEvent::RequestRender { id, force } => {
                match id {
                    Some(id) if !force => {
                        self.dirty.insert(id);
                    }
                    _ => self.all_dirty = true,
                }
                Reaction::Redraw
            }
            ComponentEvent::Overlay {
                id,
                call,
                focus_epoch,
            } => {
                self.focus_epoch = self.focus_epoch.max(focus_epoch);
                if let Some(overlay) = self.overlays.iter_mut().find(|o| o.id == id) {
                    match call {
                        OverlayCall::SetHidden(hidden) => overlay.hidden = hidden,
                        OverlayCall::Focus => {
                            self.next_order += 1;
                            overlay.focus_order = self.next_order;
                            self.focused = Some(id);
                        }
                        OverlayCall::Unfocus { target } => {
                            self.focused = target.flatten();
                        }
                    }
                }
                Reaction::Redraw
            }
            ComponentEvent::Focus { id, focus_epoch } => {
                self.focus_epoch = self.focus_epoch.max(focus_epoch);
                self.focused = id;
                Reaction::Redraw
            }
            ComponentEvent::Error {
                extension_path,
                place,
                message,
                ..
            } if place == "autocomplete" => Reaction::Error(format!(
                "Extension autocomplete provider failed ({extension_path}): {message}"
            )),
            ComponentEvent::Error {
                extension_path,
                place,
                message,
                ..
            } if place == "getArgumentCompletions" => Reaction::Error(format!(
                "Extension command argument completions failed ({extension_path}): {message}"
            )),
            ComponentEvent::Error {
                extension_path,
                place,
                message,
                ..
            } => Reaction::Error(format!(
                "Extension component failed in {place} ({extension_path}): {message}"
            )),
            // The run loop answers these before they get here.
            ComponentEvent::InputListeners { .. }
            | ComponentEvent::AutocompleteProviders { .. }
            | ComponentEvent::AutocompleteBase { .. } => Reaction::Nothing,
            ComponentEvent::TerminalHandover { action, done } => Reaction::Handover(action, done),
            ComponentEvent::EditorSubmit { text } => Reaction::EditorSubmit(text),
            ComponentEvent::EditorAction { action } => Reaction::EditorAction(action),
        }
    }

    /// Forgets a component: the host closed it, or tau did.
    pub fn remove(&mut self, id: ComponentId) {
        self.inline.retain(|c| *c != id);
        self.overlays.retain(|o| o.id != id);
        self.widgets.retain(|_, (_, c)| *c != id);
        if self.footer == Some(id) {
            self.footer = None;
        }
        if self.header == Some(id) {
            self.header = None;
        }
        if self.editor == Some(id) {
            self.editor = None;
        }
        if self.focused == Some(id) {
            // As pi-tui: focus goes back to the frontmost capturing overlay left, if any.
            self.focused = self
                .overlays
                .iter()
                .filter(|o| !o.hidden && !o.options.non_capturing)
                .max_by_key(|o| o.focus_order)
                .map(|o| o.id);
        }
        self.takes_input.remove(&id);
        self.lines.remove(&id);
        self.visible.remove(&id);
        self.dirty.remove(&id);
        self.widths.remove(&id);
        self.bounds.remove(&id);
        self.keys_sent.remove(&id);
    }

    /// A key went to `id`: its next lines are wanted (it usually asks anyway), and it is
    /// counted.
    pub fn touch(&mut self, id: ComponentId) {
        self.last_key_target = Some(id);
        self.dirty.insert(id);
        *self.keys_sent.entry(id).or_default() += 1;
    }

    /// Whether an overlay's drawn bounds differ from the last ones reported.
    pub fn bounds_changed(
        &mut self,
        id: ComponentId,
        bounds: Option<tau_ext_bridge::components::OverlayBounds>,
    ) -> bool {
        self.bounds.insert(id, bounds) != Some(bounds)
    }

    /// Whether any component is open.
    pub fn is_empty(&self) -> bool {
        self.inline.is_empty()
            && self.overlays.is_empty()
            && self.widgets.is_empty()
            && self.footer.is_none()
            && self.header.is_none()
            && self.editor.is_none()
    }

    /// The component that gets the keys: a focused overlay, else the newest inline one.
    pub fn key_target(&self) -> Option<ComponentId> {
        let overlay_focus = self
            .focused
            .filter(|id| self.overlays.iter().any(|o| o.id == *id && !o.hidden));
        overlay_focus
            .or_else(|| self.inline.last().copied())
            .or(self.focused)
            .or(self.editor)
            .filter(|id| self.takes_input.contains(id))
    }

    /// The lines `id` last sent (empty before its first frame).
    pub fn lines(&self, id: ComponentId) -> Lines {
        self.lines.get(&id).cloned().unwrap_or_default()
    }

    /// Whether an overlay's `visible` callback lets it show.
    pub fn is_visible(&self, id: ComponentId) -> bool {
        self.visible.get(&id).copied().unwrap_or(true)
    }

    /// Every component on screen with the width it is drawn at.
    fn placed(&self, cols: u16, rows: u16) -> Vec<(ComponentId, u16)> {
        let mut placed: Vec<(ComponentId, u16)> = Vec::new();
        let full = [self.header, self.footer, self.editor]
            .into_iter()
            .flatten()
            .chain(self.inline.last().copied())
            .chain(self.widgets.values().map(|(_, id)| *id));
        placed.extend(full.map(|id| (id, cols)));
        placed.extend(self.extra.iter().copied());
        for overlay in self.overlays.iter().filter(|o| !o.hidden) {
            let layout = render::resolve_layout(&overlay.options, 0, cols as usize, rows as usize);
            placed.push((overlay.id, layout.width.max(1) as u16));
        }
        placed
    }

    /// Asks the host for the lines of the components that changed (all after a resize),
    /// within [`RENDER_LIMIT`].
    pub async fn refresh(&mut self, host: &ExtensionHost, cols: u16, rows: u16) {
        let placed = self.placed(cols, rows);
        // Pi's requestRender redraws everything; unchanged components answer `same`, so
        // asking for all of them costs little and catches what changed without asking.
        let any = self.all_dirty || !self.dirty.is_empty();
        let wanted: Vec<(ComponentId, u16)> = placed
            .into_iter()
            .filter(|(id, width)| {
                any || self.widths.get(id) != Some(width) || !self.lines.contains_key(id)
            })
            .collect();
        if wanted.is_empty() {
            return;
        }
        let rendered = host.components().render_batch(&wanted, RENDER_LIMIT).await;
        for ((id, width), result) in wanted.iter().zip(rendered) {
            let Some(result) = result else {
                *self.misses.entry(*id).or_default() += 1;
                continue;
            };
            self.lines.insert(*id, result.lines.clone());
            self.visible.insert(*id, result.visible);
            if result.fresh {
                self.dirty.remove(id);
                self.widths.insert(*id, *width);
            }
        }
        self.all_dirty = false;
    }

    /// The transcript's renderer instances to draw, with their widths.
    pub fn set_extra(&mut self, extra: Vec<(ComponentId, u16)>) {
        self.extra = extra;
    }

    /// Everything must be drawn again (resize, theme change).
    pub fn invalidate(&mut self) {
        self.all_dirty = true;
    }

    /// Whether a frame should ask the host for lines.
    pub fn needs_refresh(&self) -> bool {
        let open = !self.is_empty() || !self.extra.is_empty();
        let stale = self.extra.iter().any(|(id, width)| {
            self.widths.get(id) != Some(width) && self.misses.get(id).is_none_or(|m| *m < 20)
        });
        open && (self.all_dirty || !self.dirty.is_empty() || stale)
    }
}

/// A fixed set of lines as a component (a remote component's last lines).
pub struct Shown(pub Lines);

impl tau_tui::Component for Shown {
    fn render(&mut self, width: usize) -> Lines {
        let _ = width;
        self.0.clone()
    }
}

/// The palette the host builds its `theme` from: each token's opening sequence.
pub fn palette(theme: &tau_tui::theme::Theme) -> tau_ext_bridge::components::Palette {
    let mode = match theme.appearance() {
        Some(tau_tui::theme::Appearance::Light) => "light",
        _ => "dark",
    };
    let color_mode = match theme.color_mode() {
        tau_tui::theme::ColorMode::Truecolor => "truecolor",
        tau_tui::theme::ColorMode::Ansi256 => "256color",
    };
    tau_ext_bridge::components::Palette {
        name: theme.name().to_string(),
        mode: mode.into(),
        color_mode: color_mode.into(),
        fg: theme
            .fg_tokens()
            .map(|(token, open)| (token.to_string(), open.to_string()))
            .collect(),
        bg: theme
            .bg_tokens()
            .map(|(token, open)| (token.to_string(), open.to_string()))
            .collect(),
        dim: Vec::new(),
    }
}
