//! Pi's examples that call a model themselves (`ctx.modelRegistry.complete` with `ctx.model`
//! or a model they look up), unmodified, in tau's terminal UI against the loopback model: what
//! the user sees, what ends up in the editor, and what the model was asked.

use serde_json::json;
use tau_test_support::MockTurn;

use super::ext_support::example;
use super::tui_session::{tui_node, Tui};

#[test]
fn qna_loads_the_extracted_questions_into_the_editor() {
    let Some(tui) = super::tui_examples::with_examples(
        "qna",
        &["qna.ts"],
        vec![
            MockTurn::text("Which database do you want? Should the API be public?"),
            MockTurn::text(
                "Q: Which database do you want?\nA: \n\nQ: Should the API be public?\nA: ",
            ),
        ],
    ) else {
        return;
    };
    tui.type_line("plan the service");
    tui.wait("Should the API be public?");
    tui.type_line("/qna");
    let screen = tui.wait("Questions loaded");
    assert!(
        screen.contains("Q: Which database do you want?") && screen.contains("A:"),
        "{screen}"
    );
    let requests = tui.server.requests();
    assert_eq!(requests.len(), 2, "one extraction request");
    assert!(
        requests[1].body.contains("question extractor")
            && requests[1].body.contains("Should the API be public?"),
        "{}",
        requests[1].body
    );
    tui.quit_with_ctrl_c();
}

#[test]
fn summarize_asks_its_model_and_shows_the_summary() {
    let test = "summarize";
    let Some(node) = tui_node(test) else {
        return;
    };
    let Some((env, path)) = example(test, "summarize.ts") else {
        return;
    };
    let turns = vec![
        MockTurn::text("We picked Postgres for the store."),
        MockTurn::text("## Goals\n\nKeep the store on Postgres."),
    ];
    let tui = Tui::start_with(turns, &["--no-session"], move |sandbox, spec| {
        // The example asks for openai/gpt-5.2 by name: served by the loopback model too.
        let url = sandbox_url(sandbox);
        let models = json!({"providers": {
            "mock": {"baseUrl": url, "api": "openai-completions", "apiKey": "sk-mock",
                     "models": [{"id": "mock-model", "name": "Mock Model"}]},
            "openai": {"baseUrl": url, "api": "openai-completions", "apiKey": "sk-mock",
                       "models": [{"id": "gpt-5.2", "name": "GPT 5.2"}]},
        }});
        std::fs::write(sandbox.agent_dir.join("models.json"), models.to_string()).expect("models");
        spec.args(["-e", path.to_str().unwrap_or_default()])
            .env("TAU_EXT_HOST", env.host.display().to_string())
            .env("TAU_NODE", node.display().to_string())
    });
    tui.type_line("which store?");
    tui.wait("We picked Postgres");
    tui.type_line("/summarize");
    let screen = tui.wait("Conversation Summary");
    assert!(
        screen.contains("Goals") && screen.contains("Keep the store on Postgres."),
        "{screen}"
    );
    let requests = tui.server.requests();
    assert!(
        requests[1].body.contains("gpt-5.2")
            && requests[1].body.contains("Summarize this conversation")
            && requests[1].body.contains("We picked Postgres"),
        "{}",
        requests[1].body
    );
    tui.session.send_key("enter").expect("enter");
    tui.wait_until("summary left open", |s| !s.contains("Conversation Summary"));
    tui.quit();
}

/// The loopback model's address, as `point_at` wrote it into models.json.
fn sandbox_url(sandbox: &tau_test_support::oracle::AgentSandbox) -> String {
    let text = std::fs::read_to_string(sandbox.agent_dir.join("models.json")).expect("models");
    let models: serde_json::Value = serde_json::from_str(&text).expect("json");
    models["providers"]["mock"]["baseUrl"]
        .as_str()
        .expect("baseUrl")
        .to_string()
}
