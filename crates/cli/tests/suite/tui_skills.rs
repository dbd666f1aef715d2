//! Prompt templates and skills in tau's terminal UI: the `/` menu offers them in Pi's order
//! with Pi's source tags, a submitted template reaches the model expanded, and a skill
//! command shows as Pi's collapsible skill row.

use std::time::Duration;

use tau_test_support::MockTurn;

use super::tui_session::Tui;

fn write(path: &std::path::Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// Closes the menu and erases `typed` (two Ctrl+C in a row would quit).
fn clear(tui: &Tui, typed: &str) {
    tui.session.send_key("escape").expect("escape");
    for _ in typed.chars() {
        tui.session.send_key("backspace").expect("backspace");
    }
    let typed = typed.to_string();
    tui.wait_until("the editor was not cleared", move |s| {
        !s.text().contains(&typed)
    });
}

#[test]
fn the_slash_menu_offers_templates_and_skills_and_templates_expand() {
    let tui = Tui::start_with(
        vec![MockTurn::text("Reviewed."), MockTurn::text("Deployed.")],
        &["--no-session"],
        |sandbox, spec| {
            let agent = &sandbox.agent_dir;
            write(
                &agent.join("prompts/review.md"),
                "---\ndescription: Review a file\nargument-hint: \"<file>\"\n---\nReview $1 now.",
            );
            write(
                &agent.join("skills/deploy/SKILL.md"),
                "---\ndescription: Ships builds\n---\nDeploy with care.",
            );
            spec
        },
    );
    tui.session.send_text("/revi").expect("type");
    let screen = tui.wait("[u] Review a file");
    assert!(screen.contains("review"), "{screen}");
    clear(&tui, "/revi");
    tui.session.send_text("/skill:dep").expect("type");
    tui.wait("[u] Ships builds");
    clear(&tui, "/skill:dep");
    tui.type_line("/review lib.rs");
    tui.wait("Reviewed.");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while tui.server.requests().is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let request = tui.server.requests()[0].json();
    let messages = request["messages"].as_array().cloned().unwrap_or_default();
    let user = messages.iter().rev().find(|m| m["role"] == "user").cloned();
    let text = user.map(|m| m["content"].to_string()).unwrap_or_default();
    assert!(text.contains("Review lib.rs now."), "{text}");
    // A skill command shows as Pi's collapsed skill row, then the arguments as the message;
    // Ctrl+O shows the skill's text.
    tui.type_line("/skill:deploy to prod");
    let screen = tui.wait("Deployed.");
    assert!(
        screen.contains("[skill] deploy (ctrl+o to expand)"),
        "{screen}"
    );
    assert!(
        screen.contains("to prod") && !screen.contains("Deploy with care."),
        "{screen}"
    );
    tui.session.send_key("ctrl+o").expect("expand");
    tui.wait("Deploy with care.");
    tui.quit();
}
