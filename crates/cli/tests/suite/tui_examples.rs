//! Pi's own example extensions, unmodified, in tau's terminal UI on a pseudo-terminal: their
//! components (inline, overlay, widget, footer, header), dialogs and renderers on screen and
//! answering keys. Each test skips with a reason when Node 22.19+ or Pi's examples are missing.

use std::path::PathBuf;
use std::time::Duration;

use tau_test_support::{MockToolCall, MockTurn};

use super::ext_support::example;
use super::tui_session::{tui_node, Tui};

/// tau with Pi's examples `names` loaded, or `None` (skipped, reason printed).
pub(super) fn with_examples(test: &str, names: &[&str], turns: Vec<MockTurn>) -> Option<Tui> {
    let node = tui_node(test)?;
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut host = None;
    for name in names {
        let (env, path) = example(test, name)?;
        host = Some(env.host);
        paths.push(path);
    }
    let host = host?;
    Some(Tui::start_with(
        turns,
        &["--no-session"],
        move |_, mut spec| {
            for path in &paths {
                spec = spec.args(["-e", path.to_str().unwrap_or_default()]);
            }
            spec.env("TAU_EXT_HOST", host.display().to_string())
                .env("TAU_NODE", node.display().to_string())
        },
    ))
}

#[test]
fn snake_plays_in_the_editors_place_and_quits_on_q() {
    let Some(tui) = with_examples("snake", &["snake.ts"], vec![]) else {
        return;
    };
    tui.type_line("/snake");
    let screen = tui.wait("SNAKE");
    assert!(screen.contains("Score: 0"), "{screen}");
    tui.session.send_text("q").expect("q");
    tui.wait_until("snake did not close", |s| !s.contains("SNAKE"));
    tui.quit();
}

/// Keys typed right after the key that closes a component reach what has focus next (the
/// editor), as in Pi where closing is synchronous, even when they were on their way to the
/// component before tau heard it closed.
#[test]
fn keys_typed_after_the_closing_key_go_to_the_editor() {
    let Some(tui) = with_examples("keys-after-close", &["snake.ts"], vec![]) else {
        return;
    };
    tui.type_line("/snake");
    tui.wait("SNAKE");
    tui.session.send_text("q").expect("q");
    tui.session.send_text("hello").expect("hello");
    tui.wait_until("the keys after q were lost", |s| {
        !s.contains("SNAKE") && s.contains("hello")
    });
    tui.session.send_key("ctrl+c").expect("clear");
    tui.quit();
}

#[test]
fn overlay_test_draws_over_the_transcript_and_escape_closes_it() {
    let Some(tui) = with_examples("overlay-test", &["overlay-test.ts"], vec![]) else {
        return;
    };
    tui.type_line("/overlay-test");
    let screen = tui.wait("Overlay Test");
    // The footer is still drawn below the overlay.
    assert!(screen.contains("mock-model"), "{screen}");
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("overlay did not close", |s| !s.contains("Overlay Test"));
    tui.quit();
}

#[test]
fn widgets_header_footer_and_statuses_replace_taus_own() {
    let Some(tui) = with_examples(
        "widgets-header-footer",
        &[
            "widget-placement.ts",
            "custom-header.ts",
            "status-line.ts",
            "custom-footer.ts",
        ],
        vec![MockTurn::text("fine")],
    ) else {
        return;
    };
    let screen = tui.wait("Below editor widget");
    assert!(screen.contains("Above editor widget"), "{screen}");
    assert!(
        !screen.contains("tau v"),
        "the extension's header replaces tau's\n{screen}"
    );
    tui.type_line("/footer");
    tui.wait("Custom footer enabled");
    tui.type_line("hello");
    tui.wait("fine");
    tui.quit_with_ctrl_c();
}

#[test]
fn a_timed_confirmation_counts_down_and_answers() {
    let Some(tui) = with_examples("timed-confirm", &["timed-confirm.ts"], vec![]) else {
        return;
    };
    tui.type_line("/timed");
    let screen = tui.wait("Timed Confirmation");
    assert!(screen.contains("s)"), "countdown in the title\n{screen}");
    tui.session.send_key("enter").expect("enter");
    tui.wait("Confirmed by user");
    tui.quit();
}

