//! Text selection in fullscreen mode, as pi-tui's alternate screen keeps it: a primary-button
//! drag selects rendered text cell by cell, a double click a word, a triple click a line.
//! Points inside the transcript are kept in transcript coordinates (the selection scrolls
//! with the text); elsewhere they are screen cells. The selected text is the rendered text
//! without escape sequences, each line's trailing blanks dropped.

use unicode_segmentation::UnicodeSegmentation;

use crate::width::ansi::code_at;
use crate::width::{slice_by_column, visible_width};

use super::line::is_image_line;
use super::scrollbar::cell_range;

/// Two clicks closer than this (ms) on the same word count as a double click.
const DOUBLE_CLICK_MS: f64 = 500.0;

/// Characters that join words for double-click selection (paths, flags, file names).
const WORD_JOINERS: &[&str] = &["/", "-", "+", "\\", "~", "_", "."];

/// One end of a selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    /// Transcript line (when `transcript`) or screen row.
    pub row: usize,
    /// Cell column.
    pub col: usize,
    /// The end is exclusive (word and line ends).
    pub boundary: bool,
    /// In transcript coordinates.
    pub transcript: bool,
}

impl Point {
    fn before(&self, other: &Point) -> bool {
        self.row < other.row || (self.row == other.row && self.col < other.col)
    }

