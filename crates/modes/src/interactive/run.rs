//! The interactive mode's loop: assemble the session with this mode's UI, take the
//! terminal, then react to keys, runtime events and extension calls until the user quits.
//! One task owns the screen; renders are coalesced by the scheduler (~16 ms).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use tau_app::assemble::{self, Frontend};
use tau_app::controls::Controls;
use tau_app::ext_switch::Sessions;
use tau_app::extensions::Extensions;
use tau_app::AppOptions;
use tau_protocol::{AgentEvent, AgentMessage, UserContent};
use tau_runtime::EventSink;
use tau_session::Session;
use tau_tui::editor::{Editor, EditorOptions};
use tau_tui::keybindings::KeybindingsManager;
use tau_tui::render::{Frame, RenderScheduler, Renderer, TuiMode};
use tau_tui::terminal::{Terminal, TerminalEvent, TerminalOptions};
use tokio::sync::mpsc;

use super::app::App;
use super::bridge::{AppEvent, TuiEvents, TuiUi};
use super::effects::Effect;
use super::footer::{FooterInfo, UsageTotals};
use super::look::Look;
use super::runner::Runner;
use super::view::{DockView, ThinkingDisplay, TranscriptView, ViewOptions};
use super::{git, header, theme_choice};

/// What the command line adds to the session's options.
pub struct InteractiveOptions {
    /// `--theme`, `--use-theme`, `--tui-mode` as given.
    pub ui_options: Vec<(String, String)>,
    /// The initial prompts (messages and `@file` contents), submitted one after the other
    /// once the UI is up. Built after the extensions loaded, from the names of their boolean
    /// flags (a word after such a flag is a message, not its value).
    pub initial_prompts: PromptBuilder,
    /// tau's version, for the header.
    pub version: String,
}

/// Builds the initial prompts from the extensions' boolean flag names.
pub type PromptBuilder = Box<dyn FnOnce(&[String]) -> Vec<UserContent> + Send>;

/// How often the UI wakes while something animates (spinners, countdowns, running rows).
const TICK: Duration = Duration::from_millis(80);

