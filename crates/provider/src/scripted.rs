//! The scripted model: an offline provider (api and provider `scripted`) that plays a JSON
//! script of assistant turns as streamed deltas. It is the default for demos and tests.
//!
//! # Script format
//!
//! ```json
//! {
//!   "description": "optional free text",
//!   "delayMs": 0,
//!   "turns": [
//!     { "thinking": "…", "text": "…",
//!       "toolCalls": [{ "name": "bash", "arguments": { "command": "mktemp -d" } }],
//!       "capture": { "dir": "(/\\S+)" } },
//!     { "match": [
//!         { "when": { "toolResultContains": "Traceback", "isError": false, "toolName": "bash" },
//!           "turn": { "text": "It crashed." } },
//!         { "turn": { "text": "${dir} looks fine." } } ] }
//!   ]
//! }
//! ```
//!
//! A turn has optional `thinking`, `text` and `toolCalls` (`name`, `arguments` object), and
//! streams them in that order: text and thinking in several deltas, each tool call's argument
//! JSON in several fragments. Tool-call ids are `call_1`, `call_2`… numbered across the
//! conversation. `stopReason` is `stop`, `length` or `toolUse` (default: `toolUse` when the
//! turn has tool calls, else `stop`); `error` ends the turn with that error message instead
//! (stop reason `error`) after streaming its content. `usage` (`input`, `output`,
//! `cacheRead`, `cacheWrite`) replaces the token estimates (about four characters per
//! token). `delayMs` (per turn, or script-wide at the top level) waits before each delta, so
//! a test can abort mid-stream.
//!
//! A `match` turn reacts to the last tool results: the tool-result messages since the
//! previous assistant message. The first arm whose `when` holds wins; `when` holds when one
//! tool result meets every condition given (text contains `toolResultContains`, `isError`
//! equals, `toolName` equals). An arm without `when` (or with `"when": {}`) always holds.
//! When no arm holds, the turn ends with an error saying so.
//!
//! `capture` maps variable names to regexes with at most one group. It applies to the tool
//! results that answer the turn carrying it (all their text, joined by newlines): the group
//! (or the whole match) becomes the variable. `${name}` is then replaced in later turns'
//! `thinking`, `text`, `error`, tool names and every string inside `arguments`. A variable
//! never captured is left as written.
//!
//! Three variables describe the request itself and are always set: `${tools}` (the offered
//! tool names, comma-separated), `${systemPrompt}` and `${lastUserMessage}` (its text).
//!
//! # Which turn plays
//!
//! The provider keeps no state between requests (a test may run several tau processes over
//! one session), so it plays `turns[n]` where `n` is the number of assistant messages in the
//! request, whatever model wrote them and whatever their stop reason. Variables are rebuilt
//! the same way, by replaying the captures of the turns already played. Once the script is
//! exhausted, every request gets a final text answer saying the script has ended (stop
//! reason `stop`).

mod play;
mod script;

use std::collections::VecDeque;
use std::path::Path;
use std::time::Duration;

use futures::StreamExt;
use tau_protocol::{AssistantMessageEvent, Model, StopReason};
use tokio_util::sync::CancellationToken;

use crate::builder::{AssistantMessageBuilder, ABORTED_MESSAGE};
use crate::provider::{EventStream, Provider, ProviderRequest};
use play::{Ending, Reply};
use script::Script;
pub use script::ScriptError;

/// The `api` and `provider` of the scripted model.
pub const SCRIPTED: &str = "scripted";

/// Scripts shipped in the binary, by name (`tau --model scripted/<name>`).
const BUILTIN: [(&str, &str); 2] = [
    ("demo", include_str!("../scripts/demo.json")),
    ("hello", include_str!("../scripts/hello.json")),
];

/// Longest delta, in characters; deltas end after whitespace when they can.
const DELTA_CHARS: usize = 16;

/// The model description of the scripted provider: free, 200k context, 32k output.
pub fn scripted_model(id: &str) -> Model {
    Model {
        id: id.to_owned(),
        name: format!("Scripted ({id})"),
        api: SCRIPTED.to_owned(),
        provider: SCRIPTED.to_owned(),
        base_url: String::new(),
        reasoning: true,
        input: vec!["text".to_owned(), "image".to_owned()],
        cost: tau_protocol::model::ModelCost::default(),
        context_window: 200_000,
        max_tokens: 32_000,
        headers: None,
        compat: None,
        thinking_level_map: None,
    }
}

/// Plays a script; see the module docs for the format.
#[derive(Debug, Clone)]
pub struct ScriptedProvider {
    script: Script,
}

impl ScriptedProvider {
    /// Loads a script file.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Self, ScriptError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|error| ScriptError::Read {
            path: path.to_owned(),
            error,
        })?;
        Self::parse(&text, &path.display().to_string())
    }

    /// Parses script text; `origin` (a path or name) identifies it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Self, ScriptError> {
        Script::parse(text, origin).map(|script| Self { script })
    }

    /// A script shipped with tau: `demo` (a multi-step tool-using run in a temp directory)
    /// or `hello` (one text answer).
    pub fn builtin(name: &str) -> Result<Self, ScriptError> {
        let (_, text) = BUILTIN
            .iter()
            .find(|(builtin, _)| *builtin == name)
            .ok_or_else(|| ScriptError::UnknownBuiltin {
                name: name.to_owned(),
                available: Self::builtin_names().join(", "),
            })?;
        Self::parse(text, &format!("builtin:{name}"))
    }

    /// Names of the built-in scripts.
    pub fn builtin_names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(name, _)| *name).collect()
    }

    /// Number of turns in the script.
    pub fn turn_count(&self) -> usize {
        self.script.turns.len()
    }
}

