use std::sync::{Arc, Mutex};

use super::*;
use tau_tui::autocomplete::SlashCommand;

type Sent = Arc<Mutex<Vec<(Asked, CompletionRequest)>>>;

fn chain() -> (Chain, Sent) {
    let sent: Sent = Arc::default();
    let record = sent.clone();
    let own = CombinedAutocompleteProvider::new(
        vec![SlashCommand::new("model", Some("Select model"))],
        "/nonexistent",
    );
    let chain = Chain::new(
        own,
        Box::new(move |asked, request| record.lock().unwrap().push((asked, request))),
    );
    (chain, sent)
}

fn lines(text: &str) -> Vec<String> {
    vec![text.to_string()]
}

fn answer(value: Value) -> CompletionAnswer {
    serde_json::from_value(value).unwrap()
}

#[test]
fn without_providers_tau_answers_at_once() {
    let (chain, sent) = chain();
    let mut provider = chain.provider();
    let reply = provider.request_suggestions(&lines("/mo"), 0, 3, false, false);
    let SuggestionsReply::Ready(Some(found)) = reply else {
        panic!("{reply:?}")
    };
    assert_eq!(found.items[0].value, "model");
    assert!(sent.lock().unwrap().is_empty());
}

#[test]
fn with_providers_the_host_is_asked_once_and_its_answer_is_used() {
    let (chain, sent) = chain();
    chain.set_providers(1, vec!["$".into()], vec!["ext.ts".into()]);
    let mut provider = chain.provider();
    assert_eq!(provider.trigger_characters(), vec!["$".to_string()]);
    // "é" is two bytes and one UTF-16 unit: the host counts units.
    let text = lines("é $H");
    assert_eq!(
        provider.request_suggestions(&text, 0, 5, false, false),
        SuggestionsReply::Later
    );
    assert_eq!(
        provider.request_suggestions(&text, 0, 5, false, false),
        SuggestionsReply::Later
    );
    let (asked, request) = {
        let sent = sent.lock().unwrap();
        assert_eq!(sent.len(), 1, "asked again while waiting");
        sent[0].clone()
    };
    assert_eq!(request.cursor_col, 4);
    let reply =
        json!({"suggestions": {"prefix": "$H", "items": [{"value": "$HOME", "label": "$HOME"}]}});
    assert_eq!(chain.answered(asked, Ok(answer(reply))), None);
    let SuggestionsReply::Ready(Some(found)) =
        provider.request_suggestions(&text, 0, 5, false, false)
    else {
        panic!("no answer")
    };
    assert_eq!(found.prefix, "$H");
    assert!(chain.inserts());
}

#[test]
fn a_failed_chain_leaves_taus_suggestions_and_is_reported_once() {
    let (chain, sent) = chain();
    chain.set_providers(1, Vec::new(), vec!["slow.ts".into()]);
    let mut provider = chain.provider();
    assert_eq!(
        provider.request_suggestions(&lines("/mo"), 0, 3, false, false),
        SuggestionsReply::Later
    );
    let asked = sent.lock().unwrap()[0].0.clone();
    let error = chain.answered(asked.clone(), Err("timed out".into()));
    assert!(error.unwrap().contains("slow.ts"));
    let SuggestionsReply::Ready(Some(found)) =
        provider.request_suggestions(&lines("/mo"), 0, 3, false, false)
    else {
        panic!("tau's own suggestions")
    };
    assert_eq!(found.items[0].value, "model");
    assert!(!chain.inserts());
    assert_eq!(chain.answered(asked, Err("timed out".into())), None);
}

#[test]
fn a_tab_with_one_suggestion_inserts_what_the_chain_inserted() {
    let (chain, sent) = chain();
    chain.set_providers(1, Vec::new(), Vec::new());
    let mut provider = chain.provider();
    let text = lines("say $HO");
    let _ = provider.request_suggestions(&text, 0, 7, true, true);
    let (asked, request) = sent.lock().unwrap()[0].clone();
    assert!(request.force && request.explicit_tab);
    let reply = json!({
        "suggestions": {"prefix": "$HO", "items": [{"value": "$HOME", "label": "$HOME"}]},
        "applied": {"lines": ["say $HOME[7]"], "cursorLine": 0, "cursorCol": 12},
    });
    chain.answered(asked, Ok(answer(reply)));
    let item = AutocompleteItem::new("$HOME", "$HOME");
    let result = provider.apply_completion(&text, 0, 7, &item, "$HO");
    assert_eq!(result.lines, lines("say $HOME[7]"));
    assert_eq!(result.cursor_col, 12);
    // Another choice is tau's own insertion.
    let other = AutocompleteItem::new("$HOST", "$HOST");
    assert_eq!(
        provider.apply_completion(&text, 0, 7, &other, "$HO").lines,
        lines("say $HOST")
    );
}

