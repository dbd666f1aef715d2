//! `tau --mode rpc`: Pi's RPC protocol (docs/rpc.md). Commands arrive as JSON lines on
//! stdin; responses, session events and extension UI records leave as JSON lines on stdout.
//!
//! Input is split on LF only (a CR before it is dropped), so U+2028/U+2029 inside strings
//! are data. Each command's response echoes its `id`. Commands that take time (a prompt's
//! run, `bash`, `compact`, session replacement, `abort`) run on their own tasks, so the
//! client can keep sending commands and answering extension dialogs meanwhile; the others
//! are answered in the order they arrive. A malformed line or an unknown command gets an
//! error response that says what was wrong, and tau keeps serving. Closing stdin ends the
//! process once the work under way settled.

mod commands;
mod output;
mod prompting;
mod session_cmds;
mod ui;

use std::collections::HashMap;
use std::path::Path;
use std::process::ExitCode;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use serde_json::Value;
use tau_runtime::EventSink;
use tau_session::Session;
use tokio::io::AsyncBufReadExt;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

use output::{Events, Out};
use tau_app::assemble::{self, Frontend};
use tau_app::current::Current;
use tau_app::driver::Driver;
use tau_app::ext_switch::Sessions;
use tau_app::extensions::Extensions;
use tau_app::AppOptions;
use ui::RpcUi;

/// How long closing stdin waits for the work under way before leaving.
const SHUTDOWN_LIMIT: Duration = Duration::from_secs(30);

/// Everything a command acts on.
pub(crate) struct Rpc {
    out: Out,
    events: Arc<Events>,
    ui: Arc<RpcUi>,
    current: Current,
    driver: Arc<Driver>,
    extensions: Option<Arc<Extensions>>,
    sessions: Sessions,
    /// Model and thinking-level changes.
    controls: tau_app::controls::Controls,
    /// Cancels the `bash` commands running.
    bash: Mutex<HashMap<String, CancellationToken>>,
}

impl Rpc {
    /// Pi's `isStreaming`: a prompt is being run (see [`Events::begin`]).
    fn streaming(&self) -> bool {
        self.events.is_active()
    }

    /// Waits until no run is under way (Pi's `waitForIdle`), at most `limit`.
    async fn wait_idle(&self, limit: Duration) {
        let deadline = tokio::time::Instant::now() + limit;
        while self.streaming() && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// Runs RPC mode until stdin closes.
pub async fn run(mut args: AppOptions, cwd: &Path, agent_dir: &Path) -> Result<ExitCode, String> {
    let out = Out::stdout();
    let events = Arc::new(Events::new(out.clone()));
    let hooks = Arc::new(OnceLock::new());
    let ui = Arc::new(RpcUi::new(out.clone(), hooks.clone()));
    let assembly = assemble::assemble(
        &mut args,
        cwd,
        agent_dir,
        Frontend {
            mode: "rpc",
            has_ui: true,
            header: None,
            sinks: vec![events.clone() as Arc<dyn EventSink>],
            ui: Some(ui.clone()),
        },
    )
    .await?;
    let sessions = assembly.bind_ui(&hooks, &args);
    let thinking_out = out.clone();
    let rpc = Arc::new(Rpc {
        out,
        events,
        ui,
        current: assembly.current.clone(),
        driver: assembly.driver.clone(),
        extensions: assembly.extensions.clone(),
        sessions,
        controls: tau_app::controls::Controls {
            current: assembly.current.clone(),
            extensions: assembly.extensions.clone(),
            agent_dir: agent_dir.to_path_buf(),
            model_scope: args.models.clone(),
            session_scope: Default::default(),
            on_thinking_changed: Some(Arc::new(move |level| {
                thinking_out.push(&serde_json::json!({
                    "type": "thinking_level_changed",
                    "level": level.as_str(),
                }));
            })),
        },
        bash: Mutex::new(HashMap::new()),
    });
    let tasks = serve(&rpc).await;
    shutdown(&rpc, tasks).await;
    match rpc.extensions.as_ref().and_then(|e| e.unrecoverable()) {
        Some(error) => Err(error),
        None => Ok(ExitCode::SUCCESS),
    }
}

/// Reads commands until stdin closes; returns the tasks still running.
async fn serve(rpc: &Arc<Rpc>) -> JoinSet<()> {
    let mut tasks = JoinSet::new();
    let mut input = tokio::io::BufReader::new(tokio::io::stdin());
    let mut line = Vec::new();
    let shutdown = rpc.ui.shutdown.clone();
    let broken = rpc
        .extensions
        .as_ref()
        .map(|e| e.host.broken())
        .unwrap_or_default();
    loop {
        line.clear();
        let read = tokio::select! {
            read = input.read_until(b'\n', &mut line) => read,
            // Pi: an extension's ctx.shutdown() takes effect once the command being handled
            // finished and no run is under way.
            () = shutdown.cancelled() => {
                while tasks.join_next().await.is_some() {}
                rpc.wait_idle(SHUTDOWN_LIMIT).await;
                break;
            }
            // A host that cannot be restarted ends the session: no command may run without
            // the extensions' gates (the run under way is aborted on the way out).
            () = broken.cancelled() => break,
        };
        match read {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // Strict LF framing: only LF ends a record; a CR before it is CRLF input.
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        let text = String::from_utf8_lossy(&line);
        while tasks.try_join_next().is_some() {}
        dispatch(rpc, &text, &mut tasks).await;
    }
    tasks
}

/// Handles one input line.
async fn dispatch(rpc: &Arc<Rpc>, line: &str, tasks: &mut JoinSet<()>) {
    let command: Value = match serde_json::from_str(line) {
        Ok(command) => command,
        Err(error) => {
            let message = format!("Failed to parse command: {error}");
            rpc.out.fail(None, "parse", &message).await;
            return;
        }
    };
    let kind = command.get("type").and_then(Value::as_str).unwrap_or("");
    if kind == "extension_ui_response" {
        rpc.ui.answer(command);
        return;
    }
    // Queued input goes through `input` handlers, which may open dialogs: the reader must
    // stay free to take the answers.
    let input_handlers = matches!(kind, "steer" | "follow_up")
        && rpc
            .extensions
            .as_ref()
            .is_some_and(|e| e.hooks.handles("input"));
    if commands::is_slow(kind) || input_handlers {
        let rpc = rpc.clone();
        tasks.spawn(async move { commands::handle(&rpc, command).await });
    } else {
        commands::handle(rpc, command).await;
    }
}

/// Stdin closed: nobody answers dialogs any more; the run under way is stopped, the tasks
/// finish, the extensions hear `session_shutdown`, the session file is closed.
async fn shutdown(rpc: &Arc<Rpc>, mut tasks: JoinSet<()>) {
    rpc.ui.cancel_all();
    rpc.current.get().abort();
    for token in rpc.bash.lock().unwrap_or_else(|p| p.into_inner()).values() {
        token.cancel();
    }
    let _ = tokio::time::timeout(SHUTDOWN_LIMIT, async {
        while tasks.join_next().await.is_some() {}
    })
    .await;
    rpc.wait_idle(SHUTDOWN_LIMIT).await;
    if let Some(extensions) = &rpc.extensions {
        extensions.shutdown().await;
    }
    let runtime = rpc.current.get();
    let _ = runtime.with_session_log(Session::close_file);
}
