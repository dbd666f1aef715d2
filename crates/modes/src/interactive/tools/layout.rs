//! The few pi-tui layouts a tool row is made of, as functions of the width: a wrapped text
//! block with margins (pi-tui's `Text`), a padded block with a background over its children
//! (`Box`), empty lines (`Spacer`) and a text block cut to its last or first visual lines
//! (Pi's `VisualLinePreview`).

use tau_tui::{truncate_to_width, visible_width, wrap_text_with_ansi};

use super::format::is_js_blank;

/// A background applied to one full-width line.
pub type Bg<'a> = &'a dyn Fn(&str) -> String;

/// One block of a row: its lines for a width.
pub type Part<'a> = Box<dyn Fn(usize) -> Vec<String> + 'a>;

fn pad_to(line: &str, width: usize) -> String {
    let missing = width.saturating_sub(visible_width(line));
    format!("{line}{}", " ".repeat(missing))
}

/// pi-tui's `Text`: wrapped to the width less the margins, each line padded to the width
/// (under the background when there is one); nothing at all for blank text.
pub fn text_lines(
    text: &str,
    pad_x: usize,
    pad_y: usize,
    bg: Option<Bg<'_>>,
    width: usize,
) -> Vec<String> {
    if text.is_empty() || is_js_blank(text) {
        return Vec::new();
    }
    let normalized = text.replace('\t', "   ");
    // Margins shrink so that content and margins fit the width.
    let pad = pad_x.min(width.saturating_sub(1) / 2);
    let content_width = width.saturating_sub(pad * 2).max(1);
    let margin = " ".repeat(pad);
    let finish = |line: String| match bg {
        Some(bg) => bg(&pad_to(&line, width)),
        None => pad_to(&line, width),
    };
    let mut lines = Vec::new();
    let empty: Vec<String> = (0..pad_y).map(|_| finish(String::new())).collect();
    lines.extend(empty.iter().cloned());
    for line in wrap_text_with_ansi(&normalized, content_width) {
        lines.push(finish(format!("{margin}{line}{margin}")));
    }
    lines.extend(empty);
    lines
}

/// A `Text` part.
pub fn text<'a>(text: String, pad_x: usize, pad_y: usize) -> Part<'a> {
    Box::new(move |width| text_lines(&text, pad_x, pad_y, None, width))
}

/// The usual row: the call line, then the result's text once there is a result.
pub fn call_then_result<'a>(call: String, result: Option<String>) -> Vec<Part<'a>> {
    let mut parts = vec![text(call, 0, 0)];
    parts.extend(result.map(|result| text(result, 0, 0)));
    parts
}

/// A `Spacer` of one line.
pub fn spacer<'a>() -> Part<'a> {
    Box::new(|_| vec![String::new()])
}

/// The parts one below the other (pi-tui's `Container`).
pub fn stack_lines(parts: &[Part<'_>], width: usize) -> Vec<String> {
    parts.iter().flat_map(|part| part(width)).collect()
}

/// pi-tui's `Box`: children at the width less the horizontal padding, every line (and
/// `pad_y` empty lines above and below) padded to the width under the background. Nothing
/// when the children draw nothing.
pub fn box_lines(
    parts: &[Part<'_>],
    pad_x: usize,
    pad_y: usize,
    bg: Option<Bg<'_>>,
    width: usize,
) -> Vec<String> {
    let content_width = width.saturating_sub(pad_x * 2).max(1);
    let children = stack_lines(parts, content_width);
    if children.is_empty() {
        return Vec::new();
    }
    let left = " ".repeat(pad_x);
    let finish = |line: &str| {
        let padded = pad_to(line, width);
        match bg {
            Some(bg) => bg(&padded),
            None => padded,
        }
    };
    let mut lines = Vec::with_capacity(children.len() + pad_y * 2);
    lines.extend((0..pad_y).map(|_| finish("")));
    lines.extend(children.iter().map(|line| finish(&format!("{left}{line}"))));
    lines.extend((0..pad_y).map(|_| finish("")));
    lines
}

/// The last visual lines of `text` (a `Text` with margin `pad_x`), at most `max` of them
/// (Pi's previews keep the end), and how many were left out above them.
pub fn visual_lines(text: &str, max: usize, width: usize, pad_x: usize) -> (Vec<String>, usize) {
    if text.is_empty() {
        return (Vec::new(), 0);
    }
    let all = text_lines(text, pad_x, 0, None, width);
    if all.len() <= max {
        return (all, 0);
    }
    let skipped = all.len() - max;
    (all[skipped..].to_vec(), skipped)
}

/// Pi's `VisualLinePreview`: the last visual lines, under a hint (cut to the width) about
/// the hidden ones above.
pub fn visual_preview<'a>(
    text: String,
    max: usize,
    hint: impl Fn(usize) -> String + 'a,
) -> Part<'a> {
    Box::new(move |width| {
        let (mut lines, skipped) = visual_lines(&text, max, width, 0);
        if skipped > 0 {
            lines.insert(0, truncate_to_width(&hint(skipped), width, "...", false));
        }
        lines
    })
}
