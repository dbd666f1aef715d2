//! Pi's built-in slash commands in the terminal UI. Pickers (`/model`, `/thinking`, `/fork`)
//! are shown as the same list dialog extensions get (`/resume` has Pi's session picker); commands tau does
//! not have yet say so plainly.

use std::sync::Arc;

use serde_json::{json, Value};
use tau_protocol::ThinkingLevel;
use tau_provider::models::supported_thinking_levels;
use tokio::sync::oneshot;

use super::app::App;
use super::bridge::{AppEvent, DialogRequest};
use super::runner::Runner;
use super::transcript::Level;

/// Runs the built-in command `name` with `args`.
pub fn run(runner: &Arc<Runner>, name: &'static str, args: &str, app: &mut App) {
    let args = args.to_string();
    match name {
        "quit" => app.quit = true,
        "hotkeys" => app.transcript.notice(Level::Info, hotkeys(app)),
        "session" => app.transcript.notice(Level::Info, session_info(runner)),
        "name" => name_session(runner, &args, app),
        "new" => spawn(runner, |runner| async move {
            let result = runner.sessions.new_session(None).await?;
            replaced(&runner, &result, "Started a new session");
            Ok(())
        }),
        "compact" => {
            app.busy = true;
            spawn(runner, |runner| async move {
                let instructions = Some(args).filter(|a| !a.is_empty());
                let result = runner.current.get().compact(instructions.as_deref()).await;
                runner.send_event(AppEvent::RunFinished);
                result.map(|_| ()).map_err(|e| e.to_string())
            });
        }
        "reload" => spawn(runner, |runner| async move {
            runner.driver.reload_resources();
            runner.sessions.reload().await?;
            runner.send_event(AppEvent::Notice("Reloaded extensions and resources".into()));
            Ok(())
        }),
        "model" => spawn(runner, |runner| async move { model(&runner, &args).await }),
        "thinking" => spawn(
            runner,
            |runner| async move { thinking(&runner, &args).await },
        ),
        "resume" => open_session_picker(runner, app),
        "scoped-models" => spawn(runner, |runner| async move {
            super::scope_work::open(&runner).await
        }),
        "fork" => spawn(runner, |runner| async move { fork(&runner).await }),
        "tree" => open_tree(runner, None),
        "copy" => copy_last_answer(app),
        // Off the UI task: a long session takes a moment to render and write.
        "export" => {
            // In the active theme's colours, as Pi's `/export`.
            let colors = app.page_colors.clone();
            spawn(runner, |runner| async move {
                let output = crate::export::path_argument(&args).map(str::to_string);
                let runtime = runner.current.get();
                let done = tokio::task::spawn_blocking(move || {
                    crate::export::export_command(&runtime, output.as_deref(), colors.as_deref())
                })
                .await
                .map_err(|error| format!("Failed to export session: {error}"))?;
                let path = done.map_err(|error| format!("Failed to export session: {error}"))?;
                runner.send_event(AppEvent::Notice(format!("Session exported to: {path}")));
                Ok(())
            })
        }
        "settings" => super::settings::open::open(runner, app),
        "trust" => {
            let Some(context) = app.settings_context.clone() else {
                return;
            };
            spawn(runner, move |runner| async move {
                super::trust::trust_command(&runner, &context.cwd, context.project_trusted).await
            });
        }
        "changelog" => {
            app.transcript.push(super::transcript::Item::Document {
                title: "What's New".into(),
                markdown: super::changelog::markdown(),
            });
        }
        "login" => spawn(runner, |runner| async move {
            super::auth::login(&runner, &args).await
        }),
        "logout" => spawn(runner, |runner| async move {
            super::auth::logout(&runner).await
        }),
        "clone" => spawn(runner, |runner| async move {
            let leaf = runner
                .current
                .get()
                .with_session_log(|s| s.leaf_id().map(str::to_string))
                .ok_or("Nothing to clone yet: the session is empty")?;
            let result = runner.sessions.fork(leaf, "at".into()).await?;
            replaced(&runner, &result, "Cloned the session");
            Ok(())
        }),
        other => app.transcript.notice(
            Level::Warning,
            format!("/{other} is not available in tau's terminal UI yet"),
        ),
    }
}

impl Runner {
    pub(super) fn send_event(&self, event: AppEvent) {
        let _ = self.events.send(event);
    }

    /// `/tree`'s choice of entry, on its own task.
    pub(super) fn navigate_tree(self: &Arc<Self>, id: String, ask_summary: bool) {
        spawn(self, move |runner| async move {
            navigate(&runner, id, ask_summary).await
        });
    }

