//! `ctx.ui.addAutocompleteProvider`: the extensions' providers live in the Node host, stacked
//! on tau's own completion (docs/protocol.md "Autocomplete"). While there are any, the editor's
//! provider is [`ChainCompletion`]: a request goes to the host on its own task and the editor
//! keeps what it shows until the answer ([`SuggestionsReply::Later`]); the answer comes back
//! as an app event, is kept here, and the editor asks again. A chain that fails or does not
//! answer within [`completion_limit`] leaves tau's own suggestions for that text, so typing
//! never waits for an extension. The chain also inserts the chosen item (an extension may
//! insert its own way): the UI task asks the host for that insertion before it hands the key
//! to the editor, within [`apply_limit`], and the editor finds it here.
//!
//! Extension commands' `getArgumentCompletions` run in the host too: text after `/name ` for
//! such a command takes the same path even without providers. The host's innermost provider
//! asks tau (`autocomplete_base`), tau answers `commandArguments` (tau knows which built-in
//! shadows an extension command), and the host runs the extension's function.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde_json::{json, Value};
use tau_ext_bridge::components::{CompletionAnswer, CompletionApplied, CompletionRequest};
use tau_tui::autocomplete::{
    AutocompleteItem, AutocompleteProvider, AutocompleteSuggestions, CombinedAutocompleteProvider,
    CompletionResult, SuggestionsReply,
};
use tau_tui::editor::CompletionChoice;
use tau_tui::widgets::js_text::{byte_at_utf16, js_trim_start, utf16_len};

/// How long the chain has to suggest before tau's own suggestions show instead:
/// `TAU_EXT_AUTOCOMPLETE_MS`, else 2 s (Pi waits for ever; a loaded machine must not lose an
/// extension's answer, a hung extension must not lose the popup).
pub fn completion_limit() -> Duration {
    std::env::var("TAU_EXT_AUTOCOMPLETE_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(Duration::from_millis(2000), Duration::from_millis)
}

/// How long a key that inserts a completion waits for the chain's insertion: half the
/// suggestion limit (1 s by default), after which tau inserts the item itself.
pub fn apply_limit() -> Duration {
    completion_limit() / 2
}

/// The text and cursor (byte column) a request was made for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    lines: Vec<String>,
    line: usize,
    col: usize,
    force: bool,
}

/// What the chain answered for one request.
#[derive(Clone, Debug)]
enum Answer {
    Chain(Option<AutocompleteSuggestions>),
    /// Tab where the chain says not to complete files.
    Skip,
    /// The chain failed or was too slow: tau's own suggestions.
    Own,
}

/// Sends one request to the host; the answer comes back as an app event.
pub type Ask = Box<dyn Fn(Asked, CompletionRequest) + Send>;

struct State {
    own: CombinedAutocompleteProvider,
    /// Providers are stacked (their count) and their trigger characters.
    providers: usize,
    triggers: Vec<String>,
    extensions: Vec<String>,
    /// Extension commands with `getArgumentCompletions` (not shadowed by a built-in).
    argument_commands: Vec<String>,
    asked: Option<Asked>,
    answer: Option<(Asked, Answer)>,
    /// Insertions the chain made for a choice (Tab with one suggestion, or a key the UI
    /// task prepared).
    applied: Vec<(CompletionChoice, CompletionResult)>,
    /// The last error reported, so a provider that keeps failing is reported once.
    last_error: Option<String>,
    ask: Ask,
}

/// The completion state shared by the editor's provider and the UI task.
#[derive(Clone)]
pub struct Chain(Arc<Mutex<State>>);

fn to_units(lines: &[String], line: usize, col: usize) -> usize {
    lines
        .get(line)
        .map_or(0, |text| utf16_len(&text[..col.min(text.len())]))
}

fn to_bytes(lines: &[String], line: usize, units: usize) -> usize {
    lines.get(line).map_or(0, |text| byte_at_utf16(text, units))
}