/// Runs the interactive mode until the user quits.
pub async fn run(
    mut args: AppOptions,
    cwd: &Path,
    agent_dir: &Path,
    options: InteractiveOptions,
) -> Result<ExitCode, String> {
    let (events, mut inbox) = mpsc::unbounded_channel::<AppEvent>();
    // From here on stderr is the screen: warnings become transcript notices.
    let warnings = events.clone();
    tau_app::report::redirect_stderr(Some(Arc::new(move |line: &str| {
        let text = line.strip_prefix("tau: warning: ").unwrap_or(line);
        let _ = warnings.send(AppEvent::Warning(text.to_string()));
    })));
    let restore_stderr = RestoreStderr;

    let hooks = Arc::new(OnceLock::new());
    let ui = Arc::new(TuiUi::new(events.clone(), hooks.clone()));
    let assembly = assemble::assemble(
        &mut args,
        cwd,
        agent_dir,
        Frontend {
            mode: "tui",
            has_ui: true,
            header: None,
            sinks: vec![Arc::new(TuiEvents(events.clone())) as Arc<dyn EventSink>],
            ui: Some(ui.clone()),
        },
    )
    .await?;
    if let Some(extensions) = &assembly.extensions {
        let _ = hooks.set(Arc::downgrade(&extensions.hooks));
        extensions.stop_when_broken(assembly.current.clone());
    }
    let sessions = Sessions::new(
        assembly.current.clone(),
        assembly.extensions.as_deref().map(Extensions::handles),
        &args,
        tau_app::report::warn,
    );
    let controls = Controls {
        current: assembly.current.clone(),
        extensions: assembly.extensions.clone(),
        agent_dir: agent_dir.to_path_buf(),
        model_scope: args.models.clone(),
        on_thinking_changed: None,
    };
    let cwd_text = cwd.display().to_string();
    let runner = Arc::new(Runner::new(
        assembly.current.clone(),
        assembly.driver.clone(),
        assembly.extensions.clone(),
        sessions,
        controls,
        events.clone(),
        tau_app::session_setup::session_dir(&args, agent_dir, &cwd_text),
    ));

    let theme = theme_choice::choose(agent_dir, &options.ui_options);
    let look = Look::new(Arc::new(theme.theme));
    if let Some(warning) = theme.warning {
        let _ = events.send(AppEvent::Warning(warning));
    }
    let mode = match theme_choice::tui_mode(agent_dir, &options.ui_options) {
        "regular" => TuiMode::Regular,
        _ => TuiMode::Fullscreen,
    };

    let keybindings = Arc::new(std::sync::RwLock::new(KeybindingsManager::new()));
    let mut editor = Editor::new(look.editor.clone(), keybindings, EditorOptions::default());
    editor.set_autocomplete_provider(Box::new(super::completion::provider(
        runner.extensions.as_deref(),
        &cwd_text,
    )));
    let footer = FooterInfo {
        cwd: cwd_text.clone(),
        home: std::env::var("HOME").ok(),
        git_branch: git::branch(cwd),
        auto_compact: runner.current.get().auto_compaction_enabled(),
        ..FooterInfo::default()
    };
    let mut app = App::new(Box::new(editor), footer);
    let mut view = TranscriptView::default();
    view.set_header(header::lines(&look, &options.version, &app.keymap));
    load_history(&mut app, &runner);

    let mut renderer = Renderer::new(mode);
    let (mut terminal, mut input) = Terminal::start(&mut renderer, TerminalOptions::default())
        .map_err(|error| format!("cannot take the terminal: {error}"))?;
    let mut out = terminal.writer();
    app_resize(&mut app, terminal.size().rows);
    let mut scheduler = RenderScheduler::default();
    scheduler.request();

    let booleans = runner
        .extensions
        .as_ref()
        .map(|e| e.flag_names(true))
        .unwrap_or_default();
    let prompts = (options.initial_prompts)(&booleans);
    if !prompts.is_empty() {
        app.busy = true;
        let runner = runner.clone();
        tokio::spawn(async move {
            for prompt in prompts {
                runner.driver.submit(prompt).await;
            }
            runner.send_event(AppEvent::RunFinished);
        });
    }

    let shutdown = ui.shutdown.clone();
    let broken = runner
        .extensions
        .as_ref()
        .map(|e| e.host.broken())
        .unwrap_or_default();
    let mut view_options = ViewOptions {
        look: look.clone(),
        cwd: cwd.to_path_buf(),
        home: std::env::var_os("HOME").map(PathBuf::from),
        tools_expanded: false,
        thinking: ThinkingDisplay {
            hidden: false,
            label: "Thinking...".into(),
        },
        pad: 1,
        generation: 0,
    };
    let mut last_title = None;
    loop {
        let now = Instant::now();
        if scheduler.take_due(now) {
            app.keymap.context.kitty_active = terminal.kitty_active();
            refresh_footer(&mut app, &runner);
            view_options.tools_expanded = app.tools_expanded;
            view_options.thinking.hidden = app.hide_thinking;
            view.sync(&app.transcript, &view_options, now);
            if app.title != last_title {
                if let Some(title) = &app.title {
                    let _ = out.set_title(title);
                }
                last_title = app.title.clone();
            }
            let mut dock = DockView {
                app: &mut app,
                look: &look,
                now,
            };
            let frame = Frame {
                content: &mut view,
                dock: &mut dock,
                overlays: Vec::new(),
            };
            match renderer.render(frame, terminal.size(), &mut out) {
                Ok(report) => {
                    for line in report.over_wide {
                        app.transcript
                            .notice(super::transcript::Level::Error, line.to_string());
                    }
                }
                Err(_) => break, // the terminal went away
            }
            scheduler.rendered_at(Instant::now());
        }
        if app.quit {
            break;
        }
        let animating = app.busy || !app.dialogs.is_empty() || view.is_live();
        let wake = scheduler
            .deadline(now)
            .or_else(|| animating.then(|| now + TICK))
            .unwrap_or(now + Duration::from_secs(3600));
        tokio::select! {
            event = input.recv() => {
                let Some(event) = event else { break };
                match event {
                    // pi-tui hands key releases only to components that ask for them; none
                    // of tau's own do.
                    TerminalEvent::Input(data) if tau_tui::keys::is_key_release(&data) => {}
                    TerminalEvent::Input(data) => {
                        let scrolled = app.dialogs.is_empty() && scroll_key(&app, &mut renderer, &data);
                        if !scrolled && !renderer.handle_viewport_input(&data, 3) {
                            let effects = app.on_input(&data, Instant::now());
                            perform(effects, &runner, &mut app, &mut terminal, &mut renderer);
                        }
                        scheduler.request_immediate();
                    }
                    TerminalEvent::Resize(size) => {
                        app_resize(&mut app, size.rows);
                        scheduler.request();
                    }
                    TerminalEvent::KittyProtocol(_) => scheduler.request(),
                }
            }
            event = inbox.recv() => {
                let Some(event) = event else { break };
                handle_event(event, &mut app, &mut view, &runner);
                while let Ok(event) = inbox.try_recv() {
                    handle_event(event, &mut app, &mut view, &runner);
                }
                scheduler.request();
            }
            () = tokio::time::sleep_until(tokio::time::Instant::from_std(wake)) => {
                app.tick(Instant::now());
                if animating {
                    scheduler.request();
                }
            }
            () = shutdown.cancelled() => {
                runner.current.get().wait_until_idle(Some(Duration::from_secs(30))).await;
                break;
            }
            () = broken.cancelled() => break,
        }
    }

    let _ = terminal.stop(&mut renderer, None);
    drop(restore_stderr);
    runner.current.get().abort();
    if let Some(extensions) = &runner.extensions {
        extensions.shutdown().await;
    }
    let _ = runner.current.get().with_session_log(Session::close_file);
    match runner.extensions.as_ref().and_then(|e| e.unrecoverable()) {
        Some(error) => Err(error),
        None => Ok(ExitCode::SUCCESS),
    }
}

