//! Pi's session tree selector in the editor's place: title, key help and search line between
//! borders, then the rows (at most half the terminal, scrolled around the selection and
//! panned sideways when a deep row's text would fall off), the position counter with the
//! filter tag, and the label editor when Shift+L is pressed. Keys by Pi's ids
//! (`tui.select.*`, `app.tree.*`, `app.message.copy`); printable keys type the search.

use tau_tui::keybindings::SharedKeybindings;
use tau_tui::widgets::input::{Input, InputOptions};
use tau_tui::{slice_by_column, truncate_to_width, visible_width, wrap_text_with_ansi, Component};

use super::entries::TreeSnapshot;
use super::layout::{FilterMode, Row, TreeList};
use crate::interactive::keymap::{Action, Keymap};
use crate::interactive::paint::Paint;

/// Columns of the selection marker left of every row, never scrolled away.
const GUTTER: usize = 2;

/// What a key did that the application must act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TreeOutcome {
    /// Enter on an entry.
    Select(String),
    /// Escape with an empty search.
    Cancel,
    /// A label was saved (`None`: removed).
    Label { id: String, label: Option<String> },
    /// Ctrl+X: the selected entry's text (`None` when it has none).
    Copy(Option<String>),
}

/// The open selector.
pub struct TreeSelector {
    pub list: TreeList,
    /// Rows shown at once: half the terminal, at least 5.
    max_visible: usize,
    show_label_time: bool,
    /// The label being edited, and for which entry.
    label_input: Option<(String, Input)>,
    input_keys: SharedKeybindings,
}

impl TreeSelector {
    /// A selector over `snapshot` on a terminal `rows` high.
    pub fn new(
        snapshot: TreeSnapshot,
        filter: FilterMode,
        selected: Option<&str>,
        rows: usize,
        input_keys: SharedKeybindings,
    ) -> TreeSelector {
        TreeSelector {
            list: TreeList::new(snapshot, filter, selected),
            max_visible: (rows / 2).max(5),
            show_label_time: false,
            label_input: None,
            input_keys,
        }
    }

