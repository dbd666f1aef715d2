//! The keys of the interactive mode's own actions, by Pi's keybinding ids and defaults
//! (docs/keybindings.md): `app.*` for the application, `tui.select.*` / `tui.input.*` for
//! dialogs. Users rebind them in keybindings.json with the same ids.

use tau_tui::keys::{matches_key, KeyContext};

/// An action a key can trigger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Interrupt,
    Clear,
    Exit,
    Suspend,
    ExternalEditor,
    SelectModel,
    CycleModelForward,
    CycleModelBackward,
    CycleThinking,
    ToggleThinking,
    ExpandTools,
    FollowUp,
    Dequeue,
    SelectUp,
    SelectDown,
    SelectConfirm,
    SelectCancel,
    Submit,
    ScrollPageUp,
    ScrollPageDown,
    ScrollTop,
    ScrollBottom,
    SessionTree,
    SelectPageUp,
    SelectPageDown,
    CursorLeft,
    CursorRight,
    DeleteCharBackward,
    MessageCopy,
    TreeFoldOrUp,
    TreeUnfoldOrDown,
    TreeEditLabel,
    TreeToggleLabelTimestamp,
    TreeFilterDefault,
    TreeFilterNoTools,
    TreeFilterUserOnly,
    TreeFilterLabeledOnly,
    TreeFilterAll,
    TreeFilterCycleForward,
    TreeFilterCycleBackward,
    InputTab,
    SessionResume,
    SessionTogglePath,
    SessionToggleSort,
    SessionToggleNamed,
    SessionRename,
    SessionDelete,
    SessionDeleteNoninvasive,
    ModelsSave,
    ModelsEnableAll,
    ModelsClearAll,
    ModelsToggleProvider,
    ModelsReorderUp,
    ModelsReorderDown,
    ScrollHalfPageUp,
    ScrollHalfPageDown,
    ScrollLineUp,
    ScrollLineDown,
}

/// Pi's id and default keys of each action.
const DEFAULTS: &[(Action, &str, &[&str])] = &[
    (Action::Interrupt, "app.interrupt", &["escape"]),
    (Action::Clear, "app.clear", &["ctrl+c"]),
    (Action::Exit, "app.exit", &["ctrl+d"]),
    (Action::Suspend, "app.suspend", &["ctrl+z"]),
    (Action::ExternalEditor, "app.editor.external", &["ctrl+g"]),
    (Action::SelectModel, "app.model.select", &["ctrl+l"]),
    (
        Action::CycleModelForward,
        "app.model.cycleForward",
        &["ctrl+p"],
    ),
    (
        Action::CycleModelBackward,
        "app.model.cycleBackward",
        &["shift+ctrl+p"],
    ),
    (Action::CycleThinking, "app.thinking.cycle", &["shift+tab"]),
    (Action::ToggleThinking, "app.thinking.toggle", &["ctrl+t"]),
    (Action::ExpandTools, "app.tools.expand", &["ctrl+o"]),
    (Action::FollowUp, "app.message.followUp", &["alt+enter"]),
    (Action::Dequeue, "app.message.dequeue", &["alt+up"]),
    (Action::SelectUp, "tui.select.up", &["up"]),
    (Action::SelectDown, "tui.select.down", &["down"]),
    (Action::SelectConfirm, "tui.select.confirm", &["enter"]),
    (
        Action::SelectCancel,
        "tui.select.cancel",
        &["escape", "ctrl+c"],
    ),
    (Action::Submit, "tui.input.submit", &["enter"]),
    (Action::ScrollPageUp, "tui.altScreen.pageUp", &["pageUp"]),
    (
        Action::ScrollPageDown,
        "tui.altScreen.pageDown",
        &["pageDown"],
    ),
    (Action::ScrollTop, "tui.altScreen.top", &["ctrl+home"]),
    (Action::ScrollBottom, "tui.altScreen.bottom", &["ctrl+end"]),
    // No default key in Pi; keybindings.json may give it one.
    (Action::SessionTree, "app.session.tree", &[]),
    // The tree selector's keys. They come after the application's own, so a key both use
    // (Ctrl+T, Ctrl+O, Ctrl+L, Ctrl+D) means the application action outside the selector.
    (Action::SelectPageUp, "tui.select.pageUp", &["pageUp"]),
    (Action::SelectPageDown, "tui.select.pageDown", &["pageDown"]),
    (
        Action::CursorLeft,
        "tui.editor.cursorLeft",
        &["left", "ctrl+b"],
    ),
    (
        Action::CursorRight,
        "tui.editor.cursorRight",
        &["right", "ctrl+f"],
    ),
    (
        Action::DeleteCharBackward,
        "tui.editor.deleteCharBackward",
        &["backspace"],
    ),
    (Action::MessageCopy, "app.message.copy", &["ctrl+x"]),
    (
        Action::TreeFoldOrUp,
        "app.tree.foldOrUp",
        &["ctrl+left", "alt+left"],
    ),
    (
        Action::TreeUnfoldOrDown,
        "app.tree.unfoldOrDown",
        &["ctrl+right", "alt+right"],
    ),
    (Action::TreeEditLabel, "app.tree.editLabel", &["shift+l"]),
    (
        Action::TreeToggleLabelTimestamp,
        "app.tree.toggleLabelTimestamp",
        &["shift+t"],
    ),
    (
        Action::TreeFilterDefault,
        "app.tree.filter.default",
        &["ctrl+d"],
    ),
    (
        Action::TreeFilterNoTools,
        "app.tree.filter.noTools",
        &["ctrl+t"],
    ),
    (
        Action::TreeFilterUserOnly,
        "app.tree.filter.userOnly",
        &["ctrl+u"],
    ),
    (
        Action::TreeFilterLabeledOnly,
        "app.tree.filter.labeledOnly",
        &["ctrl+l"],
    ),
    (Action::TreeFilterAll, "app.tree.filter.all", &["ctrl+a"]),
    (
        Action::TreeFilterCycleForward,
        "app.tree.filter.cycleForward",
        &["ctrl+o"],
    ),
    (
        Action::TreeFilterCycleBackward,
        "app.tree.filter.cycleBackward",
        &["shift+ctrl+o"],
    ),
    (Action::InputTab, "tui.input.tab", &["tab"]),
    // The session picker's keys (they only act while it is open; Ctrl+P there toggles the
    // path, not the model).
    (Action::SessionResume, "app.session.resume", &[]),
    (
        Action::SessionTogglePath,
        "app.session.togglePath",
        &["ctrl+p"],
    ),
    (
        Action::SessionToggleSort,
        "app.session.toggleSort",
        &["ctrl+s"],
    ),
    (
        Action::SessionToggleNamed,
        "app.session.toggleNamedFilter",
        &["ctrl+n"],
    ),
    (Action::SessionRename, "app.session.rename", &["ctrl+r"]),
    (Action::SessionDelete, "app.session.delete", &["ctrl+d"]),
    (
        Action::SessionDeleteNoninvasive,
        "app.session.deleteNoninvasive",
        &["ctrl+backspace"],
    ),
    // `/scoped-models`' keys (only while it is open).
    (Action::ModelsSave, "app.models.save", &["ctrl+s"]),
    (Action::ModelsEnableAll, "app.models.enableAll", &["ctrl+a"]),
    (Action::ModelsClearAll, "app.models.clearAll", &["ctrl+x"]),
    (
        Action::ModelsToggleProvider,
        "app.models.toggleProvider",
        &["ctrl+p"],
    ),
    (Action::ModelsReorderUp, "app.models.reorderUp", &["alt+up"]),
    (
        Action::ModelsReorderDown,
        "app.models.reorderDown",
        &["alt+down"],
    ),
    // Unbound by default, as in Pi; keybindings.json gives them keys.
    (Action::ScrollHalfPageUp, "tui.altScreen.halfPageUp", &[]),
    (
        Action::ScrollHalfPageDown,
        "tui.altScreen.halfPageDown",
        &[],
    ),
    (Action::ScrollLineUp, "tui.altScreen.lineUp", &[]),
    (Action::ScrollLineDown, "tui.altScreen.lineDown", &[]),
];

