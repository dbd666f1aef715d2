//! tau's key handling against vectors generated from pi-tui (gen/key_vectors.mjs): every
//! sequence's name, every key id it matches (and does not), release/repeat, and the splitter's
//! events and pending timer after each step of each input stream.

use serde_json::Value;
use tau_tui::keys::{
    is_key_release, is_key_repeat, matches_key, parse_key, InputEvent, InputSplitter, KeyContext,
    PendingTimeout,
};

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/keys.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parse {path}: {e}"))
}

fn arr(v: &Value) -> &Vec<Value> {
    v.as_array()
        .unwrap_or_else(|| panic!("expected an array, got {v}"))
}

fn str_of(v: &Value) -> &str {
    v.as_str()
        .unwrap_or_else(|| panic!("expected a string, got {v}"))
}

fn contexts(v: &Value) -> Vec<KeyContext> {
    arr(&v["contexts"])
        .iter()
        .map(|c| KeyContext {
            kitty_active: c["kitty"] == Value::Bool(true),
            windows_terminal: c["wt"] == Value::Bool(true),
        })
        .collect()
}

/// Collects mismatches, keeps the first few for the failure message.
#[derive(Default)]
struct Tally {
    checked: usize,
    failed: usize,
    first: Vec<String>,
}

impl Tally {
    fn check(&mut self, ok: bool, describe: impl FnOnce() -> String) {
        self.checked += 1;
        if !ok {
            self.failed += 1;
            if self.first.len() < 25 {
                self.first.push(describe());
            }
        }
    }

    fn assert_all(&self, what: &str) {
        assert!(
            self.failed == 0,
            "{what}: {} of {} differ from pi-tui; first mismatches:\n{}",
            self.failed,
            self.checked,
            self.first.join("\n")
        );
    }
}

#[test]
fn parse_key_matches_pi_tui() {
    let v = vectors();
    let ctxs = contexts(&v);
    let mut tally = Tally::default();
    for k in arr(&v["keys"]) {
        let data = str_of(&k["d"]);
        for (ctx, want) in ctxs.iter().zip(arr(&k["p"])) {
            let got = parse_key(data, *ctx);
            tally.check(got.as_deref() == want.as_str(), || {
                format!("parse_key({data:?}, {ctx:?}) = {got:?}, pi-tui {want}")
            });
        }
    }
    tally.assert_all("parse_key");
}

/// Every sequence against every key id in one terminal state (one test per state, so the
/// ~9 million checks per state run in parallel).
fn matches_key_in_context(index: usize) {
    let v = vectors();
    let ctx = contexts(&v)[index];
    let ids: Vec<&str> = arr(&v["key_ids"]).iter().map(str_of).collect();
    let mut tally = Tally::default();
    for k in arr(&v["keys"]) {
        let data = str_of(&k["d"]);
        let mut expected = vec![false; ids.len()];
        for i in arr(&arr(&k["m"])[index]) {
            expected[i.as_u64().unwrap_or(0) as usize] = true;
        }
        for (id, want) in ids.iter().zip(expected) {
            let got = matches_key(data, id, ctx);
            tally.check(got == want, || {
                format!("matches_key({data:?}, {id:?}, {ctx:?}) = {got}, pi-tui {want}")
            });
        }
    }
    tally.assert_all(&format!("matches_key in {ctx:?}"));
}

#[test]
fn matches_key_matches_pi_tui_legacy() {
    matches_key_in_context(0);
}

#[test]
fn matches_key_matches_pi_tui_kitty() {
    matches_key_in_context(1);
}

#[test]
fn matches_key_matches_pi_tui_windows_terminal() {
    matches_key_in_context(2);
}

#[test]
fn release_and_repeat_match_pi_tui() {
    let v = vectors();
    let mut tally = Tally::default();
    for k in arr(&v["keys"]) {
        let data = str_of(&k["d"]);
        let (rel, rep) = (is_key_release(data), is_key_repeat(data));
        tally.check(Value::Bool(rel) == k["rel"], || {
            format!("is_key_release({data:?}) = {rel}, pi-tui {}", k["rel"])
        });
        tally.check(Value::Bool(rep) == k["rep"], || {
            format!("is_key_repeat({data:?}) = {rep}, pi-tui {}", k["rep"])
        });
    }
    tally.assert_all("release/repeat");
}

fn event_json(e: &InputEvent) -> Value {
    match e {
        InputEvent::Data(s) => serde_json::json!(["d", s]),
        InputEvent::Paste(s) => serde_json::json!(["p", s]),
    }
}

#[test]
fn splitter_matches_pi_tui() {
    let v = vectors();
    let mut tally = Tally::default();
    for stream in arr(&v["split"]) {
        let mut splitter = InputSplitter::new();
        let mut history = Vec::new();
        for step in arr(stream) {
            let step = arr(step);
            let (events, input) = match str_of(&step[0]) {
                "feed" => {
                    let input = str_of(&step[1]);
                    (splitter.feed(input), Some(input))
                }
                _ => (splitter.timeout_elapsed(), None),
            };
            let (want_events, want_pending) = (&step[step.len() - 2], &step[step.len() - 1]);
            let got_events = Value::Array(events.iter().map(event_json).collect());
            let got_pending = match splitter.pending_timeout() {
                None => Value::Null,
                Some(PendingTimeout::Escape) => serde_json::json!(10),
                Some(PendingTimeout::Sequence) => serde_json::json!(50),
            };
            history.push(match input {
                Some(i) => format!("feed {i:?}"),
                None => "timeout".to_string(),
            });
            tally.check(&got_events == want_events && &got_pending == want_pending, || {
                format!(
                    "after [{}]: tau {got_events} pending {got_pending}, pi-tui {want_events} pending {want_pending}",
                    history.join(", ")
                )
            });
        }
    }
    tally.assert_all("splitter");
}
