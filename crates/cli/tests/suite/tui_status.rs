//! The status indicator end to end, as Pi 1.6.0 draws it: in the editor's top border while
//! the agent works, and an automatic retry's countdown there in its place.

use serde_json::json;
use tau_test_support::{MockReply, MockTurn};

use super::tui_session::Tui;

#[test]
fn the_working_indicator_sits_in_the_editors_top_border() {
    let tui = Tui::start(
        vec![MockTurn::text("a slow answer, finally").with_delay_ms(150)],
        &["--no-session"],
    );
    tui.type_line("take your time");
    let screen = tui.wait_until("no working indicator in the border", |s| {
        s.rows()
            .iter()
            .any(|r| r.starts_with("── ") && r.contains(" Working ─"))
    });
    assert!(
        !screen
            .rows()
            .iter()
            .any(|r| r.trim() == "Working" || r.ends_with(" Working")),
        "no separate working line\n{}",
        screen.dump()
    );
    tui.wait("a slow answer, finally");
    tui.wait_until("the indicator stayed after the run", |s| {
        !s.contains(" Working ─")
    });
    tui.quit();
}

#[test]
fn a_retry_counts_down_in_the_border_then_the_answer_comes() {
    let tui = Tui::start_replies(
        vec![
            MockReply::json_error(
                500,
                json!({"error": {"message": "internal boom", "type": "server_error"}}),
            ),
            MockReply::Turn(Box::new(MockTurn::text("recovered after a retry"))),
        ],
        &["--no-session"],
        |sandbox, spec| {
            let settings = json!({"retry": {"baseDelayMs": 2500}});
            std::fs::write(
                sandbox.agent_dir.join("settings.json"),
                settings.to_string(),
            )
            .expect("settings.json");
            spec
        },
    );
    tui.type_line("try it");
    tui.wait_until("no retry countdown in the border", |s| {
        s.rows().iter().any(|r| {
            r.starts_with("── ")
                && r.contains("Retrying (1/")
                && r.contains("s... (escape to cancel)")
        })
    });
    tui.wait("recovered after a retry");
    tui.wait_until("the countdown stayed", |s| !s.contains("Retrying ("));
    tui.quit();
}
