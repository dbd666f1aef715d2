//! Transcript search in fullscreen mode, as pi-tui's `AltScreenSearchIndex`: the rendered
//! transcript lines, without escape sequences, become one text in which runs of blanks and
//! line ends are a single space; the query (blanks likewise collapsed) matches it ignoring
//! case, and each match maps back to cell ranges on the lines it spans.

use unicode_segmentation::UnicodeSegmentation;

use crate::component::{Lines, Style};
use crate::width::ansi::code_at;
use crate::width::is_js_space;
use crate::width::{slice_by_column, visible_width};

use super::line::is_image_line;
use super::scroll::ScrollState;
use super::search_bar::SearchBar;
use super::selection::strip_sequences;

/// Cells of one transcript line that a match covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Transcript line.
    pub row: usize,
    /// First cell.
    pub start_col: usize,
    /// Cell after the last.
    pub end_col: usize,
}

/// One match: its segments, top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// Where it is.
    pub segments: Vec<Segment>,
}

type MatchKey = (usize, usize, usize, usize);

impl Match {
    /// Identifies the match across re-renders that move other matches.
    fn key(&self) -> Option<MatchKey> {
        let (first, last) = (self.segments.first()?, self.segments.last()?);
        Some((first.row, first.start_col, last.row, last.end_col))
    }
}

/// A piece of the searchable text and the cells it came from.
struct Span {
    text_start: usize,
    text_end: usize,
    row: usize,
    start_col: usize,
    end_col: usize,
    /// One cell per character (printable ASCII lines), so a match may start or end inside.
    linear: bool,
}

/// The searchable text (case-folded characters) and where each piece came from.
#[derive(Default)]
struct Corpus {
    text: Vec<char>,
    spans: Vec<Span>,
    /// A space goes before the next piece.
    pending_separator: bool,
}

/// A character folded for case-insensitive comparison (lowercase when that is one
/// character, as a simple case fold).
fn fold(c: char) -> char {
    let mut lower = c.to_lowercase();
    match (lower.next(), lower.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}

impl Corpus {
    fn push(&mut self, text: &str, row: usize, cols: (usize, usize), linear: bool) {
        if std::mem::take(&mut self.pending_separator) {
            self.text.push(' ');
        }
        let start = self.text.len();
        self.text.extend(text.chars().map(fold));
        self.spans.push(Span {
            text_start: start,
            text_end: self.text.len(),
            row,
            start_col: cols.0,
            end_col: cols.1,
            linear,
        });
    }

    fn blank(&mut self) {
        if !self.text.is_empty() {
            self.pending_separator = true;
        }
    }

    fn build(lines: &[String]) -> Corpus {
        let mut corpus = Corpus::default();
        for (row, line) in lines.iter().enumerate() {
            let line = strip_sequences(line);
            let mut column = 0;
            if line.bytes().all(|b| (0x20..=0x7e).contains(&b)) {
                for (i, word) in line.split(' ').enumerate() {
                    if i > 0 {
                        corpus.blank();
                        column += 1;
                    }
                    if !word.is_empty() {
                        corpus.push(word, row, (column, column + word.len()), true);
                        column += word.len();
                    }
                }
            } else {
                for grapheme in line.graphemes(true) {
                    let width = visible_width(grapheme);
                    if grapheme.chars().all(is_js_space) {
                        corpus.blank();
                    } else {
                        corpus.push(grapheme, row, (column, column + width), false);
                    }
                    column += width;
                }
            }
            corpus.blank();
        }
        corpus
    }

    /// The cells of the text `start .. end`, merged per line.
    fn segments(&self, span_index: usize, start: usize, end: usize) -> Vec<Segment> {
        let mut segments: Vec<Segment> = Vec::new();
        for span in &self.spans[span_index..] {
            if span.text_start >= end {
                break;
            }
            if span.text_end <= start {
                continue;
            }
            let (start_col, end_col) = if span.linear {
                (
                    span.start_col + start.max(span.text_start) - span.text_start,
                    span.start_col + end.min(span.text_end) - span.text_start,
                )
            } else {
                (span.start_col, span.end_col)
            };
            match segments.last_mut() {
                Some(previous) if previous.row == span.row && start_col <= previous.end_col => {
                    previous.end_col = previous.end_col.max(end_col);
                }
                _ => segments.push(Segment {
                    row: span.row,
                    start_col,
                    end_col,
                }),
            }
        }
        segments
    }

    /// Non-overlapping matches of the normalized `query`, first to last.
    fn matches(&self, query: &str) -> Vec<Match> {
        let needle: Vec<char> = query.chars().map(fold).collect();
        let mut matches = Vec::new();
        if needle.is_empty() {
            return matches;
        }
        let mut span_index = 0;
        let mut at = 0;
        while at + needle.len() <= self.text.len() {
            if self.text[at..at + needle.len()] != needle[..] {
                at += 1;
                continue;
            }
            let (start, end) = (at, at + needle.len());
            at = end;
            while span_index < self.spans.len() && self.spans[span_index].text_end <= start {
                span_index += 1;
            }
            let segments = self.segments(span_index, start, end);
            while span_index < self.spans.len() && self.spans[span_index].text_end <= end {
                span_index += 1;
            }
            if !segments.is_empty() {
                matches.push(Match { segments });
            }
        }
        matches
    }
}

/// The query with runs of blanks as one space, trimmed.
fn normalize(query: &str) -> String {
    query
        .split(is_js_space)
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The matches of `query` in `lines` (pi-tui's `findAltScreenSearchMatches`).
pub fn find(lines: &[String], query: &str) -> Vec<Match> {
    let query = normalize(query);
    if query.is_empty() {
        return Vec::new();
    }
    Corpus::build(lines).matches(&query)
}

/// What the next refresh does with the selected match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    /// The first match at or below where the view was when the query changed.
    Query,
    Next,
    Previous,
    /// Keep the selected match (found again by position after a re-render).
    Retain,
}

/// Styles of matches and of the search bar's buttons.
#[derive(Clone)]
pub struct SearchStyle {
    /// Every visible match.
    pub matched: Style,
    /// The selected match.
    pub current: Style,
}

impl Default for SearchStyle {
    fn default() -> Self {
        Self {
            matched: std::sync::Arc::new(|t: &str| format!("\x1b[4m{t}\x1b[24m")),
            current: std::sync::Arc::new(|t: &str| format!("\x1b[1;7m{t}\x1b[22;27m")),
        }
    }
}

impl std::fmt::Debug for SearchStyle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SearchStyle")
    }
}