    /// One key.
    pub fn handle_input(&mut self, data: &str, keys: &Keymap) -> Option<TreeOutcome> {
        if let Some((id, input)) = &mut self.label_input {
            if keys.matches(data, Action::SelectConfirm) {
                let label = Some(input.get_value().trim().to_string()).filter(|l| !l.is_empty());
                let id = id.clone();
                self.label_input = None;
                let time = tau_session::now_iso();
                self.list.set_label(&id, label.clone(), time);
                self.list.apply_filter();
                return Some(TreeOutcome::Label { id, label });
            }
            if keys.matches(data, Action::SelectCancel) {
                self.label_input = None;
                return None;
            }
            input.handle_input(data);
            // Enter and Escape were taken above, by Pi's ids.
            let _ = input.take_events();
            return None;
        }
        let list = &mut self.list;
        let count = list.rows.len();
        let on = |action| keys.matches(data, action);
        if on(Action::SelectUp) {
            list.selected = if list.selected == 0 {
                count.saturating_sub(1)
            } else {
                list.selected - 1
            };
        } else if on(Action::SelectDown) {
            list.selected = if list.selected + 1 >= count {
                0
            } else {
                list.selected + 1
            };
        } else if on(Action::TreeFoldOrUp) {
            list.fold_or_up();
        } else if on(Action::TreeUnfoldOrDown) {
            list.unfold_or_down();
        } else if on(Action::CursorLeft) || on(Action::SelectPageUp) {
            list.selected = list.selected.saturating_sub(self.max_visible);
        } else if on(Action::CursorRight) || on(Action::SelectPageDown) {
            list.selected = (list.selected + self.max_visible).min(count.saturating_sub(1));
        } else if on(Action::SelectConfirm) {
            return list
                .selected_id()
                .map(|id| TreeOutcome::Select(id.to_string()));
        } else if on(Action::MessageCopy) {
            return Some(TreeOutcome::Copy(
                list.selected_entry().and_then(|e| e.copy.clone()),
            ));
        } else if on(Action::SelectCancel) {
            if list.search.is_empty() {
                return Some(TreeOutcome::Cancel);
            }
            list.set_search(String::new());
        } else if on(Action::TreeFilterDefault) {
            list.set_filter(FilterMode::Default);
        } else if on(Action::TreeFilterNoTools) {
            list.set_filter(toggled(list.filter, FilterMode::NoTools));
        } else if on(Action::TreeFilterUserOnly) {
            list.set_filter(toggled(list.filter, FilterMode::UserOnly));
        } else if on(Action::TreeFilterLabeledOnly) {
            list.set_filter(toggled(list.filter, FilterMode::LabeledOnly));
        } else if on(Action::TreeFilterAll) {
            list.set_filter(toggled(list.filter, FilterMode::All));
        } else if on(Action::TreeFilterCycleBackward) {
            list.set_filter(list.filter.cycled(false));
        } else if on(Action::TreeFilterCycleForward) {
            list.set_filter(list.filter.cycled(true));
        } else if on(Action::DeleteCharBackward) {
            let mut search = list.search.clone();
            if search.pop().is_some() {
                list.set_search(search);
            }
        } else if on(Action::TreeEditLabel) {
            if let Some(entry) = list.selected_entry() {
                let mut input = Input::new(InputOptions::default(), self.input_keys.clone());
                input.set_value(entry.label.as_deref().unwrap_or_default());
                input.set_focused(true);
                self.label_input = Some((entry.id.clone(), input));
            }
        } else if on(Action::TreeToggleLabelTimestamp) {
            self.show_label_time = !self.show_label_time;
        } else if !data.is_empty()
            && !data
                .chars()
                .any(|c| (c as u32) < 32 || c as u32 == 0x7f || (0x80..=0x9f).contains(&(c as u32)))
        {
            let search = format!("{}{data}", list.search);
            list.set_search(search);
        }
        None
    }

    /// The selector's lines.
    pub fn render(&mut self, width: usize, paint: &dyn Paint, keys: &Keymap) -> Vec<String> {
        let border = paint.fg("border", &"─".repeat(width.max(1)));
        let mut lines = vec![String::new(), border.clone()];
        lines.extend(
            tau_tui::text::Text::new(paint.bold("  Session Tree"), 1, 0, None)
                .render(width)
                .iter()
                .cloned(),
        );
        lines.extend(help_lines(keys, width).iter().map(|l| paint.fg("muted", l)));
        lines.push(self.search_line(width, paint));
        lines.push(border.clone());
        lines.push(String::new());
        match &mut self.label_input {
            Some((_, input)) => {
                let indent = "  ";
                lines.push(truncate_to_width(
                    &format!("{indent}{}", paint.fg("muted", "Label (empty to remove):")),
                    width,
                    "...",
                    false,
                ));
                for line in input.render(width.saturating_sub(2)).iter() {
                    lines.push(truncate_to_width(
                        &format!("{indent}{line}"),
                        width,
                        "...",
                        false,
                    ));
                }
                let hint = |action, what: &str| {
                    format!(
                        "{}{}",
                        paint.fg("dim", &keys.keys_text(action)),
                        paint.fg("muted", &format!(" {what}"))
                    )
                };
                lines.push(truncate_to_width(
                    &format!(
                        "{indent}{}  {}",
                        hint(Action::SelectConfirm, "save"),
                        hint(Action::SelectCancel, "cancel")
                    ),
                    width,
                    "...",
                    false,
                ));
            }
            None => lines.extend(self.list_lines(width, paint)),
        }
        lines.push(String::new());
        lines.push(border);
        lines
    }