    /// A label set or removed in `/tree` (Pi's `label` entry).
    pub(super) fn set_label(&self, id: &str, label: Option<&str>, app: &mut App) {
        if let Err(error) = self.current.get().set_label(id, label) {
            app.transcript.notice(Level::Error, error);
        }
    }

    /// Shows a list dialog and waits for the choice.
    pub(super) async fn pick(&self, title: &str, options: Vec<String>) -> Option<String> {
        self.ask("select", vec![json!(title), json!(options)], 0)
            .await
    }

    /// Shows a list dialog and waits for the index of the choice.
    pub(super) async fn pick_index(&self, title: &str, labels: &[String]) -> Option<usize> {
        self.pick_index_from(title, labels, 0).await
    }

    /// [`Runner::pick_index`] starting on option `selected`.
    pub(super) async fn pick_index_from(
        &self,
        title: &str,
        labels: &[String],
        selected: usize,
    ) -> Option<usize> {
        let args = vec![json!(title), json!(labels)];
        let choice = self.ask("select", args, selected).await?;
        labels.iter().position(|label| *label == choice)
    }

    /// Shows a one-line input dialog and waits for the text (`None` when dismissed).
    pub(super) async fn read_line(&self, title: &str) -> Option<String> {
        self.ask("input", vec![json!(title)], 0).await
    }

    async fn ask(&self, method: &str, args: Vec<Value>, selected: usize) -> Option<String> {
        let (reply, answer) = oneshot::channel();
        self.send_event(AppEvent::Dialog(DialogRequest {
            method: method.into(),
            args,
            reply,
            selected,
        }));
        answer.await.ok()?.as_str().map(str::to_string)
    }
}

fn spawn<F, Fut>(runner: &Arc<Runner>, work: F)
where
    F: FnOnce(Arc<Runner>) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<(), String>> + Send + 'static,
{
    let runner = runner.clone();
    tokio::spawn(async move {
        let events = runner.events.clone();
        if let Err(error) = work(runner).await {
            let _ = events.send(AppEvent::Error(error));
        }
    });
}

/// A session replacement finished: an extension may have cancelled it.
fn replaced(runner: &Runner, result: &Value, done: &str) {
    if result["cancelled"] == json!(true) {
        runner.send_event(AppEvent::Notice("Cancelled by an extension".into()));
    } else {
        runner.send_event(AppEvent::SessionReplaced);
        runner.send_event(AppEvent::Notice(done.into()));
    }
}

/// `/resume`: Pi's session picker in the editor's place, on this folder's sessions.
fn open_session_picker(runner: &Arc<Runner>, app: &mut App) {
    use super::session_picker::{Request, Scope, SessionPicker};
    let current = runner
        .current
        .get()
        .with_session_log(|s| s.path().map(|p| p.to_path_buf()));
    app.session_picker = Some(SessionPicker::new(current, true, app.tui_keys.clone()));
    super::picker_work::perform(runner, Request::Load(Scope::Current));
}

fn hotkeys(app: &App) -> String {
    use super::keymap::Action;
    let key = |action| app.keymap.key_text(action);
    [
        ("Submit / steer while working", "enter".to_string()),
        ("Queue a follow-up", key(Action::FollowUp)),
        ("Restore queued messages", key(Action::Dequeue)),
        ("Abort", key(Action::Interrupt)),
        ("Clear / exit (twice)", key(Action::Clear)),
        ("Exit on an empty editor", key(Action::Exit)),
        ("Suspend", key(Action::Suspend)),
        ("External editor", key(Action::ExternalEditor)),
        ("Pick a model", key(Action::SelectModel)),
        ("Next / previous model", key(Action::CycleModelForward)),
        ("Thinking level", key(Action::CycleThinking)),
        ("Show / hide thinking", key(Action::ToggleThinking)),
        ("Expand tool output", key(Action::ExpandTools)),
    ]
    .iter()
    .map(|(what, key)| format!("{key:>14}  {what}"))
    .collect::<Vec<_>>()
    .join("\n")
}

fn session_info(runner: &Runner) -> String {
    let runtime = runner.current.get();
    let window = runtime.config().model.context_window;
    let stats = runtime.with_session_log(|s| tau_app::stats::stats(s, window));
    let field = |key: &str| stats[key].to_string().trim_matches('"').to_string();
    let tokens = &stats["tokens"];
    let name = runtime
        .with_session_log(|s| s.session_name().map(str::to_string))
        .unwrap_or_else(|| "(unnamed)".into());
    format!(
        "Session {}\nName: {name}\nFile: {}\nMessages: {} user, {} assistant, {} tool results ({} tool calls)\nTokens: {} in, {} out, {} cache read, {} cache write\nCost: ${}",
        field("sessionId"),
        stats["sessionFile"].as_str().unwrap_or("(not saved)"),
        field("userMessages"),
        field("assistantMessages"),
        field("toolResults"),
        field("toolCalls"),
        tokens["input"],
        tokens["output"],
        tokens["cacheRead"],
        tokens["cacheWrite"],
        tau_protocol::js_number::to_fixed(stats["cost"].as_f64().unwrap_or(0.0), 4),
    )
}

