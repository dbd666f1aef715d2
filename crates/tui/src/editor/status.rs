//! A status drawn in the editor's top border, as Pi's editor embeds its working indicator
//! (`CustomEditor.renderTopBorder`): `── ⠋ Working... ────`, the scroll indicator
//! ("↑ 3 more") still centred when both fit, the spinner alone when the message does not.

use crate::component::{Component, Style};
use crate::text::Text;
use crate::width::{truncate_to_width, visible_width};

/// The indicator and message, styled by the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BorderStatus {
    /// The spinner frame (may be empty).
    pub indicator: String,
    /// The message.
    pub message: String,
}

impl BorderStatus {
    /// The status in `width` cells: the first line `indicator message` wraps to, as a
    /// loader draws it (pi-tui's `renderInBorder`).
    fn in_border(&self, width: usize) -> String {
        let text = if self.indicator.is_empty() {
            self.message.clone()
        } else {
            format!("{} {}", self.indicator, self.message)
        };
        let lines = Text::new(text, 1, 0, None).render(width + 2);
        let line = lines.first().map_or("", String::as_str);
        let line = line.strip_prefix(' ').unwrap_or(line).trim_end();
        truncate_to_width(line, width, "", false)
    }

    fn spinner_in_border(&self, width: usize) -> String {
        truncate_to_width(&self.indicator, width, "", false)
    }

    /// The top border of `width` cells with `hidden` lines scrolled above; `None` when the
    /// status is empty (the plain border then).
    pub fn top_border(&self, width: usize, hidden: usize, border: &Style) -> Option<String> {
        let mut status = self.in_border(width.saturating_sub(5).max(1));
        let mut status_width = visible_width(&status);
        if status_width == 0 {
            return None;
        }
        let label = (hidden > 0).then(|| format!(" ↑ {hidden} more "));
        let label_width = label.as_deref().map_or(0, visible_width);
        let label_start = width.saturating_sub(label_width) / 2;
        let fits = |status_width: usize| {
            label.is_some()
                && label_width + 2 <= width
                && label_start as i64 - (3 + status_width as i64 + 1) >= 1
        };
        if label.is_some() && !fits(status_width) {
            status = self.spinner_in_border(width);
            status_width = visible_width(&status);
        }
        if let (true, Some(label)) = (fits(status_width), &label) {
            let left = 3 + status_width + 1;
            let rest = format!(
                " {}{label}{}",
                "─".repeat(label_start - left),
                "─".repeat(width - label_start - label_width)
            );
            return Some(format!("{}{status}{}", border("── "), border(&rest)));
        }
        if width >= status_width + 5 {
            let rest = format!(" {}", "─".repeat(width - status_width - 4));
            return Some(format!("{}{status}{}", border("── "), border(&rest)));
        }
        let status = self.spinner_in_border(width);
        let status_width = visible_width(&status);
        let prefix = 3.min(width.saturating_sub(status_width));
        Some(format!(
            "{}{status}{}",
            border(&"─".repeat(prefix)),
            border(&"─".repeat(width.saturating_sub(prefix + status_width)))
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(message: &str) -> BorderStatus {
        BorderStatus {
            indicator: "⠋".into(),
            message: message.into(),
        }
    }

    #[test]
    fn the_status_sits_after_three_rule_cells() {
        let plain: Style = crate::component::plain_style();
        let line = status("Working...").top_border(30, 0, &plain);
        assert_eq!(line.as_deref(), Some("── ⠋ Working... ──────────────"));
        let scrolled = status("Working...")
            .top_border(60, 3, &plain)
            .unwrap_or_default();
        assert_eq!(visible_width(&scrolled), 60);
        assert!(scrolled.starts_with("── ⠋ Working... ") && scrolled.contains(" ↑ 3 more "));
        let spinner_only = status("Working...")
            .top_border(40, 3, &plain)
            .unwrap_or_default();
        assert!(spinner_only.starts_with("── ⠋ ─") && spinner_only.contains(" ↑ 3 more "));
        let narrow = status("a long message that cannot fit").top_border(12, 0, &plain);
        assert_eq!(
            narrow.as_deref(),
            Some("── ⠋ a ─────"),
            "the first wrapped line"
        );
    }
}
