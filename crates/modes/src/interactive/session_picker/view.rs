//! The picker drawn as Pi draws it in the editor's place: accent borders, a header (title,
//! scope, name filter, sort, and two lines of key hints, or the delete question, or a
//! status), the search line, then one line per session: the tree prefix, the name or first
//! message (named in the warning colour, the current session in accent), and on the right
//! the path and cwd when shown, the message count and the age.

use std::time::Instant;

use tau_tui::{truncate_to_width, visible_width};

use super::{Scope, SessionPicker, Sort, MAX_VISIBLE};
use crate::interactive::keymap::{Action, Keymap};
use crate::interactive::look::Look;

/// Pi's short age: now, 5m, 3h, 2d, 1w, 4mo, 1y.
pub fn format_age(modified_ms: u64, now_ms: u64) -> String {
    let minutes = now_ms.saturating_sub(modified_ms) / 60_000;
    let hours = minutes / 60;
    let days = hours / 24;
    match () {
        () if minutes < 1 => "now".into(),
        () if minutes < 60 => format!("{minutes}m"),
        () if hours < 24 => format!("{hours}h"),
        () if days < 7 => format!("{days}d"),
        () if days < 30 => format!("{}w", days / 7),
        () if days < 365 => format!("{}mo", days / 30),
        () => format!("{}y", days / 365),
    }
}

/// `~/...` for paths under the home folder.
fn shorten_home(path: &str, home: Option<&str>) -> String {
    match home.filter(|h| !h.is_empty()) {
        Some(home) if path == home => "~".into(),
        Some(home) => match path.strip_prefix(home) {
            Some(rest) if rest.starts_with('/') => format!("~{rest}"),
            _ => path.to_string(),
        },
        None => path.to_string(),
    }
}

fn hint(look: &Look, keymap: &Keymap, action: Action, description: &str) -> String {
    format!(
        "{}{}",
        look.theme.fg("dim", &keymap.keys_text(action)),
        look.theme.fg("muted", &format!(" {description}"))
    )
}

fn border(look: &Look, width: usize) -> String {
    look.theme.fg("accent", &"─".repeat(width.max(1)))
}

impl SessionPicker {
    /// The picker's lines at `width`.
    pub fn render(
        &mut self,
        look: &Look,
        keymap: &Keymap,
        width: usize,
        now: Instant,
    ) -> Vec<String> {
        if self.status.as_ref().is_some_and(|s| now >= s.until) {
            self.status = None;
        }
        let mut lines = vec![String::new(), border(look, width), String::new()];
        if let Some(rename) = &mut self.rename {
            let theme = &look.theme;
            lines.push(format!(" {}", theme.bold("Rename Session")));
            lines.push(String::new());
            lines.push(rename.input.render_line(width));
            lines.push(String::new());
            let keys = format!(
                "{} to save · {} to cancel",
                keymap.keys_text(Action::SelectConfirm),
                keymap.keys_text(Action::SelectCancel)
            );
            lines.push(truncate_to_width(
                &format!(" {}", theme.fg("muted", &keys)),
                width,
                "",
                false,
            ));
        } else {
            lines.extend(self.header_lines(look, keymap, width));
            lines.push(String::new());
            lines.push(self.search.render_line(width));
            lines.push(String::new());
            lines.extend(self.row_lines(look, keymap, width));
        }
        lines.push(String::new());
        lines.push(border(look, width));
        lines
    }

    fn header_lines(&self, look: &Look, keymap: &Keymap, width: usize) -> Vec<String> {
        let theme = &look.theme;
        let title = match self.scope {
            Scope::Current => "Resume Session (Current Folder)",
            Scope::All => "Resume Session (All)",
        };
        let sort = match self.sort {
            Sort::Threaded => "Threaded",
            Sort::Recent => "Recent",
            Sort::Relevance => "Fuzzy",
        };
        let name = if self.named_only { "Named" } else { "All" };
        let scope = if self.loading() {
            format!(
                "{}{}",
                theme.fg("muted", "○ Current Folder | "),
                theme.fg("accent", "Loading ...")
            )
        } else if self.scope == Scope::Current {
            format!(
                "{}{}",
                theme.fg("accent", "◉ Current Folder"),
                theme.fg("muted", " | ○ All")
            )
        } else {
            format!(
                "{}{}",
                theme.fg("muted", "○ Current Folder | "),
                theme.fg("accent", "◉ All")
            )
        };
        let right = truncate_to_width(
            &format!(
                "{scope}  {}{}  {}{}",
                theme.fg("muted", "Name: "),
                theme.fg("accent", name),
                theme.fg("muted", "Sort: "),
                theme.fg("accent", sort)
            ),
            width,
            "",
            false,
        );
        let room = width.saturating_sub(visible_width(&right) + 1);
        let left = truncate_to_width(&theme.bold(title), room, "", false);
        let spacing = width.saturating_sub(visible_width(&left) + visible_width(&right));
        let first = format!("{left}{}{right}", " ".repeat(spacing));
        let (hint1, hint2) = if self.confirming_delete.is_some() {
            let question = format!(
                "Delete session? {} · {}",
                hint(look, keymap, Action::SelectConfirm, "confirm"),
                hint(look, keymap, Action::SelectCancel, "cancel")
            );
            (
                theme.fg("error", &truncate_to_width(&question, width, "…", false)),
                String::new(),
            )
        } else if let Some(status) = &self.status {
            let color = if status.error { "error" } else { "accent" };
            (
                theme.fg(
                    color,
                    &truncate_to_width(&status.message, width, "…", false),
                ),
                String::new(),
            )
        } else {
            let sep = theme.fg("muted", " · ");
            let first = format!(
                "{}{sep}{}",
                hint(look, keymap, Action::InputTab, "scope"),
                theme.fg("muted", "re:<pattern> regex · \"phrase\" exact")
            );
            let path = if self.show_path {
                "path (on)"
            } else {
                "path (off)"
            };
            let mut parts = vec![
                hint(look, keymap, Action::SessionToggleSort, "sort"),
                hint(look, keymap, Action::SessionToggleNamed, "named"),
                hint(look, keymap, Action::SessionDelete, "delete"),
                hint(look, keymap, Action::SessionTogglePath, path),
            ];
            if self.can_rename {
                parts.push(hint(look, keymap, Action::SessionRename, "rename"));
            }
            (
                truncate_to_width(&first, width, "…", false),
                truncate_to_width(&parts.join(&sep), width, "…", false),
            )
        };
        vec![first, hint1, hint2]
    }

