//! Config values of models.json (`apiKey` and header values), resolved the way Pi resolves
//! them: a leading `!` runs the rest as a shell command and uses its trimmed stdout; anything
//! else is a template where `$NAME` and `${NAME}` read environment variables, `$$` is a
//! literal `$` and `$!` a literal `!`. A `$` not followed by a name stays literal.

use std::collections::HashMap;
use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long a `!command` may run, as in Pi.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(10);

/// Where environment variables come from: the process, or a fixed map (tests, embedding).
#[derive(Debug, Clone, Default)]
pub enum Env {
    /// `std::env`.
    #[default]
    Process,
    /// Only these variables.
    Fixed(HashMap<String, String>),
}

impl Env {
    /// A fixed environment from `(name, value)` pairs.
    pub fn fixed<'a>(vars: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        Env::Fixed(
            vars.into_iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
        )
    }

    /// This environment with `extra` over it (a stored credential's `env`, which wins over
    /// the process environment for its provider, as in Pi).
    pub fn overlaid(&self, extra: &HashMap<String, String>) -> Env {
        if extra.is_empty() {
            return self.clone();
        }
        let mut vars: HashMap<String, String> = match self {
            Env::Process => std::env::vars().collect(),
            Env::Fixed(vars) => vars.clone(),
        };
        for (name, value) in extra.iter().filter(|(_, value)| !value.is_empty()) {
            vars.insert(name.clone(), value.clone());
        }
        Env::Fixed(vars)
    }

    /// The variable's value; unset and empty are the same, as in Pi.
    pub fn get(&self, name: &str) -> Option<String> {
        let value = match self {
            Env::Process => std::env::var(name).ok(),
            Env::Fixed(vars) => vars.get(name).cloned(),
        };
        value.filter(|value| !value.is_empty())
    }
}

/// Why a config value could not be resolved. `what` names the value, e.g.
/// `API key for provider "openai"` or `header "X-Team" of provider "proxy"`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigValueError {
    /// A referenced environment variable is unset or empty.
    #[error("cannot resolve {what}: environment variable {} is not set; export it or change the value in models.json", names.join(", "))]
    MissingEnv {
        /// The value being resolved.
        what: String,
        /// The missing variables.
        names: Vec<String>,
    },
    /// The `!command` failed, timed out or printed nothing.
    #[error("cannot resolve {what}: command `{command}` {reason}; run it in a shell to see why")]
    Command {
        /// The value being resolved.
        what: String,
        /// The command, without the leading `!`.
        command: String,
        /// What went wrong.
        reason: String,
    },
}

/// One piece of a template value.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Literal(String),
    Env(String),
}

/// A parsed config value.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Reference {
    Command(String),
    Template(Vec<Part>),
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn push_literal(parts: &mut Vec<Part>, text: &str) {
    if text.is_empty() {
        return;
    }
    match parts.last_mut() {
        Some(Part::Literal(previous)) => previous.push_str(text),
        _ => parts.push(Part::Literal(text.to_owned())),
    }
}

fn parse_template(value: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut rest = value;
    while let Some(dollar) = rest.find('$') {
        push_literal(&mut parts, &rest[..dollar]);
        let after = &rest[dollar + 1..];
        match after.chars().next() {
            Some(c @ ('$' | '!')) => {
                push_literal(&mut parts, &c.to_string());
                rest = &after[1..];
            }
            Some('{') => match after.find('}') {
                Some(end) => {
                    let name = &after[1..end];
                    let valid = name.starts_with(is_name_start) && name.chars().all(is_name_char);
                    if valid {
                        parts.push(Part::Env(name.to_owned()));
                    } else {
                        push_literal(&mut parts, &rest[dollar..dollar + 1 + end + 1]);
                    }
                    rest = &after[end + 1..];
                }
                None => {
                    push_literal(&mut parts, "$");
                    rest = after;
                }
            },
            Some(c) if is_name_start(c) => {
                let len = after
                    .find(|c: char| !is_name_char(c))
                    .unwrap_or(after.len());
                parts.push(Part::Env(after[..len].to_owned()));
                rest = &after[len..];
            }
            _ => {
                push_literal(&mut parts, "$");
                rest = after;
            }
        }
    }
    push_literal(&mut parts, rest);
    parts
}

fn parse(value: &str) -> Reference {
    match value.strip_prefix('!') {
        Some(command) => Reference::Command(command.to_owned()),
        None => Reference::Template(parse_template(value)),
    }
}

