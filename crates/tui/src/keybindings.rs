//! Named actions and the keys bound to them, as pi-tui's `KeybindingsManager`: every action
//! has an id (`tui.editor.cursorUp`), default keys and a description; a user's
//! `keybindings.json` replaces an action's keys (an empty list unbinds it). Components ask
//! [`KeybindingsManager::matches`] instead of testing keys themselves, so a rebinding reaches
//! every editor, input and list at once.
//!
//! The interactive mode adds its `app.*` actions with [`KeybindingsManager::with_definitions`]
//! or [`KeybindingsManager::define`]; they live in the same table and obey the same rules.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use serde_json::Value;

use crate::keys::{matches_key, KeyContext};

/// One action: the keys it has unless the user says otherwise, and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeybindingDefinition {
    /// Keys used when the user does not rebind the action.
    pub default_keys: Vec<String>,
    /// What the action does, for `/hotkeys`.
    pub description: String,
}

/// A key that the user's file gives to more than one action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeybindingConflict {
    /// The key, as written in the file.
    pub key: String,
    /// The actions claiming it, in file order.
    pub keybindings: Vec<String>,
}

/// The user's overrides: action id to keys, in file order. Ids that no definition knows are
/// kept (so they round-trip) but bind nothing.
pub type UserBindings = Vec<(String, Vec<String>)>;

