//! pi-tui's `CombinedAutocompleteProvider`: slash commands (fuzzy-filtered names, then a
//! command's own argument completions after the space), `@` file attachments, and plain
//! path completion on Tab or after a path-like token.

use std::sync::Arc;

use crate::widgets::fuzzy::fuzzy_filter;
use crate::widgets::js_text::{js_trim, js_trim_start};

use super::files::{directory_suggestions, fuzzy_file_suggestions};
use super::prefix::{extract_at_prefix, extract_path_prefix, parse_path_prefix};
use super::{AutocompleteItem, AutocompleteProvider, AutocompleteSuggestions, CompletionResult};

/// Completions for a command's argument text (`None` or empty for none).
pub type ArgumentCompleter = Arc<dyn Fn(&str) -> Option<Vec<AutocompleteItem>> + Send + Sync>;

/// A command offered after `/`.
#[derive(Clone, Default)]
pub struct SlashCommand {
    /// Name without the slash (`model`, `skill:review`).
    pub name: String,
    /// Shown beside the name.
    pub description: Option<String>,
    /// Shown before the description (`<id>`).
    pub argument_hint: Option<String>,
    /// Completions for the text after `/<name> `.
    pub argument_completions: Option<ArgumentCompleter>,
}

impl SlashCommand {
    /// A command without argument hint or completions.
    pub fn new(name: &str, description: Option<&str>) -> Self {
        Self {
            name: name.into(),
            description: description.map(str::to_string),
            ..Self::default()
        }
    }
}

/// Slash commands plus file paths under a base directory.
pub struct CombinedAutocompleteProvider {
    commands: Vec<SlashCommand>,
    base_path: String,
}

impl CombinedAutocompleteProvider {
    /// Commands for `/`, and `base_path` (the working directory) for file completion.
    pub fn new(commands: Vec<SlashCommand>, base_path: &str) -> Self {
        Self {
            commands,
            base_path: base_path.to_string(),
        }
    }

    /// Replaces the commands (extensions registered or reloaded).
    pub fn set_commands(&mut self, commands: Vec<SlashCommand>) {
        self.commands = commands;
    }

    fn command_suggestions(&self, typed: &str) -> Vec<AutocompleteItem> {
        let items: Vec<AutocompleteItem> = self
            .commands
            .iter()
            .map(|cmd| {
                let description = cmd.description.clone().unwrap_or_default();
                let full = match cmd.argument_hint.as_deref().filter(|h| !h.is_empty()) {
                    Some(hint) if !description.is_empty() => format!("{hint} — {description}"),
                    Some(hint) => hint.to_string(),
                    None => description,
                };
                AutocompleteItem {
                    value: cmd.name.clone(),
                    label: cmd.name.clone(),
                    description: (!full.is_empty()).then_some(full),
                }
            })
            .collect();
        // Skills match on their bare name first; "skill:" itself only matches afterwards.
        let bare = |item: &AutocompleteItem| {
            item.value
                .strip_prefix("skill:")
                .unwrap_or(&item.value)
                .to_string()
        };
        let mut matched = fuzzy_filter(&items, typed, bare);
        let skills_left: Vec<AutocompleteItem> = items
            .iter()
            .filter(|i| i.value.starts_with("skill:") && !matched.contains(i))
            .cloned()
            .collect();
        matched.extend(fuzzy_filter(&skills_left, typed, |i| i.value.clone()));
        matched
    }
}

fn suggestions(items: Vec<AutocompleteItem>, prefix: &str) -> Option<AutocompleteSuggestions> {
    (!items.is_empty()).then(|| AutocompleteSuggestions {
        items,
        prefix: prefix.to_string(),
    })
}

impl AutocompleteProvider for CombinedAutocompleteProvider {
    fn get_suggestions(
        &mut self,
        lines: &[String],
        line: usize,
        col: usize,
        force: bool,
    ) -> Option<AutocompleteSuggestions> {
        let current = lines.get(line).map_or("", String::as_str);
        let before = &current[..col.min(current.len())];
        if let Some(at) = extract_at_prefix(before) {
            let parsed = parse_path_prefix(at);
            return suggestions(
                fuzzy_file_suggestions(&self.base_path, parsed.raw, parsed.quoted),
                at,
            );
        }
        let command_text = js_trim_start(before);
        if !force && command_text.starts_with('/') {
            let Some(space) = command_text.find(' ') else {
                return suggestions(self.command_suggestions(&command_text[1..]), command_text);
            };
            let name = &command_text[1..space];
            let argument = &command_text[space + 1..];
            let command = self.commands.iter().find(|c| c.name == name)?;
            let items = (command.argument_completions.as_ref()?)(argument)?;
            return suggestions(items, argument);
        }
        let prefix = extract_path_prefix(before, force)?;
        suggestions(directory_suggestions(&self.base_path, prefix), prefix)
    }

    fn apply_completion(
        &self,
        lines: &[String],
        line: usize,
        col: usize,
        item: &AutocompleteItem,
        prefix: &str,
    ) -> CompletionResult {
        let current = lines.get(line).map_or("", String::as_str);
        let col = col.min(current.len());
        let before_prefix = &current[..col.saturating_sub(prefix.len())];
        let after = &current[col..];
        let quoted = prefix.starts_with('"') || prefix.starts_with("@\"");
        // Completing a quoted path inside existing quotes must not double the closing one.
        let after = if quoted && item.value.ends_with('"') && after.starts_with('"') {
            &after[1..]
        } else {
            after
        };
        let mut new_lines = lines.to_vec();
        let is_slash_command = prefix.starts_with('/')
            && js_trim(before_prefix).is_empty()
            && !prefix[1..].contains('/');
        let (text, cursor) = if is_slash_command {
            let text = format!("{before_prefix}/{} {after}", item.value);
            (text, before_prefix.len() + item.value.len() + 2)
        } else {
            let is_dir = item.label.ends_with('/');
            let offset = if is_dir && item.value.ends_with('"') {
                item.value.len() - 1
            } else {
                item.value.len()
            };
            // A finished attachment gets a space; a directory stays open for more.
            let suffix = if prefix.starts_with('@') && !is_dir {
                " "
            } else {
                ""
            };
            let text = format!("{before_prefix}{}{suffix}{after}", item.value);
            (text, before_prefix.len() + offset + suffix.len())
        };
        if let Some(slot) = new_lines.get_mut(line) {
            *slot = text;
        }
        CompletionResult {
            lines: new_lines,
            cursor_line: line,
            cursor_col: cursor,
        }
    }

    fn should_trigger_file_completion(&self, lines: &[String], line: usize, col: usize) -> bool {
        let current = lines.get(line).map_or("", String::as_str);
        let before = js_trim(&current[..col.min(current.len())]);
        !before.starts_with('/') || before.contains(' ')
    }
}
