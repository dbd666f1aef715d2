//! The header above the transcript: tau's name and version, then the key hints Pi shows
//! (interrupt, clear / exit, commands, shell, expand).

use super::keymap::{Action, Keymap};
use super::look::Look;

/// The header's lines.
pub fn lines(look: &Look, version: &str, keymap: &Keymap) -> Vec<String> {
    let theme = &look.theme;
    let hint =
        |key: String, what: &str| format!("{} {}", theme.fg("dim", &key), theme.fg("muted", what));
    let hints = [
        hint(keymap.key_text(Action::Interrupt), "interrupt"),
        hint(
            format!(
                "{}/{}",
                keymap.key_text(Action::Clear),
                keymap.key_text(Action::Exit)
            ),
            "clear/exit",
        ),
        hint("/".into(), "commands"),
        hint("!".into(), "bash"),
        hint(keymap.key_text(Action::ExpandTools), "more"),
    ]
    .join(&theme.fg("dim", " · "));
    vec![
        String::new(),
        format!(
            " {} {}",
            theme.bold(&theme.fg("accent", "tau")),
            theme.fg("dim", &format!("v{version}"))
        ),
        format!(" {hints}"),
    ]
}
