//! `tau config` on a terminal: Pi's resource configuration screen (`pi config`). A framed
//! list of the extensions, skills and prompt templates a run considers, grouped by package
//! and folder, with a search line on top. Up/Down (Page Up/Down) move, Space or Enter
//! toggles, Tab switches between the global view and the project's overrides (in a trusted
//! project), Esc closes, Ctrl+C exits. Changes are saved as they are made.

mod model;

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use tau_app::packages::{PackageManager, Scope};
use tau_tui::keybindings::{KeybindingsManager, SharedKeybindings};
use tau_tui::render::{Frame, Renderer};
use tau_tui::terminal::{Terminal, TerminalEvent, TerminalOptions};
use tau_tui::theme::Theme;
use tau_tui::widgets::input::{Input, InputOptions};
use tau_tui::{truncate_to_width, visible_width, Component, Lines};

pub use model::{ConfigModel, Override, Row};

/// Lines around the list: spacers, borders and the two header lines.
const CHROME: usize = 8;

/// The screen as the renderer's content.
struct ConfigView<'a> {
    model: &'a ConfigModel,
    search: &'a mut Input,
    theme: &'a Theme,
    rows: usize,
}

fn key_hint(theme: &Theme, key: &str, description: &str) -> String {
    theme.fg("dim", key) + &theme.fg("muted", &format!(" {description}"))
}

impl ConfigView<'_> {
    fn header(&self, width: usize) -> Vec<String> {
        let theme = self.theme;
        let project = self.model.scope == Scope::Project;
        let title = theme.bold(if project {
            "Project Local Resources"
        } else {
            "Global Resources"
        });
        let sep = theme.fg("muted", " · ");
        let mut hint = String::new();
        if self.model.project_available {
            hint.push_str(&key_hint(theme, "tab", "switch mode"));
            hint.push_str(&sep);
        }
        let action = if project {
            "cycle inherit/+/-"
        } else {
            "toggle"
        };
        hint.push_str(&key_hint(theme, "space", action));
        hint.push_str(&sep);
        hint.push_str(&key_hint(theme, "esc", "close"));
        let spacing = width
            .saturating_sub(visible_width(&title) + visible_width(&hint))
            .max(1);
        let scope_hint = if project {
            ".pi/settings.json · inherited global resources are dimmed".to_string()
        } else {
            self.model_settings_path()
        };
        vec![
            truncate_to_width(
                &format!("{title}{}{hint}", " ".repeat(spacing)),
                width,
                "",
                false,
            ),
            truncate_to_width(&theme.fg("muted", &scope_hint), width, "", false),
        ]
    }

    fn model_settings_path(&self) -> String {
        self.model.settings_hint.clone()
    }

    fn checkbox(&self, g: usize, r: usize) -> String {
        let theme = self.theme;
        let enabled = self.model.groups[g].resources[r].enabled;
        if self.model.scope == Scope::Project {
            match self.model.override_of(g, r) {
                Override::Load => return theme.fg("success", "[+]"),
                Override::Unload => return theme.fg("warning", "[-]"),
                Override::Inherit => return theme.fg("dim", if enabled { "[x]" } else { "[ ]" }),
            }
        }
        if enabled {
            theme.fg("success", "[x]")
        } else {
            theme.fg("dim", "[ ]")
        }
    }

    fn item(&self, g: usize, r: usize, selected: bool, width: usize) -> String {
        let theme = self.theme;
        let resource = &self.model.groups[g].resources[r];
        let project = self.model.scope == Scope::Project;
        let state = self.model.override_of(g, r);
        let inherited = project && self.model.inherited(g, r);
        let dimmed = inherited && state == Override::Inherit;
        let name = if selected && !dimmed {
            theme.bold(&resource.display)
        } else {
            resource.display.clone()
        };
        let name = if dimmed { theme.fg("dim", &name) } else { name };
        let suffix = match (project, state) {
            (false, _) => String::new(),
            (true, Override::Load) => theme.fg("muted", "  project load"),
            (true, Override::Unload) => theme.fg("muted", "  project unload"),
            (true, Override::Inherit) if inherited => theme.fg("dim", "  inherited global"),
            (true, Override::Inherit) => String::new(),
        };
        let cursor = if selected { "> " } else { "  " };
        truncate_to_width(
            &format!("{cursor}    {} {name}{suffix}", self.checkbox(g, r)),
            width,
            "...",
            false,
        )
    }

    fn list(&mut self, width: usize) -> Vec<String> {
        let theme = self.theme;
        let mut lines: Vec<String> = self.search.render(width).iter().cloned().collect();
        lines.push(String::new());
        let rows = self.model.rows();
        if rows.is_empty() {
            lines.push(theme.fg("muted", "  No resources found"));
            return lines;
        }
        let visible = self.rows.saturating_sub(CHROME).max(5);
        let selected = self.model.selected;
        let start = selected
            .saturating_sub(visible / 2)
            .min(rows.len().saturating_sub(visible));
        let end = (start + visible).min(rows.len());
        let project = self.model.scope == Scope::Project;
        for (index, row) in rows.iter().enumerate().take(end).skip(start) {
            match *row {
                Row::Group(g) => {
                    let group = &self.model.groups[g];
                    let inherited = project && group.scope == Scope::User;
                    let label = format!(
                        "{}{}",
                        group.label,
                        if inherited {
                            " · inherited global"
                        } else {
                            ""
                        }
                    );
                    let token = if inherited { "dim" } else { "accent" };
                    let line = theme.fg(token, &theme.bold(&label));
                    lines.push(truncate_to_width(&format!("  {line}"), width, "", false));
                }
                Row::Kind(g, kind) => {
                    let inherited = project && self.model.groups[g].scope == Scope::User;
                    let token = if inherited { "dim" } else { "muted" };
                    let line = theme.fg(token, kind.label());
                    lines.push(truncate_to_width(&format!("    {line}"), width, "", false));
                }
                Row::Item(g, r) => lines.push(self.item(g, r, index == selected, width)),
            }
        }
        if start > 0 || end < rows.len() {
            let items = rows.iter().filter(|r| matches!(r, Row::Item(..))).count();
            let current = rows[..selected.min(rows.len())]
                .iter()
                .filter(|r| matches!(r, Row::Item(..)))
                .count()
                + 1;
            lines.push(theme.fg("dim", &format!("  ({current}/{items})")));
        }
        if let Some(status) = &self.model.status {
            lines.push(truncate_to_width(
                &theme.fg("error", status),
                width,
                "...",
                false,
            ));
        }
        lines
    }
}

