//! Pi's built-in slash commands in the terminal UI. Pickers (`/model`, `/thinking`,
//! `/resume`, `/fork`) are shown as the same list dialog extensions get; commands tau does
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
            runner.sessions.reload().await?;
            runner.send_event(AppEvent::Notice("Reloaded extensions and resources".into()));
            Ok(())
        }),
        "model" => spawn(runner, |runner| async move { model(&runner, &args).await }),
        "thinking" => spawn(
            runner,
            |runner| async move { thinking(&runner, &args).await },
        ),
        "resume" => spawn(runner, |runner| async move { resume(&runner).await }),
        "fork" => spawn(runner, |runner| async move { fork(&runner).await }),
        "tree" => spawn(runner, |runner| async move { tree(&runner).await }),
        "copy" => copy_last_answer(app),
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

async fn resume(runner: &Runner) -> Result<(), String> {
    let sessions = tau_session::list_sessions(&runner.session_dir);
    let current = runner
        .current
        .get()
        .with_session_log(|s| s.path().map(|p| p.to_path_buf()));
    let others: Vec<_> = sessions
        .into_iter()
        .filter(|s| Some(&s.path) != current.as_ref())
        .collect();
    if others.is_empty() {
        runner.send_event(AppEvent::Notice("No other sessions in this folder".into()));
        return Ok(());
    }
    let labels: Vec<String> = others
        .iter()
        .map(|s| {
            let name = s
                .name
                .clone()
                .or_else(|| s.first_message.clone())
                .unwrap_or_else(|| "(no messages)".into());
            let short: String = name.chars().take(60).collect();
            format!("{}  {short}", s.id.chars().take(8).collect::<String>())
        })
        .collect();
    let Some(index) = runner.pick_index("Resume session", &labels).await else {
        return Ok(());
    };
    let path = others[index].path.display().to_string();
    let result = runner.sessions.switch_session(path).await?;
    replaced(runner, &result, "Resumed the session");
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

/// One line per message of every branch, depth-first with the branches indented, the
/// current position marked; picking one moves there (Pi's `/tree` without its filters and
/// branch summaries).
fn tree_lines(session: &mut tau_session::Session) -> Vec<(String, String)> {
    let tree = session.tree();
    let leaf = tree.leaf_id().map(str::to_string);
    let mut lines = Vec::new();
    let mut stack: Vec<(String, usize)> = tree
        .roots()
        .iter()
        .rev()
        .filter_map(|e| e.id().map(|id| (id.to_string(), 0)))
        .collect();
    while let Some((id, depth)) = stack.pop() {
        let children = tree.children(&id);
        let branches = children.len() > 1;
        for child in children.iter().rev() {
            if let Some(child_id) = child.id() {
                stack.push((child_id.to_string(), depth + usize::from(branches)));
            }
        }
        let Some(entry) = tree.get_entry(&id) else {
            continue;
        };
        let Ok(value) = serde_json::to_value(entry) else {
            continue;
        };
        if value["type"] != "message" {
            continue;
        }
        let role = value["message"]["role"].as_str().unwrap_or_default();
        let text = match role {
            "user" => tau_app::ext_switch::content_text(&value["message"]["content"]),
            "assistant" => value["message"]["content"]
                .as_array()
                .map(|blocks| {
                    blocks
                        .iter()
                        .filter_map(|b| b["text"].as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default(),
            _ => continue,
        };
        if text.trim().is_empty() {
            continue;
        }
        let first: String = text
            .lines()
            .next()
            .unwrap_or_default()
            .chars()
            .take(70)
            .collect();
        let marker = if leaf.as_deref() == Some(id.as_str()) {
            "• "
        } else {
            "  "
        };
        let who = if role == "user" { "user" } else { "assistant" };
        let indent = "  ".repeat(depth);
        lines.push((id, format!("{marker}{indent}{who}: {first}")));
    }
    lines
}

async fn tree(runner: &Runner) -> Result<(), String> {
    let lines = runner.current.get().with_session_log(tree_lines);
    if lines.is_empty() {
        runner.send_event(AppEvent::Notice("The session has no messages yet".into()));
        return Ok(());
    }
    let labels: Vec<String> = lines.iter().map(|(_, label)| label.clone()).collect();
    let Some(index) = runner.pick_index("Session tree", &labels).await else {
        return Ok(());
    };
    let target = lines[index].0.clone();
    let result = runner.sessions.navigate_tree(target, &json!({})).await?;
    if result["cancelled"] == json!(true) {
        runner.send_event(AppEvent::Notice("Cancelled by an extension".into()));
        return Ok(());
    }
    runner.send_event(AppEvent::SessionReplaced);
    if let Some(text) = result["editorText"].as_str() {
        runner.send_event(AppEvent::UiCall {
            method: "setEditorText".into(),
            args: vec![Value::String(text.to_string())],
        });
    }
    Ok(())
}

/// `/copy`: the last answer's text to the clipboard, through the terminal (OSC 52), which
/// works over SSH too; terminals that do not support it ignore the sequence.
fn copy_last_answer(app: &mut App) {
    use base64::Engine;
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
            let encoded = base64::engine::general_purpose::STANDARD.encode(text.as_bytes());
            app.terminal_output.push(format!("\x1b]52;c;{encoded}\x07"));
            app.transcript
                .notice(Level::Info, "Copied the last answer to the clipboard");
        }
        None => app
            .transcript
            .notice(Level::Warning, "No answer to copy yet"),
    }
}
