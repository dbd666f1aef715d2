//! What the editor offers after `/` (Pi's order: built-in commands, then extension
//! commands a built-in does not shadow) and for file paths (`@`, Tab).

use tau_app::extensions::Extensions;
use tau_tui::autocomplete::{CombinedAutocompleteProvider, SlashCommand};

use super::commands::{is_builtin, BUILTIN_COMMANDS};

/// The slash commands of this session.
pub fn slash_commands(extensions: Option<&Extensions>) -> Vec<SlashCommand> {
    let mut commands: Vec<SlashCommand> = BUILTIN_COMMANDS
        .iter()
        .map(|command| {
            let mut slash = SlashCommand::new(command.name, Some(command.description));
            slash.argument_hint = command.argument_hint.map(str::to_string);
            slash
        })
        .collect();
    if let Some(extensions) = extensions {
        let report = extensions.host.report();
        for ext in report.extensions.iter().filter(|e| e.ok) {
            for command in &ext.commands {
                if is_builtin(&command.name) {
                    continue;
                }
                commands.push(SlashCommand::new(
                    &command.name,
                    command.description.as_deref(),
                ));
            }
        }
    }
    commands
}

/// Extension commands whose `getArgumentCompletions` the host runs (a built-in of the same
/// name shadows one, as in Pi's menu).
pub fn argument_commands(extensions: Option<&Extensions>) -> Vec<String> {
    let Some(extensions) = extensions else {
        return Vec::new();
    };
    let report = extensions.host.report();
    report
        .extensions
        .iter()
        .filter(|e| e.ok)
        .flat_map(|e| &e.commands)
        .filter(|c| c.argument_completions && !is_builtin(&c.name))
        .map(|c| c.name.clone())
        .collect()
}

/// The editor's completion for this session in `cwd`.
pub fn provider(extensions: Option<&Extensions>, cwd: &str) -> CombinedAutocompleteProvider {
    CombinedAutocompleteProvider::new(slash_commands(extensions), cwd)
}