fn name_session(runner: &Arc<Runner>, args: &str, app: &mut App) {
    let name = args.trim();
    if name.is_empty() {
        let current = runner
            .current
            .get()
            .with_session_log(|s| s.session_name().map(str::to_string));
        let text = match current {
            Some(name) => format!("Session name: {name} (/name <new name> renames it)"),
            None => "Usage: /name <name>".into(),
        };
        app.transcript.notice(Level::Info, text);
        return;
    }
    match runner.current.get().set_session_name(name) {
        Ok(_) => {
            app.footer.session_name = Some(name.to_string());
            app.transcript
                .notice(Level::Info, format!("Session name set: {name}"));
            if let Some(extensions) = &runner.extensions {
                let event = json!({ "type": "session_info_changed", "name": name });
                let hooks = extensions.hooks.clone();
                tokio::spawn(async move { hooks.notify(event).await });
            }
        }
        Err(error) => app.transcript.notice(Level::Error, error),
    }
}

async fn model(runner: &Runner, args: &str) -> Result<(), String> {
    let registry = runner.controls.registry().await?;
    let available: Vec<String> = registry
        .available()
        .iter()
        .map(|m| format!("{}/{}", m.provider, m.id))
        .collect();
    let choice = if args.is_empty() {
        match runner.pick("Select model", available).await {
            Some(choice) => choice,
            None => return Ok(()),
        }
    } else if args.contains('/') {
        args.to_string()
    } else {
        // A bare id: the first provider that has it.
        available
            .iter()
            .find(|label| label.rsplit('/').next() == Some(args))
            .cloned()
            .ok_or_else(|| format!("Model not found: {args}"))?
    };
    let (provider, id) = choice
        .split_once('/')
        .ok_or_else(|| format!("Model not found: {choice}"))?;
    let model = runner.controls.set_model(provider, id).await?;
    runner.send_event(AppEvent::Notice(format!(
        "Model: {}/{}",
        model.provider, model.id
    )));
    Ok(())
}

async fn thinking(runner: &Runner, args: &str) -> Result<(), String> {
    let model = runner.current.get().config().model;
    let levels: Vec<String> = supported_thinking_levels(&model)
        .into_iter()
        .map(|l| l.as_str().to_string())
        .collect();
    let choice = if args.is_empty() {
        match runner.pick("Thinking level", levels).await {
            Some(choice) => choice,
            None => return Ok(()),
        }
    } else {
        args.to_string()
    };
    let level = ThinkingLevel::parse(&choice).ok_or_else(|| {
        format!("Invalid thinking level \"{choice}\"; use off, minimal, low, medium, high, xhigh or max")
    })?;
    runner.controls.set_thinking(level).await;
    let now = runner.current.get().config().thinking_level;
    runner.send_event(AppEvent::Notice(format!(
        "Thinking level: {}",
        now.as_str()
    )));
    Ok(())
}

async fn fork(runner: &Runner) -> Result<(), String> {
    let messages: Vec<(String, String)> = runner.current.get().with_session_log(|s| {
        s.tree()
            .entries()
            .iter()
            .filter_map(|entry| {
                let value = serde_json::to_value(entry).ok()?;
                if value["type"] != "message" || value["message"]["role"] != "user" {
                    return None;
                }
                let text = tau_app::ext_switch::content_text(&value["message"]["content"]);
                let id = value["id"].as_str()?.to_string();
                (!text.is_empty()).then_some((id, text))
            })
            .collect()
    });
    if messages.is_empty() {
        runner.send_event(AppEvent::Notice("No user message to fork from yet".into()));
        return Ok(());
    }
    let labels: Vec<String> = messages
        .iter()
        .enumerate()
        .map(|(i, (_, text))| {
            let line: String = text
                .lines()
                .next()
                .unwrap_or_default()
                .chars()
                .take(70)
                .collect();
            format!("{}. {line}", i + 1)
        })
        .collect();
    let Some(index) = runner.pick_index("Fork from message", &labels).await else {
        return Ok(());
    };
    let (entry, text) = messages[index].clone();
    let result = runner.sessions.fork(entry, "before".into()).await?;
    replaced(runner, &result, "Forked the session");
    if result["cancelled"] != json!(true) {
        runner.send_event(AppEvent::UiCall {
            method: "setEditorText".into(),
            args: vec![Value::String(text)],
        });
    }
    Ok(())
}