#[test]
fn a_skip_answer_stops_file_completion_for_that_text() {
    let (chain, sent) = chain();
    chain.set_providers(1, Vec::new(), Vec::new());
    let mut provider = chain.provider();
    assert!(provider.should_trigger_file_completion(&lines("/mo"), 0, 3));
    let _ = provider.request_suggestions(&lines("/mo"), 0, 3, true, true);
    let asked = sent.lock().unwrap()[0].0.clone();
    chain.answered(asked, Ok(answer(json!({"skip": true}))));
    assert!(!provider.should_trigger_file_completion(&lines("/mo"), 0, 3));
}

#[test]
fn taus_own_suggestions_for_the_host_count_utf16_units() {
    let (chain, _) = chain();
    let request = CompletionRequest {
        lines: lines("/mo"),
        cursor_line: 0,
        cursor_col: 3,
        force: false,
        explicit_tab: false,
    };
    let own = chain.own_suggestions(&request);
    assert_eq!(own["suggestions"]["prefix"], "/mo");
    assert_eq!(own["suggestions"]["items"][0]["value"], "model");
}

#[test]
fn an_extension_commands_arguments_go_to_the_host_without_providers() {
    let (chain, sent) = chain();
    chain.set_argument_commands(vec!["deploy".into()]);
    let mut provider = chain.provider();
    // A command name, or another command's arguments: tau answers at once.
    assert!(matches!(
        provider.request_suggestions(&lines("/dep"), 0, 4, false, false),
        SuggestionsReply::Ready(_)
    ));
    assert!(matches!(
        provider.request_suggestions(&lines("/model x"), 0, 8, false, false),
        SuggestionsReply::Ready(None)
    ));
    assert!(sent.lock().unwrap().is_empty());

    let text = lines("/deploy st");
    assert_eq!(
        provider.request_suggestions(&text, 0, 10, false, false),
        SuggestionsReply::Later
    );
    let (asked, _) = sent.lock().unwrap()[0].clone();
    // The host's innermost provider asks tau, which names the command and its argument text.
    let own = chain.own_suggestions(&request(&text, 0, 10, false, false));
    assert_eq!(
        own,
        json!({"suggestions": null, "commandArguments": {"name": "deploy", "prefix": "st"}})
    );
    let items = json!({"suggestions": {"prefix": "st", "items": [{"value": "staging", "label": "staging"}]}});
    assert_eq!(chain.answered(asked, Ok(answer(items))), None);
    let SuggestionsReply::Ready(Some(found)) =
        provider.request_suggestions(&text, 0, 10, false, false)
    else {
        panic!("no answer")
    };
    assert_eq!(found.items[0].value, "staging");
    // Insertion is pi-tui's, done by tau: the argument text is replaced.
    let applied = provider.apply_completion(&text, 0, 10, &found.items[0], "st");
    assert_eq!(applied.lines, lines("/deploy staging"));
    assert_eq!(applied.cursor_col, 15);
}

#[test]
fn a_slow_argument_completion_is_reported_with_the_command() {
    let (chain, sent) = chain();
    chain.set_argument_commands(vec!["deploy".into()]);
    let mut provider = chain.provider();
    let text = lines("/deploy s");
    provider.request_suggestions(&text, 0, 9, false, false);
    let (asked, _) = sent.lock().unwrap()[0].clone();
    let message = chain.answered(asked, Err("timed out".into()));
    assert_eq!(
        message.as_deref(),
        Some("/deploy: argument completions did not answer (timed out)")
    );
    assert_eq!(
        provider.request_suggestions(&text, 0, 9, false, false),
        SuggestionsReply::Ready(None)
    );
}
