//! Named actions and the keys bound to them, as pi-tui's `KeybindingsManager`: every action
//! has an id (`tui.editor.cursorUp`), default keys and a description; a user's
//! `keybindings.json` replaces an action's keys (an empty list unbinds it). Components ask
//! [`KeybindingsManager::matches`] instead of testing keys themselves, so a rebinding reaches
//! every editor, input and list at once.
//!
//! The interactive mode adds its `app.*` actions with [`KeybindingsManager::with_definitions`]
//! or [`KeybindingsManager::define`]; they live in the same table and obey the same rules.

mod defaults;
mod user;

pub use defaults::{LEGACY_TUI_KEYBINDING_NAMES, TUI_KEYBINDINGS};
pub use user::{migrate_keybinding_names, parse_user_bindings};

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

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
        // user key is the user's choice to shadow, as in pi-tui. Claims are visited in
        // definition order, the order Pi's loader gives the file's entries.
        let mut claims: Vec<(String, Vec<String>)> = Vec::new();
        for (id, _) in &self.definitions {
            let Some((_, keys)) = self.user_bindings.iter().rev().find(|(uid, _)| uid == id) else {
                continue;
            };
            for key in dedup_keys(keys) {
                match claims.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, ids)) => ids.push(id.clone()),
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

/// A key id as Pi's hints name it: each part capitalised (`ctrl+shift+g` → `Ctrl+Shift+G`).
pub fn display_key(key: &str) -> String {
    key.split('+')
        .map(|part| {
            let mut chars = part.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<String>>()
        .join("+")
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
