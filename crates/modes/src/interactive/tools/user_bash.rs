//! The user's own shell commands (`!cmd`; `!!cmd` keeps its output out of the context and
//! is drawn dim): between two rules, `$ command`, the output's last 20 lines (all of them
//! expanded), then a spinner while it runs or how it ended.

use tau_tools::ansi::strip_ansi;
use tau_tools::truncate::{truncate_tail, TruncationOptions};

use super::format::key_hint;
use super::layout;
use super::{KeyTexts, Paint};
use crate::interactive::transcript::model::BashRow;

/// Output lines shown while collapsed.
const PREVIEW_LINES: usize = 20;

/// pi-tui's loader frames.
const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/// How to draw a command row.
#[derive(Debug, Clone, Copy)]
pub struct BashRenderOptions<'a> {
    pub width: usize,
    pub expanded: bool,
    /// Horizontal padding (Pi's `outputPad`).
    pub output_pad: usize,
    /// Which spinner frame shows while the command runs (advance it every 80 ms).
    pub spinner_frame: usize,
    pub keys: KeyTexts<'a>,
}

impl BashRenderOptions<'_> {
    pub fn new(width: usize) -> Self {
        BashRenderOptions {
            width,
            expanded: false,
            output_pad: 1,
            spinner_frame: 0,
            keys: KeyTexts::default(),
        }
    }
}

fn status(
    row: &BashRow,
    hidden: usize,
    truncated: bool,
    opts: &BashRenderOptions<'_>,
    paint: &dyn Paint,
) -> Vec<String> {
    let mut parts = Vec::new();
    if hidden > 0 {
        parts.push(if opts.expanded {
            paint.fg("muted", "(")
                + &key_hint(opts.keys.expand, "to collapse", paint)
                + &paint.fg("muted", ")")
        } else {
            paint.fg("muted", &format!("... {hidden} more lines ("))
                + &key_hint(opts.keys.expand, "to expand", paint)
                + &paint.fg("muted", ")")
        });
    }
    if row.cancelled {
        parts.push(paint.fg("warning", "(cancelled)"));
    } else if let Some(code) = row.exit_code.filter(|&c| c != 0) {
        parts.push(paint.fg("error", &format!("(exit {code})")));
    }
    if let Some(path) = row
        .full_output_path
        .as_deref()
        .filter(|p| truncated && !p.is_empty())
    {
        parts.push(paint.fg("warning", &format!("Output truncated. Full output: {path}")));
    }
    parts
}

/// One command row's lines.
pub fn render_bash_row(
    row: &BashRow,
    opts: &BashRenderOptions<'_>,
    paint: &dyn Paint,
) -> Vec<String> {
    let color = if row.excluded { "dim" } else { "bashMode" };
    let (width, pad) = (opts.width, opts.output_pad);
    let rule = paint.fg(color, &"─".repeat(width.max(1)));
    let mut lines = vec![String::new(), rule.clone()];

    let header = paint.fg(color, &paint.bold(&format!("$ {}", row.command)));
    lines.extend(layout::text_lines(&header, pad, 0, None, width));

    let output = strip_ansi(&row.output)
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    let context = truncate_tail(&output, TruncationOptions::default());
    let available: Vec<&str> = if context.content.is_empty() {
        Vec::new()
    } else {
        context.content.split('\n').collect()
    };
    let preview = &available[available.len().saturating_sub(PREVIEW_LINES)..];
    let hidden = available.len() - preview.len();
    let muted = |lines: &[&str]| {
        lines
            .iter()
            .map(|l| paint.fg("muted", l))
            .collect::<Vec<_>>()
            .join("\n")
    };
    if !available.is_empty() {
        if opts.expanded {
            let text = format!("\n{}", muted(&available));
            lines.extend(layout::text_lines(&text, pad, 0, None, width));
        } else {
            let text = format!("\n{}", muted(preview));
            lines.extend(layout::visual_lines(&text, PREVIEW_LINES, width, pad).0);
        }
    }

    if row.running {
        let frame = SPINNER[opts.spinner_frame % SPINNER.len()];
        let message = format!("Running... ({} to cancel)", opts.keys.cancel);
        let text = format!("{} {}", paint.fg(color, frame), paint.fg("muted", &message));
        lines.push(String::new());
        lines.extend(layout::text_lines(&text, 1, 0, None, width));
    } else {
        let parts = status(row, hidden, row.truncated || context.truncated, opts, paint);
        if !parts.is_empty() {
            let text = format!("\n{}", parts.join("\n"));
            lines.extend(layout::text_lines(&text, pad, 0, None, width));
        }
    }
    lines.push(rule);
    lines
}
