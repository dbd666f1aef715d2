//! The arguments of `tau install|remove|uninstall|update|list|config`, by Pi 1.6.0's rules
//! (`package-manager-cli.js`): the options each command accepts, the first unknown option or
//! extra argument reported, and `update`'s targets. tau adds `--agent-dir <dir>`.
//!
//! `update` differs from Pi in one way: Pi's bare `pi update` updates Pi itself, which tau
//! cannot do (it is not an npm package), so a bare `tau update` updates the packages and
//! `self`/`--self` say how to update tau.

/// Which command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Install,
    Remove,
    Update,
    List,
    Config,
}

impl Command {
    fn name(self) -> &'static str {
        match self {
            Command::Install => "install",
            Command::Remove => "remove",
            Command::Update => "update",
            Command::List => "list",
            Command::Config => "config",
        }
    }

    /// The usage line.
    pub fn usage(self) -> &'static str {
        match self {
            Command::Install => "tau install <source> [-l] [--approve|--no-approve]",
            Command::Remove => "tau remove <source> [-l] [--approve|--no-approve]",
            Command::Update => {
                "tau update [source] [--extensions|--extension <source>] [--approve|--no-approve]"
            }
            Command::List => "tau list [--approve|--no-approve]",
            Command::Config => {
                "tau config [-l] [--enable <resource>|--disable <resource>|--reset <resource>]... [--approve|--no-approve]"
            }
        }
    }
}

/// What `update` updates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpdateTarget {
    /// Every recorded package.
    Packages,
    /// The recorded package matching this source.
    Package(String),
    /// tau itself (Pi's self-update): not possible.
    SelfUpdate,
    /// Packages, then tau itself.
    All,
    /// Pi's model catalogs: tau has none.
    Models,
}

/// A `config` change: the resource (a path or a name as `tau config` lists it) and the state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigChange {
    /// The resource as typed.
    pub resource: String,
    /// `Some(true)` enable, `Some(false)` disable, `None` drop the override.
    pub enable: Option<bool>,
}

/// Parsed arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageArgs {
    pub command: Command,
    pub source: Option<String>,
    pub local: bool,
    pub trust_override: Option<bool>,
    pub help: bool,
    pub agent_dir: Option<String>,
    pub update: UpdateTarget,
    pub config_changes: Vec<ConfigChange>,
    /// The first problem with the arguments, in Pi's words.
    pub error: Option<String>,
}

/// Parses `argv` when its first word is a package command.
pub fn parse(argv: &[String]) -> Option<PackageArgs> {
    let (first, rest) = argv.split_first()?;
    let command = match first.as_str() {
        "install" => Command::Install,
        "remove" | "uninstall" => Command::Remove,
        "update" => Command::Update,
        "list" => Command::List,
        "config" => Command::Config,
        _ => return None,
    };
    let mut out = PackageArgs {
        command,
        source: None,
        local: false,
        trust_override: None,
        help: false,
        agent_dir: None,
        update: UpdateTarget::Packages,
        config_changes: Vec::new(),
        error: None,
    };
    let mut invalid_option: Option<String> = None;
    let mut extra: Option<String> = None;
    let mut missing_value: Option<String> = None;
    let mut conflict: Option<String> = None;
    let (mut self_flag, mut extensions_flag, mut models_flag, mut all_flag) =
        (false, false, false, false);
    let mut extension_source: Option<String> = None;
    let mut index = 0;
    let value_of =
        |index: &mut usize, flag: &str, missing: &mut Option<String>| match rest.get(*index + 1) {
            Some(value) if !value.starts_with('-') || value.len() == 1 => {
                *index += 1;
                Some(value.clone())
            }
            _ => {
                missing.get_or_insert_with(|| flag.to_string());
                None
            }
        };
    while index < rest.len() {
        let arg = rest[index].as_str();
        let update = command == Command::Update;
        let local_ok = matches!(
            command,
            Command::Install | Command::Remove | Command::Config
        );
        match arg {
            "-h" | "--help" => out.help = true,
            "-l" | "--local" if local_ok => out.local = true,
            "-a" | "--approve" => out.trust_override = Some(true),
            "-na" | "--no-approve" => out.trust_override = Some(false),
            "--agent-dir" => out.agent_dir = value_of(&mut index, arg, &mut missing_value),
            "--self" if update => self_flag = true,
            "--extensions" if update => extensions_flag = true,
            "--models" if update => models_flag = true,
            "--all" if update => all_flag = true,
            "--force" if update => {}
            "--extension" if update => {
                if let Some(value) = value_of(&mut index, arg, &mut missing_value) {
                    if extension_source.is_some() {
                        conflict.get_or_insert("--extension can only be provided once".into());
                    } else {
                        extension_source = Some(value);
                    }
                }
            }
            "--enable" | "--disable" | "--reset" if command == Command::Config => {
                if let Some(resource) = value_of(&mut index, arg, &mut missing_value) {
                    let enable = match arg {
                        "--enable" => Some(true),
                        "--disable" => Some(false),
                        _ => None,
                    };
                    out.config_changes.push(ConfigChange { resource, enable });
                }
            }
            _ if arg.starts_with('-') => {
                invalid_option.get_or_insert_with(|| arg.to_string());
            }
            _ if out.source.is_none() && command != Command::Config && command != Command::List => {
                out.source = Some(arg.to_string());
            }
            _ => {
                extra.get_or_insert_with(|| arg.to_string());
            }
        }
        index += 1;
    }
    if command == Command::Update {
        out.update = update_target(
            &out.source,
            (self_flag, extensions_flag, models_flag, all_flag),
            extension_source,
            &mut conflict,
        );
    }
    let usage = command.usage();
    out.error = if let Some(option) = invalid_option {
        Some(format!(
            "Unknown option {option} for \"{}\". Usage: {usage}",
            command.name()
        ))
    } else if let Some(flag) = missing_value {
        Some(format!("Missing value for {flag}. Usage: {usage}"))
    } else if let Some(arg) = extra {
        Some(format!("Unexpected argument {arg}. Usage: {usage}"))
    } else if let Some(conflict) = conflict {
        Some(format!("{conflict}. Usage: {usage}"))
    } else if matches!(command, Command::Install | Command::Remove)
        && out.source.is_none()
        && !out.help
    {
        Some(format!("Missing {} source. Usage: {usage}", command.name()))
    } else {
        None
    };
    Some(out)
}

