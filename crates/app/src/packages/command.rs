//! Running npm and git for the package commands: their output goes to stderr as they run
//! (stdout stays for the command's result), the end of it is kept for the error message, and a
//! failure says what to do (missing binary, unreachable network, unknown package or
//! repository).

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};

/// How much of a failed command's output its error keeps.
const TAIL_CHARS: usize = 4000;

/// A program and the arguments that come before the command's own (`npmCommand` in settings
/// can be `["mise", "exec", "--", "npm"]`).
#[derive(Debug, Clone)]
pub struct Program {
    /// The executable.
    pub command: String,
    /// Arguments that precede every invocation.
    pub prefix: Vec<String>,
}

impl Program {
    /// A bare program name or path.
    pub fn named(command: &str) -> Program {
        Program {
            command: command.to_string(),
            prefix: Vec::new(),
        }
    }

    fn build(&self, args: &[String], cwd: Option<&Path>) -> Command {
        let mut cmd = Command::new(&self.command);
        cmd.args(&self.prefix).args(args);
        if let Some(cwd) = cwd {
            cmd.current_dir(cwd);
        }
        cmd
    }

    /// The command line as shown in messages.
    pub fn display(&self, args: &[String]) -> String {
        std::iter::once(self.command.as_str())
            .chain(self.prefix.iter().map(String::as_str))
            .chain(args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// What a failed spawn means for the user.
fn spawn_error(program: &Program, error: &std::io::Error) -> String {
    if error.kind() != std::io::ErrorKind::NotFound {
        return format!("could not run {}: {error}", program.command);
    }
    let name = Path::new(&program.command)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if name == "git" {
        format!(
            "{} was not found on PATH; git packages need git: install it (for example \
             `apt-get install git`, or https://git-scm.com) and run the command again",
            program.command
        )
    } else {
        format!(
            "{} was not found on PATH; npm packages need Node.js with npm: install it (or set \
             \"npmCommand\" in settings.json, or TAU_NPM, to the npm to use) and run the command again",
            program.command
        )
    }
}

/// Copies `reader` to stderr (unless `quiet`) while keeping its end in `tail`.
fn forward(mut reader: impl Read, tail: Arc<Mutex<String>>, quiet: bool) {
    let mut buffer = [0u8; 4096];
    loop {
        let n = match reader.read(&mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        if !quiet {
            let _ = std::io::stderr().write_all(&buffer[..n]);
        }
        let mut tail = tail.lock().unwrap_or_else(|p| p.into_inner());
        tail.push_str(&String::from_utf8_lossy(&buffer[..n]));
        if tail.len() > TAIL_CHARS * 2 {
            let mut cut = tail.len() - TAIL_CHARS;
            while !tail.is_char_boundary(cut) {
                cut += 1;
            }
            tail.drain(..cut);
        }
    }
}

/// Runs `program args` in `cwd`, its output shown on stderr. On failure the error names the
/// command, carries the end of its output and, when the output shows a known cause, what to
/// do about it. While the terminal UI is on the screen the output is kept, not shown (it
/// would run over the screen), and a failure's error carries its end, as Pi's interactive
/// mode does.
pub fn run(program: &Program, args: &[String], cwd: Option<&Path>) -> Result<(), String> {
    let quiet = crate::report::stderr_redirected();
    let mut child = program
        .build(args, cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| spawn_error(program, &e))?;
    let tail = Arc::new(Mutex::new(String::new()));
    let readers: Vec<_> = [
        child
            .stdout
            .take()
            .map(|r| Box::new(r) as Box<dyn Read + Send>),
        child
            .stderr
            .take()
            .map(|r| Box::new(r) as Box<dyn Read + Send>),
    ]
    .into_iter()
    .flatten()
    .map(|reader| {
        let tail = Arc::clone(&tail);
        std::thread::spawn(move || forward(reader, tail, quiet))
    })
    .collect();
    let status = child
        .wait()
        .map_err(|e| format!("could not wait for {}: {e}", program.command))?;
    for reader in readers {
        let _ = reader.join();
    }
    if status.success() {
        return Ok(());
    }
    // Shown on stderr already, the error adds only what to do about it.
    let tail = tail.lock().unwrap_or_else(|p| p.into_inner()).clone();
    Err(failure(program, args, &status.to_string(), &tail, quiet))
}

/// Runs `program args` quietly and returns its trimmed stdout.
pub fn capture(program: &Program, args: &[String], cwd: Option<&Path>) -> Result<String, String> {
    let output = program
        .build(args, cwd)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| spawn_error(program, &e))?;
    let stdout = String::from_utf8_lossy(&output.stdout).trim().to_string();
    if output.status.success() {
        return Ok(stdout);
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    Err(failure(
        program,
        args,
        &output.status.to_string(),
        &format!("{stderr}{stdout}"),
        true,
    ))
}

fn failure(
    program: &Program,
    args: &[String],
    status: &str,
    output: &str,
    show_output: bool,
) -> String {
    let output = output.trim();
    let shown: String = {
        let start = output.len().saturating_sub(TAIL_CHARS);
        let mut start = start;
        while !output.is_char_boundary(start) {
            start += 1;
        }
        output[start..].to_string()
    };
    let mut message = format!("`{}` failed ({status})", program.display(args));
    if show_output && !shown.is_empty() {
        message.push_str(&format!(":\n{shown}"));
    }
    if let Some(hint) = hint(output) {
        message.push('\n');
        message.push_str(hint);
    }
    message
}

/// What to do about a failure, from the words npm or git used.
pub fn hint(output: &str) -> Option<&'static str> {
    let has = |needles: &[&str]| needles.iter().any(|n| output.contains(n));
    if has(&["E404", "404 Not Found", "is not in this registry"]) {
        return Some(
            "The npm registry has no such package: check the name (and version) on \
             https://www.npmjs.com and run the command again.",
        );
    }
    if has(&["ETARGET", "No matching version found"]) {
        return Some(
            "The package has no version matching the one asked for: run `npm view <name> versions` \
             to see the published versions.",
        );
    }
    if has(&[
        "SELF_SIGNED_CERT_IN_CHAIN",
        "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
        "unable to get local issuer certificate",
        "SSL certificate problem",
    ]) {
        return Some(
            "The server's certificate is not trusted here (a proxy that inspects TLS?): point npm \
             at the CA bundle (cafile in .npmrc, or NODE_EXTRA_CA_CERTS) and git at it \
             (http.sslCAInfo), then run the command again.",
        );
    }
    if has(&[
        "ENOTFOUND",
        "EAI_AGAIN",
        "ECONNREFUSED",
        "ECONNRESET",
        "ETIMEDOUT",
        "ENETUNREACH",
        "Could not resolve host",
        "Failed to connect",
        "Network is unreachable",
        "Connection refused",
        "Connection timed out",
    ]) {
        return Some(
            "The network or the server cannot be reached: check the connection (and any proxy or \
             registry settings in .npmrc / git config) and run the command again.",
        );
    }
    if has(&[
        "terminal prompts disabled",
        "could not read Username",
        "could not read Password",
        "Permission denied (publickey",
        "Host key verification failed",
    ]) {
        return Some(
            "git could not authenticate: set up a git credential helper or an ssh agent (or run \
             the command from a terminal where git can ask), then run it again.",
        );
    }
    if has(&[
        "Repository not found",
        "does not appear to be a git repository",
        "not found",
    ]) {
        return Some("Check the repository address and that you have access to it.");
    }
    if has(&[
        "did not match any file(s) known to git",
        "couldn't find remote ref",
    ]) {
        return Some(
            "The repository has no such branch, tag or commit: check the @ref of the source.",
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_failures_get_advice() {
        let npm404 =
            "npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/x";
        assert!(hint(npm404).is_some_and(|h| h.contains("no such package")));
        let offline = "npm error code ENOTFOUND\nnpm error network request failed";
        assert!(hint(offline).is_some_and(|h| h.contains("cannot be reached")));
        let proxy = "npm error code SELF_SIGNED_CERT_IN_CHAIN";
        assert!(hint(proxy).is_some_and(|h| h.contains("NODE_EXTRA_CA_CERTS")));
        let ref_missing = "error: pathspec 'v9' did not match any file(s) known to git";
        assert!(hint(ref_missing).is_some_and(|h| h.contains("@ref")));
        assert_eq!(hint("something else"), None);
    }

    #[test]
    fn a_missing_program_says_what_to_install() {
        let program = Program::named("tau-no-such-git-binary");
        let error = run(&program, &[], None).unwrap_err();
        assert!(error.contains("was not found on PATH"), "{error}");
        let git = Program::named("/nonexistent/bin/git");
        let error = capture(&git, &[], None).unwrap_err();
        assert!(error.contains("install it"), "{error}");
    }

    #[test]
    fn a_failure_names_the_command_and_what_to_do() {
        let program = Program::named("sh");
        let args = vec![
            "-c".to_string(),
            "printf 'shown-%s\\n' live; echo E404 >&2; exit 3".to_string(),
        ];
        // `run` has shown the output already: the error does not repeat it.
        let error = run(&program, &args, None).unwrap_err();
        assert!(error.contains("`sh -c"), "{error}");
        assert!(error.contains("exit status: 3"), "{error}");
        assert!(!error.contains("shown-live"), "{error}");
        assert!(error.contains("no such package"), "{error}");
        // `capture` kept it to itself: the error carries it.
        let error = capture(&program, &args, None).unwrap_err();
        assert!(error.contains("shown-live"), "{error}");
    }
}