    fn search_line(&self, width: usize, paint: &dyn Paint) -> String {
        let prompt = paint.fg("muted", "Type to search:");
        let line = if self.list.search.is_empty() {
            format!("  {prompt} ")
        } else {
            format!("  {prompt} {}", paint.fg("accent", &self.list.search))
        };
        if self.label_input.is_some() {
            return truncate_to_width(&line, width, "...", false);
        }
        let content = truncate_to_width(&line, width.saturating_sub(1), "...", false);
        format!("{content}{}\x1b[7m \x1b[27m", tau_tui::CURSOR_MARKER)
    }

    fn list_lines(&self, width: usize, paint: &dyn Paint) -> Vec<String> {
        let list = &self.list;
        let status = format!(
            "{}{}",
            list.filter.status(),
            if self.show_label_time {
                " [+label time]"
            } else {
                ""
            }
        );
        let count = list.rows.len();
        if count == 0 {
            return vec![
                truncate_to_width(
                    &paint.fg("muted", "  No entries found"),
                    width,
                    "...",
                    false,
                ),
                truncate_to_width(
                    &paint.fg("muted", &format!("  (0/0){status}")),
                    width,
                    "...",
                    false,
                ),
            ];
        }
        let start = list
            .selected
            .saturating_sub(self.max_visible / 2)
            .min(count.saturating_sub(self.max_visible));
        let end = (start + self.max_visible).min(count);
        let rows: Vec<RenderedRow> = (start..end)
            .map(|i| self.render_row(&list.rows[i], i == list.selected, paint))
            .collect();
        let mut lines = viewport(rows, width);
        lines.push(truncate_to_width(
            &paint.fg(
                "muted",
                &format!("  ({}/{count}){status}", list.selected + 1),
            ),
            width,
            "...",
            false,
        ));
        lines
    }

    fn render_row(&self, row: &Row, selected: bool, paint: &dyn Paint) -> RenderedRow {
        let list = &self.list;
        let entry = &list.snapshot.entries[row.entry];
        let display_indent = if list.multiple_roots {
            row.indent.saturating_sub(1)
        } else {
            row.indent
        };
        let connector = row.show_connector && !row.virtual_root_child;
        let connector_level = connector.then(|| display_indent.saturating_sub(1));
        let folded = list.folded.contains(&entry.id);
        let mut prefix = String::new();
        for level in 0..display_indent {
            if let Some(gutter) = row.gutters.iter().find(|g| g.position == level) {
                prefix.push_str(if gutter.show { "│  " } else { "   " });
            } else if connector_level == Some(level) {
                prefix.push(if row.is_last { '└' } else { '├' });
                prefix.push(if folded {
                    '⊞'
                } else if list.is_foldable(&entry.id) {
                    '⊟'
                } else {
                    '─'
                });
                prefix.push(' ');
            } else {
                prefix.push_str("   ");
            }
        }
        let fold_marker = if folded && !connector {
            paint.fg("accent", "⊞ ")
        } else {
            String::new()
        };
        let path_marker = if list.on_active_path(&entry.id) {
            paint.fg("accent", "• ")
        } else {
            String::new()
        };
        let label = entry
            .label
            .as_ref()
            .map(|l| paint.fg("warning", &format!("[{l}] ")))
            .unwrap_or_default();
        let label_time = match (&entry.label, &entry.label_time) {
            (Some(_), Some(time)) if self.show_label_time => {
                paint.fg("muted", &format!("{} ", label_timestamp(time)))
            }
            _ => String::new(),
        };
        let mut content: String = entry
            .line
            .iter()
            .map(|segment| {
                let text = if segment.italic {
                    format!("\x1b[3m{}\x1b[23m", segment.text)
                } else {
                    segment.text.clone()
                };
                if segment.token.is_empty() {
                    text
                } else {
                    paint.fg(segment.token, &text)
                }
            })
            .collect();
        if selected {
            content = paint.bold(&content);
        }
        let prefix_part = format!("{}{fold_marker}{path_marker}", paint.fg("dim", &prefix));
        let anchor = visible_width(&prefix_part);
        let mut gutter = if selected {
            paint.fg("accent", "› ")
        } else {
            "  ".to_string()
        };
        let mut body = format!("{prefix_part}{label}{label_time}{content}");
        if selected {
            gutter = paint.bg("selectedBg", &gutter);
            body = paint.bg("selectedBg", &body);
        }
        RenderedRow {
            width: visible_width(&body),
            gutter,
            body,
            anchor,
            selected,
        }
    }
}

