//! Everything below the transcript, top to bottom as in Pi: queued messages, the working
//! line (only with an extension's editor: tau's own draws it in its border), widgets above
//! the editor, the editor (or the extension dialog in its place),
//! widgets below it, and the footer.

use std::sync::Arc;
use std::time::Instant;

use tau_tui::text::TruncatedText;
use tau_tui::{truncate_to_width, Component, Lines};

use crate::interactive::app::{App, Placement};
use crate::interactive::dialog::{Dialog, DialogKind};
use crate::interactive::footer::render_footer;
use crate::interactive::look::Look;
use crate::interactive::paint::Paint;
use crate::interactive::remote::Remote;

/// The dock for one frame.
pub struct DockView<'a> {
    pub app: &'a mut App,
    pub look: &'a Look,
    pub now: Instant,
    /// Extension components (widgets, the editor's place, the footer).
    pub remote: &'a Remote,
    /// The transcript search bar has the keys (fullscreen), not the editor.
    pub search_open: bool,
}

fn truncated(text: String, width: usize) -> Vec<String> {
    TruncatedText::new(text, 1, 0).render(width).to_vec()
}

fn border(look: &Look, width: usize) -> String {
    look.theme.fg("border", &"─".repeat(width.max(1)))
}

fn hint(look: &Look, key: &str, description: &str) -> String {
    format!(
        "{}{}",
        look.theme.fg("dim", key),
        look.theme.fg("muted", &format!(" {description}"))
    )
}

fn padded(text: &str, width: usize) -> Vec<String> {
    tau_tui::text::Text::new(text, 1, 0, None)
        .render(width)
        .to_vec()
}

/// An extension dialog as Pi lays it out in the editor's place.
fn dialog_lines(dialog: &Dialog, look: &Look, width: usize, now: Instant) -> Vec<String> {
    let theme = &look.theme;
    let mut title = dialog.title.clone();
    if let Some(seconds) = dialog.seconds_left(now) {
        title = format!("{title} ({seconds}s)");
    }
    let mut lines = vec![border(look, width), String::new()];
    match &dialog.kind {
        DialogKind::Select {
            options, selected, ..
        } => {
            lines.extend(padded(&theme.fg("accent", &theme.bold(&title)), width));
            lines.push(String::new());
            const MAX_VISIBLE: usize = 10;
            let start = selected
                .saturating_sub(MAX_VISIBLE / 2)
                .min(options.len().saturating_sub(MAX_VISIBLE));
            let end = (start + MAX_VISIBLE).min(options.len());
            for (i, option) in options.iter().enumerate().take(end).skip(start) {
                let text = if i == *selected {
                    format!("{}{}", theme.fg("accent", "→ "), theme.fg("accent", option))
                } else {
                    format!("  {}", theme.fg("text", option))
                };
                lines.extend(padded(&text, width));
            }
            if start > 0 || end < options.len() {
                let info = format!("  ({}/{})", selected + 1, options.len());
                lines.push(truncate_to_width(
                    &theme.fg("muted", &info),
                    width,
                    "",
                    false,
                ));
            }
            lines.push(String::new());
            let hints = format!(
                "{}  {}  {}",
                hint(look, "↑↓", "navigate"),
                hint(look, "enter", "select"),
                hint(look, "escape", "cancel")
            );
            lines.extend(padded(&hints, width));
        }
        DialogKind::Text { value, multiline } => {
            lines.extend(padded(&theme.fg("accent", &title), width));
            lines.push(String::new());
            let cursor = tau_tui::component::CURSOR_MARKER;
            let shown = format!("{value}{cursor}\x1b[7m \x1b[27m");
            for line in shown.split('\n') {
                let prefix = if *multiline { "" } else { "> " };
                lines.extend(padded(&format!("{prefix}{line}"), width));
            }
            lines.push(String::new());
            let hints = format!(
                "{}  {}",
                hint(look, "enter", "submit"),
                hint(look, "escape", "cancel")
            );
            lines.extend(padded(&hints, width));
        }
    }
    lines.push(String::new());
    lines.push(border(look, width));
    lines
}

