//! `ctx.ui.addAutocompleteProvider` in tau's terminal UI: providers stacked on tau's own
//! completion suggest and insert their own way, hand the rest to tau, and a provider that
//! throws or never answers leaves tau's suggestions and a notice, without holding up typing.

use super::ext_support::{example, ext_env, fixture};
use super::tui_session::{tui_node, Tui};

/// tau with the stacked providers of the fixture, or `None` (skipped, reason printed).
/// tau with the stacked providers; `limit_ms`: the autocomplete time limit (generous where a
/// test needs the extension's answer on a loaded machine).
fn with_stacked(test: &str, limit_ms: u64) -> Option<Tui> {
    let env = ext_env(test)?;
    let node = tui_node(test)?;
    let path = fixture("tui-autocomplete/stacked.ts");
    let tui = Tui::start_with(vec![], &["--no-session"], move |_, spec| {
        spec.args(["-e", path.to_str().unwrap_or_default()])
            .env("TAU_EXT_HOST", env.host.display().to_string())
            .env("TAU_NODE", node.display().to_string())
            .env("TAU_EXT_AUTOCOMPLETE_MS", limit_ms.to_string())
    });
    providers_ready(&tui);
    Some(tui)
}

/// The editor is up before the extension's `session_start` has added its providers (tau
/// draws before extensions finish loading): types `$H` until the first provider's popup
/// answers, then empties the editor.
fn providers_ready(tui: &Tui) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        tui.session.send_text("$H").expect("type");
        let shown = tui
            .session
            .wait_for(
                |s| s.contains("your home"),
                std::time::Duration::from_secs(2),
            )
            .is_ok();
        // Escape closes the popup; backspaces clear (Ctrl+C here would make the test's next
        // Ctrl+C a double one, which quits).
        tui.session.send_key("escape").expect("escape");
        tui.session.send_key("backspace").expect("backspace");
        tui.session.send_key("backspace").expect("backspace");
        tui.wait_until("the editor was not cleared", |s| !s.contains("$H"));
        if shown {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the extension's autocomplete providers never answered"
        );
    }
}

#[test]
fn stacked_providers_suggest_and_insert_their_own_way() {
    let Some(tui) = with_stacked("stacked_providers_suggest_and_insert_their_own_way", 20_000)
    else {
        return;
    };
    // `$` is the extension's trigger character: its popup opens while typing.
    tui.session.send_text("echo $H").expect("type");
    let screen = tui.wait("your home");
    assert!(
        screen.contains("$HOST") && screen.contains("this machine"),
        "{screen}"
    );
    // Tab inserts the selected item as the extension's applyCompletion does.
    tui.session.send_key("tab").expect("tab");
    tui.wait("echo $HOME[home]");
    // Other text goes down the chain to tau's own completion.
    tui.session.send_key("ctrl+c").expect("clear");
    tui.session.send_text("/mod").expect("type");
    let screen = tui.wait("Pick the model");
    assert!(!screen.contains("your home"), "{screen}");
    tui.session.send_key("escape").expect("escape");
    tui.session.send_key("ctrl+c").expect("clear");
    tui.quit();
}

#[test]
fn a_throwing_provider_is_reported_and_the_others_answer() {
    let Some(tui) = with_stacked(
        "a_throwing_provider_is_reported_and_the_others_answer",
        20_000,
    ) else {
        return;
    };
    tui.session.send_text("boom $HO").expect("type");
    let screen = tui.wait("Extension autocomplete provider failed");
    assert!(screen.contains("the provider blew up"), "{screen}");
    tui.wait("your home");
    tui.session.send_key("tab").expect("tab");
    tui.wait("boom $HOME[home]");
    tui.session.send_key("ctrl+c").expect("clear");
    tui.quit();
}

#[test]
fn a_provider_that_never_answers_leaves_taus_suggestions() {
    let Some(tui) = with_stacked(
        "a_provider_that_never_answers_leaves_taus_suggestions",
        1_000,
    ) else {
        return;
    };
    // Typing goes on while the provider waits.
    tui.session.send_text("/thin").expect("type");
    tui.wait("/thin");
    tui.wait("Extension autocomplete did not answer");
    tui.wait("thinking");
    tui.session.send_key("escape").expect("escape");
    tui.session.send_key("ctrl+c").expect("clear");
    tui.quit();
}

/// Pi's github-issue-autocomplete, unmodified: `#` completes the open issues that `gh issue
/// list` (a stand-in on PATH) returns for the checkout's GitHub remote.
#[test]
fn github_issue_autocomplete_completes_issue_numbers() {
    let test = "github_issue_autocomplete_completes_issue_numbers";
    let Some(node) = tui_node(test) else {
        return;
    };
    let Some((env, path)) = example(test, "github-issue-autocomplete.ts") else {
        return;
    };
    let bin = tempfile::tempdir().expect("bin");
    let gh = bin.path().join("gh");
    let issues = r#"[{"number":2983,"title":"Extension API for autocomplete","state":"OPEN"},{"number":2753,"title":"Reload stale resource settings","state":"OPEN"}]"#;
    std::fs::write(&gh, format!("#!/bin/sh\ncat <<'JSON'\n{issues}\nJSON\n")).expect("gh");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&gh, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let search = format!("{}:/usr/local/bin:/usr/bin:/bin", bin.path().display());
    let tui = Tui::start_with(vec![], &["--no-session"], move |sandbox, spec| {
        let git = |args: &[&str]| {
            std::process::Command::new("git")
                .args(args)
                .current_dir(&sandbox.project)
                .output()
                .expect("git")
        };
        git(&["init", "-q"]);
        git(&[
            "remote",
            "add",
            "origin",
            "https://github.com/earendil-works/tau.git",
        ]);
        spec.args(["-e", path.to_str().unwrap_or_default()])
            .env("TAU_EXT_HOST", env.host.display().to_string())
            .env("TAU_NODE", node.display().to_string())
            .env("PATH", search)
    });
    tui.session.send_text("see #27").expect("type");
    let screen = tui.wait("Reload stale resource settings");
    assert!(screen.contains("#2753"), "{screen}");
    tui.session.send_key("tab").expect("tab");
    tui.wait("see #2753");
    tui.session.send_key("ctrl+c").expect("clear");
    tui.quit();
}
