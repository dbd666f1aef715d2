//! Exporting the open session (`/export [path]` in the terminal UI, RPC `export_html`): the
//! HTML page of every branch, or with a `.jsonl` path the current branch as a session file,
//! as Pi's `/export` does. The page shows the running prompt and tools for sessions that do
//! not record their own.

use std::path::Path;

use tau_runtime::Runtime;

/// Writes the HTML page of the runtime's session to `output` (default: the name
/// `tau-export` derives from the session file), in `colors` (the active theme's; `None`: the
/// page's own), and returns the path written.
pub(crate) fn export_html(
    runtime: &Runtime,
    output: Option<&str>,
    colors: Option<&tau_export::PageColors>,
) -> Result<String, String> {
    let prompt = runtime.effective_system_prompt();
    let tools = runtime.config().declarations();
    // Rendered under the session's lock, written after it is released.
    let page = runtime.with_session_log(|session| {
        tau_export::session_page(
            session,
            output.map(Path::new),
            Some(&prompt),
            &tools,
            colors,
        )
    })?;
    Ok(page.write()?.display().to_string())
}

/// `/export [path]`: a path ending in `.jsonl` writes the current branch as a session file,
/// anything else (or nothing) the HTML page in `colors`.
pub(crate) fn export_command(
    runtime: &Runtime,
    output: Option<&str>,
    colors: Option<&tau_export::PageColors>,
) -> Result<String, String> {
    match output {
        Some(path) if path.ends_with(".jsonl") => {
            let path = runtime.with_session_log(|session| {
                tau_export::export_session_jsonl(session, Some(Path::new(path)))
            })?;
            Ok(path.display().to_string())
        }
        other => export_html(runtime, other, colors),
    }
}

/// Pi's reading of `/export`'s argument: the first word, or a quoted path (`"my file.html"`
/// or `'…'`); `None` when there is none (or the quote is not closed).
pub(crate) fn path_argument(args: &str) -> Option<&str> {
    let args = args.trim_start();
    let first = args.chars().next()?;
    if first == '"' || first == '\'' {
        let rest = &args[1..];
        return rest.find(first).map(|end| &rest[..end]);
    }
    Some(args.split(char::is_whitespace).next().unwrap_or(args))
}

#[cfg(test)]
mod tests {
    use super::path_argument;

    #[test]
    fn the_path_is_the_first_word_or_a_quoted_string() {
        assert_eq!(path_argument(""), None);
        assert_eq!(path_argument("  out.html more"), Some("out.html"));
        assert_eq!(path_argument("\"my file.html\" x"), Some("my file.html"));
        assert_eq!(path_argument("'a b.jsonl'"), Some("a b.jsonl"));
        assert_eq!(path_argument("\"open"), None);
    }
}