impl Component for DockView<'_> {
    fn render(&mut self, width: usize) -> Lines {
        let app = &mut *self.app;
        let look = self.look;
        let theme = &look.theme;
        let mut lines = Vec::new();
        if !app.queued_steering.is_empty() || !app.queued_follow_up.is_empty() {
            lines.push(String::new());
            for message in &app.queued_steering {
                lines.extend(truncated(
                    theme.fg("dim", &format!("Steering: {message}")),
                    width,
                ));
            }
            for message in &app.queued_follow_up {
                lines.extend(truncated(
                    theme.fg("dim", &format!("Follow-up: {message}")),
                    width,
                ));
            }
            let key = app
                .keymap
                .key_text(crate::interactive::keymap::Action::Dequeue);
            lines.extend(truncated(
                theme.fg("dim", &format!("↳ {key} to edit all queued messages")),
                width,
            ));
        }
        let remote = self.remote;
        // Pi 1.6.0 draws the status in its own editor's top border; an extension's editor
        // gets it on a line above.
        let border = app
            .editor
            .border_style()
            .filter(|_| remote.editor.is_none());
        let status = super::status::current(app, theme, self.now, border.as_ref());
        let embedded = border.is_some() && app.editor.set_border_status(status.clone());
        if !embedded {
            app.editor.set_border_status(None);
            if let Some(status) = status {
                let text = if status.indicator.is_empty() {
                    status.message
                } else {
                    format!("{} {}", status.indicator, status.message)
                };
                lines.push(String::new());
                lines.extend(padded(&text, width));
            }
        }
        // String widgets and component widgets share the key space; sorted by key.
        let widget_lines = |placement: Placement| -> Vec<String> {
            let mut keyed: Vec<(&String, Vec<String>)> = app
                .widgets
                .iter()
                .filter(|(key, (p, _))| *p == placement && !remote.widgets.contains_key(*key))
                .map(|(key, (_, lines))| (key, lines.clone()))
                .collect();
            keyed.extend(
                remote
                    .widgets
                    .iter()
                    .filter(|(_, (p, _))| *p == placement)
                    .map(|(key, (_, id))| (key, remote.lines(*id).to_vec())),
            );
            keyed.sort_by(|a, b| a.0.cmp(b.0));
            keyed
                .into_iter()
                .flat_map(|(_, lines)| lines)
                .map(|line| truncate_to_width(&line, width, "", false))
                .collect()
        };
        let above = widget_lines(Placement::AboveEditor);
        let below = widget_lines(Placement::BelowEditor);
        lines.extend(above);
        match (app.dialogs.last(), remote.inline.last()) {
            (Some(dialog), _) => lines.extend(dialog_lines(dialog, look, width, self.now)),
            (None, _) if app.tree.is_some() => {
                if let Some(tree) = &mut app.tree {
                    lines.extend(tree.render(width, theme.as_ref() as &dyn Paint, &app.keymap));
                }
            }
            (None, _) if app.scoped_models.is_some() => {
                if let Some(selector) = &app.scoped_models {
                    lines.extend(selector.render(look, &app.keymap, width));
                }
            }
            (None, _) if app.session_picker.is_some() => {
                if let Some(picker) = app.session_picker.as_mut() {
                    lines.extend(picker.render(look, &app.keymap, width, self.now));
                }
            }
            (None, _) if app.settings_panel.is_some() => {
                if let Some(panel) = app.settings_panel.as_mut() {
                    lines.extend(panel.render_lines(&look.theme, width));
                }
            }
            (None, Some(id)) => lines.extend(remote.lines(*id).iter().cloned()),
            (None, None) => match remote.editor {
                Some(id) => lines.extend(remote.lines(id).iter().cloned()),
                None => {
                    app.editor
                        .set_focused(remote.focused.is_none() && !self.search_open);
                    lines.extend(app.editor.render(width).iter().cloned());
                }
            },
        }
        lines.extend(below);
        match remote.footer {
            Some(id) => lines.extend(remote.lines(id).iter().cloned()),
            None => lines.extend(render_footer(
                &app.footer,
                width,
                theme.as_ref() as &dyn Paint,
            )),
        }
        Arc::new(lines)
    }
}
