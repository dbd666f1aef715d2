//! Extension commands' `getArgumentCompletions` in tau's terminal UI: after `/name ` the
//! command's own items show in the menu (asked of the host), the chosen one replaces the
//! argument text as in Pi, and a completion that throws or never answers is reported without
//! holding up typing.

use super::ext_support::{ext_env, fixture};
use super::tui_examples::with_examples;
use super::tui_session::{tui_node, Tui};

/// Pi's `commands.ts` example: `/commands <source>` completes the three command sources.
#[test]
fn pi_commands_example_completes_its_argument() {
    let Some(tui) = with_examples("arg-completion-commands", &["commands.ts"], vec![]) else {
        return;
    };
    tui.session.send_text("/commands ").expect("type");
    tui.session.send_text("e").expect("type");
    let screen = tui.wait("extension");
    assert!(
        !screen.contains("prompt") && !screen.contains("skill"),
        "{screen}"
    );
    tui.session.send_key("tab").expect("tab");
    tui.wait("/commands extension");
    // The completed command runs with that argument: its list of extension commands.
    tui.session.send_key("enter").expect("enter");
    let screen = tui.wait("Available Commands");
    assert!(screen.contains("--- Extensions ---"), "{screen}");
    assert!(
        screen.contains("/commands - List available slash commands"),
        "{screen}"
    );
    tui.session.send_key("escape").expect("escape");
    tui.quit();
}

fn with_faulty(test: &str) -> Option<Tui> {
    let env = ext_env(test)?;
    let node = tui_node(test)?;
    let path = fixture("tui-autocomplete/arguments.ts");
    Some(Tui::start_with(
        vec![],
        &["--no-session"],
        move |_, spec| {
            spec.args(["-e", path.to_str().unwrap_or_default()])
                .env("TAU_EXT_HOST", env.host.display().to_string())
                .env("TAU_NODE", node.display().to_string())
        },
    ))
}

#[test]
fn a_throwing_argument_completion_is_reported() {
    let Some(tui) = with_faulty("arg-completion-throws") else {
        return;
    };
    tui.session.send_text("/explode ").expect("type");
    tui.session.send_text("a").expect("type");
    let screen = tui.wait("argument completions failed");
    assert!(
        screen.contains("/explode: the arguments blew up"),
        "{screen}"
    );
    // The command still runs with what was typed.
    tui.session.send_text("bc").expect("type");
    tui.wait("/explode abc");
    tui.session.send_key("enter").expect("enter");
    tui.wait("explode ran with abc");
    tui.quit();
}

#[test]
fn a_stalled_argument_completion_never_holds_up_typing() {
    let Some(tui) = with_faulty("arg-completion-stalls") else {
        return;
    };
    tui.session.send_text("/stall ").expect("type");
    tui.session.send_text("x").expect("type");
    tui.session.send_text("yz").expect("type");
    tui.wait("/stall xyz");
    tui.wait("/stall: argument completions did not answer");
    tui.session.send_key("enter").expect("enter");
    tui.wait("stall ran with xyz");
    tui.quit();
}