/// Toggling a filter switches it on, or back to the default when it is on.
fn toggled(current: FilterMode, mode: FilterMode) -> FilterMode {
    if current == mode {
        FilterMode::Default
    } else {
        mode
    }
}

struct RenderedRow {
    gutter: String,
    body: String,
    anchor: usize,
    width: usize,
    selected: bool,
}

/// The rows clipped to `width`; the bodies pan left together when the selected row's text
/// starts too far right to read (Pi's horizontal viewport), the markers stay.
fn viewport(rows: Vec<RenderedRow>, width: usize) -> Vec<String> {
    let view = width.saturating_sub(GUTTER);
    let widest = rows.iter().map(|r| r.width).max().unwrap_or(0);
    let max_scroll = widest.saturating_sub(view);
    let mut scroll = 0;
    if let Some(row) = rows.iter().find(|r| r.selected) {
        let min_visible = (view / 3).clamp(4, 20);
        if max_scroll > 0 && row.anchor + min_visible > view {
            let context = (view / 4).clamp(2, 12);
            scroll = row.anchor.saturating_sub(context).min(max_scroll);
        }
    }
    rows.into_iter()
        .map(|row| {
            let line = if scroll > 0 {
                format!(
                    "{}{}\x1b[0m",
                    row.gutter,
                    slice_by_column(&row.body, scroll, view, true)
                )
            } else {
                format!("{}{}", row.gutter, row.body)
            };
            truncate_to_width(&line, width, "", false)
        })
        .collect()
}

/// `HH:MM` today, `M/D HH:MM` this year, `YY/M/D HH:MM` before (Pi's label time; in UTC,
/// as the ISO timestamps are written, since tau keeps no time zone data).
fn label_timestamp(iso: &str) -> String {
    // `YYYY-MM-DDTHH:MM...`
    let parts = |iso: &str| -> Option<(u32, u32, u32, String)> {
        let number = |range: std::ops::Range<usize>| iso.get(range)?.parse::<u32>().ok();
        let clock = iso.get(11..16)?.to_string();
        Some((number(0..4)?, number(5..7)?, number(8..10)?, clock))
    };
    let Some((year, month, day, clock)) = parts(iso) else {
        return String::new();
    };
    let (now_year, now_month, now_day, _) = parts(&tau_session::now_iso()).unwrap_or_default();
    if (year, month, day) == (now_year, now_month, now_day) {
        clock
    } else if year == now_year {
        format!("{month}/{day} {clock}")
    } else {
        format!("{:02}/{month}/{day} {clock}", year % 100)
    }
}