impl Provider for ScriptedProvider {
    fn stream(&self, request: ProviderRequest, cancel: CancellationToken) -> EventStream {
        let reply = play::reply(
            &self.script,
            &request.messages,
            play::request_variables(&request),
        );
        let usage = play::usage(&request.system_prompt, &request.messages, &reply);
        let mut builder = AssistantMessageBuilder::new(&request.model);
        // Input tokens are known up front, as a real provider reports them at message start;
        // output tokens are added at the end, so an aborted turn reports input only.
        builder.set_usage(tau_protocol::Usage {
            input: usage.input,
            cache_read: usage.cache_read,
            cache_write: usage.cache_write,
            total_tokens: usage.input + usage.cache_read + usage.cache_write,
            ..tau_protocol::Usage::default()
        });
        let player = Player {
            builder: Some(builder),
            started: false,
            steps: steps(&reply),
            ending: reply.ending,
            usage,
            delay: Duration::from_millis(reply.delay_ms),
            cancel,
        };
        futures::stream::unfold(player, |mut player| async move {
            let events = player.next().await?;
            Some((events, player))
        })
        .flat_map(futures::stream::iter)
        .boxed()
    }
}

/// One streamed piece of a reply.
#[derive(Debug, Clone)]
enum Step {
    Thinking(String),
    Text(String),
    ToolCall { id: String, name: String },
    Arguments(String),
}

fn steps(reply: &Reply) -> VecDeque<Step> {
    let mut steps = VecDeque::new();
    if let Some(thinking) = &reply.thinking {
        steps.extend(chunks(thinking).map(Step::Thinking));
    }
    if let Some(text) = &reply.text {
        steps.extend(chunks(text).map(Step::Text));
    }
    for (id, name, arguments) in &reply.tool_calls {
        steps.push_back(Step::ToolCall {
            id: id.clone(),
            name: name.clone(),
        });
        steps.extend(chunks(&arguments.to_string()).map(Step::Arguments));
    }
    steps
}

/// Splits `text` into deltas of at most `DELTA_CHARS` characters, cutting after whitespace
/// when a piece has some in its second half.
fn chunks(text: &str) -> impl Iterator<Item = String> + '_ {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let limit = rest
            .char_indices()
            .nth(DELTA_CHARS)
            .map_or(rest.len(), |(at, _)| at);
        let cut = if limit == rest.len() {
            limit
        } else {
            rest[..limit]
                .char_indices()
                .rev()
                .find(|&(at, c)| c.is_whitespace() && at >= limit / 2)
                .map_or(limit, |(at, c)| at + c.len_utf8())
        };
        let (piece, tail) = rest.split_at(cut);
        rest = tail;
        Some(piece.to_owned())
    })
}

/// Plays the steps of one reply through the builder.
struct Player {
    /// `None` once the final event went out.
    builder: Option<AssistantMessageBuilder>,
    started: bool,
    steps: VecDeque<Step>,
    ending: Ending,
    usage: tau_protocol::Usage,
    delay: Duration,
    cancel: CancellationToken,
}

impl Player {
    /// The events of the next step; `None` after the final event.
    async fn next(&mut self) -> Option<Vec<AssistantMessageEvent>> {
        let builder = self.builder.as_mut()?;
        if !self.started {
            self.started = true;
            return Some(vec![builder.start()]);
        }
        if self.cancel.is_cancelled() {
            return Some(vec![self.abort()?]);
        }
        let Some(step) = self.steps.pop_front() else {
            let mut builder = self.builder.take()?;
            builder.set_usage(self.usage.clone());
            return Some(match &self.ending {
                Ending::Done(reason) => builder.finish(*reason),
                Ending::Error(message) => {
                    let mut events = builder.close_all();
                    events.push(builder.fail(StopReason::Error, message.clone()));
                    events
                }
            });
        };
        if !self.delay.is_zero() {
            tokio::select! {
                () = tokio::time::sleep(self.delay) => {}
                () = self.cancel.cancelled() => return Some(vec![self.abort()?]),
            }
        }
        let builder = self.builder.as_mut()?;
        Some(match step {
            Step::Thinking(delta) => builder.thinking_delta(&delta),
            Step::Text(delta) => builder.text_delta(&delta),
            Step::ToolCall { id, name } => builder.tool_call_start(id, name),
            Step::Arguments(json) => builder.tool_call_delta(&json),
        })
    }

    fn abort(&mut self) -> Option<AssistantMessageEvent> {
        Some(
            self.builder
                .take()?
                .fail(StopReason::Aborted, ABORTED_MESSAGE),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn chunks_cover_the_text_and_prefer_word_ends() {
        let text = "The quick brown fox jumps over the lazy dog, twice: ünïcødé ✓.";
        let pieces: Vec<_> = chunks(text).collect();
        assert_eq!(pieces.concat(), text);
        assert!(pieces.len() > 3, "{pieces:?}");
        assert!(pieces.iter().all(|p| p.chars().count() <= DELTA_CHARS));
        assert_eq!(pieces[0], "The quick brown ");
        assert_eq!(chunks("").count(), 0);
        assert_eq!(chunks("short").collect::<Vec<_>>(), ["short"]);
    }

    #[test]
    fn builtin_scripts_load() {
        for name in ScriptedProvider::builtin_names() {
            let provider = ScriptedProvider::builtin(name).unwrap();
            assert!(provider.turn_count() > 0, "{name}");
        }
        let error = ScriptedProvider::builtin("nope").unwrap_err().to_string();
        assert_eq!(
            error,
            "no built-in script named \"nope\"; built-in scripts: demo, hello"
        );
    }
}
