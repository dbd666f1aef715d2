//! GFM tables in box-drawing borders, with pi-tui's column sizing: natural widths when they
//! fit, otherwise each column keeps its longest word (up to 30 columns) and shares the rest
//! by how much it would still grow; cells wrap inside their column.

use super::render::{Renderer, StyleContext};
use super::tokens::{Inline, Table};
use crate::width::{visible_width, wrap_text_with_ansi};

/// Longest word a column insists on keeping whole.
const MAX_UNBROKEN_WORD: usize = 30;

/// Closes text styles at the end of a wrapped cell fragment, so they do not run into the
/// border; the surrounding style prefix is restored after it.
const STYLE_RESET: &str = "\x1b[22;23;24;25;27;28;29;39m";

fn longest_word(text: &str) -> usize {
    text.split(char::is_whitespace)
        .filter(|w| !w.is_empty())
        .map(visible_width)
        .max()
        .unwrap_or(0)
}

fn wrap_cell(text: &str, width: usize, prefix: &str) -> Vec<String> {
    let lines = wrap_text_with_ansi(text, width.max(1));
    let last = lines.len().saturating_sub(1);
    lines
        .into_iter()
        .enumerate()
        .map(|(i, line)| format!("{line}{}{prefix}", if i < last { STYLE_RESET } else { "" }))
        .collect()
}

fn pad(text: &str, width: usize) -> String {
    format!(
        "{text}{}",
        " ".repeat(width.saturating_sub(visible_width(text)))
    )
}

fn border(widths: &[usize], left: &str, mid: &str, right: &str) -> String {
    let cells: Vec<String> = widths.iter().map(|w| "─".repeat(*w)).collect();
    format!("{left}─{}─{right}", cells.join(&format!("─{mid}─")))
}

impl Renderer<'_> {
    pub fn table(
        &self,
        table: &Table,
        width: usize,
        next: Option<&str>,
        ctx: Option<&StyleContext>,
    ) -> Vec<String> {
        let columns = table.header.len();
        if columns == 0 {
            return Vec::new();
        }
        let spaced = next.is_some_and(|kind| kind != "space");
        let overhead = 3 * columns + 1;
        let available = width as i64 - overhead as i64;
        if available < columns as i64 {
            // Too narrow for a stable table: the source, wrapped.
            let mut lines = if table.raw.is_empty() {
                Vec::new()
            } else {
                wrap_text_with_ansi(&table.raw, width)
            };
            if spaced {
                lines.push(String::new());
            }
            return lines;
        }
        let available = available as usize;
        let render = |cell: &[Inline]| self.inlines(cell, ctx);
        let header: Vec<String> = table.header.iter().map(|c| render(c)).collect();
        let rows: Vec<Vec<String>> = table
            .rows
            .iter()
            .map(|r| r.iter().map(|c| render(c)).collect())
            .collect();
        let widths = column_widths(&header, &rows, columns, width, available);
        let prefix = ctx.map(|c| c.prefix.as_str()).unwrap_or("");

        let mut lines = vec![border(&widths, "┌", "┬", "┐")];
        let header_cells: Vec<Vec<String>> = header
            .iter()
            .enumerate()
            .map(|(i, text)| wrap_cell(text, widths[i], prefix))
            .collect();
        let height = header_cells.iter().map(Vec::len).max().unwrap_or(0);
        for line in 0..height {
            let parts: Vec<String> = header_cells
                .iter()
                .enumerate()
                .map(|(col, cell)| {
                    (self.theme.bold)(&pad(cell.get(line).map_or("", String::as_str), widths[col]))
                })
                .collect();
            lines.push(format!("│ {} │", parts.join(" │ ")));
        }
        let separator = border(&widths, "├", "┼", "┤");
        lines.push(separator.clone());
        for (row_index, row) in rows.iter().enumerate() {
            // Cells past the header's count are dropped; missing ones are empty.
            let cells: Vec<Vec<String>> = (0..columns)
                .map(|col| wrap_cell(row.get(col).map_or("", String::as_str), widths[col], prefix))
                .collect();
            let height = cells.iter().map(Vec::len).max().unwrap_or(0);
            for line in 0..height {
                let parts: Vec<String> = cells
                    .iter()
                    .enumerate()
                    .map(|(col, cell)| pad(cell.get(line).map_or("", String::as_str), widths[col]))
                    .collect();
                lines.push(format!("│ {} │", parts.join(" │ ")));
            }
            if row_index + 1 < rows.len() {
                lines.push(separator.clone());
            }
        }
        lines.push(border(&widths, "└", "┴", "┘"));
        if spaced {
            lines.push(String::new());
        }
        lines
    }
}

/// `floor(part / whole * amount)` in floating point, as pi-tui computes it (integer division
/// can differ by one where the float product lands just below a whole number).
fn share(part: usize, whole: usize, amount: usize) -> usize {
    ((part as f64 / whole as f64) * amount as f64).floor() as usize
}

/// Each column's width, fitting `available` columns of cell space (pi-tui's allocation).
fn column_widths(
    header: &[String],
    rows: &[Vec<String>],
    columns: usize,
    width: usize,
    available: usize,
) -> Vec<usize> {
    let mut natural: Vec<usize> = header.iter().map(|h| visible_width(h)).collect();
    let mut min_words: Vec<usize> = header
        .iter()
        .map(|h| longest_word(h).clamp(1, MAX_UNBROKEN_WORD))
        .collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate().take(columns) {
            natural[i] = natural[i].max(visible_width(cell));
            min_words[i] = min_words[i].max(longest_word(cell).min(MAX_UNBROKEN_WORD));
        }
    }
    let mut minimum = min_words.clone();
    if minimum.iter().sum::<usize>() > available {
        minimum = vec![1; columns];
        let remaining = available.saturating_sub(columns);
        if remaining > 0 {
            let total_weight: usize = min_words.iter().map(|w| w.saturating_sub(1)).sum();
            let growth: Vec<usize> = min_words
                .iter()
                .map(|w| {
                    if total_weight > 0 {
                        share(w.saturating_sub(1), total_weight, remaining)
                    } else {
                        0
                    }
                })
                .collect();
            for (min, grow) in minimum.iter_mut().zip(&growth) {
                *min += grow;
            }
            let mut leftover = remaining - growth.iter().sum::<usize>();
            for min in minimum.iter_mut() {
                if leftover == 0 {
                    break;
                }
                *min += 1;
                leftover -= 1;
            }
        }
    }
    let min_total: usize = minimum.iter().sum();
    if natural.iter().sum::<usize>() + 3 * columns < width {
        return natural
            .iter()
            .zip(&minimum)
            .map(|(n, m)| *n.max(m))
            .collect();
    }
    let grow_potential: usize = natural
        .iter()
        .zip(&minimum)
        .map(|(n, m)| n.saturating_sub(*m))
        .sum();
    let extra = available.saturating_sub(min_total);
    let mut widths: Vec<usize> = minimum
        .iter()
        .zip(&natural)
        .map(|(m, n)| {
            let delta = n.saturating_sub(*m);
            m + if grow_potential > 0 {
                share(delta, grow_potential, extra)
            } else {
                0
            }
        })
        .collect();
    let mut remaining = available.saturating_sub(widths.iter().sum());
    while remaining > 0 {
        let mut grew = false;
        for (w, n) in widths.iter_mut().zip(&natural) {
            if remaining > 0 && *w < *n {
                *w += 1;
                remaining -= 1;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    widths
}