/// Pi's tree help: `keys label` items joined by ` · `, wrapped to the width.
fn help_lines(keys: &Keymap, width: usize) -> Vec<String> {
    let items: [(&[Action], &str, bool); 8] = [
        (&[Action::SelectUp, Action::SelectDown], "move", false),
        (&[Action::CursorLeft, Action::CursorRight], "page", false),
        (
            &[Action::TreeFoldOrUp, Action::TreeUnfoldOrDown],
            "branch",
            false,
        ),
        (&[Action::MessageCopy], "copy", false),
        (&[Action::TreeEditLabel], "label", false),
        (&[Action::TreeToggleLabelTimestamp], "label time", false),
        (
            &[
                Action::TreeFilterDefault,
                Action::TreeFilterNoTools,
                Action::TreeFilterUserOnly,
                Action::TreeFilterLabeledOnly,
                Action::TreeFilterAll,
            ],
            "filters",
            true,
        ),
        (
            &[
                Action::TreeFilterCycleForward,
                Action::TreeFilterCycleBackward,
            ],
            "cycle",
            true,
        ),
    ];
    let texts: Vec<String> = items
        .iter()
        .map(|(actions, label, label_first)| {
            let keys = help_keys(keys, actions);
            match (keys.is_empty(), label_first) {
                (true, _) => label.to_string(),
                (false, true) => format!("{label} {keys}"),
                (false, false) => format!("{keys} {label}"),
            }
        })
        .collect();
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut current = String::new();
    let indented = |item: &str| {
        let candidate = format!("  {item}");
        if visible_width(&candidate) <= width {
            candidate
        } else {
            item.to_string()
        }
    };
    for item in texts {
        let candidate = if current.is_empty() {
            indented(&item)
        } else {
            format!("{current} · {item}")
        };
        if current.is_empty() || visible_width(&candidate) <= width {
            current = candidate;
            continue;
        }
        lines.extend(wrap_text_with_ansi(current.trim_end(), width));
        current = indented(&item);
    }
    if !current.is_empty() {
        lines.extend(wrap_text_with_ansi(current.trim_end(), width));
    }
    lines
}

/// The first key of each action, a shared modifier written once (`ctrl+d/t/u`), arrows as
/// symbols.
fn help_keys(keys: &Keymap, actions: &[Action]) -> String {
    let found: Vec<String> = actions
        .iter()
        .map(|a| keys.key_text(*a))
        .filter(|k| !k.is_empty())
        .collect();
    let joined = match found.as_slice() {
        [] => return String::new(),
        [one] => one.clone(),
        [first, ..] => {
            let split = |key: &str| match key.rfind('+') {
                Some(i) => (key[..=i].to_string(), key[i + 1..].to_string()),
                None => (String::new(), key.to_string()),
            };
            let prefix = split(first).0;
            if !prefix.is_empty() && found.iter().all(|k| split(k).0 == prefix) {
                let suffixes: Vec<String> = found.iter().map(|k| split(k).1).collect();
                format!("{prefix}{}", suffixes.join("/"))
            } else {
                found.join("/")
            }
        }
    };
    let words = [
        ("pageUp", "pgup"),
        ("pageDown", "pgdn"),
        ("up", "↑"),
        ("down", "↓"),
        ("left", "←"),
        ("right", "→"),
    ];
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let replaced = words
            .iter()
            .find(|(w, _)| *w == word.as_str())
            .map_or(word.as_str(), |(_, r)| r);
        out.push_str(replaced);
        word.clear();
    };
    for c in joined.chars() {
        if c.is_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_keys_share_a_modifier_and_show_arrows() {
        let keys = Keymap::default();
        assert_eq!(
            help_keys(&keys, &[Action::SelectUp, Action::SelectDown]),
            "↑/↓"
        );
        assert_eq!(
            help_keys(&keys, &[Action::TreeFoldOrUp, Action::TreeUnfoldOrDown]),
            "ctrl+←/→"
        );
        assert_eq!(
            help_keys(
                &keys,
                &[
                    Action::TreeFilterCycleForward,
                    Action::TreeFilterCycleBackward
                ]
            ),
            "ctrl+o/shift+ctrl+o"
        );
    }

    #[test]
    fn label_times_shorten_by_age() {
        assert_eq!(label_timestamp("2001-02-03T04:05:06.000Z"), "01/2/3 04:05");
        let now = tau_session::now_iso();
        assert_eq!(label_timestamp(&now), now[11..16]);
        assert_eq!(label_timestamp("not a time"), "");
    }

    #[test]
    fn help_wraps_like_pi_at_100_columns() {
        let lines = help_lines(&Keymap::default(), 100);
        assert_eq!(
            lines,
            [
                "  ↑/↓ move · ←/→ page · ctrl+←/→ branch · ctrl+x copy · shift+l label · shift+t label time",
                "  filters ctrl+d/t/u/l/a · cycle ctrl+o/shift+ctrl+o",
            ]
        );
    }
}
