//! Fullscreen mode's own viewport end to end: the real binary on a pseudo-terminal, mouse
//! reports sent as a terminal sends them (SGR): the wheel scrolls the transcript, a drag
//! selects text and copies it (OSC 52), the search bar finds and scrolls to a match, the
//! scrollbar, and what is left on the terminal after exit.

use base64::Engine;
use tau_test_support::MockTurn;

use super::tui_session::Tui;

/// An answer of `n` numbered lines, `marker` on the first.
fn long_answer(n: usize, marker: &str) -> MockTurn {
    let lines: Vec<String> = (1..=n)
        .map(|i| {
            if i == 1 {
                format!("{marker} line-{i:02}")
            } else {
                format!("line-{i:02}")
            }
        })
        .collect();
    MockTurn::text(lines.join("\n\n"))
}

fn settings(
    tui_settings: serde_json::Value,
) -> impl FnOnce(
    &tau_test_support::oracle::AgentSandbox,
    tau_test_support::pty::PtyCommand,
) -> tau_test_support::pty::PtyCommand {
    move |sandbox, spec| {
        std::fs::write(
            sandbox.agent_dir.join("settings.json"),
            tui_settings.to_string(),
        )
        .expect("settings.json");
        spec
    }
}

/// The screen row and column where `text` starts.
fn find(rows: &[String], text: &str) -> Option<(usize, usize)> {
    rows.iter().enumerate().find_map(|(row, line)| {
        let byte = line.find(text)?;
        Some((row, line[..byte].chars().count()))
    })
}

#[test]
fn the_wheel_scrolls_the_transcript_and_the_scrollbar_follows() {
    let tui = Tui::start_with(
        vec![long_answer(40, "first")],
        &["--no-session"],
        settings(serde_json::json!({"fullscreenScrollbar": "always"})),
    );
    tui.type_line("long please");
    let screen = tui.wait("line-40");
    assert!(
        !screen.contains("line-01"),
        "the start is above the view\n{screen}"
    );
    // Alt+wheel up: five lines a notch.
    for _ in 0..30 {
        tui.session.send(b"\x1b[<72;10;5M").expect("wheel");
    }
    // At the top the header shows and the thumb is at the top of the scrollbar column.
    let screen = tui.wait_until("the wheel never reached the top", |s| {
        s.contains("line-01") && s.contains("tau v") && s.rows()[0].trim_end().ends_with('┃')
    });
    let last = &screen.rows()[20];
    assert!(last.trim_end().ends_with('│'), "the track below: {last:?}");
    // The pointer on the scrollbar makes the thumb solid; off it, it is a line again.
    tui.session.send(b"\x1b[<35;100;10M").expect("hover");
    tui.wait_until("the thumb never turned solid", |s| {
        s.rows()[0].trim_end().ends_with('█')
    });
    tui.session.send(b"\x1b[<35;50;10M").expect("move away");
    tui.wait_until("the thumb stayed solid", |s| {
        s.rows()[0].trim_end().ends_with('┃')
    });
    // Wheel down a little: still above the end, so Pi's way back is offered.
    for _ in 0..3 {
        tui.session.send(b"\x1b[<65;10;5M").expect("wheel");
    }
    let label = "↓ Jump to latest message · Ctrl+End";
    let screen = tui.wait_until("no way back to the end", move |s| s.contains(label));
    let (row, col) = find(screen.rows(), label).expect("the label");
    tui.session
        .send(
            format!(
                "\x1b[<0;{};{}M\x1b[<0;{};{}m",
                col + 3,
                row + 1,
                col + 3,
                row + 1
            )
            .as_bytes(),
        )
        .expect("click");
    tui.wait_until("the click did not jump to the end", |s| {
        s.contains("line-40") && !s.contains("Jump to latest message")
    });
    // A press on the scrollbar's track above the thumb brings the thumb there; dragging it
    // down takes the view along.
    tui.session
        .send(b"\x1b[<0;100;1M")
        .expect("press on the track");
    tui.wait_until("the scrollbar press did not scroll up", |s| {
        s.contains("line-01")
    });
    tui.session
        .send(b"\x1b[<32;100;25M\x1b[<0;100;25m")
        .expect("drag down");
    tui.wait_until("the thumb drag did not scroll down", |s| {
        s.contains("line-40") && !s.contains("line-01")
    });
    tui.quit();
}

