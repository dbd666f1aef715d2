//! Tool rows of the transcript as Pi 1.6.0 draws them: a blank line, then a padded block
//! whose background follows the call's state (pending while the call streams or runs,
//! success, error), holding the tool's call line(s) and, once there is one, its result.
//! The seven built-in tools have their own layouts; any other tool shows its name with its
//! arguments and its text output. [`render_bash_row`] draws the user's own `!` commands.
//!
//! Everything that changes with time or the terminal comes in through
//! [`ToolRenderOptions`], so the same row always draws the same lines.

mod bash;
mod diff;
mod edit;
mod find;
pub(crate) mod format;
mod generic;
mod grep;
mod images;
mod layout;
mod ls;
mod output;
mod read;
mod user_bash;
mod word_diff;
mod write;

use std::path::Path;
use std::time::Instant;

use tau_protocol::ToolResult;

pub use super::paint::Paint;
#[allow(
    unused_imports,
    reason = "the transcript view calls these once it is wired in"
)]
pub use diff::render_diff;
pub use images::{ImageSettings, InlineImages};
#[allow(
    unused_imports,
    reason = "the transcript view calls these once it is wired in"
)]
pub use user_bash::{render_bash_row, BashRenderOptions};

use super::transcript::model::{ToolRow, ToolState};
use layout::Part;

/// A syntax highlighter: code and language in, one styled string per line out.
pub type Highlight<'a> = &'a dyn Fn(&str, &str) -> Vec<String>;

/// The key texts the hints show (Pi's default keybindings unless the user changed them).
#[derive(Debug, Clone, Copy)]
pub struct KeyTexts<'a> {
    /// `app.tools.expand`.
    pub expand: &'a str,
    /// `tui.select.cancel`.
    pub cancel: &'a str,
}

impl Default for KeyTexts<'_> {
    fn default() -> Self {
        KeyTexts {
            expand: "ctrl+o",
            cancel: "escape/ctrl+c",
        }
    }
}

/// An edit's diff computed before the edit runs (Pi's preview), or why it cannot apply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditPreview {
    Diff(String),
    // The interactive mode does not compute previews before an edit runs yet (only the
    // result's diff is shown); the row already draws this case as Pi does (tests).
    #[cfg_attr(not(test), allow(dead_code))]
    Error(String),
}

/// How to draw rows; everything a row's look depends on beyond the row itself.
#[derive(Clone, Copy)]
pub struct ToolRenderOptions<'a> {
    pub width: usize,
    /// Tool output expanded (Ctrl+O).
    pub expanded: bool,
    /// The session's working directory, for links and relative paths.
    pub cwd: &'a Path,
    /// The home directory paths are shortened against (`~/…`).
    pub home: Option<&'a Path>,
    /// Paths become OSC 8 links to their files.
    pub hyperlinks: bool,
    /// Horizontal padding of the block (Pi's `outputPad`, 1 unless configured).
    pub output_pad: usize,
    /// The moment the row is drawn, for the running time of bash calls.
    pub now: Option<Instant>,
    pub keys: KeyTexts<'a>,
    /// Highlights code by language; without it code is plain tool output.
    pub highlight: Option<Highlight<'a>>,
    /// Whether a tool name has a definition (an extension tool). Tools without one show
    /// their arguments as JSON. `None`: every tool has one.
    pub has_definition: Option<&'a dyn Fn(&str) -> bool>,
    /// Pi's own package folder: reads of its README.md, docs/ and examples/ show as
    /// `read docs` while collapsed.
    pub pi_docs: Option<&'a Path>,
    /// An edit row's preview, when the caller computed one for this row.
    pub edit_preview: Option<&'a EditPreview>,
    /// Result images drawn below the row; `None`: the row's text names them instead.
    pub images: Option<InlineImages>,
}

impl<'a> ToolRenderOptions<'a> {
    /// Defaults for a width and a working directory.
    pub fn new(width: usize, cwd: &'a Path) -> Self {
        ToolRenderOptions {
            width,
            expanded: false,
            cwd,
            home: None,
            hyperlinks: false,
            output_pad: 1,
            now: None,
            keys: KeyTexts::default(),
            highlight: None,
            has_definition: None,
            pi_docs: None,
            edit_preview: None,
            images: None,
        }
    }
}

/// What a renderer knows about the row's progress (Pi's render context).
pub(crate) struct RowView<'r> {
    pub row: &'r ToolRow,
    /// The result or partial result shown, if any.
    pub result: Option<ToolResult>,
    /// No final result yet.
    pub partial: bool,
    pub is_error: bool,
    /// Milliseconds since the tool started, while it runs.
    pub elapsed_ms: Option<u64>,
    /// The result's images are drawn below the row (its text leaves them out).
    pub images_drawn: bool,
}

