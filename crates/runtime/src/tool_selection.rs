//! Which tools are active, from `--tools`, `--no-tools`, `--no-builtin-tools` and
//! `--exclude-tools`, with Pi's rules: plain names (with `*` patterns) replace the default
//! selection, a list of only `+name`/`-name` entries edits it, and exclusions apply last.

/// Pi's default active tools.
pub const DEFAULT_TOOLS: [&str; 4] = ["read", "bash", "edit", "write"];

/// The tool flags of one invocation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolSelection {
    /// `--tools` entries, if given.
    pub tools: Option<Vec<String>>,
    /// `--no-tools`.
    pub no_tools: bool,
    /// `--no-builtin-tools`.
    pub no_builtin_tools: bool,
    /// `--exclude-tools` entries.
    pub exclude: Vec<String>,
}

/// A `--tools` list Pi rejects.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ToolSelectionError {
    /// Plain names mixed with `+`/`-` entries.
    #[error("tool names cannot be mixed with +name or -name entries")]
    MixedModifiers,
    /// A `+`/`-` entry with a `*` pattern.
    #[error("+name and -name entries take exact tool names, not patterns: {0}")]
    PatternModifier(String),
}

fn is_modifier(entry: &str) -> bool {
    entry.starts_with('+') || entry.starts_with('-')
}

/// Checks a `--tools` list as Pi does when parsing arguments.
pub fn check_tool_list(entries: &[String]) -> Result<(), ToolSelectionError> {
    let modifiers: Vec<&String> = entries.iter().filter(|e| is_modifier(e)).collect();
    if modifiers.is_empty() {
        return Ok(());
    }
    if modifiers.len() < entries.len() {
        return Err(ToolSelectionError::MixedModifiers);
    }
    match modifiers.iter().find(|entry| entry.contains('*')) {
        Some(pattern) => Err(ToolSelectionError::PatternModifier((*pattern).clone())),
        None => Ok(()),
    }
}

/// Matches a name against an entry where `*` stands for any characters.
fn matches(pattern: &str, name: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == name;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !name.starts_with(first) || name.len() < first.len() + last.len() || !name.ends_with(last) {
        return false;
    }
    let mut rest = &name[first.len()..name.len() - last.len()];
    for middle in &parts[1..parts.len() - 1] {
        match rest.find(middle) {
            Some(at) => rest = &rest[at + middle.len()..],
            None => return false,
        }
    }
    true
}

/// The active tool names, in selection order, out of `available` (every tool that exists).
/// Returns the names and warnings for entries that name no tool.
pub fn select_tools(
    selection: &ToolSelection,
    available: &[&str],
) -> Result<(Vec<String>, Vec<String>), ToolSelectionError> {
    let mut warnings = Vec::new();
    let defaults: Vec<String> = if selection.no_tools || selection.no_builtin_tools {
        Vec::new()
    } else {
        DEFAULT_TOOLS.iter().map(|name| name.to_string()).collect()
    };
    let selected: Vec<String> = match &selection.tools {
        None => defaults,
        Some(entries) => {
            check_tool_list(entries)?;
            if entries.iter().any(|entry| is_modifier(entry)) {
                let mut tools = defaults;
                for entry in entries {
                    let name = &entry[1..];
                    let index = tools.iter().position(|tool| tool == name);
                    match (entry.starts_with('+'), index) {
                        (true, None) if !name.is_empty() => tools.push(name.to_string()),
                        (false, Some(index)) => {
                            tools.remove(index);
                        }
                        _ => {}
                    }
                }
                tools
            } else {
                let mut tools: Vec<String> = Vec::new();
                for entry in entries {
                    let hits: Vec<&str> = available
                        .iter()
                        .copied()
                        .filter(|name| matches(entry, name))
                        .collect();
                    if hits.is_empty() {
                        warnings.push(format!(
                            "--tools: no tool named {entry}; available: {}",
                            available.join(", ")
                        ));
                    }
                    for hit in hits {
                        if !tools.iter().any(|tool| tool == hit) {
                            tools.push(hit.to_string());
                        }
                    }
                }
                tools
            }
        }
    };
    let active = selected
        .into_iter()
        .filter(|name| available.contains(&name.as_str()))
        .filter(|name| {
            !selection
                .exclude
                .iter()
                .any(|pattern| matches(pattern, name))
        })
        .collect();
    Ok((active, warnings))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [&str; 7] = ["read", "bash", "edit", "write", "grep", "find", "ls"];

    fn select(selection: ToolSelection) -> Vec<String> {
        select_tools(&selection, &ALL).unwrap().0
    }

    fn list(entries: &[&str]) -> Option<Vec<String>> {
        Some(entries.iter().map(|e| e.to_string()).collect())
    }

    #[test]
    fn defaults_are_read_bash_edit_write() {
        assert_eq!(
            select(ToolSelection::default()),
            ["read", "bash", "edit", "write"]
        );
    }

    #[test]
    fn plain_names_and_patterns_replace_the_defaults() {
        let tools = list(&["grep", "f*", "read"]);
        assert_eq!(
            select(ToolSelection {
                tools,
                ..Default::default()
            }),
            ["grep", "find", "read"]
        );
    }

    #[test]
    fn modifiers_edit_the_defaults() {
        let tools = list(&["+ls", "-write"]);
        assert_eq!(
            select(ToolSelection {
                tools,
                ..Default::default()
            }),
            ["read", "bash", "edit", "ls"]
        );
    }

    #[test]
    fn no_tools_and_exclusions() {
        assert!(select(ToolSelection {
            no_tools: true,
            ..Default::default()
        })
        .is_empty());
        let exclude = vec!["b*".to_string(), "write".to_string()];
        assert_eq!(
            select(ToolSelection {
                exclude,
                ..Default::default()
            }),
            ["read", "edit"]
        );
    }

    #[test]
    fn mixed_and_pattern_modifiers_are_rejected() {
        let mixed = ToolSelection {
            tools: list(&["read", "+ls"]),
            ..Default::default()
        };
        assert_eq!(
            select_tools(&mixed, &ALL),
            Err(ToolSelectionError::MixedModifiers)
        );
        let pattern = ToolSelection {
            tools: list(&["+l*"]),
            ..Default::default()
        };
        assert!(matches!(
            select_tools(&pattern, &ALL),
            Err(ToolSelectionError::PatternModifier(_))
        ));
    }

    #[test]
    fn unknown_names_warn() {
        let selection = ToolSelection {
            tools: list(&["nope"]),
            ..Default::default()
        };
        let (tools, warnings) = select_tools(&selection, &ALL).unwrap();
        assert!(tools.is_empty());
        assert!(warnings[0].contains("no tool named nope"));
    }
}
