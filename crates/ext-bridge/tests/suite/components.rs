//! The components API ([`tau_ext_bridge::Components`]) driving the real host: the host's own
//! component fixture (host/test/fixtures/components.ts) and, when installed, Pi's question
//! example. Skipped with the reason printed when node or the host's node_modules are missing.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tau_ext_bridge::{
    ComponentEvent, ComponentId, ComponentKind, ExtensionHost, Handover, HostOptions, LoadRequest,
    OpenedComponent, OverlayMargin, Palette, SizeValue,
};
use tokio::sync::mpsc::UnboundedReceiver;

const ACCENT: &str = "\x1b[38;2;1;2;3m";
const FRAME: Duration = Duration::from_secs(10);

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("host/test/fixtures/components.ts")
}

fn palette() -> Palette {
    Palette {
        name: "test".into(),
        mode: "dark".into(),
        color_mode: "truecolor".into(),
        fg: [
            ("accent", ACCENT),
            ("dim", "\x1b[90m"),
            ("muted", "\x1b[37m"),
            ("text", "\x1b[97m"),
            ("success", "\x1b[32m"),
            ("warning", "\x1b[33m"),
            ("error", "\x1b[31m"),
            ("toolTitle", "\x1b[1;97m"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect(),
        ..Palette::default()
    }
}

/// A host in interactive mode with `path` loaded, sized 100x30, with the test palette.
async fn start(path: PathBuf) -> Option<(Arc<ExtensionHost>, UnboundedReceiver<ComponentEvent>)> {
    let (host_dir, node) = super::real_host::real_host()?;
    let dir = std::env::temp_dir();
    let mut options = HostOptions::new(&dir);
    options.node = Some(node);
    options.host_dir = Some(host_dir);
    options.components = true;
    options.request_timeout = Duration::from_secs(60);
    let host = Arc::new(ExtensionHost::start(options).await.unwrap());
    let report = host
        .load(LoadRequest {
            paths: vec![path],
            cwd: dir.clone(),
            mode: "interactive".into(),
            has_ui: true,
            ..LoadRequest::default()
        })
        .await
        .unwrap();
    assert!(report.extensions[0].ok, "{:?}", report.extensions[0].error);
    host.bind(json!({ "entries": [] })).await.unwrap();
    let events = host.components().events().unwrap();
    assert!(
        host.components().events().is_none(),
        "the events are taken once"
    );
    host.components().set_palette(&palette()).await;
    host.components().set_terminal_size(100, 30).await;
    Some((host, events))
}

async fn next(events: &mut UnboundedReceiver<ComponentEvent>) -> ComponentEvent {
    tokio::time::timeout(FRAME, events.recv())
        .await
        .expect("an event in time")
        .expect("events open")
}

/// The next `Opened`, skipping other events.
async fn opened(events: &mut UnboundedReceiver<ComponentEvent>) -> OpenedComponent {
    loop {
        if let ComponentEvent::Opened(open) = next(events).await {
            return *open;
        }
    }
}

async fn lines(host: &ExtensionHost, id: ComponentId, width: u16) -> Vec<String> {
    let frame = host.components().render_batch(&[(id, width)], FRAME).await;
    let rendered = frame[0].clone().expect("open");
    assert!(rendered.fresh && rendered.visible);
    rendered.lines.to_vec()
}

fn command(
    host: &Arc<ExtensionHost>,
    name: &'static str,
    args: &'static str,
) -> tokio::task::JoinHandle<()> {
    let host = host.clone();
    tokio::spawn(async move { host.run_command(name, args).await.unwrap() })
}

#[tokio::test]
async fn an_inline_custom_component_renders_takes_keys_and_answers() {
    let Some((host, mut events)) = start(fixture()).await else {
        return;
    };
    let run = command(&host, "inline", "");
    let open = opened(&mut events).await;
    assert_eq!(open.kind, ComponentKind::Custom);
    assert!(open.focusable && open.handles_input);
    let first = lines(&host, open.id, 30).await;
    assert_eq!(
        first,
        ["top", &format!("{ACCENT}count 0\x1b[39m"), "width 30"]
    );
    // Unchanged: the same lines, kept on tau's side.
    let again = host
        .components()
        .render_batch(&[(open.id, 30)], FRAME)
        .await;
    assert_eq!(
        again[0].as_ref().unwrap().lines.as_slice(),
        first.as_slice()
    );

    host.components().send_input(open.id, "+").await;
    loop {
        if let ComponentEvent::RequestRender { id, .. } = next(&mut events).await {
            assert_eq!(id, Some(open.id));
            break;
        }
    }
    assert_eq!(
        lines(&host, open.id, 30).await[1],
        format!("{ACCENT}count 1\x1b[39m")
    );
    host.components().send_input(open.id, "\r").await;
    match next(&mut events).await {
        ComponentEvent::Done { id, value } => {
            assert_eq!(id, open.id);
            assert_eq!(value, json!({ "count": 1 }));
        }
        other => panic!("expected done, got {other:?}"),
    }
    assert!(
        matches!(next(&mut events).await, ComponentEvent::Closed { id, reason, .. } if id == open.id && reason == "done")
    );
    run.await.unwrap();
    assert!(host
        .components()
        .render_batch(&[(open.id, 30)], FRAME)
        .await[0]
        .is_none());
}

#[tokio::test]
async fn an_overlay_carries_its_options_and_its_visibility() {
    let Some((host, mut events)) = start(fixture()).await else {
        return;
    };
    let run = command(&host, "overlay", "");
    let open = opened(&mut events).await;
    let ComponentKind::Overlay {
        options,
        custom,
        parent,
    } = &open.kind
    else {
        panic!("an overlay: {:?}", open.kind);
    };
    assert!(*custom && parent.is_none());
    assert_eq!(options.width, Some(SizeValue::Percent(50.0)));
    assert_eq!(options.col, Some(SizeValue::Percent(10.0)));
    assert_eq!(options.row, Some(SizeValue::Cells(1)));
    assert_eq!(options.anchor.as_deref(), Some("top-right"));
    assert_eq!(
        (options.offset_x, options.offset_y, options.min_width),
        (Some(-1), Some(2), Some(20))
    );
    assert_eq!(
        options.margin,
        Some(OverlayMargin {
            top: 1,
            left: 2,
            ..OverlayMargin::default()
        })
    );
    assert!(options.has_visible && !options.non_capturing);
    assert_eq!(lines(&host, open.id, 50).await, ["overlay 100x30"]);
    host.components().set_terminal_size(30, 10).await;
    let hidden = host
        .components()
        .render_batch(&[(open.id, 15)], FRAME)
        .await;
    assert!(!hidden[0].as_ref().unwrap().visible);
    host.components().set_terminal_size(100, 30).await;
    host.components().send_input(open.id, "k").await;
    run.await.unwrap();
}

#[tokio::test]
async fn every_component_of_a_host_that_dies_is_reported_closed() {
    let Some((host, mut events)) = start(fixture()).await else {
        return;
    };
    host.run_command("slots", "").await.unwrap();
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(opened(&mut events).await.id);
    }
    let frame = host
        .components()
        .render_batch(&[(ids[0], 20), (ids[1], 20), (ids[2], 20)], FRAME)
        .await;
    assert_eq!(
        frame[2].as_ref().unwrap().lines.as_slice(),
        [format!("{ACCENT}header\x1b[39m")]
    );
    let pid = host.pid().await.unwrap();
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(pid as i32),
        nix::sys::signal::Signal::SIGKILL,
    )
    .unwrap();
    let mut closed = Vec::new();
    while closed.len() < 3 {
        if let ComponentEvent::Closed { id, reason, .. } = next(&mut events).await {
            assert_eq!(reason, "host exited");
            closed.push(id);
        }
    }
    assert_eq!(closed, ids);
    assert!(host.components().render_batch(&[(ids[0], 20)], FRAME).await[0].is_none());
}