impl<'r> RowView<'r> {
    fn of(row: &'r ToolRow, opts: &ToolRenderOptions<'_>) -> Self {
        let (result, partial) = match row.state {
            ToolState::Pending => (None, true),
            ToolState::Running => (row.partial.clone(), true),
            ToolState::Done => (row.result.clone(), false),
            // A call that ended without a result still settles as an error.
            ToolState::Failed => (Some(row.result.clone().unwrap_or_default()), false),
        };
        let is_error = match row.state {
            ToolState::Failed => true,
            ToolState::Done => result.as_ref().and_then(|r| r.is_error).unwrap_or(false),
            _ => false,
        };
        let elapsed_ms = match (row.started, opts.now) {
            (Some(started), Some(now)) => {
                Some(now.saturating_duration_since(started).as_millis() as u64)
            }
            _ => None,
        };
        RowView {
            row,
            result,
            partial,
            is_error,
            elapsed_ms,
            images_drawn: opts.images.is_some(),
        }
    }
}

/// The block's background for the row's state.
fn state_bg<'p>(view: &RowView<'_>, paint: &'p dyn Paint) -> impl Fn(&str) -> String + 'p {
    let token = if view.partial {
        "toolPendingBg"
    } else if view.is_error {
        "toolErrorBg"
    } else {
        "toolSuccessBg"
    };
    move |text: &str| paint.bg(token, text)
}

/// The parts of a built-in tool's row, or `None` for other tools.
fn builtin_parts<'p>(
    view: &RowView<'_>,
    opts: &ToolRenderOptions<'_>,
    paint: &'p dyn Paint,
) -> Option<Vec<Part<'p>>> {
    let parts = match view.row.name.as_str() {
        "read" => read::parts(view, opts, paint),
        "bash" => bash::parts(view, opts, paint, "$"),
        "powershell" => bash::parts(view, opts, paint, "PS>"),
        "edit" => edit::parts(view, opts, paint),
        "write" => write::parts(view, opts, paint),
        "grep" => grep::parts(view, opts, paint),
        "find" => find::parts(view, opts, paint),
        "ls" => ls::parts(view, opts, paint),
        _ => return None,
    };
    Some(parts)
}

/// The result's images below the row (Pi adds them whatever draws the row).
fn result_images(
    view: &RowView<'_>,
    opts: &ToolRenderOptions<'_>,
    paint: &dyn Paint,
) -> Vec<String> {
    images::image_lines(
        &view.row.id,
        view.result.as_ref(),
        opts.images,
        opts.width,
        paint,
    )
}

/// One tool row's lines at `opts.width`.
pub fn render_tool_row(
    row: &ToolRow,
    opts: &ToolRenderOptions<'_>,
    paint: &dyn Paint,
) -> Vec<String> {
    let view = RowView::of(row, opts);
    let bg = state_bg(&view, paint);
    let defined = opts.has_definition.is_none_or(|known| known(&row.name));
    let parts = match builtin_parts(&view, opts, paint) {
        Some(parts) => parts,
        None if defined => generic::parts(&view, opts, paint),
        None => {
            let text = generic::undefined_tool_text(&view, paint);
            let mut lines = vec![String::new()];
            lines.extend(layout::text_lines(
                &text,
                opts.output_pad,
                1,
                Some(&bg),
                opts.width,
            ));
            lines.extend(result_images(&view, opts, paint));
            return lines;
        }
    };
    let mut lines = vec![String::new()];
    lines.extend(layout::box_lines(
        &parts,
        opts.output_pad,
        1,
        Some(&bg),
        opts.width,
    ));
    lines.extend(result_images(&view, opts, paint));
    lines
}

/// A tool row drawn by the extension's own `renderCall` / `renderResult`: their lines (drawn
/// at the width less the padding) in the row's box, on the background of its state. `call`
/// and `result` are `None` where no instance draws that slot: for a built-in tool (a
/// `registerToolRenderer` resolver kept its renderer there) tau's own call line or result
/// body fills it; built-in parts are the call first, then the result.
pub fn frame_rendered_row(
    row: &ToolRow,
    call: Option<Vec<String>>,
    result: Option<Vec<String>>,
    opts: &ToolRenderOptions<'_>,
    paint: &dyn Paint,
) -> Vec<String> {
    let view = RowView::of(row, opts);
    let bg = state_bg(&view, paint);
    let fixed = |lines: Vec<String>| Box::new(move |_width: usize| lines.clone()) as Part<'_>;
    let mut own = builtin_parts(&view, opts, paint).map(|parts| parts.into_iter());
    let own_call = own.as_mut().and_then(|parts| parts.next());
    let mut parts: Vec<Part<'_>> = Vec::new();
    match call {
        Some(lines) => parts.extend((!lines.is_empty()).then(|| fixed(lines))),
        None => parts.extend(own_call),
    }
    match result {
        Some(lines) => parts.extend((!lines.is_empty()).then(|| fixed(lines))),
        None => parts.extend(own.into_iter().flatten()),
    }
    let mut lines = vec![String::new()];
    lines.extend(layout::box_lines(
        &parts,
        opts.output_pad,
        1,
        Some(&bg),
        opts.width,
    ));
    lines.extend(result_images(&view, opts, paint));
    lines
}

#[cfg(test)]
mod parity_tests;
#[cfg(test)]
mod row_tests;