    fn empty_message(&self, keymap: &Keymap) -> String {
        let all = self.scope == Scope::All;
        if self.named_only {
            let key = keymap.keys_text(Action::SessionToggleNamed);
            if all {
                format!("  No named sessions found. Press {key} to show all.")
            } else {
                format!("  No named sessions in current folder. Press {key} to show all, or Tab to view all.")
            }
        } else if all {
            "  No sessions found".into()
        } else {
            "  No sessions in current folder. Press Tab to view all.".into()
        }
    }

    fn row_lines(&self, look: &Look, keymap: &Keymap, width: usize) -> Vec<String> {
        let theme = &look.theme;
        let rows = self.rows();
        if rows.is_empty() {
            let message = truncate_to_width(&self.empty_message(keymap), width, "…", false);
            return vec![theme.fg("muted", &message)];
        }
        let home = std::env::var("HOME").ok();
        let now_ms = tau_protocol::now_millis();
        let start = self
            .selected
            .saturating_sub(MAX_VISIBLE / 2)
            .min(rows.len().saturating_sub(MAX_VISIBLE));
        let end = (start + MAX_VISIBLE).min(rows.len());
        let mut lines = Vec::new();
        for (i, row) in rows.iter().enumerate().take(end).skip(start) {
            let session = row.session;
            let selected = i == self.selected;
            let deleting = self.confirming_delete.as_deref() == Some(session.path.as_path());
            let text = session
                .name
                .clone()
                .or_else(|| session.first_message.clone())
                .unwrap_or_else(|| "(no messages)".into());
            let text: String = text
                .chars()
                .map(|c| {
                    if c.is_control() && (c as u32) < 0x80 {
                        ' '
                    } else {
                        c
                    }
                })
                .collect();
            let text = text.trim();
            let mut right = format!(
                "{} {}",
                session.message_count,
                format_age(session.modified_ms, now_ms)
            );
            if self.scope == Scope::All && !session.cwd.is_empty() {
                right = format!("{} {right}", shorten_home(&session.cwd, home.as_deref()));
            }
            if self.show_path {
                let path = session.path.display().to_string();
                right = format!("{} {right}", shorten_home(&path, home.as_deref()));
            }
            let cursor = if selected {
                theme.fg("accent", "› ")
            } else {
                "  ".into()
            };
            let room = width as i64
                - 2
                - visible_width(&row.prefix) as i64
                - visible_width(&right) as i64
                - 2;
            let shown = truncate_to_width(text, room.max(10) as usize, "…", false);
            let color = if deleting {
                Some("error")
            } else if self.is_current(&session.path) {
                Some("accent")
            } else if session.name.is_some() {
                Some("warning")
            } else {
                None
            };
            let mut styled = match color {
                Some(color) => theme.fg(color, &shown),
                None => shown,
            };
            if selected {
                styled = theme.bold(&styled);
            }
            let left = format!("{cursor}{}{styled}", theme.fg("dim", &row.prefix));
            let spacing = width
                .saturating_sub(visible_width(&left) + visible_width(&right))
                .max(1);
            let right = theme.fg(if deleting { "error" } else { "dim" }, &right);
            let mut line = format!("{left}{}{right}", " ".repeat(spacing));
            if selected {
                line = theme.bg("selectedBg", &line);
            }
            lines.push(truncate_to_width(&line, width, "...", false));
        }
        if start > 0 || end < rows.len() {
            let info = format!("  ({}/{})", self.selected + 1, rows.len());
            lines.push(theme.fg("muted", &truncate_to_width(&info, width, "", false)));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_round_down_like_pi() {
        let now = 400 * 86_400_000;
        let ago = |ms: u64| format_age(now - ms, now);
        assert_eq!(ago(30_000), "now");
        assert_eq!(ago(5 * 60_000), "5m");
        assert_eq!(ago(3 * 3_600_000 + 59 * 60_000), "3h");
        assert_eq!(ago(2 * 86_400_000), "2d");
        assert_eq!(ago(13 * 86_400_000), "1w");
        assert_eq!(ago(65 * 86_400_000), "2mo");
        assert_eq!(ago(366 * 86_400_000), "1y");
    }

    #[test]
    fn home_paths_are_shortened() {
        assert_eq!(shorten_home("/home/u/p", Some("/home/u")), "~/p");
        assert_eq!(shorten_home("/home/u", Some("/home/u")), "~");
        assert_eq!(shorten_home("/home/user2", Some("/home/u")), "/home/user2");
        assert_eq!(shorten_home("/tmp", None), "/tmp");
    }
}
