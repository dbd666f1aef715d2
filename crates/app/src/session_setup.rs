//! Opening the session a run records into, from Pi's session flags: `--no-session`,
//! `--session`, `--session-id`, `--continue`, `--fork`, `--session-dir`, and `--resume`
//! (which lists sessions when there is no terminal to show the picker on).

use std::path::{Path, PathBuf};

use tau_session::{
    find_session, list_sessions, most_recent_session, validate_session_id, NewSession, Session,
    SessionSummary, WriteOptions,
};

use crate::AppOptions;

/// Where this directory's sessions live: `--session-dir`, `TAU_SESSION_DIR`, else
/// `<agent dir>/sessions/--<cwd>--/`.
pub fn session_dir(args: &AppOptions, agent_dir: &Path, cwd: &str) -> PathBuf {
    if let Some(dir) = &args.session_dir {
        return dir.clone();
    }
    if let Some(dir) = std::env::var_os("TAU_SESSION_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    tau_session::session_dir_for_cwd(&agent_dir.join("sessions"), cwd)
}

/// A path argument, or an id (prefix) looked up in the session folder and, failing that,
/// in every folder under the sessions root.
fn locate(spec: &str, dir: &Path, agent_dir: &Path) -> Result<PathBuf, String> {
    let path = PathBuf::from(spec);
    if spec.ends_with(".jsonl") || path.is_file() {
        return if path.is_file() {
            Ok(path)
        } else {
            Err(format!("session file {spec} does not exist"))
        };
    }
    if let Some(found) = find_session(dir, spec) {
        return Ok(found);
    }
    let root = agent_dir.join("sessions");
    let everywhere = tau_session::list_all_sessions(&root);
    let matches: Vec<&SessionSummary> = everywhere
        .iter()
        .filter(|s| s.id.starts_with(spec))
        .collect();
    match matches.as_slice() {
        [one] => Ok(one.path.clone()),
        [] => Err(format!(
            "no session matches \"{spec}\"; run `tau --resume` to list this directory's sessions"
        )),
        many => Err(format!(
            "\"{spec}\" matches {} sessions; give more of the id ({})",
            many.len(),
            many.iter()
                .map(|s| s.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Opens or creates the session the flags ask for.
pub fn open_session(args: &AppOptions, agent_dir: &Path, cwd: &str) -> Result<Session, String> {
    let dir = session_dir(args, agent_dir, cwd);
    let options = WriteOptions::default();
    let fail = |error: tau_session::SessionError| error.to_string();
    if args.no_session {
        return Ok(Session::in_memory(cwd));
    }
    if let Some(id) = &args.session_id {
        validate_session_id(id).map_err(fail)?;
    }
    let new = NewSession {
        id: args.session_id.clone(),
        parent_session: None,
    };
    if let Some(source) = &args.fork {
        let source = locate(source, &dir, agent_dir)?;
        return Session::fork_from(&source, cwd, &dir, new, options).map_err(fail);
    }
    if let Some(spec) = &args.session {
        let path = locate(spec, &dir, agent_dir)?;
        return Session::open(&path, cwd, options).map_err(fail);
    }
    if let Some(id) = &args.session_id {
        return match find_session(&dir, id)
            .filter(|path| tau_session::read_header(path).is_some_and(|header| &header.id == id))
        {
            Some(path) => Session::open(&path, cwd, options).map_err(fail),
            None => Session::create(&dir, cwd, new, options).map_err(fail),
        };
    }
    if args.continue_recent {
        return match most_recent_session(&dir, Some(cwd)) {
            Some(path) => Session::open(&path, cwd, options).map_err(fail),
            None => Session::create(&dir, cwd, new, options).map_err(fail),
        };
    }
    Session::create(&dir, cwd, new, options).map_err(fail)
}

/// `--resume`: this directory's sessions, newest first, one per line.
pub fn format_session_list(args: &AppOptions, agent_dir: &Path, cwd: &str) -> String {
    let dir = session_dir(args, agent_dir, cwd);
    let sessions = list_sessions(&dir);
    if sessions.is_empty() {
        return format!("No sessions for {cwd} (looked in {}).\n", dir.display());
    }
    let mut out = String::new();
    for session in &sessions {
        let title = session
            .name
            .clone()
            .or_else(|| session.first_message.clone())
            .unwrap_or_default();
        let title: String = title
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(70)
            .collect();
        out.push_str(&format!(
            "{}  {}  {:>4} msgs  {}\n",
            session.id, session.created, session.message_count, title
        ));
    }
    out.push_str("\nResume one with: tau --session <id> (an id prefix is enough)\n");
    out
}