/// An open search: the bar, the query and its matches.
pub struct Search {
    /// The bar drawn at the top right.
    pub bar: SearchBar,
    query: String,
    source: Option<Lines>,
    normalized: String,
    matches: Vec<Match>,
    selected: Option<usize>,
    selected_key: Option<MatchKey>,
    anchor_row: usize,
    pick: Pick,
}

impl Search {
    /// A search opened with the view's first line at `top`.
    pub fn new(bar: SearchBar, top: usize) -> Self {
        Self {
            bar,
            query: String::new(),
            source: None,
            normalized: String::new(),
            matches: Vec::new(),
            selected: None,
            selected_key: None,
            anchor_row: top,
            pick: Pick::Query,
        }
    }

    /// The bar's text changed: search again from the selected match (or the view).
    pub fn set_query(&mut self, query: &str, top: usize) {
        if query == self.query {
            return;
        }
        self.anchor_row = self
            .selected
            .and_then(|i| self.matches.get(i))
            .and_then(|m| m.segments.first())
            .map_or(top, |s| s.row);
        self.query = query.to_string();
        self.pick = Pick::Query;
        self.bar.set_result(None, 0);
    }

    /// Selects the next (1) or previous (-1) match at the next refresh.
    pub fn navigate(&mut self, direction: i64) {
        if self.query.is_empty() {
            return;
        }
        self.pick = if direction < 0 {
            Pick::Previous
        } else {
            Pick::Next
        };
    }

    fn choose(&self, exact: Option<usize>) -> Option<usize> {
        let count = self.matches.len();
        if count == 0 {
            return None;
        }
        let base = exact.or(self.selected.map(|s| s.min(count - 1)));
        Some(match self.pick {
            Pick::Query => {
                let first = self
                    .matches
                    .partition_point(|m| m.segments.first().map_or(0, |s| s.row) < self.anchor_row);
                if first < count {
                    first
                } else {
                    0
                }
            }
            Pick::Next => base.map_or(0, |b| (b + 1) % count),
            Pick::Previous => base.map_or(count - 1, |b| (b + count - 1) % count),
            Pick::Retain => exact.unwrap_or_else(|| base.unwrap_or(0)),
        })
    }

    /// Matches against the transcript's `lines` as they are now; scrolls a newly selected
    /// match into view (a third of the way down). Returns whether the view moved.
    pub fn refresh(&mut self, lines: &Lines, scroll: &mut ScrollState) -> bool {
        if self.query.trim().is_empty() {
            self.matches.clear();
            self.selected = None;
            self.selected_key = None;
            self.pick = Pick::Retain;
            self.bar.set_result(None, 0);
            return false;
        }
        let reveal = self.pick != Pick::Retain;
        let source_changed = !self
            .source
            .as_ref()
            .is_some_and(|s| std::sync::Arc::ptr_eq(s, lines) || **s == **lines);
        if source_changed {
            self.source = Some(lines.clone());
        }
        let normalized = normalize(&self.query);
        let changed = source_changed || normalized != self.normalized;
        if changed {
            self.matches = Corpus::build(lines).matches(&normalized);
            self.normalized = normalized;
        }
        if !changed && self.pick == Pick::Retain {
            return false;
        }
        let exact = if changed {
            self.selected_key
                .and_then(|key| self.matches.iter().position(|m| m.key() == Some(key)))
        } else {
            self.selected
        };
        let selected = self.choose(exact);
        self.selected = selected;
        self.selected_key = selected.and_then(|i| self.matches[i].key());
        self.pick = Pick::Retain;
        self.bar.set_result(selected, self.matches.len());
        let viewport = scroll.viewport_height();
        let shown = selected.map(|i| &self.matches[i]);
        let (Some(first), Some(last)) = (
            shown.and_then(|m| m.segments.first()),
            shown.and_then(|m| m.segments.last()),
        ) else {
            return false;
        };
        if !reveal || viewport == 0 {
            return false;
        }
        let before = scroll.top();
        let mut target = before;
        if first.row < before || last.row > before + viewport - 1 {
            target = first.row.saturating_sub(viewport / 3);
        }
        scroll.scroll_to(target, true);
        scroll.top() != before
    }

