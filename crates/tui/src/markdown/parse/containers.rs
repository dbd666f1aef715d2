//! Lists and tables: items with their task markers and spacing, content columns, table
//! cells and the table's source.

use std::ops::Range;

use pulldown_cmark::{Event, Tag, TagEnd};

use super::super::tokens::{Inline, List, ListItem, Table};
use super::{with_spaces, Builder, Spanned};

/// An item's task state and source marker.
type ItemMarks = (Option<bool>, Option<String>);

impl Builder<'_> {
    pub(super) fn list(&mut self, start: Option<u64>) -> (List, usize) {
        let mut items = Vec::new();
        let mut spans: Vec<(usize, Vec<Spanned>, ItemMarks)> = Vec::new();
        let mut loose = false;
        self.depth += 1;
        while let Some((event, range)) = self.events.get(self.pos).cloned() {
            self.pos += 1;
            match event {
                Event::Start(Tag::Item) => {
                    // The marker opens a tight item; in a loose one it sits inside the first
                    // paragraph, where the inline reader passes over it.
                    let task = match (self.events.get(self.pos), self.events.get(self.pos + 1)) {
                        (Some((Event::TaskListMarker(checked), _)), _) => {
                            let checked = *checked;
                            self.pos += 1;
                            Some(checked)
                        }
                        (
                            Some((Event::Start(Tag::Paragraph), _)),
                            Some((Event::TaskListMarker(checked), _)),
                        ) => Some(*checked),
                        _ => None,
                    };
                    loose |= matches!(
                        self.events.get(self.pos),
                        Some((Event::Start(Tag::Paragraph), _))
                    );
                    self.columns
                        .push(Some(self.item_content_column(range.start)));
                    let children = self.blocks();
                    self.columns.pop();
                    self.pos += 1;
                    spans.push((
                        range.start,
                        children,
                        (task, self.source_marker(range.start)),
                    ));
                }
                Event::End(_) => break,
                _ => {}
            }
        }
        self.depth -= 1;
        let starts: Vec<usize> = spans.iter().map(|(start, _, _)| *start).collect();
        let content_end = spans
            .iter()
            .flat_map(|(start, children, _)| {
                children.iter().map(|c| c.content_end).chain([*start + 1])
            })
            .max()
            .unwrap_or(0);
        for (index, (_, children, (task, marker))) in spans.into_iter().enumerate() {
            let next = starts.get(index + 1).copied();
            items.push(ListItem {
                task,
                marker,
                blocks: with_spaces(self.src, children, next, false),
            });
        }
        let list = List {
            ordered: start.is_some(),
            start: start.unwrap_or(1),
            loose,
            items,
        };
        (list, content_end)
    }

    /// An item's marker as written plus one space (marked's rule: `1.`/`1)` followed by a
    /// space or tab, or `-`/`+`/`*` followed by one or by the line's end).
    fn source_marker(&self, item_start: usize) -> Option<String> {
        let line = self.src.get(item_start..).unwrap_or("");
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        // The parser already found an item here, so its indentation needs no check.
        let trimmed = line.trim_start_matches(' ');
        let digits = trimmed.len()
            - trimmed
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .len();
        if (1..=9).contains(&digits) {
            let delimiter = trimmed[digits..]
                .chars()
                .next()
                .filter(|c| *c == '.' || *c == ')')?;
            let after = &trimmed[digits + 1..];
            return after
                .starts_with([' ', '\t'])
                .then(|| format!("{}{delimiter} ", &trimmed[..digits]));
        }
        let bullet = trimmed.chars().next().filter(|c| "-+*".contains(*c))?;
        let after = &trimmed[1..];
        (after.is_empty() || after.starts_with([' ', '\t'])).then(|| format!("{bullet} "))
    }

    /// The column where a list item's content starts: after its marker (`-`, `1.`) and one
    /// to four spaces (one when more follow, or none do).
    fn item_content_column(&self, item_start: usize) -> usize {
        let line_start = self.src[..item_start].rfind('\n').map_or(0, |i| i + 1);
        let from_item = &self.src[item_start..];
        let marker_start = item_start + (from_item.len() - from_item.trim_start_matches(' ').len());
        let rest = &self.src[marker_start..];
        let marker = rest
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |digits| digits + 1);
        let after = rest.get(marker..).unwrap_or("");
        let spaces = after.len() - after.trim_start_matches(' ').len();
        let line_ends = after.trim_start_matches(' ').starts_with('\n') || after.trim().is_empty();
        let gap = if (1..=4).contains(&spaces) && !line_ends {
            spaces
        } else {
            1
        };
        marker_start - line_start + marker + gap
    }

    pub(super) fn table(&mut self, range: &Range<usize>) -> Table {
        let mut header = Vec::new();
        let mut rows: Vec<Vec<Vec<Inline>>> = Vec::new();
        let mut in_head = false;
        while let Some((event, _)) = self.events.get(self.pos).cloned() {
            self.pos += 1;
            match event {
                Event::Start(Tag::TableHead) => in_head = true,
                Event::End(TagEnd::TableHead) => in_head = false,
                Event::Start(Tag::TableRow) => rows.push(Vec::new()),
                Event::Start(Tag::TableCell) => {
                    self.in_table_cell = true;
                    let cell = self.inlines();
                    self.in_table_cell = false;
                    match (in_head, rows.last_mut()) {
                        (true, _) | (false, None) => header.push(cell),
                        (false, Some(row)) => row.push(cell),
                    }
                }
                Event::End(TagEnd::Table) => break,
                _ => {}
            }
        }
        // marked's table source keeps the newline after it unless blank lines follow.
        let content_end = self.content_end(range);
        let after = self.src.get(content_end..).unwrap_or("");
        let gap = &after[..after.len() - after.trim_start().len()];
        let mut raw = self
            .src
            .get(range.start..content_end)
            .unwrap_or("")
            .to_string();
        if gap.matches('\n').count() == 1 {
            raw.push('\n');
        }
        Table { header, rows, raw }
    }
}
