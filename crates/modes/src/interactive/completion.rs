//! What the editor offers after `/` (Pi's order: built-in commands, prompt templates,
//! extension commands a built-in does not shadow, then `skill:<name>` commands unless the
//! `enableSkillCommands` setting is off) and for file paths (`@`, Tab).

use tau_app::extensions::Extensions;
use tau_app::resources::{Resources, SourceInfo};
use tau_tui::autocomplete::{CombinedAutocompleteProvider, SlashCommand};

use super::commands::{is_builtin, BUILTIN_COMMANDS};

/// Pi's source tag before a template's or skill's description: `u` (user), `p` (project)
/// or `t` (temporary), with an npm or git package's source after a colon.
fn source_tag(info: &SourceInfo) -> String {
    let scope = match info.scope.as_str() {
        "user" => "u",
        "project" => "p",
        _ => "t",
    };
    let source = info.source.trim();
    if source.starts_with("npm:") || source.starts_with("git:") {
        format!("{scope}:{source}")
    } else {
        scope.to_string()
    }
}

fn tagged(description: &str, info: &SourceInfo) -> String {
    let tag = source_tag(info);
    if description.is_empty() {
        format!("[{tag}]")
    } else {
        format!("[{tag}] {description}")
    }
}

/// The slash commands of this session.
pub fn slash_commands(
    extensions: Option<&Extensions>,
    resources: &Resources,
    skill_commands: bool,
) -> Vec<SlashCommand> {
    let mut commands: Vec<SlashCommand> = BUILTIN_COMMANDS
        .iter()
        .map(|command| {
            let mut slash = SlashCommand::new(command.name, Some(command.description));
            slash.argument_hint = command.argument_hint.map(str::to_string);
            slash
        })
        .collect();
    for template in &resources.templates {
        let description = tagged(&template.description, &template.source_info);
        let mut slash = SlashCommand::new(&template.name, Some(&description));
        slash.argument_hint = template.argument_hint.clone();
        commands.push(slash);
    }
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
    if skill_commands {
        for skill in &resources.skills {
            let description = tagged(&skill.description, &skill.source_info);
            let name = format!("skill:{}", skill.name);
            commands.push(SlashCommand::new(&name, Some(&description)));
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
pub fn provider(
    extensions: Option<&Extensions>,
    resources: &Resources,
    skill_commands: bool,
    cwd: &str,
) -> CombinedAutocompleteProvider {
    CombinedAutocompleteProvider::new(slash_commands(extensions, resources, skill_commands), cwd)
}