/// Keys per action.
#[derive(Debug, Clone)]
pub struct Keymap {
    bindings: Vec<(Action, &'static str, Vec<String>)>,
    /// The terminal state key names depend on (Kitty protocol on or off).
    pub context: KeyContext,
}

impl Default for Keymap {
    fn default() -> Self {
        Keymap {
            bindings: DEFAULTS
                .iter()
                .map(|(action, id, keys)| {
                    (*action, *id, keys.iter().map(|k| k.to_string()).collect())
                })
                .collect(),
            context: KeyContext::default(),
        }
    }
}

impl Keymap {
    /// The first application action `data` triggers (dialog actions only when no
    /// application action matches).
    pub fn action(&self, data: &str) -> Option<Action> {
        self.bindings
            .iter()
            .find(|(_, _, keys)| keys.iter().any(|key| matches_key(data, key, self.context)))
            .map(|(action, _, _)| *action)
    }

    /// Whether `data` triggers `action`.
    pub fn matches(&self, data: &str, action: Action) -> bool {
        self.bindings.iter().any(|(a, _, keys)| {
            *a == action && keys.iter().any(|key| matches_key(data, key, self.context))
        })
    }

    /// Every binding: Pi's id and its keys.
    pub fn bindings(&self) -> impl Iterator<Item = (&'static str, &[String])> {
        self.bindings
            .iter()
            .map(|(_, id, keys)| (*id, keys.as_slice()))
    }

    /// Whether `data` is the key `key` (a pi-tui key id such as `ctrl+alt+p`).
    pub fn is_key(&self, data: &str, key: &str) -> bool {
        matches_key(data, key, self.context)
    }

    /// The action with Pi's `id`.
    pub fn by_id(&self, id: &str) -> Option<Action> {
        self.bindings
            .iter()
            .find(|(_, known, _)| *known == id)
            .map(|(action, _, _)| *action)
    }

    /// Rebinds the action with Pi's `id` (from keybindings.json).
    pub fn rebind(&mut self, id: &str, keys: Vec<String>) -> bool {
        match self.bindings.iter_mut().find(|(_, known, _)| *known == id) {
            Some(binding) => {
                binding.2 = keys;
                true
            }
            None => false,
        }
    }

    /// Every key of `action` joined by "/", as Pi's key hints show them ("escape/ctrl+c").
    pub fn keys_text(&self, action: Action) -> String {
        self.bindings
            .iter()
            .find(|(a, _, _)| *a == action)
            .map(|(_, _, keys)| keys.join("/"))
            .unwrap_or_default()
    }

    /// The first key of `action`, as key hints show it.
    pub fn key_text(&self, action: Action) -> String {
        self.bindings
            .iter()
            .find(|(a, _, _)| *a == action)
            .and_then(|(_, _, keys)| keys.first().cloned())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcript_line_and_half_page_keys_are_unbound_until_rebound() {
        let mut keymap = Keymap::default();
        assert!(!keymap.matches("\x1bk", Action::ScrollLineUp));
        assert!(keymap.rebind("tui.altScreen.lineUp", vec!["alt+k".into()]));
        assert!(keymap.matches("\x1bk", Action::ScrollLineUp));
        assert!(keymap.matches("\x18", Action::MessageCopy), "ctrl+x copies");
    }
}
