//! Pi's session picker (`/resume`, `tau -r`): the sessions of this folder or of every folder
//! (Tab), searched as you type, in threaded, recent or fuzzy order (Ctrl+S), optionally only
//! named ones (Ctrl+N), with their file paths (Ctrl+P); Ctrl+R renames the selected session,
//! Ctrl+D deletes it after a confirmation. Keys are Pi's keybinding ids through the keymap.
//!
//! This is state only: listing, renaming and deleting happen elsewhere ([`Request`]s), and
//! their results come back through [`SessionPicker::loaded`] and friends.

pub mod catalog;
mod order;
pub mod search;
mod view;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tau_session::SessionSummary;
use tau_tui::keybindings::SharedKeybindings;
use tau_tui::widgets::{Input, InputOptions};
use tau_tui::Component;

pub use catalog::Catalog;
use order::Row;

use super::keymap::{Action, Keymap};

/// Rows shown at once.
const MAX_VISIBLE: usize = 10;

/// Which sessions are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The sessions of the current folder.
    Current,
    /// Every session.
    All,
}

/// The order of the rows (Ctrl+S cycles them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    /// Forks under their parents, newest thread first.
    Threaded,
    /// Newest first.
    Recent,
    /// Best search match first.
    Relevance,
}

/// What the picker asks its owner to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// List the sessions of a scope (answered by [`SessionPicker::loaded`]).
    Load(Scope),
    /// Open this session in place of the current one; the picker is closed.
    Resume(PathBuf),
    /// Write a `session_info` entry with this name to that file.
    Rename { path: PathBuf, name: String },
    /// Delete that file (answered by [`SessionPicker::deleted`]).
    Delete(PathBuf),
}

/// What a key did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing for the owner to do.
    Stay,
    /// Esc: close without choosing.
    Cancel,
    /// Do this.
    Request(Request),
}

/// A message in the header's hint lines for a moment.
struct Status {
    message: String,
    error: bool,
    until: Instant,
}

/// The rename panel.
struct Rename {
    path: PathBuf,
    input: Input,
}

/// The picker's whole state.
pub struct SessionPicker {
    scope: Scope,
    sort: Sort,
    named_only: bool,
    show_path: bool,
    current: Option<Vec<SessionSummary>>,
    all: Option<Vec<SessionSummary>>,
    search: Input,
    selected: usize,
    /// The user moved the selection: a reload keeps it on the same session.
    touched: bool,
    confirming_delete: Option<PathBuf>,
    status: Option<Status>,
    rename: Option<Rename>,
    /// The session open now: marked, and never deleted.
    current_path: Option<PathBuf>,
    /// Rename is offered in the interactive mode, not at startup (as in Pi).
    can_rename: bool,
    keybindings: SharedKeybindings,
}

/// Whether two paths name one file (after following links).
pub fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(a), Ok(b)) if a == b
        )
}

impl SessionPicker {
    /// A picker on the current folder's sessions, which are still to be loaded
    /// ([`Request::Load`] of [`Scope::Current`]).
    pub fn new(
        current_path: Option<PathBuf>,
        can_rename: bool,
        keybindings: SharedKeybindings,
    ) -> Self {
        let mut search = Input::new(InputOptions::default(), keybindings.clone());
        search.set_focused(true);
        SessionPicker {
            scope: Scope::Current,
            sort: Sort::Threaded,
            named_only: false,
            show_path: false,
            current: None,
            all: None,
            search,
            selected: 0,
            touched: false,
            confirming_delete: None,
            status: None,
            rename: None,
            current_path,
            can_rename,
            keybindings,
        }
    }

    /// The sessions of `scope` arrived.
    pub fn loaded(&mut self, scope: Scope, sessions: Vec<SessionSummary>) {
        let keep = self
            .touched
            .then(|| self.selected_session().map(|s| s.path.clone()))
            .flatten();
        match scope {
            Scope::Current => self.current = Some(sessions),
            Scope::All => self.all = Some(sessions),
        }
        if scope != self.scope {
            return;
        }
        let rows = self.rows();
        self.selected = keep
            .and_then(|path| rows.iter().position(|r| r.session.path == path))
            .unwrap_or(if self.touched { self.selected } else { 0 })
            .min(rows.len().saturating_sub(1));
    }

