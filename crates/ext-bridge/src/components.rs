//! Extension components in tau's interactive mode (docs/protocol.md "Components"): what the host
//! tells tau about the components extensions open, as Rust types. The components stay in the host
//! (they are closures over extension state); tau asks for their lines
//! ([`crate::Components::render_batch`]) and routes keys to them.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;
use tokio::sync::oneshot;

/// A component, unique for the life of the [`crate::ExtensionHost`] (a restarted host process
/// never reuses one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ComponentId(pub u64);

/// A size that is either cells or a percentage of the terminal (`"50%"`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SizeValue {
    /// Columns or rows.
    Cells(i64),
    /// Percent of the terminal's width or height.
    Percent(f64),
}

/// Margin from the terminal's edges.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct OverlayMargin {
    /// Rows from the top.
    pub top: i64,
    /// Columns from the right.
    pub right: i64,
    /// Rows from the bottom.
    pub bottom: i64,
    /// Columns from the left.
    pub left: i64,
}

/// pi-tui's OverlayOptions as data. The `visible` callback stays in the host: `has_visible` says
/// there is one, and every render answer then carries its verdict.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OverlayOptions {
    /// Width in columns or percent.
    pub width: Option<SizeValue>,
    /// Minimum width in columns.
    pub min_width: Option<i64>,
    /// Maximum height in rows or percent.
    pub max_height: Option<SizeValue>,
    /// `center` (default), `top-left`, `top-right`, `bottom-left`, `bottom-right`, `top-center`,
    /// `bottom-center`, `left-center`, `right-center`.
    pub anchor: Option<String>,
    /// Columns right of the anchor position.
    pub offset_x: Option<i64>,
    /// Rows below the anchor position.
    pub offset_y: Option<i64>,
    /// Absolute row or percent from the top.
    pub row: Option<SizeValue>,
    /// Absolute column or percent from the left.
    pub col: Option<SizeValue>,
    /// Margin from the edges (a number applies to all four sides).
    pub margin: Option<OverlayMargin>,
    /// The overlay does not take keyboard focus when shown.
    pub non_capturing: bool,
    /// A visibility callback exists in the host.
    pub has_visible: bool,
}

/// Where a widget goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WidgetPlacement {
    /// Above the editor (Pi's default).
    AboveEditor,
    /// Below the editor.
    BelowEditor,
}

/// What a component is for, and where tau shows it.
#[derive(Debug, Clone, PartialEq)]
pub enum ComponentKind {
    /// `ctx.ui.custom` without `overlay`: shown in the editor's place with focus.
    Custom,
    /// An overlay: `ctx.ui.custom` with `overlay` (`custom`), or `tui.showOverlay` from a
    /// component (`parent` is that component).
    Overlay {
        /// Its options.
        options: OverlayOptions,
        /// Opened by `ctx.ui.custom` (its `done` closes it).
        custom: bool,
        /// The component whose `tui.showOverlay` opened it.
        parent: Option<ComponentId>,
    },
    /// `ctx.ui.setWidget(key, factory, {placement})`.
    Widget {
        /// The widget key (a string widget of the same key is replaced).
        key: String,
        /// Above or below the editor.
        placement: WidgetPlacement,
    },
    /// `ctx.ui.setFooter(factory)`: replaces tau's footer.
    Footer,
    /// `ctx.ui.setHeader(factory)`: replaces tau's header.
    Header,
    /// `ctx.ui.setEditorComponent(factory)`: replaces tau's editor (it takes the keys).
    Editor,
    /// A message renderer instance ([`crate::Components::open_renderer`]).
    Message {
        /// The message's custom type.
        custom_type: String,
    },
    /// A tool's `renderCall` / `renderResult` instance.
    Tool {
        /// The tool.
        tool_name: String,
        /// The tool call.
        tool_call_id: String,
        /// `tool_call` or `tool_result`.
        slot: String,
    },
}

/// A component the host opened.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenedComponent {
    /// Its id.
    pub id: ComponentId,
    /// The extension that opened it.
    pub extension_path: String,
    /// What it is.
    pub kind: ComponentKind,
    /// It has pi-tui's `focused` field (emits CURSOR_MARKER when focused).
    pub focusable: bool,
    /// It has `handleInput`.
    pub handles_input: bool,
    /// It wants kitty key-release events.
    pub wants_key_release: bool,
    /// It wants the viewport keys while focused.
    pub captures_viewport_input: bool,
    /// `ctx.ui.custom`'s `blocked` option (the program status while it is shown), as given.
    pub blocked: Option<Value>,
}

/// A call on an overlay's handle.
#[derive(Debug, Clone, PartialEq)]
pub enum OverlayCall {
    /// `setHidden(hidden)`.
    SetHidden(bool),
    /// `focus()`: focus it and bring it to the front.
    Focus,
    /// `unfocus(options)`: release focus; `target` is the explicit target when one was given
    /// (`Some(None)`: focus nothing, or a component tau does not know).
    Unfocus {
        /// The explicit target.
        target: Option<Option<ComponentId>>,
    },
}