/// The environment variables a template value reads (none for a command).
pub fn env_names(value: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    if let Reference::Template(parts) = parse(value) {
        for part in parts {
            if let Part::Env(name) = part {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
    }
    names
}

/// Whether the value is a `!command`.
pub fn is_command(value: &str) -> bool {
    value.starts_with('!')
}

/// Whether the value can be resolved without running anything: a command counts as
/// configured (Pi does not run it to decide), a template needs every variable it names.
pub fn is_configured(value: &str, env: &Env) -> bool {
    is_command(value) || env_names(value).iter().all(|name| env.get(name).is_some())
}

/// Resolves a config value; `what` names it in errors.
pub fn resolve(value: &str, what: &str, env: &Env) -> Result<String, ConfigValueError> {
    match parse(value) {
        Reference::Command(command) => {
            run_cached(&command).map_err(|reason| ConfigValueError::Command {
                what: what.to_owned(),
                command,
                reason,
            })
        }
        Reference::Template(parts) => {
            let mut out = String::new();
            let mut missing = Vec::new();
            for part in parts {
                match part {
                    Part::Literal(text) => out.push_str(&text),
                    Part::Env(name) => match env.get(&name) {
                        Some(value) => out.push_str(&value),
                        None if !missing.contains(&name) => missing.push(name),
                        None => {}
                    },
                }
            }
            if missing.is_empty() {
                Ok(out)
            } else {
                Err(ConfigValueError::MissingEnv {
                    what: what.to_owned(),
                    names: missing,
                })
            }
        }
    }
}

/// Successful command outputs, kept for the life of the process so a key command (a password
/// manager prompt, say) runs once per run.
fn cache() -> &'static Mutex<HashMap<String, String>> {
    static CACHE: OnceLock<Mutex<HashMap<String, String>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

fn run_cached(command: &str) -> Result<String, String> {
    if let Some(hit) = cache()
        .lock()
        .ok()
        .and_then(|cache| cache.get(command).cloned())
    {
        return Ok(hit);
    }
    let output = run(command)?;
    if let Ok(mut cache) = cache().lock() {
        cache.insert(command.to_owned(), output.clone());
    }
    Ok(output)
}

/// Runs `sh -c command` with stdin and stderr closed, as Pi's `execSync` does, and returns
/// its trimmed stdout.
fn run(command: &str) -> Result<String, String> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|error| format!("could not start: {error}"))?;
    let mut stdout = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        if let Some(stdout) = stdout.as_mut() {
            let _ = stdout.read_to_end(&mut text);
        }
        text
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() >= COMMAND_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("timed out after {} s", COMMAND_TIMEOUT.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(error) => return Err(format!("could not be waited for: {error}")),
        }
    };
    let text = reader.join().unwrap_or_default();
    if !status.success() {
        return Err(match status.code() {
            Some(code) => format!("exited with status {code}"),
            None => "was killed by a signal".to_owned(),
        });
    }
    let text = String::from_utf8_lossy(&text).trim().to_owned();
    if text.is_empty() {
        return Err("printed nothing".to_owned());
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env() -> Env {
        Env::fixed([("KEY", "sk-1"), ("TEAM", "blue"), ("EMPTY", "")])
    }

    #[test]
    fn literal_values_pass_through() {
        assert_eq!(resolve("sk-literal", "key", &env()).unwrap(), "sk-literal");
        assert_eq!(
            resolve("cost $5 or $", "key", &env()).unwrap(),
            "cost $5 or $"
        );
        assert!(is_configured("sk-literal", &env()));
    }

    #[test]
    fn env_references_in_both_forms_and_escapes() {
        assert_eq!(resolve("$KEY", "key", &env()).unwrap(), "sk-1");
        assert_eq!(
            resolve("Bearer ${KEY}-${TEAM}", "key", &env()).unwrap(),
            "Bearer sk-1-blue"
        );
        assert_eq!(
            resolve("$$KEY and $!x", "key", &env()).unwrap(),
            "$KEY and !x"
        );
        assert_eq!(
            resolve("${not valid}", "key", &env()).unwrap(),
            "${not valid}"
        );
        assert_eq!(resolve("${KEY", "key", &env()).unwrap(), "${KEY");
        assert_eq!(env_names("a $KEY ${TEAM} $KEY"), ["KEY", "TEAM"]);
    }

    #[test]
    fn missing_or_empty_env_is_an_error_naming_the_variables() {
        let error =
            resolve("$KEY:$NOPE:${EMPTY}", "API key for provider \"x\"", &env()).unwrap_err();
        assert_eq!(
            error,
            ConfigValueError::MissingEnv {
                what: "API key for provider \"x\"".into(),
                names: vec!["NOPE".into(), "EMPTY".into()],
            }
        );
        assert!(error
            .to_string()
            .contains("environment variable NOPE, EMPTY is not set"));
        assert!(!is_configured("$NOPE", &env()));
    }

    #[test]
    fn commands_run_in_the_shell_with_trimmed_output() {
        assert!(is_configured("!false", &Env::fixed([])));
        assert_eq!(
            resolve("!printf '  sk-cmd \\n'", "key", &env()).unwrap(),
            "sk-cmd"
        );
        assert_eq!(resolve("!echo $((40 + 2))", "key", &env()).unwrap(), "42");
    }

    #[test]
    fn command_results_are_cached_per_process() {
        let dir = tempfile::tempdir().unwrap();
        let counter = dir.path().join("count");
        let command = format!("!echo x >> {0}; wc -l < {0}", counter.display());
        assert_eq!(resolve(&command, "key", &env()).unwrap(), "1");
        assert_eq!(resolve(&command, "key", &env()).unwrap(), "1");
        assert_eq!(std::fs::read_to_string(&counter).unwrap(), "x\n");
    }

    #[test]
    fn failing_commands_say_why() {
        let error = resolve("!exit 3", "API key for provider \"p\"", &env()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "cannot resolve API key for provider \"p\": command `exit 3` exited with status 3; run it in a shell to see why"
        );
        let error = resolve("!true", "key", &env()).unwrap_err();
        assert!(error.to_string().contains("printed nothing"), "{error}");
    }
}
