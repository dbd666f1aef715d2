//! Where the application layer's warnings go: stderr, as `tau: warning: …`, in every mode
//! (stdout belongs to the mode's output).

/// Reports a problem that does not stop the run.
#[expect(
    clippy::print_stderr,
    reason = "warnings go to stderr so stdout stays clean"
)]
pub fn warn(message: &str) {
    eprintln!("tau: warning: {message}");
}

/// tau's agent directory: `TAU_AGENT_DIR`, else `~/.tau/agent`.
pub fn agent_dir() -> std::path::PathBuf {
    if let Some(dir) = std::env::var_os("TAU_AGENT_DIR").filter(|dir| !dir.is_empty()) {
        return dir.into();
    }
    let home = std::env::var_os("HOME")
        .map(std::path::PathBuf::from)
        .unwrap_or_default();
    home.join(".tau").join("agent")
}