/// The command name and argument text when the cursor is in the arguments of one of
/// `commands` (pi-tui's rule: `/name ` then the text up to the cursor; not on Tab).
fn command_argument<'a>(
    commands: &[String],
    lines: &'a [String],
    line: usize,
    col: usize,
    force: bool,
) -> Option<(&'a str, &'a str)> {
    if force {
        return None;
    }
    let current = lines.get(line)?;
    let before = js_trim_start(current.get(..col.min(current.len()))?);
    let (name, prefix) = before.strip_prefix('/')?.split_once(' ')?;
    commands.iter().any(|c| c == name).then_some((name, prefix))
}

/// The request the host gets for the editor's text and byte cursor.
pub fn request(
    lines: &[String],
    line: usize,
    col: usize,
    force: bool,
    tab: bool,
) -> CompletionRequest {
    CompletionRequest {
        lines: lines.to_vec(),
        cursor_line: line,
        cursor_col: to_units(lines, line, col),
        force,
        explicit_tab: tab,
    }
}

fn applied_result(applied: CompletionApplied) -> CompletionResult {
    let cursor_col = to_bytes(&applied.lines, applied.cursor_line, applied.cursor_col);
    CompletionResult {
        cursor_line: applied.cursor_line,
        cursor_col,
        lines: applied.lines,
    }
}

/// Suggestions from the host's JSON (malformed items are left out).
fn suggestions(value: &Value) -> Option<AutocompleteSuggestions> {
    let prefix = value.get("prefix")?.as_str()?.to_string();
    let items: Vec<AutocompleteItem> = value
        .get("items")?
        .as_array()?
        .iter()
        .filter_map(|item| {
            let value = item.get("value")?.as_str()?;
            Some(AutocompleteItem {
                value: value.to_string(),
                label: item
                    .get("label")
                    .and_then(Value::as_str)
                    .unwrap_or(value)
                    .to_string(),
                description: item
                    .get("description")
                    .and_then(Value::as_str)
                    .map(str::to_string),
            })
        })
        .collect();
    (!items.is_empty()).then_some(AutocompleteSuggestions { items, prefix })
}

fn suggestions_json(found: Option<AutocompleteSuggestions>) -> Value {
    match found {
        Some(s) => json!({
            "prefix": s.prefix,
            "items": s.items.iter().map(|i| {
                let mut item = json!({"value": i.value, "label": i.label});
                if let Some(d) = &i.description {
                    item["description"] = json!(d);
                }
                item
            }).collect::<Vec<_>>(),
        }),
        None => Value::Null,
    }
}