    /// A file was deleted (`message`: Pi's "Session deleted" / "Session moved to trash"), or
    /// could not be (`error`).
    pub fn deleted(&mut self, path: &Path, result: Result<String, String>, now: Instant) {
        match result {
            Ok(message) => {
                for list in [&mut self.current, &mut self.all].into_iter().flatten() {
                    list.retain(|s| s.path != path);
                }
                self.clamp();
                self.set_status(message, false, Duration::from_secs(2), now);
            }
            Err(error) => self.set_status(
                format!("Failed to delete: {error}"),
                true,
                Duration::from_secs(3),
                now,
            ),
        }
    }

    /// A rename or a listing failed.
    pub fn failed(&mut self, message: String, now: Instant) {
        self.set_status(message, true, Duration::from_secs(3), now);
    }

    fn set_status(&mut self, message: String, error: bool, shown: Duration, now: Instant) {
        self.status = Some(Status {
            message,
            error,
            until: now + shown,
        });
    }

    fn sessions(&self) -> Option<&Vec<SessionSummary>> {
        match self.scope {
            Scope::Current => self.current.as_ref(),
            Scope::All => self.all.as_ref(),
        }
    }

    /// Whether the listed scope is still being loaded.
    pub fn loading(&self) -> bool {
        self.sessions().is_none()
    }

