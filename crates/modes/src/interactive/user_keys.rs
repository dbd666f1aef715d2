//! The user's `keybindings.json` in the agent dir (Pi's format and ids): the editor's
//! `tui.*` keys go to tau-tui's keybindings manager, the `app.*` ones to the mode's keymap.

use std::path::Path;

use tau_tui::keybindings::{parse_user_bindings, SharedKeybindings};

use super::keymap::Keymap;

/// Applies the file if there is one; returns a warning for a file that cannot be used.
pub fn apply(
    agent_dir: &Path,
    editor_keys: &SharedKeybindings,
    keymap: &mut Keymap,
) -> Option<String> {
    let path = agent_dir.join("keybindings.json");
    let text = std::fs::read_to_string(&path).ok()?;
    let (bindings, skipped) = match parse_user_bindings(&text) {
        Ok(parsed) => parsed,
        Err(error) => return Some(format!("{}: {error}", path.display())),
    };
    for (id, keys) in &bindings {
        keymap.rebind(id, keys.clone());
    }
    if let Ok(mut manager) = editor_keys.write() {
        manager.set_user_bindings(bindings);
    }
    (!skipped.is_empty()).then(|| {
        format!(
            "{}: ignored entries that are not key lists: {}",
            path.display(),
            skipped.join(", ")
        )
    })
}
