//! `pi.registerToolRenderer` in tau's terminal UI: an extension's resolver replaces the call
//! line of the built-in `bash` row, and the built-in result stays below it.

use serde_json::json;
use tau_test_support::{MockToolCall, MockTurn};

use super::ext_support::{ext_env, fixture};
use super::tui_session::{tui_node, Tui};

#[test]
fn a_resolver_draws_the_bash_call_line_and_keeps_the_built_in_result() {
    let test = "a_resolver_draws_the_bash_call_line_and_keeps_the_built_in_result";
    let Some(env) = ext_env(test) else { return };
    let Some(node) = tui_node(test) else { return };
    let path = fixture("tui-tool-renderer/bash-call.ts");
    let call = MockToolCall::new(
        "call-sh",
        "bash",
        json!({"command": "printf 'from%s' theshell"}),
    );
    let tui = Tui::start_with(
        vec![MockTurn::tool_calls([call]), MockTurn::text("Shell done.")],
        &["--no-session"],
        move |_, spec| {
            spec.args(["-e", path.to_str().unwrap_or_default()])
                .env("TAU_EXT_HOST", env.host.display().to_string())
                .env("TAU_NODE", node.display().to_string())
        },
    );
    tui.wait("renderer loaded");
    tui.type_line("run the shell");
    tui.wait("Shell done.");
    let screen = tui.wait_until("the resolver's call line", |s| {
        s.contains("shell says: printf 'from%s' theshell")
    });
    // The built-in call line is gone; the built-in result (the command's output) is drawn.
    assert!(!screen.contains("$ printf"), "{}", screen.text());
    assert!(screen.contains("fromtheshell"), "{}", screen.text());
    tui.quit();
}