/// `tui.stop()` / `tui.start()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handover {
    /// Release the terminal (leave raw mode, show the cursor …).
    Stop,
    /// Take the terminal back and redraw.
    Start,
}

/// What the host reports about components.
#[derive(Debug)]
pub enum ComponentEvent {
    /// A component opened.
    Opened(Box<OpenedComponent>),
    /// A custom component's `done(value)` (a `Closed` follows).
    Done {
        /// The component.
        id: ComponentId,
        /// The value, as JSON.
        value: Value,
    },
    /// A component is gone: `done`, `replaced` (its slot got another one or was cleared),
    /// `hidden` (its overlay handle's `hide()`), `reload`, or `host exited`.
    Closed {
        /// The component.
        id: ComponentId,
        /// Why.
        reason: String,
        /// How many keys it got ([`crate::Components::send_input`]); the ones sent after
        /// these come back as [`ComponentEvent::InputUnclaimed`]. `None` when unknown (the
        /// host exited).
        inputs: Option<u64>,
    },
    /// A key sent to a component that had closed meanwhile (its `done` ran on an earlier
    /// key): it belongs to whatever has focus now, as in Pi, where closing is synchronous.
    InputUnclaimed {
        /// The key.
        data: String,
    },
    /// `tui.requestRender(force)`; `id` names the component whose `tui` asked.
    RequestRender {
        /// The component, if known.
        id: Option<ComponentId>,
        /// A full redraw was asked for.
        force: bool,
    },
    /// A call on an overlay handle.
    Overlay {
        /// The overlay.
        id: ComponentId,
        /// The call.
        call: OverlayCall,
        /// For a focus call: the host's count of focus moves by extension code (see
        /// `ComponentClient::send_input_after`); 0 otherwise.
        focus_epoch: u64,
    },
    /// `tui.setFocus(component)` (`None`: focus nothing).
    Focus {
        /// The component to focus.
        id: Option<ComponentId>,
        /// The host's count of focus moves by extension code.
        focus_epoch: u64,
    },
    /// Extension code of a component threw (render, handleInput, dispose, …); the component
    /// keeps its last good lines. Also reported to the host's [`crate::Reporter`].
    Error {
        /// The component (`None` for a terminal input listener).
        id: Option<ComponentId>,
        /// The extension.
        extension_path: String,
        /// The member that threw.
        place: String,
        /// Message and stack.
        message: String,
    },
    /// How many terminal input listeners exist; while any do, tau passes raw input through
    /// [`crate::Components::filter_input`] first.
    InputListeners {
        /// The count.
        count: usize,
    },
    /// The extension's editor submitted its text (`onSubmit`).
    EditorSubmit {
        /// The text.
        text: String,
    },
    /// The extension's editor ran one of tau's app actions (`app.interrupt`, `app.exit`,
    /// `app.clear`, ...), which a `CustomEditor` hands back to the application.
    EditorAction {
        /// Pi's action id.
        action: String,
    },
    /// `ctx.ui.addAutocompleteProvider`: the providers stacked on tau's completion changed
    /// (`count` 0 after a reload). While there are any, tau asks the host for suggestions
    /// ([`crate::Components::autocomplete`]).
    AutocompleteProviders {
        /// How many providers.
        count: usize,
        /// Their trigger characters (besides `@` and `#`), without repeats.
        trigger_characters: Vec<String>,
        /// The extensions that added them.
        extensions: Vec<String>,
    },
    /// The chain's innermost provider wants tau's own suggestions for `request`; answer
    /// `{suggestions: {prefix, items} | null}` (dropping `reply` answers none).
    AutocompleteBase {
        /// The text and cursor (columns in UTF-16 units).
        request: CompletionRequest,
        /// Gets the answer.
        reply: oneshot::Sender<Value>,
    },
    /// `tui.stop()` / `tui.start()`: tau does it, then answers with `done` (dropping it answers
    /// too).
    TerminalHandover {
        /// Stop or start.
        action: Handover,
        /// Send once done.
        done: oneshot::Sender<()>,
    },
}

/// The text and cursor a completion is asked for. Columns count UTF-16 units, as JavaScript
/// strings do (tau's editor counts bytes: convert at the edge).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CompletionRequest {
    /// The editor's lines.
    pub lines: Vec<String>,
    /// The cursor's line.
    pub cursor_line: usize,
    /// The cursor's column.
    pub cursor_col: usize,
    /// A Tab press (pi-tui's `force`).
    #[serde(default)]
    pub force: bool,
    /// The Tab was pressed by the user (a single suggestion is inserted at once).
    #[serde(default)]
    pub explicit_tab: bool,
}