#[test]
fn a_drag_selects_transcript_text_and_copies_it() {
    let tui = Tui::start(vec![MockTurn::text("alpha beta gamma")], &["--no-session"]);
    tui.type_line("say it");
    let screen = tui.wait_until("no answer", |s| s.contains("alpha beta gamma"));
    let (row, col) = find(screen.rows(), "beta").expect("beta on screen");
    let (x, y) = (col + 1, row + 1);
    tui.session
        .send(format!("\x1b[<0;{x};{y}M").as_bytes())
        .expect("press");
    tui.session
        .send(format!("\x1b[<32;{};{y}M", x + 3).as_bytes())
        .expect("drag");
    tui.session
        .send(format!("\x1b[<0;{};{y}m", x + 3).as_bytes())
        .expect("release");
    tui.wait("Copied!");
    let expected = format!(
        "osc52 {}",
        base64::engine::general_purpose::STANDARD.encode("beta")
    );
    assert!(
        tui.session.queries().contains(&expected),
        "{expected} in {:?}",
        tui.session.queries()
    );
    // A click clears the selection: nothing more is copied.
    tui.session
        .send(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes())
        .expect("click");
    tui.quit();
    let copies = tui
        .session
        .queries()
        .iter()
        .filter(|q| q.starts_with("osc52"))
        .count();
    assert_eq!(copies, 1, "{:?}", tui.session.queries());
}

#[test]
fn search_finds_a_match_above_the_view_and_scrolls_to_it() {
    let tui = Tui::start(vec![long_answer(40, "needle-marker")], &["--no-session"]);
    tui.type_line("long please");
    let screen = tui.wait("line-40");
    assert!(!screen.contains("needle-marker"), "{screen}");
    // Ctrl+Shift+F as the Kitty keyboard protocol sends it.
    tui.session.send(b"\x1b[102;6u").expect("search key");
    tui.wait("Find in transcript");
    tui.session.send_text("NEEDLE-mark").expect("query");
    let screen = tui.wait_until("the match was never shown", |s| {
        s.contains("1/1") && s.contains("needle-marker line-01")
    });
    assert!(
        screen.contains("↑ Shift+Enter · ↓ Enter"),
        "{}",
        screen.dump()
    );
    // Page keys still scroll the transcript while the bar has the keys.
    tui.session.send_key("ctrl+end").expect("to the end");
    tui.wait_until("ctrl+end did not scroll while searching", |s| {
        s.contains("line-40") && s.contains("1/1")
    });
    tui.session.send_key("escape").expect("close");
    tui.wait_until("the search bar stayed", |s| !s.contains("1/1"));
    tui.quit();
}

#[test]
fn exit_leaves_the_transcript_or_only_the_resume_hint() {
    let tui = Tui::start(vec![MockTurn::text("remember this answer")], &[]);
    assert!(
        tui.session.screen().mouse_reporting(),
        "fullscreen takes the mouse"
    );
    tui.type_line("hello");
    tui.wait("remember this answer");
    tui.quit();
    // The output is read on after the exit: wait for the last of it.
    tui.wait_until("the mouse was not given back, or no resume hint", |s| {
        !s.mouse_reporting() && s.contains("To resume this session:")
    });
    let lines = tui.session.transcript().join("\n");
    assert!(lines.contains("remember this answer"), "{lines}");
    assert!(lines.contains("To resume this session:"), "{lines}");

    let tui = Tui::start_with(
        vec![MockTurn::text("forget this answer")],
        &[],
        settings(serde_json::json!({"fullscreenExitOutput": "resume-hint"})),
    );
    tui.type_line("hello");
    tui.wait("forget this answer");
    tui.quit();
    tui.wait_until("no resume hint", |s| s.contains("To resume this session:"));
    let lines = tui.session.transcript().join("\n");
    assert!(!lines.contains("forget this answer"), "{lines}");
    assert!(lines.contains("To resume this session:"), "{lines}");
    assert!(lines.contains("tau --session "), "{lines}");
}

#[test]
fn a_selection_dragged_past_the_top_scrolls_and_copies_everything_passed() {
    let tui = Tui::start(vec![long_answer(40, "first")], &["--no-session"]);
    tui.type_line("long please");
    let screen = tui.wait_until("no answer", |s| s.contains("line-40"));
    let (row, col) = find(screen.rows(), "line-40").expect("line-40 on screen");
    let (x, y) = (col + 1, row + 1);
    tui.session
        .send(format!("\x1b[<0;{};{y}M", x + 6).as_bytes())
        .expect("press after line-40");
    // Held on the view's top row: the transcript scrolls on by itself.
    tui.session
        .send(b"\x1b[<32;1;1M")
        .expect("drag to the top row");
    tui.wait_until("the selection never scrolled to the start", |s| {
        s.contains("first line-01")
    });
    tui.session.send(b"\x1b[<0;1;1m").expect("release");
    tui.wait("Copied!");
    let copied = tui
        .session
        .queries()
        .iter()
        .find_map(|q| q.strip_prefix("osc52 ").map(str::to_string))
        .expect("a copy");
    let text = base64::engine::general_purpose::STANDARD
        .decode(copied)
        .expect("base64");
    let text = String::from_utf8_lossy(&text).to_string();
    assert!(
        text.contains("first line-01") && text.trim_end().ends_with("line-40"),
        "{text:?}"
    );
    tui.quit();
}