#[test]
fn extension_renderers_draw_custom_messages_and_tool_rows() {
    let call = MockToolCall::new(
        "call-1",
        "bash",
        serde_json::json!({"command": "printf 'a\\nb\\nc\\n'"}),
    );
    let Some(tui) = with_examples(
        "renderers",
        &["message-renderer.ts", "built-in-tool-renderer.ts"],
        vec![MockTurn::tool_calls([call]), MockTurn::text("ran it")],
    ) else {
        return;
    };
    tui.type_line("run something");
    tui.wait("ran it");
    // The example's own compact bash renderer replaces tau's row.
    let screen = tui.wait("done (3 lines)");
    assert!(!screen.contains("Took "), "{screen}");
    tui.type_line("/status");
    tui.wait_until("no status message", |s| {
        s.text().contains("[status-update]") || s.text().contains("Status")
    });
    tui.quit();
}

/// Pi's entry-renderer example: `/status-card` appends a custom entry, and its entry
/// renderer draws the card in the transcript after the conversation so far; Ctrl+O redraws it
/// expanded (with the time it was made).
#[test]
fn an_entry_renderer_draws_the_appended_status_card() {
    let Some(tui) = with_examples(
        "entry-renderer",
        &["entry-renderer.ts"],
        vec![MockTurn::text("first answer")],
    ) else {
        return;
    };
    tui.type_line("hello");
    tui.wait("first answer");
    tui.type_line("/status-card indexed 17 files");
    let screen = tui.wait("[status] indexed 17 files");
    let text = screen;
    let answer = text.find("first answer").expect("answer on screen");
    let card = text
        .find("[status] indexed 17 files")
        .expect("card on screen");
    assert!(answer < card, "the card comes after the answer:\n{text}");
    // Collapsed: the card is one line of text; expanded adds the entry's time below it.
    fn line_after_card(s: &str) -> String {
        let lines: Vec<&str> = s.lines().collect();
        lines
            .iter()
            .position(|l| l.contains("[status] indexed 17 files"))
            .and_then(|at| lines.get(at + 1))
            .map(|l| l.trim().to_string())
            .unwrap_or_default()
    }
    assert!(line_after_card(&text).is_empty(), "{text}");
    tui.session.send_key("ctrl+o").expect("ctrl+o");
    tui.wait_until("the expanded card shows its time", |s| {
        line_after_card(&s.text()).contains(':')
    });
    tui.quit();
}

