//! Command-line parsing with Pi's rules: `-p` takes the next argument as a message unless it
//! starts with `@` or `-`, `@path` arguments are files for the first prompt, `--` ends
//! options, unknown `--flags` are kept for extensions (and are an error once the extensions
//! are loaded and none registered them), unknown short options are errors. Pi's own flags
//! that tau has nothing to do for are accepted with their meaning or as documented no-ops,
//! so they never swallow the next argument as an extension flag's value.

use std::path::PathBuf;

pub use tau_app::AppOptions;

/// Output interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Plain text (print mode when not interactive).
    #[default]
    Text,
    /// Pi's JSONL event stream.
    Json,
    /// Pi's JSONL command protocol.
    Rpc,
}

/// Everything the command line said.
#[derive(Debug, Clone, Default)]
pub struct Args {
    /// What the application layer needs (model, tools, session, extensions).
    pub app: AppOptions,
    /// `--agent-dir <dir>`: the agent directory for this run (over `TAU_AGENT_DIR`).
    pub agent_dir: Option<PathBuf>,
    /// `-h`/`--help`.
    pub help: bool,
    /// `-v`/`--version`.
    pub version: bool,
    /// `--mode`.
    pub mode: Mode,
    /// `-p`/`--print`.
    pub print: bool,
    /// `-r`/`--resume`: Pi's session picker on a terminal; elsewhere the list of this
    /// directory's sessions.
    pub resume: bool,
    /// `--list-models [search]`: `Some(None)` lists every model, `Some(Some(s))` searches.
    pub list_models: Option<Option<String>>,
    /// `--verbose`: accepted for Pi's sake; tau's start-up output is the same without it.
    pub verbose: bool,
    /// `--no-mcp`: accepted; tau has no MCP support, so no server connects anyway.
    pub no_mcp: bool,
    /// `--use-theme <name>`, `--tui-mode <mode>`: settings of the interactive terminal UI;
    /// no effect in other modes.
    pub ui_options: Vec<(String, String)>,
    /// `--export <file> [output]`: write the session file as HTML (the output is the first
    /// message) and exit.
    pub export: Option<String>,
    /// `@path` arguments.
    pub file_args: Vec<String>,
    /// Prompt messages in order.
    pub messages: Vec<String>,
    /// For an unknown flag that took the next argument as its value: the flag's index in
    /// `unknown_flags` and where in `messages` that argument would stand if the flag turns
    /// out to be a boolean extension flag (which takes no value).
    pub flag_value_positions: Vec<(usize, usize)>,
    /// Problems found while parsing: `(is_error, message)`.
    pub diagnostics: Vec<(bool, String)>,
}

fn split_list(value: &str) -> Vec<String> {
    value
        .split(',')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(String::from)
        .collect()
}

/// Flags that take a value, as (names, setter).
type Setter = fn(&mut Args, String);

fn value_flag(arg: &str) -> Option<Setter> {
    Some(match arg {
        "--model" => |a, v| a.app.model = Some(v),
        "--provider" => |a, v| a.app.provider = Some(v),
        "--api-key" => |a, v| a.app.api_key = Some(v),
        "--thinking" => |a, v| a.app.thinking = Some(v),
        "--system-prompt" => |a, v| a.app.system_prompt = Some(v),
        "--append-system-prompt" => |a, v| a.app.append_system_prompt.push(v),
        "--tools" | "-t" => |a, v| a.app.tools = Some(split_list(&v)),
        "--exclude-tools" | "-xt" => |a, v| a.app.exclude_tools = split_list(&v),
        "--script" => |a, v| a.app.script = Some(PathBuf::from(v)),
        "--agent-dir" => |a, v| a.agent_dir = Some(PathBuf::from(v)),
        "--sandbox-allow" => |a, v| a.app.sandbox_allow.push(v),
        "--extension" | "-e" => |a, v| a.app.extensions.push(PathBuf::from(v)),
        "--session" => |a, v| a.app.session = Some(v),
        "--session-id" => |a, v| a.app.session_id = Some(v),
        "--fork" => |a, v| a.app.fork = Some(v),
        "--session-dir" => |a, v| a.app.session_dir = Some(PathBuf::from(v)),
        "--name" | "-n" => |a, v| a.app.name = Some(v),
        "--models" => |a, v| a.app.models = Some(split_list(&v)),
        "--skill" => |a, v| a.app.skills.push(v),
        "--prompt-template" => |a, v| a.app.prompt_templates.push(v),
        "--theme" => |a, v| a.app.themes.push(v),
        "--export" => |a, v| a.export = Some(v),
        _ => return None,
    })
}