    /// Highlights the visible matches in the transcript rows `rows` (screen rows from 0,
    /// showing transcript lines from `top`), up to column `max_col`.
    pub(super) fn paint(
        &self,
        rows: &mut [String],
        top: usize,
        max_col: usize,
        style: &SearchStyle,
    ) {
        if self.matches.is_empty() || self.selected.is_none() {
            return;
        }
        let bottom = top + rows.len();
        let first = self
            .matches
            .partition_point(|m| m.segments.last().map_or(0, |s| s.row) < top);
        let mut by_row: Vec<Vec<(usize, usize, bool)>> = vec![Vec::new(); rows.len()];
        for (index, m) in self.matches.iter().enumerate().skip(first) {
            if m.segments.first().map_or(0, |s| s.row) >= bottom {
                break;
            }
            for s in &m.segments {
                let end = s.end_col.min(max_col);
                if s.row >= top && s.row < bottom && end > s.start_col {
                    by_row[s.row - top].push((s.start_col, end, Some(index) == self.selected));
                }
            }
        }
        for (line, mut ranges) in rows.iter_mut().zip(by_row) {
            if ranges.is_empty() || is_image_line(line) {
                continue;
            }
            let width = visible_width(line);
            ranges.sort_by_key(|r| std::cmp::Reverse(r.0));
            for (start, end, current) in ranges {
                let (start, end) = (start.min(width), end.min(width));
                if end <= start {
                    continue;
                }
                let before = slice_by_column(line, 0, start, true);
                let found = slice_by_column(line, start, end - start, true);
                let after = slice_by_column(line, end, width.saturating_sub(end), true);
                let style = if current {
                    &style.current
                } else {
                    &style.matched
                };
                *line = format!("{before}{}{after}", style_text(&found, style));
            }
        }
    }
}

/// Styles the text between escape sequences, keeping the sequences (pi-tui's
/// `applySearchTextHighlight`).
fn style_text(text: &str, style: &Style) -> String {
    let mut out = String::new();
    let mut plain_start = 0;
    let mut i = 0;
    while i < text.len() {
        let Some(code) = code_at(text, i) else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
            continue;
        };
        if i > plain_start {
            out.push_str(&style(&text[plain_start..i]));
        }
        out.push_str(code);
        i += code.len();
        plain_start = i;
    }
    if plain_start < text.len() {
        out.push_str(&style(&text[plain_start..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(row: usize, start_col: usize, end_col: usize) -> Segment {
        Segment {
            row,
            start_col,
            end_col,
        }
    }

    #[test]
    fn matches_ignore_case_and_cross_line_ends() {
        let lines: Vec<String> = vec![
            "  The \x1b[1mquick\x1b[0m brown".into(),
            "fox   jumps".into(),
            "Brown fox".into(),
        ];
        let found = find(&lines, "brown   FOX");
        assert_eq!(
            found,
            vec![
                Match {
                    segments: vec![seg(0, 12, 17), seg(1, 0, 3)]
                },
                Match {
                    segments: vec![seg(2, 0, 5), seg(2, 6, 9)]
                },
            ]
        );
        assert!(find(&lines, "   ").is_empty());
    }

    #[test]
    fn wide_characters_match_whole_cells() {
        let lines = vec!["日本語 text".to_string()];
        assert_eq!(
            find(&lines, "本"),
            vec![Match {
                segments: vec![seg(0, 2, 4)]
            }]
        );
    }

    #[test]
    fn the_selected_match_is_scrolled_into_view_and_cycles() {
        let mut lines: Vec<String> = (0..50).map(|i| format!("line {i}")).collect();
        lines[10] = "needle one".into();
        lines[40] = "needle two".into();
        let lines: Lines = std::sync::Arc::new(lines);
        let mut scroll = ScrollState::default();
        scroll.update_layout(50, 10);
        scroll.to_top();
        let mut search = Search::new(SearchBar::for_tests(), scroll.top());
        search.set_query("needle", scroll.top());
        assert!(search.refresh(&lines, &mut scroll), "the view moves");
        assert_eq!(scroll.top(), 10 - 3, "a third of the way down: line 10");
        search.navigate(1);
        search.refresh(&lines, &mut scroll);
        assert_eq!(scroll.top(), 37);
        search.navigate(1);
        search.refresh(&lines, &mut scroll);
        assert_eq!(scroll.top(), 7, "it wraps to the first");
        let mut rows: Vec<String> = lines[7..17].to_vec();
        search.paint(&mut rows, 7, 80, &SearchStyle::default());
        assert_eq!(rows[3], "\x1b[1;7mneedle\x1b[22;27m one");
    }
}
