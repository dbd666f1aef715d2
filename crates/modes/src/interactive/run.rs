//! The interactive mode's loop: assemble the session with this mode's UI, take the
//! terminal, then react to keys, runtime events and extension calls until the user quits.
//! One task owns the screen; renders are coalesced by the scheduler (~16 ms).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use tau_app::assemble::{self, Frontend};
use tau_app::controls::Controls;
use tau_app::AppOptions;
use tau_protocol::{AgentEvent, AgentMessage, UserContent};
use tau_runtime::EventSink;
use tau_session::Session;
use tau_tui::editor::{Editor, EditorOptions};
use tau_tui::keybindings::KeybindingsManager;
use tau_tui::render::{Frame, RenderScheduler, Renderer, TuiMode, ViewportInput};
use tau_tui::terminal::{Terminal, TerminalEvent, TerminalOptions};
use tau_tui::theme::{Appearance, ThemeRegistry};
use tokio::sync::mpsc;

use super::app::App;
use super::bridge::{AppEvent, TuiEvents, TuiUi};
use super::effects::Effect;
use super::ext_completion;
use super::footer::FooterInfo;
use super::fullscreen::{ExitOutput, FullscreenSettings};
use super::look::Look;
use super::remote::{self, Remote};
use super::renderers::Renderers;
use super::runner::Runner;
use super::view::{DockView, RendererViews, ThinkingDisplay, TranscriptView, ViewOptions};
use super::{git, header, theme_choice};
use tau_ext_bridge::components::{ComponentEvent, ComponentId};

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
    /// `-r` / `--resume`: pick the session first.
    pub resume: bool,
}

/// Builds the initial prompts from the extensions' boolean flag names.
pub type PromptBuilder = Box<dyn FnOnce(&[String]) -> Vec<UserContent> + Send>;

/// Two presses within this time are a double press (Pi's Ctrl+C / Esc rule).
const DOUBLE_PRESS: Duration = Duration::from_millis(500);