/// `/tree`: the selector over the session's tree, on `selected` (else the current leaf).
pub(super) fn open_tree(runner: &Runner, selected: Option<String>) {
    let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
    let snapshot = runner
        .current
        .get()
        .with_session_log(|s| super::tree::snapshot(s, home.as_deref()));
    if snapshot.entries.is_empty() {
        runner.send_event(AppEvent::Notice("No entries in session".into()));
        return;
    }
    runner.send_event(AppEvent::OpenTree {
        snapshot: Box::new(snapshot),
        selected,
    });
}

/// Shows a text dialog (`editor`) and waits for the text.
async fn ask_text(runner: &Runner, title: &str) -> Option<String> {
    let (reply, answer) = oneshot::channel();
    runner.send_event(AppEvent::Dialog(DialogRequest {
        method: "editor".into(),
        args: vec![json!(title), json!("")],
        reply,
        selected: 0,
    }));
    answer.await.ok()?.as_str().map(str::to_string)
}

/// An entry picked in `/tree` (Pi's tree selection): the current leaf is already there;
/// otherwise Pi's "Summarize branch?" question (Esc goes back to the tree, Esc in the custom
/// prompt back to the question), then the move, with the model writing the summary when one
/// was asked for (Esc aborts it and goes back to the tree).
pub(super) async fn navigate(runner: &Runner, id: String, ask_summary: bool) -> Result<(), String> {
    let runtime = runner.current.get();
    if runtime
        .with_session_log(|s| s.leaf_id().map(str::to_string))
        .as_deref()
        == Some(id.as_str())
    {
        runner.send_event(AppEvent::Notice("Already at this point".into()));
        return Ok(());
    }
    let mut options = json!({});
    if ask_summary {
        loop {
            let choices = ["No summary", "Summarize", "Summarize with custom prompt"];
            let Some(choice) = runner
                .pick("Summarize branch?", choices.map(String::from).to_vec())
                .await
            else {
                open_tree(runner, Some(id));
                return Ok(());
            };
            options = json!({ "summarize": choice != choices[0] });
            if choice == choices[2] {
                match ask_text(runner, "Custom summarization instructions").await {
                    Some(text) => options["customInstructions"] = json!(text),
                    None => continue,
                }
            }
            break;
        }
    }
    // Pi stops a response under way once the user committed to moving.
    if runtime.is_running() {
        runtime.abort();
        runtime.wait_until_idle(None).await;
    }
    let summarizing = options["summarize"] == json!(true);
    if summarizing {
        runner.send_event(AppEvent::BranchSummary(true));
    }
    let result = runner.sessions.navigate_tree(id.clone(), &options).await;
    if summarizing {
        runner.send_event(AppEvent::BranchSummary(false));
    }
    let result = result?;
    if result["aborted"] == json!(true) {
        runner.send_event(AppEvent::Notice("Branch summarization cancelled".into()));
        open_tree(runner, Some(id));
        return Ok(());
    }
    if result["cancelled"] == json!(true) {
        runner.send_event(AppEvent::Notice("Navigation cancelled".into()));
        return Ok(());
    }
    runner.send_event(AppEvent::SessionReplaced);
    runner.send_event(AppEvent::Navigated {
        editor_text: result["editorText"].as_str().map(str::to_string),
    });
    Ok(())
}

/// `/copy`: the last answer's text to the clipboard.
fn copy_last_answer(app: &mut App) {
    let text = app
        .transcript
        .items()
        .rev()
        .find_map(|(_, item)| match item {
            super::transcript::Item::Assistant { message, .. } => {
                let text: Vec<&str> = message.content.iter().filter_map(|b| b.as_text()).collect();
                (!text.is_empty()).then(|| text.join("\n"))
            }
            _ => None,
        });
    match text {
        Some(text) => {
            app.copy_to_clipboard(&text);
            app.transcript
                .notice(Level::Info, "Copied the last answer to the clipboard");
        }
        None => app
            .transcript
            .notice(Level::Warning, "No answer to copy yet"),
    }
}

/// The OSC 52 sequence that puts `text` on the terminal's clipboard.
pub fn osc52(text: &str) -> String {
    use base64::Engine;
    let encoded = base64::engine::general_purpose::STANDARD.encode(text.as_bytes());
    format!("\x1b]52;c;{encoded}\x07")
}