/// Pi's rules for combining session flags.
fn check_session_flags(args: &mut Args) {
    let mut conflict = |message: &str| args.diagnostics.push((true, message.to_string()));
    let (fork, session, cont, resume, none, id) = (
        args.app.fork.is_some(),
        args.app.session.is_some(),
        args.app.continue_recent,
        args.resume,
        args.app.no_session,
        args.app.session_id.is_some(),
    );
    if fork && (session || cont || resume || none) {
        conflict("--fork cannot be combined with --session, --continue, --resume, or --no-session");
    }
    if id && (session || cont || resume) {
        conflict("--session-id cannot be combined with --session, --continue, or --resume");
    }
}

/// Parses arguments (without the program name).
impl Args {
    /// Gives back to `messages` the arguments that unknown flags took as values when those
    /// flags are booleans (`is_boolean`): `--plan "fix it"` with a boolean `plan` flag is the
    /// flag and a message, as Pi parses it once extensions registered their flags.
    pub fn release_boolean_flag_values(&mut self, is_boolean: &dyn Fn(&str) -> bool) {
        for &(flag, position) in self.flag_value_positions.iter().rev() {
            let Some((name, value)) = self.app.extension_flags.get_mut(flag) else {
                continue;
            };
            if !is_boolean(name) {
                continue;
            }
            if let Some(value) = value.take() {
                self.messages
                    .insert(position.min(self.messages.len()), value);
            }
        }
        self.flag_value_positions.clear();
    }
}

pub fn parse(argv: &[String]) -> Args {
    let mut args = parse_flags(argv);
    check_session_flags(&mut args);
    let env_offline = ["TAU_OFFLINE", "PI_OFFLINE"]
        .iter()
        .any(|name| std::env::var(name).is_ok_and(|v| is_truthy(&v)));
    args.app.offline |= env_offline;
    args
}

/// Pi's truthy environment values: `1`, `true`, `yes` (any case).
fn is_truthy(value: &str) -> bool {
    value == "1" || value.eq_ignore_ascii_case("true") || value.eq_ignore_ascii_case("yes")
}

/// A value flag of Pi's that checks its value itself (`--mode`, `--use-theme`,
/// `--tui-mode`): the value, or the error when it is missing or not one of `valid`.
fn checked_value<'a>(
    flag: &str,
    next: Option<&'a String>,
    valid: Option<&[&str]>,
    missing: &str,
) -> Result<&'a str, (bool, String)> {
    match next.map(String::as_str) {
        Some(value) if !value.starts_with('-') => match valid {
            Some(valid) if !valid.contains(&value) => Err((
                true,
                format!(
                    "Invalid {flag} \"{value}\". Valid values: {}",
                    valid.join(", ")
                ),
            )),
            _ => Ok(value),
        },
        _ => Err((true, missing.to_string())),
    }
}