/// Resuming a session draws its status-card entry where it was appended: between the first
/// answer and the next question.
#[test]
fn an_entry_renderer_draws_a_resumed_sessions_card_in_place() {
    let Some(node) = tui_node("entry-renderer-resume") else {
        return;
    };
    let Some((env, example_path)) = example("entry-renderer-resume", "entry-renderer.ts") else {
        return;
    };
    let tui = Tui::start_with(vec![], &[], move |sandbox, spec| {
        let time = "2026-01-01T00:00:00.000Z";
        let usage = serde_json::json!({"input":0,"output":0,"cacheRead":0,"cacheWrite":0,
            "totalTokens":0,"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}});
        let user = |id: &str, parent: Option<&str>, text: &str| {
            serde_json::json!({"type":"message","id":id,"parentId":parent,"timestamp":time,
                "message":{"role":"user","content":[{"type":"text","text":text}],"timestamp":1}})
        };
        let answer = |id: &str, parent: &str, text: &str| {
            serde_json::json!({"type":"message","id":id,"parentId":parent,"timestamp":time,
                "message":{"role":"assistant","content":[{"type":"text","text":text}],
                    "api":"openai-completions","provider":"mock","model":"mock-model",
                    "usage":usage,"stopReason":"stop","timestamp":2}})
        };
        let lines = [
            serde_json::json!({"type":"session","version":3,"id":"card-test","timestamp":time,
                "cwd":sandbox.project.display().to_string()}),
            user("u1", None, "first question"),
            answer("a1", "u1", "First answer."),
            serde_json::json!({"type":"custom","id":"c1","parentId":"a1","timestamp":time,
                "customType":"status-card","data":{"message":"kept card","timestamp":0}}),
            user("u2", Some("c1"), "second question"),
            answer("a2", "u2", "Second answer."),
        ];
        let path = sandbox.project.join("cards.jsonl");
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        std::fs::write(&path, text).expect("session file");
        spec.args(["--session", path.to_str().unwrap_or_default()])
            .args(["-e", example_path.to_str().unwrap_or_default()])
            .env("TAU_EXT_HOST", env.host.display().to_string())
            .env("TAU_NODE", node.display().to_string())
    });
    let screen = tui.wait("[status] kept card");
    let at = |needle: &str| screen.find(needle).unwrap_or(usize::MAX);
    assert!(
        at("First answer.") < at("[status] kept card")
            && at("[status] kept card") < at("second question"),
        "{screen}"
    );
    tui.quit();
}

/// Pi's permission gate: a dangerous command waits for the user (longer than the handler
/// limit: the user decides as long as it takes), "No" blocks it, "Yes" lets it run.
#[test]
fn the_permission_gate_asks_and_blocks_or_allows() {
    let victim = tempfile::tempdir().expect("victim");
    std::fs::write(victim.path().join("keep.txt"), "x").expect("file");
    let command = format!("rm -rf {}", victim.path().display());
    let call = |id: &str| MockToolCall::new(id, "bash", serde_json::json!({ "command": command }));
    let turns = vec![
        MockTurn::tool_calls([call("c1")]),
        MockTurn::text("blocked as asked"),
        MockTurn::tool_calls([call("c2")]),
        MockTurn::text("removed it"),
    ];
    let Some(node) = tui_node("permission-gate") else {
        return;
    };
    let Some((env, path)) = example("permission-gate", "permission-gate.ts") else {
        return;
    };
    let tui = Tui::start_with(turns, &["--no-session"], move |_, spec| {
        spec.args(["-e", path.to_str().unwrap_or_default()])
            .env("TAU_EXT_HOST", env.host.display().to_string())
            .env("TAU_NODE", node.display().to_string())
            .env("TAU_EXT_TIMEOUT_MS", "1000")
    });
    tui.type_line("clean up");
    tui.wait("Dangerous command");
    tui.session.send_key("down").expect("down");
    tui.session.send_key("enter").expect("enter");
    tui.wait("blocked as asked");
    assert!(
        victim.path().join("keep.txt").exists(),
        "the gate let it run"
    );

    tui.type_line("really clean up");
    tui.wait("Dangerous command");
    // Past the 1 s handler limit: the dialog is still open and still decides.
    std::thread::sleep(Duration::from_millis(2500));
    tui.session.send_key("enter").expect("enter");
    tui.wait("removed it");
    assert!(!victim.path().exists(), "the command did not run after Yes");
    tui.quit();
}

/// Pi's interactive-shell: `tui.stop()`, a program on the real terminal, `tui.start()`.
#[test]
fn interactive_shell_hands_the_terminal_to_a_program_and_takes_it_back() {
    let Some(tui) = with_examples("interactive-shell", &["interactive-shell.ts"], vec![]) else {
        return;
    };
    // The marker is computed by the shell, so the typed command line cannot match it.
    tui.type_line("!i sh -c \"echo inside-$((40 + 2)); read x; echo got-$x\"");
    tui.wait("inside-42");
    tui.session.send_text("typed\r").expect("type");
    tui.wait("interactive command completed successfully");
    tui.quit();
}

/// Pi's modal editor replaces tau's (`setEditorComponent`): it takes the keys, switches
/// modes on Esc, and its Enter submits the prompt through tau.
#[test]
fn a_custom_editor_takes_the_keys_and_submits() {
    let Some(tui) = with_examples(
        "modal-editor",
        &["modal-editor.ts"],
        vec![MockTurn::text("got your words")],
    ) else {
        return;
    };
    tui.wait("INSERT");
    tui.session.send_text("hello").expect("type");
    tui.wait("hello");
    tui.session.send_key("escape").expect("escape");
    tui.wait("NORMAL");
    tui.session.send_text("i").expect("insert");
    tui.wait("INSERT");
    tui.session.send_text(" there").expect("type");
    tui.session.send_key("enter").expect("enter");
    tui.wait("got your words");
    let requests = tui.server.requests();
    assert!(
        requests[0].body.contains("hello there"),
        "{}",
        requests[0].body
    );
    tui.quit_with_ctrl_c();
}

/// Pi's rainbow editor draws the text it holds in colours; typing reaches it.
#[test]
fn the_rainbow_editor_draws_what_is_typed() {
    let Some(tui) = with_examples("rainbow-editor", &["rainbow-editor.ts"], vec![]) else {
        return;
    };
    tui.session.send_text("rainbow").expect("type");
    tui.wait("rainbow");
    tui.quit_with_ctrl_c();
}

/// Pi's question tool: the model asks, the user picks in the tool's own component, the
/// answer goes back to the model.
#[test]
fn the_question_tool_asks_the_user_for_the_model() {
    let args = serde_json::json!({
        "question": "Which colour?",
        "options": [{"label": "Red"}, {"label": "Blue"}],
    });
    let turns = vec![
        MockTurn::tool_calls([MockToolCall::new("q1", "question", args)]),
        MockTurn::text("noted your choice"),
    ];
    let Some(tui) = with_examples("question", &["question.ts"], turns) else {
        return;
    };
    tui.type_line("ask me");
    tui.wait("Which colour?");
    tui.session.send_key("down").expect("down");
    tui.session.send_key("enter").expect("enter");
    tui.wait("noted your choice");
    let requests = tui.server.requests();
    assert!(requests[1].body.contains("Blue"), "{}", requests[1].body);
    tui.quit();
}

/// Pi's tools command: a settings list in the editor's place, built with Pi's real
/// getSettingsListTheme; toggling a tool changes the active tools.
#[test]
fn the_tools_command_toggles_tools_in_its_settings_list() {
    let Some(tui) = with_examples("tools", &["tools.ts"], vec![]) else {
        return;
    };
    tui.type_line("/tools");
    let screen = tui.wait("Tool Configuration");
    assert!(
        screen.contains("grep") && screen.contains("disabled"),
        "{screen}"
    );
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("settings list did not close", |s| {
        !s.contains("Tool Configuration")
    });
    tui.quit();
}

/// Pi's plan mode: `/plan` switches it on and its status shows in the footer.
#[test]
fn plan_mode_shows_its_status() {
    let Some(tui) = with_examples("plan-mode", &["plan-mode/index.ts"], vec![]) else {
        return;
    };
    tui.type_line("/plan");
    tui.wait("plan");
    tui.wait_until("no plan status", |s| s.text().contains("⏸ plan"));
    tui.quit();
}

/// Pi's plan mode through its `registerShortcut` (Ctrl+Alt+P): the handler runs with the
/// extension's ctx, twice toggles back.
#[test]
fn plan_mode_toggles_with_its_shortcut() {
    let Some(tui) = with_examples("plan-mode-shortcut", &["plan-mode/index.ts"], vec![]) else {
        return;
    };
    tui.session.send_key("ctrl+alt+p").expect("shortcut");
    tui.wait("Plan mode enabled");
    tui.wait_until("no plan status", |s| s.text().contains("⏸ plan"));
    tui.session.send_key("ctrl+alt+p").expect("shortcut");
    tui.wait("Plan mode disabled");
    tui.wait_until("the plan status stayed", |s| !s.text().contains("⏸ plan"));
    tui.quit();
}

/// Pi's overlay QA: three stacked overlays drawn back to front; each Enter closes the top one.
#[test]
fn stacked_overlays_draw_in_order_and_close_from_the_top() {
    let Some(tui) = with_examples("overlay-stack", &["overlay-qa-tests.ts"], vec![]) else {
        return;
    };
    tui.type_line("/overlay-stack");
    let screen = tui.wait("Overlay #3");
    assert!(
        screen.contains("Overlay #1") && screen.contains("Overlay #2"),
        "{screen}"
    );
    tui.session.send_key("enter").expect("enter");
    tui.wait_until("the top overlay did not close first", |s| {
        !s.contains("Overlay #3") && s.contains("Overlay #2")
    });
    tui.session.send_key("enter").expect("enter");
    tui.wait_until("the middle overlay did not close next", |s| {
        !s.contains("Overlay #2") && s.contains("Overlay #1")
    });
    tui.session.send_key("enter").expect("enter");
    tui.wait_until("overlays left open", |s| !s.contains("Overlay #1"));
    tui.quit();
}

/// Pi's minimal mode: its tool renderers show only the call while collapsed; Ctrl+O shows
/// the output.
#[test]
fn minimal_mode_hides_tool_output_until_expanded() {
    let call = MockToolCall::new(
        "m1",
        "bash",
        serde_json::json!({"command": "echo hidden-$((6 + 1))"}),
    );
    let Some(tui) = with_examples(
        "minimal-mode",
        &["minimal-mode.ts"],
        vec![MockTurn::tool_calls([call]), MockTurn::text("all quiet")],
    ) else {
        return;
    };
    tui.type_line("go");
    tui.wait("all quiet");
    // Once the extension's renderer has answered, only the call line is left.
    let screen = tui.wait_until("collapsed output still shown", |s| {
        s.contains("echo hidden-") && !s.contains("hidden-7")
    });
    assert!(screen.contains("all quiet"), "{}", screen.dump());
    tui.session.send_key("ctrl+o").expect("ctrl+o");
    tui.wait("hidden-7");
    tui.quit();
}

#[test]
fn working_indicator_frames_are_drawn_in_the_editors_border() {
    let turn = MockTurn::text("slow answer done").with_delay_ms(150);
    let Some(tui) = with_examples("working-indicator", &["working-indicator.ts"], vec![turn])
    else {
        return;
    };
    tui.type_line("/working-indicator dot");
    tui.type_line("go slowly");
    // Pi 1.6.0 embeds the indicator in its editor's top border, the custom frame as given.
    tui.wait_until("the dot never showed in the border", |s| {
        s.rows().iter().any(|r| r.starts_with("── ● Working ─"))
    });
    tui.wait("slow answer done");
    tui.quit();
}
