//! Pi's built-in slash commands of the interactive mode: their names (an extension command
//! of the same name is not offered), argument hints, and how a line names one.

/// One built-in command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuiltinCommand {
    pub name: &'static str,
    pub description: &'static str,
    pub argument_hint: Option<&'static str>,
}

const fn command(name: &'static str, description: &'static str) -> BuiltinCommand {
    BuiltinCommand {
        name,
        description,
        argument_hint: None,
    }
}

const fn with_hint(
    name: &'static str,
    description: &'static str,
    hint: &'static str,
) -> BuiltinCommand {
    BuiltinCommand {
        name,
        description,
        argument_hint: Some(hint),
    }
}

/// Pi 1.6.0's built-in commands, in Pi's order (the command menu lists them so).
pub const BUILTIN_COMMANDS: &[BuiltinCommand] = &[
    command("settings", "Change settings"),
    with_hint("model", "Pick the model", "<provider/model>"),
    command("tree", "Move around the session tree"),
    with_hint("thinking", "Set the thinking level", "<level>"),
    command("scoped-models", "Choose the models Ctrl+P cycles through"),
    command("export", "Export the session (HTML, or a .jsonl path)"),
    command("import", "Import a JSONL session"),
    command("share", "Share the session"),
    with_hint("bug", "Report a bug", "<description>"),
    command("copy", "Copy the last answer to the clipboard"),
    command("name", "Name this session"),
    command("session", "Show this session's file, id and statistics"),
    command("changelog", "Show what changed"),
    command("hotkeys", "List the keyboard shortcuts"),
    command("fork", "Fork the session from an earlier message"),
    command("clone", "Copy the session at this point"),
    command("trust", "Remember whether this project is trusted"),
    with_hint("login", "Sign in to a provider", "<provider>"),
    command("logout", "Sign out of a provider"),
    command("new", "Start a new session"),
    command("compact", "Compact the conversation now"),
    command("resume", "Open another session"),
    command(
        "reload",
        "Reload keybindings, extensions, skills, prompts, themes and context files",
    ),
    command("quit", "Quit tau"),
];

/// A line that names a built-in command: its name and the rest of the line.
pub fn parse_builtin(line: &str) -> Option<(&'static BuiltinCommand, &str)> {
    let rest = line.strip_prefix('/')?;
    let (name, args) = match rest.find(char::is_whitespace) {
        Some(at) => (&rest[..at], rest[at..].trim()),
        None => (rest, ""),
    };
    BUILTIN_COMMANDS
        .iter()
        .find(|command| command.name == name)
        .map(|command| (command, args))
}

/// Whether `name` (an extension's command) is shadowed by a built-in one.
pub fn is_builtin(name: &str) -> bool {
    BUILTIN_COMMANDS.iter().any(|command| command.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_names_a_command_by_its_first_word() {
        let (command, args) = parse_builtin("/name  my session ").unwrap();
        assert_eq!((command.name, args), ("name", "my session"));
        assert_eq!(parse_builtin("/quit").unwrap().0.name, "quit");
        assert!(parse_builtin("/quitting").is_none());
        assert!(parse_builtin("quit").is_none());
        assert!(is_builtin("model") && !is_builtin("todos"));
        assert_eq!(BUILTIN_COMMANDS.len(), 24);
    }
}