    /// The rows as shown: filtered by name and query, in the chosen order.
    fn rows(&self) -> Vec<Row<'_>> {
        let Some(sessions) = self.sessions() else {
            return Vec::new();
        };
        let kept: Vec<&SessionSummary> = sessions
            .iter()
            .filter(|s| !self.named_only || search::has_name(s))
            .collect();
        let query = self.search.get_value();
        if self.sort == Sort::Threaded && query.trim().is_empty() {
            return order::threaded(&kept);
        }
        search::filter_sessions(&kept, query, self.sort == Sort::Relevance)
            .into_iter()
            .map(Row::flat)
            .collect()
    }

    fn selected_session(&self) -> Option<&SessionSummary> {
        self.rows().get(self.selected).map(|row| row.session)
    }

    fn clamp(&mut self) {
        let count = self.rows().len();
        self.selected = self.selected.min(count.saturating_sub(1));
    }

    fn is_current(&self, path: &Path) -> bool {
        self.current_path
            .as_deref()
            .is_some_and(|current| same_file(current, path))
    }

    /// One key.
    pub fn handle_input(&mut self, data: &str, keymap: &Keymap, now: Instant) -> Outcome {
        if self.rename.is_some() {
            return self.rename_key(data, keymap);
        }
        if let Some(path) = self.confirming_delete.clone() {
            if keymap.matches(data, Action::SelectConfirm) {
                self.confirming_delete = None;
                return Outcome::Request(Request::Delete(path));
            }
            if keymap.matches(data, Action::SelectCancel) {
                self.confirming_delete = None;
            }
            return Outcome::Stay;
        }
        if keymap.matches(data, Action::InputTab) {
            return self.toggle_scope();
        }
        if keymap.matches(data, Action::SessionToggleSort) {
            self.sort = match self.sort {
                Sort::Threaded => Sort::Recent,
                Sort::Recent => Sort::Relevance,
                Sort::Relevance => Sort::Threaded,
            };
            self.clamp();
            return Outcome::Stay;
        }
        if keymap.matches(data, Action::SessionToggleNamed) {
            self.named_only = !self.named_only;
            self.clamp();
            return Outcome::Stay;
        }
        if keymap.matches(data, Action::SessionTogglePath) {
            self.show_path = !self.show_path;
            return Outcome::Stay;
        }
        if keymap.matches(data, Action::SessionDelete) {
            self.confirm_delete(now);
            return Outcome::Stay;
        }
        if keymap.matches(data, Action::SessionRename) {
            self.start_rename();
            return Outcome::Stay;
        }
        if keymap.matches(data, Action::SessionDeleteNoninvasive) {
            if self.search.get_value().is_empty() {
                self.confirm_delete(now);
            } else {
                self.type_search(data);
            }
            return Outcome::Stay;
        }
        self.touched = true;
        let last = self.rows().len().saturating_sub(1);
        if keymap.matches(data, Action::SelectUp) {
            self.selected = self.selected.saturating_sub(1);
        } else if keymap.matches(data, Action::SelectDown) {
            self.selected = (self.selected + 1).min(last);
        } else if keymap.matches(data, Action::SelectPageUp) {
            self.selected = self.selected.saturating_sub(MAX_VISIBLE);
        } else if keymap.matches(data, Action::SelectPageDown) {
            self.selected = (self.selected + MAX_VISIBLE).min(last);
        } else if keymap.matches(data, Action::SelectConfirm) {
            if let Some(session) = self.selected_session() {
                return Outcome::Request(Request::Resume(session.path.clone()));
            }
        } else if keymap.matches(data, Action::SelectCancel) {
            return Outcome::Cancel;
        } else {
            self.type_search(data);
        }
        Outcome::Stay
    }

    /// Tab: the other scope, loaded the first time it is shown.
    fn toggle_scope(&mut self) -> Outcome {
        self.scope = match self.scope {
            Scope::Current => Scope::All,
            Scope::All => Scope::Current,
        };
        self.clamp();
        if self.loading() {
            Outcome::Request(Request::Load(self.scope))
        } else {
            Outcome::Stay
        }
    }

    /// A key for the search line; a changed query selects the best match (the top row).
    fn type_search(&mut self, data: &str) {
        let before = self.search.get_value().to_string();
        self.search.handle_input(data);
        self.search.take_events();
        let query = self.search.get_value().to_string();
        if query == before {
            return;
        }
        if query.trim().is_empty() {
            self.clamp();
        } else {
            self.selected = 0;
            self.touched = false;
        }
    }

    fn confirm_delete(&mut self, now: Instant) {
        let Some(path) = self.selected_session().map(|s| s.path.clone()) else {
            return;
        };
        if self.is_current(&path) {
            self.failed("Cannot delete the currently active session".into(), now);
            return;
        }
        self.confirming_delete = Some(path);
    }

    fn start_rename(&mut self) {
        if !self.can_rename || self.loading() {
            return;
        }
        let Some((path, name)) = self
            .selected_session()
            .map(|s| (s.path.clone(), s.name.clone().unwrap_or_default()))
        else {
            return;
        };
        let mut input = Input::new(InputOptions::default(), self.keybindings.clone());
        // pi-tui's setValue keeps a new input's cursor at the start.
        input.set_value(&name);
        input.set_focused(true);
        self.rename = Some(Rename { path, input });
    }

    fn rename_key(&mut self, data: &str, keymap: &Keymap) -> Outcome {
        let Some(rename) = self.rename.as_mut() else {
            return Outcome::Stay;
        };
        if keymap.matches(data, Action::SelectCancel) {
            self.rename = None;
            return Outcome::Stay;
        }
        rename.input.handle_input(data);
        let submitted = rename
            .input
            .take_events()
            .into_iter()
            .find_map(|e| match e {
                tau_tui::widgets::InputEvent::Submit(value) => Some(value),
                tau_tui::widgets::InputEvent::Escape => None,
            });
        let Some(name) = submitted.map(|v| v.trim().to_string()) else {
            return Outcome::Stay;
        };
        if name.is_empty() {
            return Outcome::Stay;
        }
        let path = rename.path.clone();
        self.rename = None;
        Outcome::Request(Request::Rename { path, name })
    }
}

#[cfg(test)]
#[path = "picker_tests.rs"]
mod tests;