/// The text after a completion, as the host's provider chain inserted it (columns in UTF-16
/// units).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CompletionApplied {
    /// All lines.
    pub lines: Vec<String>,
    /// The cursor's line.
    pub cursor_line: usize,
    /// The cursor's column.
    pub cursor_col: usize,
}

/// The host's answer to [`crate::Components::autocomplete`].
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CompletionAnswer {
    /// The suggestions as JSON (`{prefix, items: [{value, label, description?}]}`), or none.
    #[serde(default)]
    pub suggestions: Option<Value>,
    /// A forced request where the chain says not to complete files: nothing changes.
    #[serde(default)]
    pub skip: bool,
    /// A newer request superseded this one.
    #[serde(default)]
    pub aborted: bool,
    /// Tab with a single suggestion: the text with it inserted.
    #[serde(default)]
    pub applied: Option<CompletionApplied>,
}

/// A component's lines for one frame.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    /// Its lines (the last good ones when it threw or the answer was late).
    pub lines: tau_tui::Lines,
    /// False for an overlay whose visibility callback says not to show it.
    pub visible: bool,
    /// False when the lines are the last ones kept: the render threw, or the batch timed out.
    pub fresh: bool,
}

/// The palette tau's theme hands the host (docs/protocol.md "Palette"): per token the opening
/// escape sequence, as Pi's Theme precomputes them.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Palette {
    /// The theme's name (`theme.name`).
    pub name: String,
    /// `dark` or `light`.
    pub mode: String,
    /// `truecolor` or `256color` (`theme.getColorMode()`).
    pub color_mode: String,
    /// Foreground token → opening sequence (`\x1b[39m` closes it).
    pub fg: BTreeMap<String, String>,
    /// Background token → opening sequence (`\x1b[49m` closes it).
    pub bg: BTreeMap<String, String>,
    /// Foreground tokens drawn faint on top of their colour (SGR 2).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dim: Vec<String>,
}

/// Bounds tau drew an overlay at (`handle.getBounds()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OverlayBounds {
    /// Terminal row.
    pub row: u16,
    /// Terminal column.
    pub col: u16,
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
}

/// A renderer instance tau asks for ([`crate::Components::open_renderer`]).
#[derive(Debug, Clone, PartialEq)]
pub enum RendererRequest {
    /// A custom message's renderer: `message` is the message, `options` Pi's
    /// MessageRenderOptions data (`expanded`, `outputPad`).
    Message {
        /// The message's custom type.
        custom_type: String,
        /// The message.
        message: Value,
        /// The options.
        options: Value,
    },
    /// A custom entry's renderer (`registerEntryRenderer`): `entry` is the session entry,
    /// `options` Pi's data (`expanded`).
    Entry {
        /// The entry's custom type.
        custom_type: String,
        /// The entry.
        entry: Value,
        /// The options.
        options: Value,
    },
    /// A tool's `renderCall` (`result` `None`) or `renderResult`; `context` carries the data of
    /// Pi's ToolRenderContext (`executionStarted`, `isPartial`, `expanded`, `isError`, …).
    Tool {
        /// The tool.
        tool_name: String,
        /// The call.
        tool_call_id: String,
        /// Its arguments.
        args: Value,
        /// The result, for `renderResult`.
        result: Option<Value>,
        /// ToolRenderContext data.
        context: Value,
    },
}

fn size(value: Option<&Value>) -> Option<SizeValue> {
    match value? {
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().map(|f| f as i64))
            .map(SizeValue::Cells),
        Value::String(s) => s
            .strip_suffix('%')?
            .trim()
            .parse()
            .ok()
            .map(SizeValue::Percent),
        _ => None,
    }
}

fn int(value: Option<&Value>) -> Option<i64> {
    let value = value?;
    value.as_i64().or_else(|| value.as_f64().map(|f| f as i64))
}

fn margin(value: Option<&Value>) -> Option<OverlayMargin> {
    let value = value?;
    if let Some(all) = int(Some(value)) {
        return Some(OverlayMargin {
            top: all,
            right: all,
            bottom: all,
            left: all,
        });
    }
    let side = |name: &str| int(value.get(name)).unwrap_or(0);
    value.is_object().then(|| OverlayMargin {
        top: side("top"),
        right: side("right"),
        bottom: side("bottom"),
        left: side("left"),
    })
}

/// Overlay options from the host's JSON (anything malformed is left out).
pub(crate) fn overlay_options(value: &Value, has_visible: bool) -> OverlayOptions {
    OverlayOptions {
        width: size(value.get("width")),
        min_width: int(value.get("minWidth")),
        max_height: size(value.get("maxHeight")),
        anchor: value
            .get("anchor")
            .and_then(Value::as_str)
            .map(str::to_string),
        offset_x: int(value.get("offsetX")),
        offset_y: int(value.get("offsetY")),
        row: size(value.get("row")),
        col: size(value.get("col")),
        margin: margin(value.get("margin")),
        non_capturing: value
            .get("nonCapturing")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        has_visible,
    }
}