impl Component for ConfigView<'_> {
    fn render(&mut self, width: usize) -> Lines {
        let border = self.theme.fg("border", &"─".repeat(width));
        let mut lines = vec![String::new(), border.clone(), String::new()];
        lines.extend(self.header(width));
        lines.push(String::new());
        lines.extend(self.list(width));
        lines.push(String::new());
        lines.push(border);
        Arc::new(lines)
    }
}

/// The screen is done: Esc closed it, Ctrl+C or a lost terminal ended it (Pi exits 0 either
/// way; every change is already saved).
struct Done;

fn handle(
    model: &mut ConfigModel,
    search: &mut Input,
    keys: &SharedKeybindings,
    data: &str,
    rows: usize,
) -> Option<Done> {
    let keys = keys.read().unwrap_or_else(|p| p.into_inner());
    let page = rows.saturating_sub(CHROME).max(5) as isize;
    if keys.matches(data, "tui.select.up") {
        model.move_by(-1);
    } else if keys.matches(data, "tui.select.down") {
        model.move_by(1);
    } else if keys.matches(data, "tui.select.pageUp") {
        model.move_by(-page);
    } else if keys.matches(data, "tui.select.pageDown") {
        model.move_by(page);
    } else if keys.matches(data, "tui.select.cancel")
        || tau_tui::keys::matches_key(data, "ctrl+c", keys.key_context())
    {
        // Esc closes, Ctrl+C exits: the same here, every change is saved already.
        return Some(Done);
    } else if keys.matches(data, "tui.input.tab") {
        model.switch_scope();
    } else if data == " " || keys.matches(data, "tui.select.confirm") {
        model.toggle();
    } else {
        drop(keys);
        search.handle_input(data);
        let query = search.get_value().to_string();
        model.set_query(&query);
    }
    None
}

/// Shows the screen until it is closed. `scope` is the view it starts in; the theme is the
/// one the interactive mode would use (`theme` in settings.json).
pub async fn run(
    manager: PackageManager,
    scope: Scope,
    project_available: bool,
    settings_hint: String,
    agent_dir: &std::path::Path,
) -> Result<ExitCode, String> {
    let theme_paths = manager.theme_paths();
    let origin = crate::interactive::theme_choice::ThemeOrigin {
        paths: &theme_paths,
        project_settings: None,
    };
    let choice = crate::interactive::theme_choice::choose(agent_dir, &origin, &[]);
    let theme = Arc::new(choice.theme);
    let keys: SharedKeybindings = KeybindingsManager::new().shared();
    let mut model = ConfigModel::new(manager, scope, project_available);
    model.settings_hint = settings_hint;
    let mut search = Input::new(InputOptions::default(), keys.clone());
    search.set_focused(true);
    let mut renderer = Renderer::new(tau_tui::render::TuiMode::Regular);
    let (mut terminal, mut input) = Terminal::start(&mut renderer, TerminalOptions::default())
        .map_err(|error| format!("cannot take the terminal: {error}"))?;
    let mut out = terminal.writer();
    loop {
        let rows = terminal.size().rows;
        let mut view = ConfigView {
            model: &model,
            search: &mut search,
            theme: theme.as_ref(),
            rows,
        };
        let frame = Frame {
            content: &mut view,
            dock: Vec::new(),
            overlays: Vec::new(),
        };
        if renderer.render(frame, terminal.size(), &mut out).is_err() {
            break;
        }
        let event = match tokio::time::timeout(Duration::from_millis(250), input.recv()).await {
            Ok(Some(event)) => event,
            Ok(None) => break,
            Err(_) => continue,
        };
        let data = match event {
            TerminalEvent::Input(data) if !tau_tui::keys::is_key_release(&data) => data,
            TerminalEvent::InputClosed => break,
            _ => continue,
        };
        if let Some(Done) = handle(&mut model, &mut search, &keys, &data, rows) {
            break;
        }
    }
    let _ = terminal.stop(&mut renderer, None);
    Ok(ExitCode::SUCCESS)
}
