//! Extension shortcuts (`pi.registerShortcut`) in the terminal UI, resolved as Pi 1.6.0's
//! runner resolves them against the built-in keybindings: a key bound to one of the reserved,
//! editor-global actions stays the application's (the shortcut is skipped with a warning); a
//! key bound to any other action goes to the extension (with a warning); of two extensions
//! registering one key, the later wins. Like Pi's editor, tau's editor tries them before its
//! own actions.

use std::collections::HashMap;

use tau_tui::keybindings::KeybindingsManager;

use super::keymap::Keymap;

/// The keybindings an extension shortcut cannot take over (Pi's list).
const RESERVED: &[&str] = &[
    "app.interrupt",
    "app.clear",
    "app.exit",
    "app.suspend",
    "app.thinking.cycle",
    "app.model.cycleForward",
    "app.model.cycleBackward",
    "app.model.select",
    "app.tools.expand",
    "app.thinking.toggle",
    "app.editor.external",
    "app.message.copy",
    "app.message.followUp",
    "tui.input.submit",
    "tui.select.confirm",
    "tui.select.cancel",
    "tui.input.copy",
    "tui.editor.deleteToLineEnd",
];

/// The keys extensions own, from `registered` (key in lower case, extension path; later
/// registrations last), and the warnings Pi gives about conflicts.
pub fn resolve(
    registered: &[(String, String)],
    keymap: &Keymap,
    tui_keys: &KeybindingsManager,
) -> (Vec<String>, Vec<String>) {
    // key → (keybinding id, reserved); a reserved action wins a key two actions share.
    let mut builtin: HashMap<String, (String, bool)> = HashMap::new();
    let mut add = |id: &str, keys: &[String]| {
        let reserved = RESERVED.contains(&id);
        for key in keys {
            let key = key.to_lowercase();
            if builtin.get(&key).is_some_and(|(_, r)| *r && !reserved) {
                continue;
            }
            builtin.insert(key, (id.to_string(), reserved));
        }
    };
    for (id, keys) in keymap.bindings() {
        add(id, keys);
    }
    for id in RESERVED.iter().filter(|id| id.starts_with("tui.")) {
        add(id, &tui_keys.get_keys(id));
    }
    let mut owned: Vec<String> = Vec::new();
    let mut warnings = Vec::new();
    for (key, path) in registered {
        match builtin.get(key) {
            Some((_, true)) => {
                warnings.push(format!(
                    "Extension shortcut '{key}' from {path} conflicts with built-in shortcut. Skipping."
                ));
                continue;
            }
            Some((id, false)) => warnings.push(format!(
                "Extension shortcut conflict: '{key}' is built-in shortcut for {id} and {path}. Using {path}."
            )),
            None => {}
        }
        owned.retain(|k| k != key);
        owned.push(key.clone());
    }
    (owned, warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_keys_stay_the_applications_and_others_go_to_the_extension() {
        let keymap = Keymap::default();
        let tui = KeybindingsManager::new();
        let registered = vec![
            ("ctrl+alt+p".to_string(), "plan.ts".to_string()),
            ("ctrl+c".to_string(), "bad.ts".to_string()),
            ("ctrl+g".to_string(), "editor.ts".to_string()),
            ("shift+tab".to_string(), "cycle.ts".to_string()),
        ];
        let (owned, warnings) = resolve(&registered, &keymap, &tui);
        // Ctrl+C is app.clear, Ctrl+G the external editor, Shift+Tab the thinking cycle:
        // all reserved.
        assert_eq!(owned, vec!["ctrl+alt+p".to_string()]);
        assert_eq!(warnings.len(), 3, "{warnings:?}");
        assert!(warnings[0].contains("'ctrl+c' from bad.ts conflicts with built-in shortcut"));
    }

    #[test]
    fn a_non_reserved_binding_is_taken_over_with_a_warning() {
        let keymap = Keymap::default();
        let tui = KeybindingsManager::new();
        // Ctrl+Home jumps to the transcript's top, which is not reserved.
        let registered = vec![("ctrl+home".to_string(), "top.ts".to_string())];
        let (owned, warnings) = resolve(&registered, &keymap, &tui);
        assert_eq!(owned, vec!["ctrl+home".to_string()]);
        assert_eq!(
            warnings,
            vec!["Extension shortcut conflict: 'ctrl+home' is built-in shortcut for tui.altScreen.top and top.ts. Using top.ts.".to_string()]
        );
    }
}