impl Chain {
    /// tau's own completion `own`; `ask` sends a request to the host.
    pub fn new(own: CombinedAutocompleteProvider, ask: Ask) -> Chain {
        Chain(Arc::new(Mutex::new(State {
            own,
            providers: 0,
            triggers: Vec::new(),
            extensions: Vec::new(),
            argument_commands: Vec::new(),
            asked: None,
            answer: None,
            applied: Vec::new(),
            last_error: None,
            ask,
        })))
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The editor's provider.
    pub fn provider(&self) -> Box<dyn AutocompleteProvider> {
        Box::new(ChainCompletion(self.clone()))
    }

    /// The host's providers changed.
    pub fn set_providers(&self, count: usize, triggers: Vec<String>, extensions: Vec<String>) {
        let mut st = self.lock();
        st.providers = count;
        st.triggers = triggers;
        st.extensions = extensions;
        st.answer = None;
        st.asked = None;
        st.applied.clear();
    }

    /// Extension commands whose arguments the host completes.
    pub fn set_argument_commands(&self, names: Vec<String>) {
        self.lock().argument_commands = names;
    }

    /// Whether the chain inserts completions (providers are stacked and the last answer was
    /// theirs).
    pub fn inserts(&self) -> bool {
        let st = self.lock();
        st.providers > 0 && !matches!(st.answer, Some((_, Answer::Own)))
    }

    /// The host answered `asked`. Returns an error to show, if any (a failure is shown once
    /// until the chain answers again).
    pub fn answered(
        &self,
        asked: Asked,
        result: Result<CompletionAnswer, String>,
    ) -> Option<String> {
        let mut st = self.lock();
        if st.asked.as_ref() == Some(&asked) {
            st.asked = None;
        }
        let answer = match result {
            Ok(answer) if answer.aborted => return None,
            Ok(answer) => {
                st.last_error = None;
                if answer.skip {
                    Answer::Skip
                } else {
                    let found = answer.suggestions.as_ref().and_then(suggestions);
                    if let (Some(applied), Some(found)) = (answer.applied, &found) {
                        if let [item] = found.items.as_slice() {
                            let choice = CompletionChoice {
                                lines: asked.lines.clone(),
                                cursor_line: asked.line,
                                cursor_col: asked.col,
                                item: item.clone(),
                                index: 0,
                                prefix: found.prefix.clone(),
                            };
                            remember(&mut st.applied, choice, applied_result(applied));
                        }
                    }
                    Answer::Chain(found)
                }
            }
            Err(error) => {
                let argument = command_argument(
                    &st.argument_commands,
                    &asked.lines,
                    asked.line,
                    asked.col,
                    asked.force,
                )
                .map(|(name, _)| name.to_string());
                st.answer = Some((asked, Answer::Own));
                let message = match argument {
                    Some(name) if st.providers == 0 => {
                        format!("/{name}: argument completions did not answer ({error})")
                    }
                    _ => format!(
                        "Extension autocomplete did not answer ({error}); showing tau's own suggestions. Providers of: {}",
                        st.extensions.join(", ")
                    ),
                };
                if st.last_error.as_ref() == Some(&message) {
                    return None;
                }
                st.last_error = Some(message.clone());
                return Some(message);
            }
        };
        st.answer = Some((asked, answer));
        None
    }

    /// The chain's insertion for `choice`, prepared by the UI task.
    pub fn prepared(&self, choice: CompletionChoice, applied: CompletionApplied) {
        remember(&mut self.lock().applied, choice, applied_result(applied));
    }

    /// tau's own suggestions for the chain's innermost provider (`autocomplete_base`).
    pub fn own_suggestions(&self, request: &CompletionRequest) -> Value {
        let mut st = self.lock();
        let col = to_bytes(&request.lines, request.cursor_line, request.cursor_col);
        if let Some((name, prefix)) = command_argument(
            &st.argument_commands,
            &request.lines,
            request.cursor_line,
            col,
            request.force,
        ) {
            return json!({
                "suggestions": null,
                "commandArguments": {"name": name, "prefix": prefix},
            });
        }
        let found = st
            .own
            .get_suggestions(&request.lines, request.cursor_line, col, request.force)
            .filter(|s| !s.items.is_empty());
        json!({ "suggestions": suggestions_json(found) })
    }
}

/// Keeps the last few prepared insertions (one per key, normally).
fn remember(
    applied: &mut Vec<(CompletionChoice, CompletionResult)>,
    choice: CompletionChoice,
    result: CompletionResult,
) {
    applied.retain(|(c, _)| *c != choice);
    applied.push((choice, result));
    if applied.len() > 4 {
        applied.remove(0);
    }
}

/// The editor's provider while the host may have providers.
struct ChainCompletion(Chain);

impl AutocompleteProvider for ChainCompletion {
    fn trigger_characters(&self) -> Vec<String> {
        self.0.lock().triggers.clone()
    }

    fn get_suggestions(
        &mut self,
        lines: &[String],
        line: usize,
        col: usize,
        force: bool,
    ) -> Option<AutocompleteSuggestions> {
        self.0.lock().own.get_suggestions(lines, line, col, force)
    }