/// pi-tui's built-in actions (`TUI_KEYBINDINGS`), in pi-tui's order.
pub const TUI_KEYBINDINGS: &[(&str, &[&str], &str)] = &[
    ("tui.editor.cursorUp", &["up"], "Move cursor up"),
    ("tui.editor.cursorDown", &["down"], "Move cursor down"),
    (
        "tui.editor.historyPrevious",
        &[],
        "Select previous prompt history entry",
    ),
    (
        "tui.editor.historyNext",
        &[],
        "Select next prompt history entry",
    ),
    (
        "tui.editor.cursorLeft",
        &["left", "ctrl+b"],
        "Move cursor left",
    ),
    (
        "tui.editor.cursorRight",
        &["right", "ctrl+f"],
        "Move cursor right",
    ),
    (
        "tui.editor.cursorWordLeft",
        &["alt+left", "ctrl+left", "alt+b"],
        "Move cursor word left",
    ),
    (
        "tui.editor.cursorWordRight",
        &["alt+right", "ctrl+right", "alt+f"],
        "Move cursor word right",
    ),
    (
        "tui.editor.cursorLineStart",
        &["home", "ctrl+a"],
        "Move to line start",
    ),
    (
        "tui.editor.cursorLineEnd",
        &["end", "ctrl+e"],
        "Move to line end",
    ),
    (
        "tui.editor.jumpForward",
        &["ctrl+]"],
        "Jump forward to character",
    ),
    (
        "tui.editor.jumpBackward",
        &["ctrl+alt+]"],
        "Jump backward to character",
    ),
    ("tui.editor.pageUp", &["pageUp", "ctrl+pageUp"], "Page up"),
    (
        "tui.editor.pageDown",
        &["pageDown", "ctrl+pageDown"],
        "Page down",
    ),
    (
        "tui.editor.deleteCharBackward",
        &["backspace"],
        "Delete character backward",
    ),
    (
        "tui.editor.deleteCharForward",
        &["delete", "ctrl+d"],
        "Delete character forward",
    ),
    (
        "tui.editor.deleteWordBackward",
        &["ctrl+w", "alt+backspace"],
        "Delete word backward",
    ),
    (
        "tui.editor.deleteWordForward",
        &["alt+d", "alt+delete"],
        "Delete word forward",
    ),
    (
        "tui.editor.deleteToLineStart",
        &["ctrl+u"],
        "Delete to line start",
    ),
    (
        "tui.editor.deleteToLineEnd",
        &["ctrl+k"],
        "Delete to line end",
    ),
    ("tui.editor.yank", &["ctrl+y"], "Yank"),
    ("tui.editor.yankPop", &["alt+y"], "Yank pop"),
    ("tui.editor.undo", &["ctrl+-"], "Undo"),
    (
        "tui.input.newLine",
        &["shift+enter", "ctrl+j"],
        "Insert newline",
    ),
    ("tui.input.submit", &["enter"], "Submit input"),
    ("tui.input.tab", &["tab"], "Tab / autocomplete"),
    ("tui.input.copy", &["ctrl+c"], "Copy selection"),
    ("tui.select.up", &["up"], "Move selection up"),
    ("tui.select.down", &["down"], "Move selection down"),
    ("tui.select.pageUp", &["pageUp"], "Selection page up"),
    ("tui.select.pageDown", &["pageDown"], "Selection page down"),
    ("tui.select.confirm", &["enter"], "Confirm selection"),
    (
        "tui.select.cancel",
        &["escape", "ctrl+c"],
        "Cancel selection",
    ),
    // These shadow the editor's unmodified page keys in fullscreen mode, as in pi-tui.
    (
        "tui.altScreen.pageUp",
        &["pageUp"],
        "Scroll viewport up one page",
    ),
    (
        "tui.altScreen.pageDown",
        &["pageDown"],
        "Scroll viewport down one page",
    ),
    (
        "tui.altScreen.halfPageUp",
        &[],
        "Scroll viewport up half a page",
    ),
    (
        "tui.altScreen.halfPageDown",
        &[],
        "Scroll viewport down half a page",
    ),
    ("tui.altScreen.lineUp", &[], "Scroll viewport up one line"),
    (
        "tui.altScreen.lineDown",
        &[],
        "Scroll viewport down one line",
    ),
    (
        "tui.altScreen.previousPrompt",
        &["ctrl+shift+up", "ctrl+up"],
        "Jump to previous semantic prompt",
    ),
    (
        "tui.altScreen.nextPrompt",
        &["ctrl+shift+down", "ctrl+down"],
        "Jump to next semantic prompt",
    ),
    (
        "tui.altScreen.search",
        &["ctrl+shift+f"],
        "Search the primary scroll view",
    ),
    (
        "tui.altScreen.searchNext",
        &["enter", "ctrl+g"],
        "Select the next search match",
    ),
    (
        "tui.altScreen.searchPrevious",
        &["shift+enter", "ctrl+shift+g"],
        "Select the previous search match",
    ),
    (
        "tui.altScreen.searchClose",
        &["escape"],
        "Close transcript search",
    ),
    (
        "tui.altScreen.top",
        &["ctrl+home"],
        "Scroll viewport to top",
    ),
    (
        "tui.altScreen.bottom",
        &["ctrl+end"],
        "Scroll viewport to bottom",
    ),
];

/// A manager shared by every component of one terminal (pi-tui keeps one global instance).
pub type SharedKeybindings = Arc<RwLock<KeybindingsManager>>;

/// Keys per action: definitions, the user's overrides and the keys that result.
#[derive(Clone, Debug)]
pub struct KeybindingsManager {
    definitions: Vec<(String, KeybindingDefinition)>,
    index: HashMap<String, usize>,
    user_bindings: UserBindings,
    keys_by_id: HashMap<String, Vec<String>>,
    conflicts: Vec<KeybindingConflict>,
    key_context: KeyContext,
}

impl Default for KeybindingsManager {
    fn default() -> Self {
        Self::new()
    }
}

/// Keys without repeats, first occurrence kept.
fn dedup_keys<S: AsRef<str>>(keys: &[S]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for key in keys {
        if !out.iter().any(|k| k == key.as_ref()) {
            out.push(key.as_ref().to_string());
        }
    }
    out
}

impl KeybindingsManager {
    /// pi-tui's built-in actions with their default keys.
    pub fn new() -> Self {
        Self::with_definitions(Vec::new())
    }

