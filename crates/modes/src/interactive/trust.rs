//! Project trust in the terminal UI. Before the session loads, a project with trust-gated
//! resources and no decision (`defaultProjectTrust: "ask"`, no `-a`/`-na`, nothing saved) gets
//! Pi's question with Pi's five choices; a saved choice goes to trust.json, and the answer
//! decides this run (dismissing it means "do not trust", saving nothing, as in Pi). `/trust`
//! shows the saved decision and this run's, and saves a new one for the next start (Pi
//! does not reload project resources for it either).

use std::path::Path;
use std::time::Instant;

use serde_json::json;
use tau_app::trust_store;
use tau_ext_bridge::discovery::trust::saved_decision;
use tau_tui::render::{DockPart, Frame, Renderer};
use tau_tui::terminal::{Terminal, TerminalEvent};
use tokio::sync::{mpsc, oneshot};

use super::app::App;
use super::bridge::{AppEvent, DialogRequest};
use super::look::Look;
use super::remote::Remote;
use super::runner::Runner;
use super::view::{DockView, TranscriptView};

/// The screen the question is drawn on.
pub struct Screen<'a> {
    pub app: &'a mut App,
    pub view: &'a mut TranscriptView,
    pub look: &'a Look,
    pub remote: &'a Remote,
    pub renderer: &'a mut Renderer,
    pub terminal: &'a mut Terminal,
    pub input: &'a mut mpsc::UnboundedReceiver<TerminalEvent>,
}

impl Screen<'_> {
    fn draw(&mut self) {
        let mut out = self.terminal.writer();
        let mut dock = DockView {
            app: self.app,
            look: self.look,
            now: Instant::now(),
            remote: self.remote,
            search_open: false,
        };
        let frame = Frame {
            content: self.view,
            dock: vec![DockPart::with_min(&mut dock, 3)],
            overlays: Vec::new(),
        };
        let _ = self.renderer.render(frame, self.terminal.size(), &mut out);
    }

    /// Shows a list dialog and answers it from the terminal's keys.
    async fn pick(&mut self, title: String, labels: Vec<String>) -> Option<String> {
        let answer = self
            .dialog("select", vec![json!(title), json!(labels)])
            .await;
        answer.as_str().map(str::to_string)
    }

    /// Shows a dialog (`select`, `confirm`, `input` with Pi's arguments) and answers it from
    /// the terminal's keys; `null` when the terminal closed.
    async fn dialog(&mut self, method: &str, args: Vec<serde_json::Value>) -> serde_json::Value {
        let (reply, mut answer) = oneshot::channel();
        self.app.on_event(AppEvent::Dialog(DialogRequest {
            method: method.into(),
            args,
            reply,
            selected: 0,
        }));
        loop {
            self.draw();
            if let Ok(value) = answer.try_recv() {
                return value;
            }
            match self.input.recv().await {
                Some(TerminalEvent::Input(data)) if !tau_tui::keys::is_key_release(&data) => {
                    let _ = self.app.on_input(&data, Instant::now());
                }
                Some(TerminalEvent::Resize(size)) => self.app.editor.set_terminal_rows(size.rows),
                Some(TerminalEvent::InputClosed) | None => return serde_json::Value::Null,
                Some(_) => {}
            }
        }
    }
}

/// Lets the global and `-e` extensions decide the trust first (Pi's `project_trust`), their
/// dialogs shown on this screen; `Some(trusted)` when one decided.
pub async fn ask_extensions(
    screen: &mut Screen<'_>,
    args: &tau_app::AppOptions,
    cwd: &Path,
    agent_dir: &Path,
    warn: &(dyn Fn(&str) + Sync),
) -> Option<bool> {
    let (dialogs, mut asked) = mpsc::unbounded_channel();
    let deciding = tau_app::ext_trust::decide(args, cwd, agent_dir, "tui", Some(dialogs), warn);
    tokio::pin!(deciding);
    loop {
        tokio::select! {
            decided = &mut deciding => return decided,
            Some(dialog) = asked.recv() => {
                let answer = screen.dialog(&dialog.method, dialog.args).await;
                let _ = dialog.reply.send(answer);
            }
        }
    }
}

/// Asks whether to trust `cwd` when Pi would; `Some(trusted)` decides this run.
pub async fn ask_at_start(
    screen: &mut Screen<'_>,
    agent_dir: &Path,
    cwd: &Path,
    approve: Option<bool>,
) -> Option<bool> {
    if !trust_store::needs_prompt(agent_dir, cwd, approve) {
        return None;
    }
    let options = trust_store::options(cwd, true);
    let labels: Vec<String> = options.iter().map(|o| o.label.clone()).collect();
    let title = trust_store::prompt_title(&trust_store::canonical(cwd));
    let choice = screen.pick(title, labels).await;
    let Some(option) = options
        .into_iter()
        .find(|o| Some(&o.label) == choice.as_ref())
    else {
        return Some(false);
    };
    if !option.updates.is_empty() {
        if let Err(error) = trust_store::save(agent_dir, &option.updates) {
            screen
                .app
                .transcript
                .notice(super::transcript::Level::Error, error);
        }
    }
    Some(option.trusted)
}

/// `/trust`.
pub async fn trust_command(runner: &Runner, cwd: &Path, trusted_now: bool) -> Result<(), String> {
    let agent_dir = runner.controls.agent_dir.clone();
    let path = trust_store::canonical(cwd);
    let saved = saved_decision(&agent_dir, cwd)?;
    let described = match &saved {
        None => "none".to_string(),
        Some((folder, decision)) => {
            let label = if *decision { "trusted" } else { "untrusted" };
            if *folder == path {
                format!("{label} ({})", folder.display())
            } else {
                format!("{label} (inherited from {})", folder.display())
            }
        }
    };
    let options = trust_store::options(cwd, false);
    // Pi ticks the option that is the saved decision, and starts on it.
    let is_saved = |o: &trust_store::TrustOption| {
        o.saved_path.is_some()
            && saved.as_ref().map(|(p, d)| (Some(p), *d))
                == Some((o.saved_path.as_ref(), o.trusted))
    };
    let start = options.iter().position(is_saved).unwrap_or(0);
    let labels: Vec<String> = options
        .iter()
        .map(|o| format!("{}{}", if is_saved(o) { "✓ " } else { "  " }, o.label))
        .collect();
    let title = format!(
        "Project trust\n{}\n\nSaved decision: {described}\nCurrent session: {}",
        path.display(),
        if trusted_now { "trusted" } else { "untrusted" }
    );
    let Some(index) = runner.pick_index_from(&title, &labels, start).await else {
        return Ok(());
    };
    let option = &options[index];
    trust_store::save(&agent_dir, &option.updates)?;
    let word = if option.trusted {
        "trusted"
    } else {
        "untrusted"
    };
    runner.send_event(AppEvent::Notice(format!(
        "Saved trust decision: {word}. Restart tau for this to take effect."
    )));
    Ok(())
}

/// Whether this run loaded the project's resources (`/trust` shows it).
pub fn project_trusted(
    runner: &Runner,
    agent_dir: &Path,
    cwd: &Path,
    approve: Option<bool>,
) -> bool {
    if let Some(extensions) = &runner.extensions {
        return extensions.trusted;
    }
    let settings = tau_app::settings_file::read(agent_dir);
    let default = settings
        .get("defaultProjectTrust")
        .and_then(serde_json::Value::as_str);
    tau_ext_bridge::discovery::trust::resolve_trust(agent_dir, cwd, approve, default)
        .0
        .trusted
}