/// Pi's combination rules for `update`'s flags and positional target.
fn update_target(
    source: &Option<String>,
    (self_flag, extensions_flag, models_flag, all_flag): (bool, bool, bool, bool),
    extension_source: Option<String>,
    conflict: &mut Option<String>,
) -> UpdateTarget {
    let mut conflicts = |message: &str| {
        conflict.get_or_insert_with(|| message.to_string());
    };
    if all_flag && (self_flag || extensions_flag || models_flag || extension_source.is_some()) {
        conflicts("--all cannot be combined with --self, --extensions, --models, or --extension");
    }
    if all_flag && source.is_some() {
        conflicts("--all cannot be combined with a positional source");
    }
    if models_flag {
        if self_flag || extensions_flag || all_flag || extension_source.is_some() {
            conflicts(
                "--models cannot be combined with --self, --extensions, --all, or --extension",
            );
        }
        if source.is_some() {
            conflicts("--models cannot be combined with a positional source");
        }
        return UpdateTarget::Models;
    }
    if let Some(extension) = extension_source {
        if self_flag || extensions_flag || all_flag {
            conflicts("--extension cannot be combined with --self, --extensions, or --all");
        }
        if source.is_some() {
            conflicts("--extension cannot be combined with a positional source");
        }
        return UpdateTarget::Package(extension);
    }
    if let Some(source) = source {
        if source == "self" || source == "pi" || source == "tau" {
            return if extensions_flag {
                UpdateTarget::All
            } else {
                UpdateTarget::SelfUpdate
            };
        }
        if extensions_flag || self_flag || all_flag {
            conflicts(
                "positional update targets cannot be combined with --self, --extensions, or --all",
            );
        }
        return UpdateTarget::Package(source.clone());
    }
    match (all_flag || (self_flag && extensions_flag), self_flag) {
        (true, _) => UpdateTarget::All,
        (false, true) => UpdateTarget::SelfUpdate,
        (false, false) => UpdateTarget::Packages,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> PackageArgs {
        let argv: Vec<String> = words.iter().map(|s| s.to_string()).collect();
        parse(&argv).unwrap_or_else(|| panic!("not a package command: {words:?}"))
    }

    #[test]
    fn install_and_remove_take_one_source_and_local() {
        let parsed = args(&["install", "npm:foo@1.0.0", "-l"]);
        assert_eq!(parsed.command, Command::Install);
        assert_eq!(parsed.source.as_deref(), Some("npm:foo@1.0.0"));
        assert!(parsed.local);
        assert_eq!(parsed.error, None);
        assert_eq!(args(&["uninstall", "./x"]).command, Command::Remove);
        let missing = args(&["install"]).error.unwrap_or_default();
        assert!(missing.starts_with("Missing install source."), "{missing}");
        let extra = args(&["remove", "a", "b"]).error.unwrap_or_default();
        assert!(extra.starts_with("Unexpected argument b."), "{extra}");
        let unknown = args(&["list", "-l"]).error.unwrap_or_default();
        assert!(
            unknown.starts_with("Unknown option -l for \"list\"."),
            "{unknown}"
        );
    }

    #[test]
    fn update_targets_follow_pi_rules() {
        assert_eq!(args(&["update"]).update, UpdateTarget::Packages);
        assert_eq!(
            args(&["update", "--extensions"]).update,
            UpdateTarget::Packages
        );
        assert_eq!(
            args(&["update", "npm:foo"]).update,
            UpdateTarget::Package("npm:foo".into())
        );
        assert_eq!(
            args(&["update", "--extension", "npm:foo"]).update,
            UpdateTarget::Package("npm:foo".into())
        );
        assert_eq!(args(&["update", "self"]).update, UpdateTarget::SelfUpdate);
        assert_eq!(args(&["update", "--all"]).update, UpdateTarget::All);
        assert_eq!(args(&["update", "--models"]).update, UpdateTarget::Models);
        let conflict = args(&["update", "--all", "npm:foo"])
            .error
            .unwrap_or_default();
        assert!(
            conflict.starts_with("--all cannot be combined"),
            "{conflict}"
        );
        let missing = args(&["update", "--extension"]).error.unwrap_or_default();
        assert!(
            missing.starts_with("Missing value for --extension"),
            "{missing}"
        );
    }

    #[test]
    fn config_takes_changes() {
        let parsed = args(&["config", "-l", "--disable", "skills/a", "--enable", "x.ts"]);
        assert!(parsed.local);
        assert_eq!(
            parsed.config_changes,
            vec![
                ConfigChange {
                    resource: "skills/a".into(),
                    enable: Some(false)
                },
                ConfigChange {
                    resource: "x.ts".into(),
                    enable: Some(true)
                }
            ]
        );
        assert!(args(&["config", "extra"]).error.is_some());
    }
}