    /// The built-in actions followed by `extra` (the app's actions); a later definition of
    /// the same id replaces the earlier one in place.
    pub fn with_definitions(extra: Vec<(String, KeybindingDefinition)>) -> Self {
        let mut manager = Self {
            definitions: Vec::new(),
            index: HashMap::new(),
            user_bindings: Vec::new(),
            keys_by_id: HashMap::new(),
            conflicts: Vec::new(),
            key_context: KeyContext::default(),
        };
        for (id, keys, description) in TUI_KEYBINDINGS {
            manager.insert_definition(id, keys, description);
        }
        for (id, definition) in extra {
            manager.insert_definition(&id, &definition.default_keys, &definition.description);
        }
        manager.rebuild();
        manager
    }

    fn insert_definition<S: AsRef<str>>(&mut self, id: &str, keys: &[S], description: &str) {
        let definition = KeybindingDefinition {
            default_keys: keys.iter().map(|k| k.as_ref().to_string()).collect(),
            description: description.to_string(),
        };
        match self.index.get(id) {
            Some(&i) => self.definitions[i].1 = definition,
            None => {
                self.index.insert(id.to_string(), self.definitions.len());
                self.definitions.push((id.to_string(), definition));
            }
        }
    }

    /// Adds (or redefines) one action; the user's override for it, if any, applies.
    pub fn define(&mut self, id: &str, default_keys: &[&str], description: &str) {
        self.insert_definition(id, default_keys, description);
        self.rebuild();
    }

    /// The terminal state key matching depends on (Kitty protocol, Windows Terminal).
    pub fn set_key_context(&mut self, ctx: KeyContext) {
        self.key_context = ctx;
    }

    /// The terminal state keys are matched in.
    pub fn key_context(&self) -> KeyContext {
        self.key_context
    }

    fn rebuild(&mut self) {
        self.keys_by_id.clear();
        self.conflicts.clear();
        // Conflicts are only among the user's own claims: a default that collides with a
        // user key is the user's choice to shadow, as in pi-tui.
        let mut claims: Vec<(String, Vec<String>)> = Vec::new();
        for (id, keys) in &self.user_bindings {
            if !self.index.contains_key(id) {
                continue;
            }
            for key in dedup_keys(keys) {
                match claims.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, ids)) if !ids.contains(id) => ids.push(id.clone()),
                    Some(_) => {}
                    None => claims.push((key, vec![id.clone()])),
                }
            }
        }
        self.conflicts = claims
            .into_iter()
            .filter(|(_, ids)| ids.len() > 1)
            .map(|(key, keybindings)| KeybindingConflict { key, keybindings })
            .collect();
        for (id, definition) in &self.definitions {
            let user = self.user_bindings.iter().rev().find(|(uid, _)| uid == id);
            let keys = match user {
                Some((_, keys)) => dedup_keys(keys),
                None => dedup_keys(&definition.default_keys),
            };
            self.keys_by_id.insert(id.clone(), keys);
        }
    }

    /// Whether `data` (one key sequence) is bound to the action `id`.
    pub fn matches(&self, data: &str, id: &str) -> bool {
        self.keys_by_id
            .get(id)
            .is_some_and(|keys| keys.iter().any(|k| matches_key(data, k, self.key_context)))
    }

    /// The keys bound to `id` now (none for an unknown id).
    pub fn get_keys(&self, id: &str) -> Vec<String> {
        self.keys_by_id.get(id).cloned().unwrap_or_default()
    }

    /// The definition of `id`.
    pub fn get_definition(&self, id: &str) -> Option<&KeybindingDefinition> {
        self.index.get(id).map(|&i| &self.definitions[i].1)
    }

    /// All action ids, in definition order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.definitions.iter().map(|(id, _)| id.as_str())
    }

    /// Keys that the user's file gives to several actions, in the order first claimed.
    pub fn get_conflicts(&self) -> Vec<KeybindingConflict> {
        self.conflicts.clone()
    }

    /// Replaces the user's overrides (a reload of `keybindings.json`).
    pub fn set_user_bindings(&mut self, user_bindings: UserBindings) {
        self.user_bindings = user_bindings;
        self.rebuild();
    }

    /// The user's overrides as given.
    pub fn get_user_bindings(&self) -> &UserBindings {
        &self.user_bindings
    }

    /// Every action with its keys, in definition order.
    pub fn get_resolved_bindings(&self) -> Vec<(String, Vec<String>)> {
        self.definitions
            .iter()
            .map(|(id, _)| (id.clone(), self.get_keys(id)))
            .collect()
    }

    /// Wraps the manager for sharing between components.
    pub fn shared(self) -> SharedKeybindings {
        Arc::new(RwLock::new(self))
    }
}