/// Puts stderr back when the mode ends, however it ends.
struct RestoreStderr;

impl Drop for RestoreStderr {
    fn drop(&mut self) {
        tau_app::report::redirect_stderr(None);
    }
}

/// Fullscreen: the transcript's scroll keys.
fn scroll_key(app: &App, renderer: &mut Renderer, data: &str) -> bool {
    use super::keymap::Action;
    let Some(scroll) = renderer.scroll() else {
        return false;
    };
    let keymap = &app.keymap;
    if keymap.matches(data, Action::ScrollPageUp) {
        scroll.page_up();
    } else if keymap.matches(data, Action::ScrollPageDown) {
        scroll.page_down();
    } else if keymap.matches(data, Action::ScrollTop) {
        scroll.to_top();
    } else if keymap.matches(data, Action::ScrollBottom) {
        scroll.to_bottom();
    } else {
        return false;
    }
    true
}

fn app_resize(app: &mut App, rows: usize) {
    app.editor.set_terminal_rows(rows);
}

fn perform(
    effects: Vec<Effect>,
    runner: &Arc<Runner>,
    app: &mut App,
    terminal: &mut Terminal,
    renderer: &mut Renderer,
) {
    for effect in effects {
        match effect {
            Effect::Suspend => {
                let _ = terminal.suspend(renderer, None);
            }
            Effect::ExternalEditor => {
                let text = app.editor.text();
                let _ = terminal.stop(renderer, None);
                let edited = super::external_editor::edit(&text);
                let _ = terminal.resume(renderer);
                match edited {
                    Ok(Some(text)) => app.editor.set_text(text.trim_end_matches('\n')),
                    Ok(None) => {}
                    Err(error) => app
                        .transcript
                        .notice(super::transcript::Level::Error, error),
                }
            }
            other => runner.perform(other, app),
        }
    }
}

fn handle_event(event: AppEvent, app: &mut App, view: &mut TranscriptView, runner: &Runner) {
    match &event {
        AppEvent::SessionReplaced => {
            app.transcript.clear();
            view.clear();
            load_history(app, runner);
        }
        AppEvent::Agent(agent) => {
            if let AgentEvent::MessageEnd {
                message: AgentMessage::Assistant(message),
            } = agent.as_ref()
            {
                let usage = &message.usage;
                let totals = &mut app.footer.usage;
                totals.input += usage.input;
                totals.output += usage.output;
                totals.cache_read += usage.cache_read;
                totals.cache_write += usage.cache_write;
                totals.cost += usage.cost.total;
                let prompt = usage.input + usage.cache_read + usage.cache_write;
                app.footer.cache_hit_rate =
                    (prompt > 0).then(|| usage.cache_read as f64 / prompt as f64 * 100.0);
            }
        }
        _ => {}
    }
    app.on_event(event);
}

/// The session's messages as the transcript, and its usage for the footer.
fn load_history(app: &mut App, runner: &Runner) {
    let runtime = runner.current.get();
    for message in runtime.messages() {
        app.transcript.add_message(&message);
    }
    let scan = runtime.with_session_log(tau_app::stats::scan);
    app.footer.usage = UsageTotals {
        input: scan.totals.input,
        output: scan.totals.output,
        cache_read: scan.totals.cache_read,
        cache_write: scan.totals.cache_write,
        cost: scan.totals.cost,
    };
    app.footer.cache_hit_rate = scan.cache_hit_rate;
    app.footer.session_name = runtime.with_session_log(|s| s.session_name().map(str::to_string));
}

/// The model, thinking level and context use as they are now.
fn refresh_footer(app: &mut App, runner: &Runner) {
    let runtime = runner.current.get();
    let config = runtime.config();
    let footer = &mut app.footer;
    footer.model_id = Some(config.model.id.clone());
    footer.provider = Some(config.model.provider.clone());
    footer.reasoning = config.model.reasoning;
    footer.thinking_level = config.thinking_level.as_str().to_string();
    footer.context_window = config.model.context_window;
    let (tokens, window) = runtime.context_usage();
    footer.context_percent = (window > 0).then(|| tokens as f64 / window as f64 * 100.0);
}