/// Pi's question example, when Pi is installed (tools/oracle/setup.sh).
fn pi_question() -> Option<PathBuf> {
    let home = std::env::var_os("TAU_ORACLE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/tau-oracle")))?;
    let file = home.join(
        "pi-1.6.0/node_modules/@earendil-works/pi-coding-agent/examples/extensions/question.ts",
    );
    if file.is_file() {
        return Some(file);
    }
    eprintln!(
        "skipping Pi's question example: {} is absent (tools/oracle/setup.sh)",
        file.display()
    );
    None
}

#[tokio::test]
async fn pis_question_tool_is_answered_through_its_component() {
    let Some(path) = pi_question() else {
        return;
    };
    let Some((host, mut events)) = start(path).await else {
        return;
    };
    let params = json!({ "question": "Which colour?", "options": [{ "label": "Red" }, { "label": "Blue" }] });
    let tool_host = host.clone();
    let run = tokio::spawn(async move {
        let cancel = tokio_util::sync::CancellationToken::new();
        tool_host
            .execute_tool("question", "q1", params, None, &cancel)
            .await
            .unwrap()
    });
    let open = opened(&mut events).await;
    let text = lines(&host, open.id, 60).await.join("\n");
    assert!(
        text.contains("Which colour?") && text.contains("Red") && text.contains("Blue"),
        "{text}"
    );
    host.components().send_input(open.id, "\x1b[B").await;
    host.components().send_input(open.id, "\r").await;
    let result: Value = run.await.unwrap();
    assert_eq!(result["details"]["answer"], "Blue");
}

