//! tau's Editor, Input, SelectList and fuzzy matcher against vectors generated from pi-tui
//! (gen/editor_vectors.mjs): the same keys replayed, and after every step the text, cursor,
//! emitted events and sampled renders compared.

use std::sync::Arc;

use serde_json::Value;
use tau_tui::autocomplete::{AutocompleteItem, CombinedAutocompleteProvider, SlashCommand};
use tau_tui::editor::{Editor, EditorEvent, EditorOptions, EditorTheme};
use tau_tui::keybindings::{KeybindingsManager, SharedKeybindings};
use tau_tui::widgets::input::{Input, InputEvent, InputOptions};
use tau_tui::widgets::select_list::{
    SelectItem, SelectList, SelectListEvent, SelectListLayout, SelectListTheme,
};
use tau_tui::widgets::{fuzzy_filter, fuzzy_match};
use tau_tui::{Component, Style};

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/editor.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parse {path}: {e}"))
}

fn arr(v: &Value) -> &[Value] {
    v.as_array().map_or(&[], Vec::as_slice)
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

fn tag(name: &'static str) -> Style {
    Arc::new(move |text: &str| format!("<{name}>{text}</{name}>"))
}

fn list_theme() -> SelectListTheme {
    SelectListTheme {
        selected_prefix: tag("sp"),
        selected_text: tag("st"),
        description: tag("d"),
        scroll_info: tag("si"),
        no_match: tag("nm"),
    }
}

/// Counts checks and keeps the first mismatches for the failure message.
#[derive(Default)]
struct Tally {
    checked: usize,
    failures: Vec<String>,
}

impl Tally {
    fn check(&mut self, what: &str, got: &Value, want: &Value) {
        self.checked += 1;
        if got != want {
            self.failures
                .push(format!("{what}\n   got: {got}\n  want: {want}"));
        }
    }

    fn finish(self, name: &str) {
        let n = self.failures.len();
        eprintln!("{name}: {} checks, {} mismatches", self.checked, n);
        let shown: Vec<&String> = self.failures.iter().take(6).collect();
        assert!(
            n == 0,
            "{name}: {n} of {} checks differ from pi-tui:\n{}",
            self.checked,
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

fn keybindings(user: &Value) -> SharedKeybindings {
    let mut kb = KeybindingsManager::new();
    if let Value::Object(map) = user {
        let bindings = map
            .iter()
            .map(|(id, keys)| {
                (
                    id.clone(),
                    arr(keys).iter().map(|k| s(k).to_string()).collect(),
                )
            })
            .collect();
        kb.set_user_bindings(bindings);
    }
    kb.shared()
}

fn provider(commands: &Value) -> CombinedAutocompleteProvider {
    let commands = arr(commands)
        .iter()
        .map(|c| {
            let mut cmd = SlashCommand::new(s(&c["name"]), c["description"].as_str());
            cmd.argument_hint = c["argumentHint"].as_str().map(str::to_string);
            if let Some(args) = c["args"].as_array() {
                let args: Vec<String> = args.iter().map(|a| s(a).to_string()).collect();
                cmd.argument_completions = Some(Arc::new(move |prefix: &str| {
                    Some(
                        args.iter()
                            .filter(|a| a.starts_with(prefix))
                            .map(|a| AutocompleteItem::new(a, a))
                            .collect(),
                    )
                }));
            }
            cmd
        })
        .collect();
    let tree = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/tree");
    CombinedAutocompleteProvider::new(commands, tree)
}

/// Which widths a step renders at (the generator's `renderPlan`).
fn render_plan(i: usize, count: usize, widths: &[usize]) -> Vec<usize> {
    if i % 6 == 5 || i + 1 == count {
        widths.to_vec()
    } else if i % 3 == 2 {
        widths.last().copied().into_iter().collect()
    } else {
        Vec::new()
    }
}

fn widths(sc: &Value) -> Vec<usize> {
    arr(&sc["widths"])
        .iter()
        .filter_map(Value::as_u64)
        .map(|w| w as usize)
        .collect()
}

fn step_label(step: &Value) -> String {
    step.as_str()
        .map_or_else(|| step.to_string(), |k| format!("{k:?}"))
}

#[test]
fn editor_matches_pi_tui() {
    let v = vectors();
    let mut tally = Tally::default();
    for sc in arr(&v["editor"]) {
        let name = s(&sc["name"]);
        let kb = keybindings(&sc["userBindings"]);
        let theme = EditorTheme {
            border_color: tag("b"),
            select_list: list_theme(),
        };
        let options = EditorOptions {
            padding_x: sc["paddingX"].as_u64().unwrap_or(0) as usize,
            autocomplete_max_visible: sc["maxVisible"].as_u64().unwrap_or(5) as usize,
        };
        let mut editor = Editor::new(theme, kb, options);
        editor.set_terminal_rows(sc["rows"].as_u64().unwrap_or(24) as usize);
        editor.set_focused(sc["focused"].as_bool().unwrap_or(true));
        editor.disable_submit = sc["disableSubmit"].as_bool().unwrap_or(false);
        for h in arr(&sc["history"]) {
            editor.add_to_history(s(h));
        }
        if sc["autocomplete"] == Value::Bool(true) {
            editor.set_autocomplete_provider(Box::new(provider(&v["commands"])));
        }
        let steps = arr(&sc["steps"]);
        let widths = widths(sc);
        let mut diverged = false;
        for (i, (step, want)) in steps.iter().zip(arr(&sc["record"])).enumerate() {
            if let Some(key) = step.as_str() {
                editor.handle_input(key);
            } else if let Some(text) = step["setText"].as_str() {
                editor.set_text(text);
            } else if let Some(text) = step["insert"].as_str() {
                editor.insert_text_at_cursor(text);
            }
            let text = editor.get_text();
            let mut events = Vec::new();
            for event in editor.take_events() {
                events.push(match event {
                    EditorEvent::Change(t) if t == text => serde_json::json!(["change"]),
                    EditorEvent::Change(t) => serde_json::json!(["change", t]),
                    EditorEvent::Submit(t) => {
                        editor.add_to_history(&t);
                        serde_json::json!(["submit", t])
                    }
                });
            }
            let (line, col) = editor.get_cursor();
            let expanded = editor.get_expanded_text();
            let renders: Vec<Value> = render_plan(i, steps.len(), &widths)
                .into_iter()
                .map(|w| serde_json::json!([w, *editor.render(w)]))
                .collect();
            let mut got = serde_json::json!({
                "text": text,
                "cursor": [line, col],
                "popup": editor.is_showing_autocomplete(),
                "events": events,
                "renders": renders,
            });
            if expanded != text {
                got["expanded"] = Value::String(expanded);
            }
            // After the first difference the states have drifted apart; report only that one.
            if !diverged {
                let before = tally.failures.len();
                tally.check(
                    &format!("editor {name:?} step {i} ({})", step_label(step)),
                    &got,
                    want,
                );
                diverged = tally.failures.len() > before;
            }
        }
    }
    tally.finish("editor");
}

#[test]
fn input_matches_pi_tui() {
    let v = vectors();
    let mut tally = Tally::default();
    for sc in arr(&v["input"]) {
        let name = s(&sc["name"]);
        let mut options = InputOptions::default();
        if let Some(prompt) = sc["prompt"].as_str() {
            options.prompt = prompt.to_string();
        }
        if let Some(placeholder) = sc["placeholder"].as_str() {
            options.placeholder = placeholder.to_string();
            options.placeholder_style = tag("ph");
        }
        let mut input = Input::new(options, KeybindingsManager::new().shared());
        input.set_focused(sc["focused"].as_bool().unwrap_or(true));
        let steps = arr(&sc["steps"]);
        let widths = widths(sc);
        let mut diverged = false;
        for (i, (step, want)) in steps.iter().zip(arr(&sc["record"])).enumerate() {
            input.handle_input(s(step));
            let events: Vec<Value> = input
                .take_events()
                .into_iter()
                .map(|e| match e {
                    InputEvent::Submit(t) => serde_json::json!(["submit", t]),
                    InputEvent::Escape => serde_json::json!(["escape"]),
                })
                .collect();
            let renders: Vec<Value> = render_plan(i, steps.len(), &widths)
                .into_iter()
                .map(|w| serde_json::json!([w, *input.render(w)]))
                .collect();
            let got = serde_json::json!({
                "value": input.get_value(),
                "cursor": input.cursor(),
                "events": events,
                "renders": renders,
            });
            if !diverged {
                let before = tally.failures.len();
                tally.check(
                    &format!("input {name:?} step {i} ({})", step_label(step)),
                    &got,
                    want,
                );
                diverged = tally.failures.len() > before;
            }
        }
    }
    tally.finish("input");
}

#[test]
fn select_list_matches_pi_tui() {
    let v = vectors();
    let mut tally = Tally::default();
    for sc in arr(&v["select"]) {
        let name = s(&sc["name"]);
        let items: Vec<SelectItem> = arr(&sc["items"])
            .iter()
            .map(|i| SelectItem {
                value: s(&i["value"]).to_string(),
                label: s(&i["label"]).to_string(),
                description: i["description"].as_str().map(str::to_string),
            })
            .collect();
        let layout = SelectListLayout {
            min_primary_column_width: sc["layout"]["minPrimaryColumnWidth"]
                .as_u64()
                .map(|w| w as usize),
            max_primary_column_width: sc["layout"]["maxPrimaryColumnWidth"]
                .as_u64()
                .map(|w| w as usize),
        };
        let max_visible = sc["maxVisible"].as_u64().unwrap_or(5) as usize;
        let mut list = SelectList::new(
            items,
            max_visible,
            list_theme(),
            KeybindingsManager::new().shared(),
        )
        .with_layout(layout);
        let widths = widths(sc);
        for (i, (step, want)) in arr(&sc["steps"]).iter().zip(arr(&sc["record"])).enumerate() {
            if let Some(key) = step.as_str() {
                list.handle_input(key);
            } else if let Some(filter) = step["filter"].as_str() {
                list.set_filter(filter);
            } else if let Some(index) = step["select"].as_u64() {
                list.set_selected_index(index as usize);
            }
            let events: Vec<Value> = list
                .take_events()
                .into_iter()
                .map(|e| match e {
                    SelectListEvent::Select(i) => serde_json::json!(["select", i.value]),
                    SelectListEvent::Cancel => serde_json::json!(["cancel"]),
                    SelectListEvent::SelectionChange(i) => serde_json::json!(["change", i.value]),
                })
                .collect();
            let renders: Vec<Value> = widths
                .iter()
                .map(|&w| serde_json::json!([w, *list.render(w)]))
                .collect();
            let got = serde_json::json!({
                "selected": list.get_selected_item().map(|i| i.value.clone()),
                "events": events,
                "renders": renders,
            });
            tally.check(
                &format!("select {name:?} step {i} ({})", step_label(step)),
                &got,
                want,
            );
        }
    }
    tally.finish("select");
}

#[test]
fn fuzzy_matches_pi_tui() {
    let v = vectors();
    let mut tally = Tally::default();
    for m in arr(&v["fuzzy"]["match"]) {
        let (query, text) = (s(&m[0]), s(&m[1]));
        let got = fuzzy_match(query, text);
        let want_score = m[3].as_f64().unwrap_or(f64::NAN);
        let same =
            got.matches == m[2].as_bool().unwrap_or(false) && (got.score - want_score).abs() < 1e-9;
        let got_v = serde_json::json!([query, text, got.matches, got.score]);
        tally.check(
            &format!("fuzzyMatch({query:?}, {text:?})"),
            &got_v,
            if same { &got_v } else { m },
        );
    }
    let texts: Vec<String> = arr(&v["fuzzy"]["filter"])
        .first()
        .map(|f| arr(&f[1]).iter().map(|t| s(t).to_string()).collect())
        .unwrap_or_default();
    for f in arr(&v["fuzzy"]["filter"]) {
        let query = s(&f[0]);
        let got = fuzzy_filter(&texts, query, |t| t.clone());
        tally.check(
            &format!("fuzzyFilter({query:?})"),
            &serde_json::json!(got),
            &f[1],
        );
    }
    tally.finish("fuzzy");
}