/// The shortest time between frames while the agent runs.
const STREAMING_FRAME: Duration = Duration::from_millis(33);

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

    // The socket extensions' synchronous tui.stop()/start() reach (see handover.rs); the
    // host finds it in its environment.
    let handover = super::handover::listen(events.clone());
    if let Ok(socket) = &handover {
        std::env::set_var(super::handover::HANDOVER_ENV, &socket.path);
    }
    // The screen first: the UI is up (and takes keys) while the session and the extensions
    // are being set up; a set-up that fails gives the terminal back before saying why.
    let cwd_text = cwd.display().to_string();
    let resource_options = tau_app::assemble::resource_options(&args, cwd, agent_dir);
    let theme_paths: Vec<std::path::PathBuf> = tau_app::resources::theme_paths(&resource_options)
        .into_iter()
        .map(|(path, _)| path)
        .collect();
    let theme_origin = theme_choice::ThemeOrigin::of(&resource_options, &theme_paths);
    let theme = theme_choice::choose(agent_dir, &theme_origin, &options.ui_options);
    let mut look = Look::new(Arc::new(theme.theme));
    if let Some(warning) = theme.warning {
        let _ = events.send(AppEvent::Warning(warning));
    }
    // The themes found at start; extensions' themes are added to a copy of these.
    let (mut base_themes, terminal_appearance) = (theme.registry, theme.terminal);
    let mut themes = base_themes.clone();
    let mode = match theme_choice::tui_mode(agent_dir, &options.ui_options) {
        "regular" => TuiMode::Regular,
        _ => TuiMode::Fullscreen,
    };
    let keybindings = Arc::new(std::sync::RwLock::new(KeybindingsManager::new()));
    let mut keymap = super::keymap::Keymap::default();
    if let Some(warning) = super::user_keys::apply(agent_dir, &keybindings, &mut keymap) {
        let _ = events.send(AppEvent::Warning(warning));
    }
    let editor_keys = keybindings.clone();
    let editor = Editor::new(look.editor.clone(), keybindings, EditorOptions::default());
    let footer = FooterInfo {
        cwd: cwd_text.clone(),
        home: std::env::var("HOME").ok(),
        git_branch: git::branch(cwd),
        model_id: Some(args.model.clone().unwrap_or_else(|| "starting…".into())),
        ..FooterInfo::default()
    };
    let mut app = App::new(Box::new(editor), footer);
    app.page_colors = crate::export_theme::page_colors(&look.theme).map(Arc::new);
    app.keymap = keymap;
    app.tui_keys = editor_keys.clone();
    app.tree_settings = theme_choice::tree_settings(agent_dir);
    let mut view = TranscriptView::default();
    view.set_header(header::lines(&look, &options.version, &app.keymap));
    let mut remote = Remote::default();
    let mut renderer = Renderer::new(mode);
    // Fullscreen owns the mouse (wheel, selection, search buttons); regular mode leaves it
    // to the terminal, which owns the scrollback there.
    let fullscreen = FullscreenSettings::read(agent_dir);
    renderer.set_mouse(Some(tau_tui::render::mouse::mouse_enable_sequence(|k| {
        std::env::var(k).ok()
    })));
    renderer.set_scrollbar(fullscreen.scrollbar);
    renderer.set_viewport_options(fullscreen.viewport_options(editor_keys.clone(), &look.theme));
    renderer.scrollbar_style = super::fullscreen::scrollbar_style(&look.theme);
    let (mut terminal, mut input) = Terminal::start(&mut renderer, TerminalOptions::default())
        .map_err(|error| format!("cannot take the terminal: {error}"))?;
    let mut out = terminal.writer();
    // pi-tui asks the cell size only where it draws images (it sizes nothing else).
    if look.images.is_some() {
        app.terminal_output
            .push(tau_tui::image::CELL_SIZE_QUERY.to_string());
    }
    app_resize(&mut app, terminal.size().rows);
    with_plain_frame(&mut app, &look, &remote, &mut view, |frame| {
        let _ = renderer.render(frame, terminal.size(), &mut out);
    });

    if options.resume {
        let catalog = super::session_picker::Catalog::new(
            tau_app::session_setup::session_dir(&args, agent_dir, &cwd_text),
            agent_dir,
            &cwd_text,
        );
        let screen = super::startup_picker::Screen {
            terminal: &mut terminal,
            renderer: &mut renderer,
            input: &mut input,
            look: &look,
            keymap: &app.keymap,
            keybindings: app.tui_keys.clone(),
        };
        match super::startup_picker::pick(screen, &catalog).await {
            Some(path) => args.session = Some(path.display().to_string()),
            None => {
                let _ = terminal.stop(&mut renderer, None);
                drop(restore_stderr);
                use std::io::Write;
                let _ = writeln!(std::io::stdout(), "\x1b[2mNo session selected\x1b[22m");
                return Ok(ExitCode::SUCCESS);
            }
        }
    }

    // Pi asks about an undecided project before anything of it loads.
    let mut screen = super::trust::Screen {
        app: &mut app,
        view: &mut view,
        look: &look,
        remote: &remote,
        renderer: &mut renderer,
        terminal: &mut terminal,
        input: &mut input,
    };
    let trust_warnings = events.clone();
    let warn = move |text: &str| {
        let _ = trust_warnings.send(AppEvent::Warning(text.to_string()));
    };
    if let Some(trusted) =
        super::trust::ask_extensions(&mut screen, &args, cwd, agent_dir, &warn).await
    {
        args.approve = Some(trusted);
    }
    if let Some(trusted) =
        super::trust::ask_at_start(&mut screen, agent_dir, cwd, args.approve).await
    {
        args.approve = Some(trusted);
    }

    let hooks = Arc::new(OnceLock::new());
    let ui = Arc::new(TuiUi::new(events.clone(), hooks.clone()));
    let assembled = assemble::assemble(
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
    .await;
    let assembly = match assembled {
        Ok(assembly) => assembly,
        Err(error) => {
            let _ = terminal.stop(&mut renderer, None);
            drop(restore_stderr);
            // What was said on the way is not lost with the screen.
            while let Ok(event) = inbox.try_recv() {
                if let AppEvent::Warning(text) = event {
                    tau_app::report::warn(&text);
                }
            }
            return Err(error);
        }
    };
    let sessions = assembly.bind_ui(&hooks, &args);
    let default_session_dir =
        tau_session::session_dir_for_cwd(&agent_dir.join("sessions"), &cwd_text);
    let controls = Controls {
        current: assembly.current.clone(),
        extensions: assembly.extensions.clone(),
        agent_dir: agent_dir.to_path_buf(),
        model_scope: args.models.clone(),
        session_scope: Default::default(),
        on_thinking_changed: None,
    };
    let runner = Arc::new(Runner::new(
        assembly.current.clone(),
        assembly.driver.clone(),
        assembly.extensions.clone(),
        sessions,
        controls,
        events.clone(),
        super::session_picker::Catalog::new(
            tau_app::session_setup::session_dir(&args, agent_dir, &cwd_text),
            agent_dir,
            &cwd_text,
        ),
    ));
    let host = runner.extensions.as_ref().map(|e| e.host.clone());
    let mut component_events = host.as_ref().and_then(|h| h.components().events());
    let completion = ext_completion::Chain::new(
        super::completion::provider(
            runner.extensions.as_deref(),
            &runner.driver.resources().get(),
            skill_commands_enabled(agent_dir),
            &cwd_text,
        ),
        ext_completion::ask_host(host.clone(), events.clone()),
    );
    completion.set_argument_commands(super::completion::argument_commands(
        runner.extensions.as_deref(),
    ));
    app.editor.set_autocomplete(completion.provider());
    if let Some(extensions) = &runner.extensions {
        let tui_keys = editor_keys.read().unwrap_or_else(|p| p.into_inner());
        let (owned, warnings) =
            super::shortcuts::resolve(&extensions.shortcuts(), &app.keymap, &tui_keys);
        app.extension_shortcuts = owned;
        for warning in warnings {
            app.transcript
                .notice(super::transcript::Level::Warning, warning);
        }
    }
    app.footer.auto_compact = runner.current.get().auto_compaction_enabled();
    // Themes extensions named in `resources_discover` (at start-up, before this).
    let mut resources_seen = 0;
    if let Some(resources) = runner.extensions.as_ref().map(|e| e.resources.clone()) {
        (themes, resources_seen) = extension_themes(&base_themes, &resources, &mut app);
    }
    // The loads of the run's resources seen (`/reload` loads them again).
    let mut loads_seen = runner.driver.resources().generation();
    load_history(&mut app, &runner);
    super::settings::open::apply_at_start(&runner, &mut app, agent_dir);
    app.settings_context = Some(super::settings::open::context(
        &runner,
        agent_dir,
        cwd,
        &args,
        (editor_keys.clone(), &themes, &look, &options.ui_options),
    ));
    if let Some(host) = &host {
        let size = terminal.size();
        let components = host.components();
        components
            .set_terminal_size(size.cols as u16, size.rows as u16)
            .await;
        components.set_palette(&remote::palette(&look.theme)).await;
        components
            .set_themes(offered_themes(&themes, terminal_appearance))
            .await;
    }
    let mut footer_data_sent = String::new();
    let mut ui_state_sent = String::new();
    let mut header_shown: Option<tau_tui::Lines> = None;
    let mut last_ctrl_c: Option<Instant> = None;
    let mut remote_escape: Option<(ComponentId, Instant)> = None;
    let mut scheduler = RenderScheduler::default();
    scheduler.request();

    check_package_updates(&args, cwd, agent_dir, events.clone());

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
        images: None,
        generation: 0,
        renderers: None,
    };
    let mut renderers = host.as_ref().map(|host| Renderers::new(host));
    view_options.renderers = renderers.as_ref().map(|r| RendererViews {
        by_item: r.by_item.clone(),
        lines: r.lines.clone(),
    });
    let mut remote_focus: Option<ComponentId> = None;
    // Keys given back by components that closed before they arrived, and until when keys
    // from the terminal wait for them.
    let mut returned_keys: std::collections::VecDeque<String> = Default::default();
    let mut deferred_keys: std::collections::VecDeque<String> = Default::default();
    let mut hold_keys: Option<Instant> = None;
    let mut last_title: Option<String> = None;
    let mut git_checked = Instant::now();
    let mut last_border: Option<(bool, String)> = None;
    let mut redraw_at: Option<Instant> = None;
    loop {
        let now = Instant::now();
        // While an extension's program has the terminal, nothing is drawn.
        if terminal.is_running() && scheduler.take_due(now) {
            let kitty = terminal.kitty_active();
            if app.keymap.context.kitty_active != kitty {
                app.keymap.context.kitty_active = kitty;
                if let Ok(mut manager) = editor_keys.write() {
                    manager.set_key_context(app.keymap.context);
                }
            }
            // `/reload` read the theme files again; a reload or a replaced session also
            // discovers the extensions' resources again.
            let loads = runner.driver.resources().generation();
            let extension_resources = runner.extensions.as_ref().map(|e| e.resources.clone());
            let discovered = extension_resources.as_ref().map(|r| r.generation());
            let mut restyle_host = false;
            if loads != loads_seen || discovered.is_some_and(|g| g != resources_seen) {
                if loads != loads_seen {
                    loads_seen = loads;
                    base_themes = reloaded_themes(&runner, &mut app);
                    // As Pi re-applies the theme setting after `/reload`: a theme file that
                    // changed shows its new colours.
                    app.theme_request
                        .get_or_insert_with(|| look.theme.name().to_string());
                    restyle_host = true;
                }
                themes = base_themes.clone();
                if let Some(resources) = &extension_resources {
                    (themes, resources_seen) = extension_themes(&base_themes, resources, &mut app);
                }
                if let Some(context) = app.settings_context.as_mut() {
                    context.themes = themes.list().into_iter().map(|e| e.name).collect();
                }
                if let Some(host) = &host {
                    let offered = offered_themes(&themes, terminal_appearance);
                    host.components().set_themes(offered).await;
                }
            }
            if let Some(name) = app.theme_request.take() {
                // The host restyled its components already; tau's own drawing follows.
                if let Some(theme) = theme_choice::named(&themes, &name, terminal_appearance) {
                    app.page_colors = crate::export_theme::page_colors(&theme).map(Arc::new);
                    look = Look::new(Arc::new(theme));
                    renderer.set_viewport_options(
                        fullscreen.viewport_options(editor_keys.clone(), &look.theme),
                    );
                    renderer.scrollbar_style = super::fullscreen::scrollbar_style(&look.theme);
                    view_options.look = look.clone();
                    view_options.generation += 1;
                    if remote.header.is_none() {
                        view.set_header(header::lines(&look, &options.version, &app.keymap));
                    }
                    last_border = None;
                }
            }
            if let (true, Some(host)) = (restyle_host, &host) {
                host.components()
                    .set_palette(&remote::palette(&look.theme))
                    .await;
            }
            refresh_footer(&mut app, &runner);
            // Pi colours the editor's border by thinking level, and for `!` commands.
            let bash_mode = app.editor.text().trim_start().starts_with('!');
            let border = (bash_mode, app.footer.thinking_level.clone());
            if last_border.as_ref() != Some(&border) {
                let style = if bash_mode {
                    look.theme.bash_mode_border_color()
                } else {
                    look.theme.thinking_border_color(&border.1)
                };
                app.editor.set_border_style(style);
                last_border = Some(border);
            }
            // Pi watches HEAD; reading it once a second is as good and costs a file read.
            if now.duration_since(git_checked) > Duration::from_secs(1) {
                app.footer.git_branch = git::branch(cwd);
                git_checked = now;
            }
            if view_options.pad != app.output_pad {
                view_options.pad = app.output_pad;
                view_options.generation += 1;
            }
            let images = super::tools::InlineImages::new(look.images, app.images)
                .map(|images| images.at_cell_size(app.cell_size.unwrap_or_default()));
            if view_options.images != images {
                view_options.images = images;
                view_options.generation += 1;
            }
            view_options.tools_expanded = app.tools_expanded;
            view_options.thinking.hidden = app.hide_thinking;
            view_options.thinking.label = app
                .hidden_thinking_label
                .clone()
                .unwrap_or_else(|| "Thinking...".into());
            view.sync(&app.transcript, &view_options, now);
            for sequence in app.terminal_output.drain(..) {
                use std::io::Write;
                let _ = out.write_all(sequence.as_bytes());
            }
            if std::mem::take(&mut app.terminal_redraw) {
                renderer.reset();
            }
            // Pi's title: "<app> - <session name> - <folder>"; an extension's setTitle wins.
            let title = app
                .title
                .clone()
                .unwrap_or_else(|| default_title(&app, cwd));
            if last_title.as_ref() != Some(&title) {
                let _ = out.set_title(&title);
                last_title = Some(title);
            }
            if let Some(host) = &host {
                let size = terminal.size();
                if let Some(renderers) = renderers.as_mut() {
                    renderers
                        .sync(host, &app.transcript, app.tools_expanded)
                        .await;
                    remote.set_extra(renderers.placed(size.cols as u16, view_options.pad as u16));
                }
                // The focused component is told before the frame asks for lines, so it draws
                // its cursor, and every component draws the new focus (a controller showing
                // which panel `isFocused()`), as pi-tui redraws after setFocus.
                let focus = remote.key_target().filter(|_| app.dialogs.is_empty());
                if focus != remote_focus {
                    if let Some(old) = remote_focus {
                        host.components()
                            .set_focus(old, false, remote.focus_epoch)
                            .await;
                    }
                    if let Some(new) = focus {
                        host.components()
                            .set_focus(new, true, remote.focus_epoch)
                            .await;
                    }
                    remote_focus = focus;
                    remote.invalidate();
                }
                if remote.needs_refresh() {
                    remote
                        .refresh(host, size.cols as u16, size.rows as u16)
                        .await;
                    if let Some(renderers) = &renderers {
                        let fresh = renderers
                            .placed(size.cols as u16, view_options.pad as u16)
                            .into_iter()
                            .map(|(id, _)| (id, remote.lines(id)));
                        if renderers.store(fresh) {
                            view.renderers_changed();
                        }
                    }
                }
                // An extension's header replaces tau's.
                let header = remote.header.map(|id| remote.lines(id));
                let same = match (&header, &header_shown) {
                    (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
                    (None, None) => true,
                    _ => false,
                };
                if !same {
                    match &header {
                        Some(lines) => view.set_header(lines.to_vec()),
                        None => {
                            view.set_header(header::lines(&look, &options.version, &app.keymap))
                        }
                    }
                    header_shown = header;
                }
                let state = serde_json::json!({
                    "editorText": app.editor.text(),
                    "toolsExpanded": app.tools_expanded,
                });
                let text = state.to_string();
                if text != ui_state_sent {
                    host.components().set_ui_state(state).await;
                    ui_state_sent = text;
                }
                let data = serde_json::json!({
                    "gitBranch": app.footer.git_branch,
                    "extensionStatuses": app.footer.statuses,
                    "availableProviderCount": app.footer.provider_count,
                });
                let text = data.to_string();
                if text != footer_data_sent {
                    host.components().set_footer_data(data).await;
                    footer_data_sent = text;
                }
            }
            let mut dock = DockView {
                app: &mut app,
                look: &look,
                now,
                remote: &remote,
                search_open: renderer.search_open(),
            };
            let mut shown: Vec<(
                remote::Shown,
                &tau_tui::render::OverlayOptions,
                u64,
                ComponentId,
            )> = remote
                .overlays
                .iter()
                .filter(|o| !o.hidden && remote.is_visible(o.id))
                .map(|o| {
                    (
                        remote::Shown(remote.lines(o.id)),
                        &o.options,
                        o.focus_order,
                        o.id,
                    )
                })
                .collect();
            let overlay_ids: Vec<ComponentId> = shown.iter().map(|s| s.3).collect();
            let overlays = shown
                .iter_mut()
                .map(|(component, options, order, _)| tau_tui::render::Overlay {
                    component,
                    options,
                    focus_order: *order,
                })
                .collect();
            let frame = Frame {
                content: &mut view,
                dock: vec![tau_tui::render::DockPart::with_min(&mut dock, 3)],
                overlays,
            };
            match renderer.render(frame, terminal.size(), &mut out) {
                Ok(report) => {
                    // A flash or a transient scrollbar goes away by itself: a frame then.
                    redraw_at = report.redraw_at;
                    for line in report.over_wide {
                        app.transcript
                            .notice(super::transcript::Level::Error, line.to_string());
                    }
                    if let Some(host) = &host {
                        for (id, bounds) in overlay_ids.iter().zip(report.overlay_bounds) {
                            let bounds =
                                bounds.map(|b| tau_ext_bridge::components::OverlayBounds {
                                    row: b.row as u16,
                                    col: b.col as u16,
                                    width: b.width as u16,
                                    height: b.height as u16,
                                });
                            if remote.bounds_changed(*id, bounds) {
                                host.components().report_bounds(*id, bounds).await;
                            }
                        }
                    }
                }
                Err(_) => break, // the terminal went away
            }
            scheduler.rendered_at(Instant::now());
            // Lines still on the way (a renderer just opened): another frame soon.
            if remote.needs_refresh() {
                scheduler.request();
            }
        }
        if app.quit {
            break;
        }
        // While the agent streams, every frame moves the whole visible transcript: 30 frames a
        // second are as smooth to read and write half the bytes. Keys still draw at once.
        scheduler.set_interval(if app.working {
            STREAMING_FRAME
        } else {
            tau_tui::render::MIN_RENDER_INTERVAL
        });
        let animating =
            app.busy || !app.dialogs.is_empty() || app.session_picker.is_some() || view.is_live();
        let wake = scheduler
            .deadline(now)
            .filter(|_| terminal.is_running())
            .or_else(|| animating.then(|| now + TICK))
            .or(redraw_at)
            .unwrap_or(now + Duration::from_secs(3600));
        let wake = hold_keys.map_or(wake, |until| wake.min(until));
        tokio::select! {
            event = next_input(&mut input, [&mut returned_keys, &mut deferred_keys], hold_keys.is_some()) => {
                let Some((event, returned)) = event else { break };
                match event {
                    // pi-tui hands key releases only to components that ask for them; none
                    // of tau's own do.
                    TerminalEvent::Input(data) if tau_tui::keys::is_key_release(&data) => {}
                    TerminalEvent::Input(data) if tau_tui::image::parse_cell_size_reply(&data).is_some() => {
                        // The cell size reply, consumed before anything else as pi-tui does.
                        if let Some(cell) = tau_tui::image::parse_cell_size_reply(&data).flatten() {
                            app.cell_size = Some(cell);
                            scheduler.request_immediate();
                        }
                    }
                    TerminalEvent::Input(data) => {
                        // Extensions' terminal input listeners see raw input first (a key
                        // given back by a closed component has been through them).
                        let data = match &host {
                            Some(host) if !returned && host.components().has_input_listeners() => {
                                host.components().filter_input(&data, remote::RENDER_LIMIT).await
                            }
                            _ => Some(data),
                        };
                        let Some(data) = data else { continue };
                        let now = Instant::now();
                        // Mouse reports and transcript search come before any component.
                        match renderer.handle_viewport_input(&data, now) {
                            ViewportInput::Ignored => {}
                            ViewportInput::Consumed => {
                                scheduler.request_immediate();
                                continue;
                            }
                            ViewportInput::Copy(text) => {
                                app.copy_to_clipboard(&text);
                                scheduler.request_immediate();
                                continue;
                            }
                        }
                        // A focus move by extension code that tau has not handled yet (pi-tui
                        // makes it at once): the key goes to the host, which hands it to what
                        // that move focused (or back to tau when it left the host).
                        let moved = host.as_ref().is_some_and(|h| h.components().focus_epoch() > remote.focus_epoch);
                        let target = remote
                            .key_target()
                            .or(if moved { remote.last_key_target } else { None })
                            .filter(|_| app.dialogs.is_empty());
                        if let (Some(host), Some(target)) = (&host, target) {
                            use super::keymap::Action;
                            // Ctrl+C twice still quits and Esc twice closes a component that
                            // did not react: a hung extension cannot hold the terminal.
                            if app.keymap.matches(&data, Action::Clear) {
                                if last_ctrl_c.is_some_and(|t| now.duration_since(t) < DOUBLE_PRESS) {
                                    break;
                                }
                                last_ctrl_c = Some(now);
                            }
                            if app.keymap.matches(&data, Action::Interrupt) && remote.editor != Some(target) {
                                if remote_escape.is_some_and(|(id, t)| id == target && now.duration_since(t) < DOUBLE_PRESS) {
                                    host.components().close(target).await;
                                    remote.remove(target);
                                    remote_escape = None;
                                    scheduler.request_immediate();
                                    continue;
                                }
                                remote_escape = Some((target, now));
                            }
                            if host.components().send_input_after(target, &data, remote.focus_epoch).await {
                                remote.touch(target);
                            } else {
                                // The host closed it a moment ago: the key waits for the
                                // close (and the keys it gives back), then goes to what has
                                // focus.
                                deferred_keys.push_front(data);
                                hold_keys.get_or_insert(Instant::now() + remote::RETURN_LIMIT);
                            }
                        } else {
                            if let (Some(host), true) = (&host, app.dialogs.is_empty()) {
                                ext_completion::prepare(host, &completion, app.editor.as_ref(), &data).await;
                            }
                            // Pi's selectors capture the viewport keys (their page keys move the list;
                            // Pi's `capturesViewportInput`).
                            let scrolled = !app.captures_viewport_keys() && scroll_key(&app, &mut renderer, &data);
                            let copied = !scrolled && copy_selection_key(&mut app, &mut renderer, &data, now);
                            if !scrolled && !copied {
                                let effects = app.on_input(&data, now);
                                perform(effects, &runner, &mut app, &mut terminal, &mut renderer);
                            }
                        }
                        scheduler.request_immediate();
                    }
                    TerminalEvent::Resize(size) => {
                        app_resize(&mut app, size.rows);
                        if let Some(host) = &host {
                            host.components().set_terminal_size(size.cols as u16, size.rows as u16).await;
                            remote.invalidate();
                        }
                        scheduler.request();
                    }
                    TerminalEvent::KittyProtocol(_) => scheduler.request(),
                    // The terminal is gone (its window closed): end as Ctrl+D would.
                    TerminalEvent::InputClosed => break,
                }
            }
            event = next_component_event(&mut component_events) => {
                match event {
                    None => component_events = None,
                    Some(ComponentEvent::AutocompleteBase { request, reply }) => {
                        let _ = reply.send(completion.own_suggestions(&request));
                    }
                    Some(ComponentEvent::AutocompleteProviders { count, trigger_characters, extensions }) => {
                        completion.set_providers(count, trigger_characters, extensions);
                        // The editor reads the trigger characters when it gets its provider.
                        app.editor.set_autocomplete(completion.provider());
                    }
                    Some(event) => {
                        // Pi hands the text typed so far to an extension's new editor.
                        let new_editor = match &event {
                            ComponentEvent::Opened(opened)
                                if opened.kind == tau_ext_bridge::components::ComponentKind::Editor =>
                            {
                                Some(opened.id)
                            }
                            _ => None,
                        };
                        let settles = matches!(
                            event,
                            ComponentEvent::Closed { .. } | ComponentEvent::InputUnclaimed { .. }
                        );
                        let reaction = remote.on_event(event);
                        // Keys the host gives back come before any typed after them.
                        if settles {
                            hold_keys = match (remote.returning, hold_keys) {
                                (0, _) => None,
                                (_, None) => Some(Instant::now() + remote::RETURN_LIMIT),
                                (_, held) => held,
                            };
                        }
                        if let (Some(id), Some(host)) = (new_editor, &host) {
                            let typed = app.editor.text();
                            if !typed.is_empty() {
                                if host.components().send_input(id, &typed).await {
                                    remote.touch(id);
                                }
                                app.editor.set_text("");
                            }
                        }
                        match reaction {
                        remote::Reaction::Nothing => {}
                        remote::Reaction::Redraw => scheduler.request(),
                        remote::Reaction::Unclaimed(data) => returned_keys.push_back(data),
                        remote::Reaction::Error(message) => {
                            app.transcript.notice(super::transcript::Level::Error, message);
                            scheduler.request();
                        }
                        remote::Reaction::EditorSubmit(text) => {
                            let effects = app.submit(text);
                            perform(effects, &runner, &mut app, &mut terminal, &mut renderer);
                            scheduler.request();
                        }
                        remote::Reaction::EditorAction(id) => {
                            // Ctrl+D on the extension's editor means it is empty.
                            if id == "app.exit" {
                                app.editor.set_text("");
                            }
                            let action = app.keymap.by_id(&id);
                            if let Some(effects) = action.and_then(|a| app.apply_action(a, Instant::now())) {
                                perform(effects, &runner, &mut app, &mut terminal, &mut renderer);
                            }
                            scheduler.request();
                        }
                        remote::Reaction::Handover(action, done) => {
                            hand_over(action, &mut terminal, &mut renderer);
                            remote.invalidate();
                            scheduler.request_immediate();
                            let _ = done.send(());
                        }
                    }
                    }
                }
            }
            event = inbox.recv() => {
                let Some(event) = event else { break };
                let mut replaced = false;
                let mut next = Some(event);
                while let Some(event) = next.take() {
                    if let AppEvent::Handover { action, done } = event {
                        hand_over(action, &mut terminal, &mut renderer);
                        remote.invalidate();
                        let _ = done.send(());
                    } else if let AppEvent::Completion { asked, result } = event {
                        if let Some(error) = completion.answered(asked, result) {
                            app.transcript.notice(super::transcript::Level::Error, error);
                        }
                        app.editor.refresh_autocomplete();
                    } else {
                        replaced |= handle_event(event, &mut app, &mut view, &runner);
                    }
                    next = inbox.try_recv().ok();
                }
                if replaced {
                    if let Some(renderers) = renderers.as_mut() {
                        renderers.clear();
                    }
                }
                scheduler.request();
            }
            () = tokio::time::sleep_until(tokio::time::Instant::from_std(wake)) => {
                // Keys that never came back (the host died): typing goes on.
                if hold_keys.is_some_and(|until| Instant::now() >= until) {
                    hold_keys = None;
                    remote.returning = 0;
                }
                app.tick(Instant::now());
                if animating || redraw_at.is_some_and(|at| at <= Instant::now()) {
                    redraw_at = None;
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

    if renderer.mode() == TuiMode::Fullscreen && fullscreen.exit_output == ExitOutput::Transcript {
        // The conversation stays in the terminal's scrollback, as after Pi's exit.
        with_plain_frame(&mut app, &look, &remote, &mut view, |frame| {
            let _ = terminal.stop(&mut renderer, Some(frame));
        });
    } else {
        let _ = terminal.stop(&mut renderer, None);
    }
    drop(restore_stderr);
    runner.current.get().abort();
    if let Some(extensions) = &runner.extensions {
        extensions.shutdown().await;
    }
    // The hint needs the file's path, which closing forgets.
    let hint = runner.current.get().with_session_log(|s| {
        super::fullscreen::resume_hint(s.id(), s.path(), &default_session_dir)
    });
    let _ = runner.current.get().with_session_log(Session::close_file);
    if let Some(hint) = hint {
        use std::io::Write;
        let mut stdout = std::io::stdout();
        let _ = stdout.write_all(hint.as_bytes());
        let _ = stdout.flush();
    }
    match runner.extensions.as_ref().and_then(|e| e.unrecoverable()) {
        Some(error) => Err(error),
        None => Ok(ExitCode::SUCCESS),
    }
}

/// Hands `use_frame` the transcript and the dock without overlays (the first frame, and
/// the one printed on exit).
fn with_plain_frame(
    app: &mut App,
    look: &Look,
    remote: &Remote,
    view: &mut TranscriptView,
    use_frame: impl FnOnce(Frame<'_>),
) {
    let mut dock = DockView {
        app,
        look,
        now: Instant::now(),
        remote,
        search_open: false,
    };
    use_frame(Frame {
        content: view,
        dock: vec![tau_tui::render::DockPart::with_min(&mut dock, 3)],
        overlays: Vec::new(),
    });
}

fn default_title(app: &App, cwd: &Path) -> String {
    let folder = cwd
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    match &app.footer.session_name {
        Some(name) => format!("tau - {name} - {folder}"),
        None => format!("tau - {folder}"),
    }
}

/// Puts stderr back when the mode ends, however it ends.
struct RestoreStderr;

impl Drop for RestoreStderr {
    fn drop(&mut self) {
        tau_app::report::redirect_stderr(None);
    }
}

/// `tui.stop()` releases the terminal (raw mode, screen, input); `tui.start()` takes it back
/// and the next frame redraws everything.
fn hand_over(
    action: tau_ext_bridge::components::Handover,
    terminal: &mut Terminal,
    renderer: &mut Renderer,
) {
    use tau_ext_bridge::components::Handover;
    let _ = match action {
        Handover::Stop => terminal.stop(renderer, None),
        Handover::Start => terminal.resume(renderer),
    };
}

/// The next input, in the order it was typed: a key a closed component gave back first
/// (`true`), then (once nothing is held for keys still coming back) a key that found its
/// component gone, then the terminal's next event.
async fn next_input(
    input: &mut mpsc::UnboundedReceiver<TerminalEvent>,
    [returned, deferred]: [&mut std::collections::VecDeque<String>; 2],
    hold: bool,
) -> Option<(TerminalEvent, bool)> {
    if let Some(data) = returned.pop_front() {
        return Some((TerminalEvent::Input(data), true));
    }
    if hold {
        return std::future::pending().await;
    }
    if let Some(data) = deferred.pop_front() {
        return Some((TerminalEvent::Input(data), true));
    }
    input.recv().await.map(|event| (event, false))
}

/// The next component event, or never when there is no host.
async fn next_component_event(
    events: &mut Option<mpsc::UnboundedReceiver<ComponentEvent>>,
) -> Option<ComponentEvent> {
    match events {
        Some(events) => events.recv().await,
        None => std::future::pending().await,
    }
}

/// Fullscreen: the copy key (`app.message.copy`) copies the selection when selections are
/// not copied on release, as Pi does; otherwise the key copies the last answer (`/copy`).
fn copy_selection_key(app: &mut App, renderer: &mut Renderer, data: &str, now: Instant) -> bool {
    if !app.keymap.matches(data, super::keymap::Action::MessageCopy) || renderer.copy_on_select() {
        return false;
    }
    let Some(text) = renderer.selected_text() else {
        return false;
    };
    app.copy_to_clipboard(&text);
    renderer.flash("Copied!", now);
    true
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
    } else if keymap.matches(data, Action::ScrollHalfPageUp) {
        scroll.half_page_up();
    } else if keymap.matches(data, Action::ScrollHalfPageDown) {
        scroll.half_page_down();
    } else if keymap.matches(data, Action::ScrollLineUp) {
        scroll.line_up();
    } else if keymap.matches(data, Action::ScrollLineDown) {
        scroll.line_down();
    } else {
        return false;
    }
    true
}

fn app_resize(app: &mut App, rows: usize) {
    app.rows = rows;
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

/// Applies one event; returns true when the session was replaced.
fn handle_event(
    event: AppEvent,
    app: &mut App,
    view: &mut TranscriptView,
    runner: &Runner,
) -> bool {
    let replaced = matches!(event, AppEvent::SessionReplaced);
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
                app.footer.usage.add(&message.usage);
                app.footer.cache_hit_rate = tau_app::stats::cache_hit_rate(&message.usage);
            }
        }
        _ => {}
    }
    app.on_event(event);
    replaced
}

/// The session's messages as the transcript, and its usage for the footer.
fn load_history(app: &mut App, runner: &Runner) {
    let runtime = runner.current.get();
    // Custom entries hold no messages: each goes where it sits among the branch's messages
    // (Pi renders the session's entries in order), counted without system messages.
    let entries = runtime.with_session_log(custom_entries_by_position);
    let mut entries = entries.into_iter().peekable();
    let mut shown = 0;
    for message in runtime.messages() {
        if matches!(message, AgentMessage::Other(_)) {
            continue;
        }
        while let Some((_, entry)) = entries.next_if(|(at, _)| *at <= shown) {
            app.transcript.add_entry(&entry);
        }
        app.transcript.add_message(&message);
        shown += 1;
    }
    entries.for_each(|(_, entry)| app.transcript.add_entry(&entry));
    let scan = runtime.with_session_log(tau_app::stats::scan);
    app.footer.usage = scan.totals;
    app.footer.cache_hit_rate = scan.cache_hit_rate;
    app.footer.session_name = runtime.with_session_log(|s| s.session_name().map(str::to_string));
}

/// The branch's custom entries (`appendEntry`), each with the number of non-system messages
/// before it.
fn custom_entries_by_position(
    session: &mut Session,
) -> Vec<(usize, tau_protocol::session::SessionEntry)> {
    let projection = session.tree().build_session_projection();
    let mut before = 0;
    let mut found = Vec::new();
    for projected in &projection.entries {
        if matches!(
            projected.source,
            tau_protocol::session::SessionEntry::Custom(_)
        ) {
            found.push((before, projected.source.clone()));
        }
        before += projected
            .messages
            .iter()
            .filter(|m| !matches!(m, AgentMessage::Other(_)))
            .count();
    }
    found
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
    footer.session_name = runtime.with_session_log(|s| s.session_name().map(str::to_string));
    app.working = runtime.is_running() || app.summarizing;
    let (tokens, window) = runtime.context_usage();
    footer.context_percent = (window > 0).then(|| tokens as f64 / window as f64 * 100.0);
}

/// The themes offered to extensions (`ctx.ui.getAllThemes`, `setTheme`), each with its
/// palette for this terminal.
fn offered_themes(themes: &ThemeRegistry, terminal: Appearance) -> serde_json::Value {
    let offered = themes
        .list()
        .into_iter()
        .filter_map(|entry| {
            let theme = theme_choice::named(themes, &entry.name, terminal)?;
            Some(serde_json::json!({
                "name": entry.name,
                "path": entry.path.map(|p| p.display().to_string()),
                "palette": remote::palette(&theme),
            }))
        })
        .collect();
    serde_json::Value::Array(offered)
}

/// The run's themes read again after `/reload`, their load problems noted in the transcript.
fn reloaded_themes(runner: &Runner, app: &mut App) -> ThemeRegistry {
    let resources = runner.driver.resources();
    let paths = theme_choice::paths_of(&resources.get());
    let registry = theme_choice::registry_of(&resources.options().agent_dir, &paths);
    for warning in theme_choice::diagnostics(&registry) {
        app.transcript
            .notice(super::transcript::Level::Warning, warning);
    }
    registry
}

/// `base` with the themes of the latest `resources_discover` (their load problems noted in
/// the transcript), and which discovery that was.
fn extension_themes(
    base: &ThemeRegistry,
    resources: &tau_app::ext_resources::ExtensionResources,
    app: &mut App,
) -> (ThemeRegistry, u64) {
    let generation = resources.generation();
    let (registry, warnings) = theme_choice::with_extension_themes(base, &resources.current());
    for warning in warnings {
        app.transcript
            .notice(super::transcript::Level::Warning, warning);
    }
    (registry, generation)
}

/// The `enableSkillCommands` setting (default on): whether `/skill:<name>` commands are
/// offered in the editor (typed ones work either way).
fn skill_commands_enabled(agent_dir: &Path) -> bool {
    let settings = tau_app::settings_file::read(agent_dir);
    tau_app::settings_file::get(&settings, "enableSkillCommands")
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(true)
}

/// Pi's background package update check: a notice naming the configured packages that have
/// newer versions (`tau update --extensions` updates them). It runs on a thread of its own,
/// not a runtime task, so a slow registry or git host never holds up quitting.
fn check_package_updates(
    args: &AppOptions,
    cwd: &Path,
    agent_dir: &Path,
    events: mpsc::UnboundedSender<AppEvent>,
) {
    if args.offline {
        return;
    }
    let (args, cwd, agent_dir) = (args.clone(), cwd.to_path_buf(), agent_dir.to_path_buf());
    std::thread::spawn(move || {
        let names = tau_app::package_startup::available_updates(&args, &cwd, &agent_dir);
        if !names.is_empty() {
            let notice = tau_app::packages::update_check::updates_notice(&names);
            let _ = events.send(AppEvent::Notice(notice));
        }
    });
}