fn parse_flags(argv: &[String]) -> Args {
    let mut args = Args::default();
    let mut i = 0;
    while i < argv.len() {
        let arg = argv[i].as_str();
        let next = argv.get(i + 1);
        if arg == "--" {
            for rest in &argv[i + 1..] {
                match rest.strip_prefix('@') {
                    Some(path) => args.file_args.push(path.to_string()),
                    None => args.messages.push(rest.clone()),
                }
            }
            break;
        }
        match arg {
            "--help" | "-h" => args.help = true,
            "--version" | "-v" => args.version = true,
            "--no-session" => args.app.no_session = true,
            "--continue" | "-c" => args.app.continue_recent = true,
            "--resume" | "-r" => args.resume = true,
            "--no-tools" | "-nt" => args.app.no_tools = true,
            "--no-builtin-tools" | "-nbt" => args.app.no_builtin_tools = true,
            "--no-context-files" | "-nc" => args.app.no_context_files = true,
            "--no-extensions" | "-ne" => args.app.no_extensions = true,
            "--approve" | "-a" => args.app.approve = Some(true),
            "--no-approve" | "-na" => args.app.approve = Some(false),
            "--offline" => args.app.offline = true,
            "--sandbox" => args.app.sandbox = Some(true),
            "--no-sandbox" => args.app.sandbox = Some(false),
            "--verbose" => args.verbose = true,
            "--no-mcp" => args.no_mcp = true,
            "--no-skills" | "-ns" => args.app.no_skills = true,
            "--no-prompt-templates" | "-np" => args.app.no_prompt_templates = true,
            "--no-themes" => args.app.no_themes = true,
            "--mode" | "--tui-mode" | "--use-theme" => {
                let (valid, missing): (Option<&[&str]>, &str) = match arg {
                    "--mode" => (
                        Some(&["text", "json", "rpc"]),
                        "--mode requires text, json, or rpc",
                    ),
                    "--tui-mode" => (
                        Some(&["regular", "fullscreen"]),
                        "--tui-mode requires regular or fullscreen",
                    ),
                    _ => (None, "--use-theme requires a theme name"),
                };
                let name = if arg == "--tui-mode" {
                    "TUI mode"
                } else {
                    "mode"
                };
                match checked_value(name, next, valid, missing) {
                    Ok(value) => {
                        match (arg, value) {
                            ("--mode", "json") => args.mode = Mode::Json,
                            ("--mode", "rpc") => args.mode = Mode::Rpc,
                            ("--mode", _) => args.mode = Mode::Text,
                            _ => args.ui_options.push((arg[2..].to_string(), value.into())),
                        }
                        i += 1;
                    }
                    Err(diagnostic) => {
                        // A bad value is still taken (Pi's parser), a missing one is not.
                        if next.is_some_and(|v| !v.starts_with('-')) {
                            i += 1;
                        }
                        args.diagnostics.push(diagnostic);
                    }
                }
            }
            "--list-models" => {
                // Pi: the next argument is a search term unless it is an option or a file.
                let search = next.filter(|term| !term.starts_with('-') && !term.starts_with('@'));
                if search.is_some() {
                    i += 1;
                }
                args.list_models = Some(search.cloned());
            }
            "--print" | "-p" => {
                args.print = true;
                if let Some(message) = next {
                    let is_option = message.starts_with('-') && !message.starts_with("---");
                    if !message.starts_with('@') && !is_option {
                        args.messages.push(message.clone());
                        i += 1;
                    }
                }
            }
            _ => {
                if let Some(set) = value_flag(arg) {
                    match next {
                        Some(value) => {
                            set(&mut args, value.clone());
                            i += 1;
                        }
                        None => args
                            .diagnostics
                            .push((true, format!("{arg} requires a value"))),
                    }
                } else if let Some(path) = arg.strip_prefix('@') {
                    args.file_args.push(path.to_string());
                } else if let Some(flag) = arg.strip_prefix("--") {
                    match flag.split_once('=') {
                        Some((name, value)) => args
                            .app
                            .extension_flags
                            .push((name.into(), Some(value.into()))),
                        None => match next {
                            Some(value) if !value.starts_with('-') && !value.starts_with('@') => {
                                args.flag_value_positions
                                    .push((args.app.extension_flags.len(), args.messages.len()));
                                args.app
                                    .extension_flags
                                    .push((flag.into(), Some(value.clone())));
                                i += 1;
                            }
                            _ => args.app.extension_flags.push((flag.into(), None)),
                        },
                    }
                } else if arg.starts_with('-') && arg.len() > 1 {
                    args.diagnostics
                        .push((true, format!("Unknown option: {arg}")));
                } else {
                    args.messages.push(arg.to_string());
                }
            }
        }
        i += 1;
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(line: &str) -> Args {
        parse(
            &line
                .split_whitespace()
                .map(String::from)
                .collect::<Vec<_>>(),
        )
    }

    #[test]
    fn print_takes_the_next_message_and_files_are_collected() {
        let args = parse_str("-p hello @a.txt second --no-session");
        assert!(args.print && args.app.no_session);
        assert_eq!(args.messages, ["hello", "second"]);
        assert_eq!(args.file_args, ["a.txt"]);
    }

    #[test]
    fn print_does_not_take_an_option_or_file() {
        let args = parse_str("-p @a.txt -nt");
        assert!(args.messages.is_empty() && args.app.no_tools);
        assert_eq!(args.file_args, ["a.txt"]);
    }

    #[test]
    fn tools_lists_and_short_forms() {
        let args = parse_str("-t read,grep -xt bash -nbt -nc --mode json");
        assert_eq!(
            args.app.tools,
            Some(vec!["read".to_string(), "grep".to_string()])
        );
        assert_eq!(args.app.exclude_tools, ["bash"]);
        assert!(args.app.no_builtin_tools && args.app.no_context_files);
        assert_eq!(args.mode, Mode::Json);
    }

    #[test]
    fn double_dash_ends_options_and_unknowns_are_reported() {
        let args = parse_str("-z --plan fast --loud -- -starts-with-dash @f");
        assert_eq!(args.diagnostics, [(true, "Unknown option: -z".to_string())]);
        assert_eq!(
            args.app.extension_flags,
            [
                ("plan".to_string(), Some("fast".to_string())),
                ("loud".to_string(), None)
            ]
        );
        assert_eq!(args.messages, ["-starts-with-dash"]);
        assert_eq!(args.file_args, ["f"]);
    }

    #[test]
    fn a_boolean_extension_flag_gives_its_taken_value_back_as_a_message() {
        let mut args = parse_str("first --plan fix --mode json last --depth 3");
        assert_eq!(args.messages, ["first", "last"]);
        args.release_boolean_flag_values(&|name| name == "plan");
        assert_eq!(args.messages, ["first", "fix", "last"]);
        assert_eq!(
            args.app.extension_flags,
            [
                ("plan".to_string(), None),
                ("depth".to_string(), Some("3".to_string()))
            ]
        );
    }

    #[test]
    fn list_models_takes_a_search_unless_an_option_or_file_follows() {
        assert_eq!(parse_str("--list-models").list_models, Some(None));
        assert_eq!(
            parse_str("--list-models sonnet").list_models,
            Some(Some("sonnet".to_string()))
        );
        let args = parse_str("--list-models -p");
        assert_eq!(args.list_models, Some(None));
        assert!(args.print);
        let args = parse_str("--list-models @f.txt");
        assert_eq!(
            (args.list_models, args.file_args),
            (Some(None), vec!["f.txt".to_string()])
        );
        assert_eq!(parse_str("-p hi").list_models, None);
    }

    #[test]
    fn extensions_repeat_and_discovery_can_be_turned_off() {
        let args = parse_str("-e a.ts --extension ./b -ne -p hi");
        assert_eq!(
            args.app.extensions,
            [PathBuf::from("a.ts"), PathBuf::from("./b")]
        );
        assert!(args.app.no_extensions);
        assert_eq!(args.messages, ["hi"]);
        assert_eq!(parse_str("-a -p hi").app.approve, Some(true));
        assert_eq!(parse_str("--approve --no-approve").app.approve, Some(false));
        assert_eq!(parse_str("-na").app.approve, Some(false));
    }

    #[test]
    fn models_is_a_comma_separated_list() {
        let args = parse_str("--models sonnet:high,,openai/*");
        assert_eq!(
            args.app.models,
            Some(vec!["sonnet:high".to_string(), "openai/*".to_string()])
        );
    }

    #[test]
    fn pi_flags_tau_does_nothing_for_take_no_value() {
        let args = parse_str("--sandbox --sandbox-allow child-process -p go --no-sandbox");
        assert_eq!(args.app.sandbox, Some(false));
        assert_eq!(args.app.sandbox_allow, ["child-process"]);
        assert_eq!(args.messages, ["go"]);
        let args = parse_str("-p --offline go --verbose --no-mcp -ns -np --no-themes again");
        assert!(args.app.offline && args.verbose && args.no_mcp && args.app.no_themes);
        assert_eq!(args.messages, ["go", "again"]);
        assert!(args.app.extension_flags.is_empty() && args.diagnostics.is_empty());
        let args = parse_str("--tui-mode regular --use-theme json --theme t.json hi");
        assert_eq!(args.mode, Mode::Text, "--use-theme json is a theme name");
        assert_eq!(args.messages, ["hi"]);
        assert_eq!(args.ui_options.len(), 2);
        assert_eq!(args.app.themes, ["t.json"]);
    }

    #[test]
    fn export_takes_its_output_from_the_messages_and_resource_paths_are_taken() {
        let args =
            parse_str("--export s.jsonl out.html --skill a --skill b -ns --prompt-template c -np");
        assert_eq!(args.export.as_deref(), Some("s.jsonl"));
        assert_eq!(args.messages, ["out.html"]);
        assert_eq!(args.app.skills, ["a", "b"]);
        assert_eq!(args.app.prompt_templates, ["c"]);
        assert!(args.app.no_skills && args.app.no_prompt_templates);
        assert!(args.diagnostics.is_empty(), "{:?}", args.diagnostics);
    }

    #[test]
    fn bad_mode_is_an_error() {
        let args = parse_str("--mode yaml");
        assert!(args.diagnostics[0].1.contains("Invalid mode \"yaml\""));
    }
}
