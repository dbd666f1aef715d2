//! `tau -r` on a terminal: Pi's session picker alone on the screen before anything else
//! starts (no rename there, as in Pi). Choosing a session opens it as `--session` would;
//! Esc leaves without starting.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tau_tui::keybindings::SharedKeybindings;
use tau_tui::render::{Frame, Renderer};
use tau_tui::terminal::{Terminal, TerminalEvent};
use tau_tui::{Component, Lines};
use tokio::sync::mpsc::UnboundedReceiver;

use super::keymap::Keymap;
use super::look::Look;
use super::session_picker::{catalog, Catalog, Outcome, Request, Scope, SessionPicker};

/// How often the screen is redrawn while nothing happens (a status message expires).
const IDLE_REDRAW: Duration = Duration::from_millis(250);

/// The picker as the screen's content.
struct PickerScreen<'a> {
    picker: &'a mut SessionPicker,
    look: &'a Look,
    keymap: &'a Keymap,
}

impl Component for PickerScreen<'_> {
    fn render(&mut self, width: usize) -> Lines {
        Arc::new(
            self.picker
                .render(self.look, self.keymap, width, Instant::now()),
        )
    }
}

/// The terminal and what the picker is drawn with.
pub struct Screen<'a> {
    pub terminal: &'a mut Terminal,
    pub renderer: &'a mut Renderer,
    pub input: &'a mut UnboundedReceiver<TerminalEvent>,
    pub look: &'a Look,
    pub keymap: &'a Keymap,
    pub keybindings: SharedKeybindings,
}

async fn listed(catalog: &Catalog, scope: Scope) -> Vec<tau_session::SessionSummary> {
    let catalog = catalog.clone();
    tokio::task::spawn_blocking(move || catalog.list(scope))
        .await
        .unwrap_or_default()
}

/// Shows the picker until a session is chosen (`Some`) or it is dismissed (`None`).
pub async fn pick(screen: Screen<'_>, catalog: &Catalog) -> Option<PathBuf> {
    let mut picker = SessionPicker::new(None, false, screen.keybindings.clone());
    picker.loaded(Scope::Current, listed(catalog, Scope::Current).await);
    let mut out = screen.terminal.writer();
    loop {
        let mut content = PickerScreen {
            picker: &mut picker,
            look: screen.look,
            keymap: screen.keymap,
        };
        let frame = Frame {
            content: &mut content,
            dock: Vec::new(),
            overlays: Vec::new(),
        };
        if screen
            .renderer
            .render(frame, screen.terminal.size(), &mut out)
            .is_err()
        {
            return None;
        }
        let event = match tokio::time::timeout(IDLE_REDRAW, screen.input.recv()).await {
            Ok(Some(event)) => event,
            Ok(None) => return None,
            Err(_) => continue,
        };
        let data = match event {
            TerminalEvent::Input(data) if !tau_tui::keys::is_key_release(&data) => data,
            TerminalEvent::InputClosed => return None,
            _ => continue,
        };
        match picker.handle_input(&data, screen.keymap, Instant::now()) {
            Outcome::Stay => {}
            Outcome::Cancel => return None,
            Outcome::Request(Request::Resume(path)) => return Some(path),
            Outcome::Request(Request::Load(scope)) => {
                picker.loaded(scope, listed(catalog, scope).await);
            }
            Outcome::Request(Request::Delete(path)) => {
                let target = path.clone();
                let result = tokio::task::spawn_blocking(move || catalog::delete(&target))
                    .await
                    .unwrap_or_else(|error| Err(error.to_string()));
                picker.deleted(&path, result, Instant::now());
                for scope in [Scope::Current, Scope::All] {
                    picker.loaded(scope, listed(catalog, scope).await);
                }
            }
            // Not offered at startup.
            Outcome::Request(Request::Rename { .. }) => {}
        }
    }
}