/// Reads Pi's `keybindings.json` (an object of action id to a key or a list of keys).
/// Entries of another shape (`$schema`, numbers) are skipped and reported back, so the
/// caller can warn about them without losing the good ones.
pub fn parse_user_bindings(json: &str) -> Result<(UserBindings, Vec<String>), String> {
    let value: Value = serde_json::from_str(json).map_err(|e| {
        format!("keybindings.json is not valid JSON: {e}; fix the file or remove it")
    })?;
    let Value::Object(map) = value else {
        return Err("keybindings.json must hold an object of action id to keys".into());
    };
    let mut bindings = Vec::new();
    let mut skipped = Vec::new();
    for (id, keys) in map {
        let keys = match keys {
            Value::String(key) => Some(vec![key]),
            Value::Array(items) => items
                .into_iter()
                .map(|item| item.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>(),
            _ => None,
        };
        match keys {
            Some(keys) => bindings.push((id, keys)),
            None if id == "$schema" => {}
            None => skipped.push(id),
        }
    }
    Ok((bindings, skipped))
}

/// The selection index after a page key (`tui.select.pageUp`/`pageDown`) moved it by
/// `page_size`, clamped to the list; `None` when `data` is no page key.
pub fn select_page_index(
    kb: &KeybindingsManager,
    data: &str,
    selected: usize,
    count: usize,
    page_size: usize,
) -> Option<usize> {
    let last = count.saturating_sub(1);
    if kb.matches(data, "tui.select.pageUp") {
        Some(selected.saturating_sub(page_size).min(last))
    } else if kb.matches(data, "tui.select.pageDown") {
        Some((selected + page_size).min(last))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_keys_replace_defaults_and_conflicts_are_reported() {
        let mut kb = KeybindingsManager::new();
        assert!(kb.matches("\x1b[A", "tui.editor.cursorUp"));
        let (user, skipped) = parse_user_bindings(
            r#"{"$schema":"x","tui.editor.cursorUp":["ctrl+p","ctrl+p"],"tui.editor.yank":"ctrl+p","bad":1}"#,
        )
        .unwrap();
        assert_eq!(skipped, vec!["bad"]);
        kb.set_user_bindings(user);
        assert!(!kb.matches("\x1b[A", "tui.editor.cursorUp"));
        assert!(kb.matches("\x10", "tui.editor.cursorUp"));
        assert_eq!(kb.get_keys("tui.editor.cursorUp"), vec!["ctrl+p"]);
        assert_eq!(
            kb.get_conflicts(),
            vec![KeybindingConflict {
                key: "ctrl+p".into(),
                keybindings: vec!["tui.editor.cursorUp".into(), "tui.editor.yank".into()],
            }]
        );
    }

    #[test]
    fn app_actions_join_the_table() {
        let mut kb = KeybindingsManager::new();
        kb.set_user_bindings(vec![("app.session.new".into(), vec!["ctrl+n".into()])]);
        assert!(!kb.matches("\x0e", "app.session.new"));
        kb.define("app.session.new", &[], "New session");
        assert!(kb.matches("\x0e", "app.session.new"));
        assert_eq!(kb.ids().last(), Some("app.session.new"));
    }
}