#[tokio::test]
async fn a_late_render_answer_keeps_the_last_lines_and_the_next_frame_resyncs() {
    let Some((host, mut events)) = start(fixture()).await else {
        return;
    };
    let run = command(&host, "inline", "");
    let open = opened(&mut events).await;
    let first = lines(&host, open.id, 30).await;
    host.components().send_input(open.id, "slow").await;
    host.components().send_input(open.id, "+").await;
    // The host renders for 300 ms and counts the lines as sent; tau gave up and keeps the old.
    let late = host
        .components()
        .render_batch(&[(open.id, 30)], Duration::from_millis(50))
        .await;
    let late = late[0].clone().unwrap();
    assert!(!late.fresh, "{late:?}");
    assert_eq!(late.lines.as_slice(), first.as_slice());
    // The next frame asks for every line, so the change the lost answer carried arrives.
    assert_eq!(
        lines(&host, open.id, 30).await[1],
        format!("{ACCENT}count 1\x1b[39m")
    );
    host.components().send_input(open.id, "\r").await;
    run.await.unwrap();
}

#[tokio::test]
async fn input_listeners_filter_raw_input_and_the_terminal_is_handed_over_on_request() {
    let Some((host, mut events)) = start(fixture()).await else {
        return;
    };
    let components = host.components();
    assert!(!components.has_input_listeners());
    assert_eq!(
        components.filter_input("z", FRAME).await.as_deref(),
        Some("z")
    );
    host.run_command("listen", "").await.unwrap();
    assert!(matches!(
        next(&mut events).await,
        ComponentEvent::InputListeners { count: 1 }
    ));
    assert!(components.has_input_listeners());
    assert_eq!(components.filter_input("z", FRAME).await, None);
    assert_eq!(
        components.filter_input("a", FRAME).await.as_deref(),
        Some("b")
    );
    assert_eq!(
        components.filter_input("q", FRAME).await.as_deref(),
        Some("q")
    );

    let run = command(&host, "nested", "");
    let open = opened(&mut events).await;
    components.send_input(open.id, "s").await;
    for expected in [Handover::Stop, Handover::Start] {
        match next(&mut events).await {
            ComponentEvent::TerminalHandover { action, done } => {
                assert_eq!(action, expected);
                done.send(()).unwrap();
            }
            other => panic!("expected a hand-over, got {other:?}"),
        }
    }
    // The dialog hands its keys to its inner child, which closes it with q.
    components.send_input(open.id, "f").await;
    components.send_input(open.id, "q").await;
    tokio::time::timeout(FRAME, run).await.unwrap().unwrap();
}

#[tokio::test]
async fn a_restarted_host_gets_the_terminal_size_and_palette_again() {
    let Some((host, mut events)) = start(fixture()).await else {
        return;
    };
    let pid = host.pid().await.unwrap();
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(pid as i32),
        nix::sys::signal::Signal::SIGKILL,
    )
    .unwrap();
    while host.pid().await == Some(pid) {
        host.ensure_running().await;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(host.unrecoverable().is_none());
    host.run_command("slots", "").await.unwrap();
    let mut header = None;
    for _ in 0..3 {
        let open = opened(&mut events).await;
        if open.kind == ComponentKind::Header {
            header = Some(open.id);
        }
    }
    let header = lines(&host, header.unwrap(), 20).await;
    assert_eq!(header, [format!("{ACCENT}header\x1b[39m")]);
    let run = command(&host, "overlay", "");
    let open = opened(&mut events).await;
    assert_eq!(lines(&host, open.id, 50).await, ["overlay 100x30"]);
    host.components().send_input(open.id, "k").await;
    run.await.unwrap();
}