    fn request_suggestions(
        &mut self,
        lines: &[String],
        line: usize,
        col: usize,
        force: bool,
        explicit_tab: bool,
    ) -> SuggestionsReply {
        let mut st = self.0.lock();
        if st.providers == 0
            && command_argument(&st.argument_commands, lines, line, col, force).is_none()
        {
            return SuggestionsReply::Ready(st.own.get_suggestions(lines, line, col, force));
        }
        let asked = Asked {
            lines: lines.to_vec(),
            line,
            col,
            force,
        };
        match &st.answer {
            Some((key, Answer::Chain(found))) if *key == asked => {
                return SuggestionsReply::Ready(found.clone())
            }
            Some((key, Answer::Own)) if *key == asked => {
                return SuggestionsReply::Ready(st.own.get_suggestions(lines, line, col, force))
            }
            Some((key, Answer::Skip)) if *key == asked => return SuggestionsReply::Ready(None),
            _ => {}
        }
        if st.asked.as_ref() != Some(&asked) {
            st.asked = Some(asked.clone());
            let sent = request(lines, line, col, force, explicit_tab);
            (st.ask)(asked, sent);
        }
        SuggestionsReply::Later
    }

    fn apply_completion(
        &self,
        lines: &[String],
        line: usize,
        col: usize,
        item: &AutocompleteItem,
        prefix: &str,
    ) -> CompletionResult {
        let st = self.0.lock();
        let prepared = st.applied.iter().find(|(c, _)| {
            c.lines == lines
                && c.cursor_line == line
                && c.cursor_col == col
                && c.item.value == item.value
                && c.prefix == prefix
        });
        match prepared {
            Some((_, result)) => result.clone(),
            None => st.own.apply_completion(lines, line, col, item, prefix),
        }
    }

    fn should_trigger_file_completion(&self, lines: &[String], line: usize, col: usize) -> bool {
        let st = self.0.lock();
        if st.providers == 0 {
            return st.own.should_trigger_file_completion(lines, line, col);
        }
        // The chain decides with the request (a `skip` answer).
        !matches!(&st.answer, Some((key, Answer::Skip))
            if key.lines == lines && key.line == line && key.col == col && key.force)
    }
}

/// How the completion chain reaches the host: each request on its own task (a newer one
/// aborts the older in the host), the answer back to the UI task as an event.
pub fn ask_host(
    host: Option<Arc<tau_ext_bridge::ExtensionHost>>,
    events: super::bridge::AppSender,
) -> Ask {
    let Some(host) = host else {
        return Box::new(|_, _| {});
    };
    Box::new(move |asked, request| {
        let (host, events) = (host.clone(), events.clone());
        tokio::spawn(async move {
            let result = host
                .components()
                .autocomplete(&request, completion_limit())
                .await;
            let _ = events.send(super::bridge::AppEvent::Completion { asked, result });
        });
    })
}

/// A key that inserts a completion while extension providers are stacked: the chain's
/// insertion is asked for first (within a short limit; tau's own otherwise), so the editor
/// inserts what Pi would.
pub async fn prepare(
    host: &tau_ext_bridge::ExtensionHost,
    completion: &Chain,
    editor: &dyn super::editor_slot::PromptEditor,
    data: &str,
) {
    if !completion.inserts() {
        return;
    }
    let Some(choice) = editor.completion_choice(data) else {
        return;
    };
    let sent = request(
        &choice.lines,
        choice.cursor_line,
        choice.cursor_col,
        false,
        false,
    );
    let item = serde_json::json!({
        "value": choice.item.value,
        "label": choice.item.label,
        "description": choice.item.description,
    });
    let applied = host
        .components()
        .autocomplete_apply(&sent, choice.index, item, &choice.prefix, apply_limit())
        .await;
    if let Ok(applied) = applied {
        completion.prepared(choice, applied);
    }
}

#[cfg(test)]
#[path = "ext_completion_tests.rs"]
mod tests;