    fn with_col(self, col: usize, boundary: bool) -> Point {
        Point {
            col,
            boundary,
            ..self
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
enum Granularity {
    #[default]
    Character,
    Word,
    Line,
}

#[derive(Clone, Copy, Debug)]
struct Click {
    at_ms: f64,
    count: u32,
    row: usize,
    transcript: bool,
    word: (usize, usize),
}

/// The selection and the press that is making it.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    anchor: Option<Point>,
    focus: Option<Point>,
    granularity: Granularity,
    initial: Option<(Point, Point)>,
    last_click: Option<Click>,
    /// The primary button is down on selectable text.
    pub pressed: bool,
    /// The pointer moved while pressed.
    pub dragged: bool,
}

/// The word around `point.col` in `line` (plain text), joined across path characters.
fn word_at(line: &str, point: Point) -> Option<(Point, Point)> {
    struct Segment {
        start: usize,
        end: usize,
        selectable: bool,
        joiner: bool,
    }
    let mut segments = Vec::new();
    let mut start = 0;
    for segment in line.split_word_bounds() {
        let end = start + visible_width(segment);
        let joiner = WORD_JOINERS.contains(&segment);
        let word_like = segment.chars().any(char::is_alphanumeric);
        segments.push(Segment {
            start,
            end,
            selectable: word_like || joiner,
            joiner,
        });
        start = end;
    }
    let clicked = segments
        .iter()
        .position(|s| point.col >= s.start && point.col < s.end)?;
    let joins = |l: &Segment, r: &Segment| l.selectable && r.selectable && (l.joiner || r.joiner);
    let mut first = clicked;
    while first > 0 && joins(&segments[first - 1], &segments[first]) {
        first -= 1;
    }
    let mut last = clicked;
    while last + 1 < segments.len() && joins(&segments[last], &segments[last + 1]) {
        last += 1;
    }
    Some((
        point.with_col(segments[first].start, false),
        point.with_col(segments[last].end, true),
    ))
}

/// Removes escape sequences (pi-tui's `stripTerminalSequences`).
pub fn strip_sequences(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < line.len() {
        if let Some(code) = code_at(line, i) {
            i += code.len();
            continue;
        }
        let Some(c) = line[i..].chars().next() else {
            break;
        };
        out.push(c);
        i += c.len_utf8();
    }
    out
}

impl Selection {
    /// Drops the selection and the click history.
    pub fn clear(&mut self) {
        *self = Selection::default();
    }

    /// The primary button went down at `point`; `line` is the text under it. Counts clicks
    /// for word and line selection.
    pub fn press(&mut self, point: Point, line: &str, now_ms: f64) {
        let plain = strip_sequences(line);
        let word = word_at(&plain, point);
        let count = match (word, self.last_click) {
            (Some((start, end)), Some(last))
                if now_ms - last.at_ms <= DOUBLE_CLICK_MS
                    && last.row == point.row
                    && last.transcript == point.transcript
                    && last.word == (start.col, end.col) =>
            {
                last.count % 3 + 1
            }
            _ => 1,
        };
        self.last_click = word.map(|(start, end)| Click {
            at_ms: now_ms,
            count,
            row: point.row,
            transcript: point.transcript,
            word: (start.col, end.col),
        });
        let range = match count {
            2 => word,
            3 => Some(line_range(point, &plain)),
            _ => None,
        };
        self.granularity = match (range, count) {
            (None, _) => Granularity::Character,
            (Some(_), 2) => Granularity::Word,
            _ => Granularity::Line,
        };
        self.initial = range;
        self.anchor = Some(range.map_or(point, |r| r.0));
        self.focus = Some(range.map_or(point, |r| r.1));
        self.pressed = true;
        self.dragged = false;
    }

    /// The pointer is at `point` with the button held (or released there); `line` is the
    /// text under it. Word and line selections grow by whole words or lines.
    pub fn extend(&mut self, point: Point, line: &str) {
        let Some(initial) = self
            .initial
            .filter(|_| self.granularity != Granularity::Character)
        else {
            self.focus = Some(point);
            return;
        };
        let plain = strip_sequences(line);
        let range = match self.granularity {
            Granularity::Word => word_at(&plain, point),
            _ => Some(line_range(point, &plain)),
        };
        let Some((start, end)) = range else {
            return;
        };
        if start.before(&initial.0) {
            self.anchor = Some(initial.1);
            self.focus = Some(start);
        } else {
            self.anchor = Some(initial.0);
            self.focus = Some(end);
        }
    }

    /// The pointer moved to `point` with the button held.
    pub fn drag(&mut self, point: Point, line: &str) {
        self.dragged = true;
        self.last_click = None;
        self.extend(point, line);
    }

    /// The anchor, to read later pointer positions in the same coordinates.
    pub fn anchor(&self) -> Option<Point> {
        self.anchor
    }

    /// Start and end, in order; `None` when nothing is selected.
    pub fn bounds(&self) -> Option<(Point, Point)> {
        let (anchor, focus) = (self.anchor?, self.focus?);
        if anchor.transcript != focus.transcript
            || (anchor.row == focus.row && anchor.col == focus.col)
        {
            return None;
        }
        Some(if anchor.before(&focus) {
            (anchor, focus)
        } else {
            (focus, anchor)
        })
    }

    /// The selected text from `lines` (the transcript's or the screen's, as the points are).
    pub fn text(&self, lines: &[String]) -> Option<String> {
        let (start, end) = self.bounds()?;
        let text = (start.row..=end.row)
            .map(|row| {
                let line = lines.get(row).map_or("", String::as_str);
                let (from, to) = columns(line, row, (start, end), 0, visible_width(line));
                let part = slice_by_column(line, from, to.saturating_sub(from), true);
                strip_sequences(&part).trim_end().to_string()
            })
            .collect::<Vec<_>>()
            .join("\n");
        (!text.is_empty()).then_some(text)
    }
}

fn line_range(point: Point, plain: &str) -> (Point, Point) {
    (
        point.with_col(0, false),
        point.with_col(visible_width(plain), true),
    )
}

/// The selected columns of `line` at `row` (pi-tui's `getSelectionColumns`): a start or
/// end inside a wide character takes the whole character.
fn columns(
    line: &str,
    row: usize,
    (start, end): (Point, Point),
    min: usize,
    max: usize,
) -> (usize, usize) {
    let width = visible_width(line);
    let mut from = min;
    let mut to = width.min(max);
    if row == start.row {
        from = cell_range(line, start.col).map_or(start.col.min(width), |r| r.0);
    }
    if row == end.row {
        to = if end.boundary {
            end.col.min(width)
        } else {
            cell_range(line, end.col).map_or((end.col + 1).min(width), |r| r.1)
        };
    }
    (from.max(min), to.min(max))
}

/// Reverse video over `text`, kept on across the text's own style changes (pi-tui's
/// `applySelectionHighlight`).
fn highlight(text: &str) -> String {
    let mut out = String::from("\x1b[7m");
    let mut i = 0;
    while i < text.len() {
        if let Some(code) = code_at(text, i) {
            out.push_str(code);
            if code.ends_with('m') {
                out.push_str("\x1b[7m");
            }
            i += code.len();
            continue;
        }
        let Some(c) = text[i..].chars().next() else {
            break;
        };
        out.push(c);
        i += c.len_utf8();
    }
    out.push_str("\x1b[27m");
    out
}

/// Paints `bounds` (already in screen rows) into `screen`, within rows `rows` and columns
/// `min_col .. max_col`.
pub(super) fn paint(
    screen: &mut [String],
    (start, end): (Point, Point),
    rows: std::ops::Range<usize>,
    min_col: usize,
    max_col: usize,
) {
    for row in rows.start.max(start.row)..rows.end.min(end.row + 1).min(screen.len()) {
        let line = &screen[row];
        if is_image_line(line) {
            continue;
        }
        let width = visible_width(line);
        let (from, to) = columns(line, row, (start, end), min_col, max_col);
        if to <= from {
            continue;
        }
        let before = slice_by_column(line, 0, from, true);
        let selected = slice_by_column(line, from, to - from, true);
        let after = slice_by_column(line, to, width.saturating_sub(to), true);
        screen[row] = format!("{before}{}{after}", highlight(&selected));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(row: usize, col: usize) -> Point {
        Point {
            row,
            col,
            boundary: false,
            transcript: true,
        }
    }

    #[test]
    fn a_drag_selects_the_cells_between_press_and_pointer() {
        let lines = vec![
            "\x1b[1mhello world\x1b[0m   ".to_string(),
            "second line".into(),
        ];
        let mut s = Selection::default();
        s.press(at(0, 6), &lines[0], 0.0);
        assert_eq!(s.text(&lines), None, "a press alone selects nothing");
        s.extend(at(1, 5), &lines[1]);
        assert_eq!(s.text(&lines).as_deref(), Some("world\nsecond"));
        s.extend(at(0, 2), &lines[0]);
        assert_eq!(
            s.text(&lines).as_deref(),
            Some("llo w"),
            "backwards, the anchor cell included"
        );
    }

    #[test]
    fn double_and_triple_clicks_take_a_word_and_a_line() {
        let lines = vec!["open src/main.rs now".to_string()];
        let mut s = Selection::default();
        s.press(at(0, 7), &lines[0], 0.0);
        s.press(at(0, 7), &lines[0], 100.0);
        assert_eq!(s.text(&lines).as_deref(), Some("src/main.rs"));
        s.press(at(0, 7), &lines[0], 200.0);
        assert_eq!(s.text(&lines).as_deref(), Some("open src/main.rs now"));
        s.press(at(0, 7), &lines[0], 2000.0);
        assert_eq!(s.text(&lines), None, "a late click starts over");
    }

    #[test]
    fn the_highlight_is_reverse_video_across_style_changes() {
        let mut screen = vec!["ab\x1b[31mcd\x1b[39mef".to_string()];
        paint(&mut screen, (at(0, 1), at(0, 3)), 0..1, 0, 6);
        assert_eq!(
            strip_sequences(&screen[0]),
            "abcdef",
            "the text stays: {:?}",
            screen[0]
        );
        assert!(
            screen[0].contains("\x1b[7mb\x1b[31m\x1b[7mcd"),
            "{:?}",
            screen[0]
        );
    }
}
