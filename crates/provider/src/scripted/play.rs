//! Choosing what the scripted model says for one request: which turn, which `match` arm, the
//! captured variables and their substitution, and the token estimates.
//!
//! Everything is derived from the request's messages, so the provider keeps no state between
//! requests: turn `n` is played when the request holds `n` assistant messages, and variables
//! are recomputed by replaying the captures of the turns already played.

use std::collections::HashMap;

use serde_json::Value;
use tau_protocol::{AgentMessage, ContentBlock, StopReason, ToolResultMessage, Usage};

use super::script::{is_var_name, Condition, Script, ScriptUsage, Turn, TurnSpec};

/// How the reply ends.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Ending {
    /// `Done` with this stop reason.
    Done(StopReason),
    /// `Error` (stop reason `error`) with this message.
    Error(String),
}

/// A resolved reply: the turn with variables substituted and ids assigned.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Reply {
    pub(crate) thinking: Option<String>,
    pub(crate) text: Option<String>,
    /// `(id, name, arguments)` in call order.
    pub(crate) tool_calls: Vec<(String, String, Value)>,
    pub(crate) ending: Ending,
    /// Token counts the script set, replacing estimates field by field.
    pub(crate) usage: ScriptUsage,
    pub(crate) delay_ms: u64,
}

/// Picks and resolves the reply to `messages`.
/// Variables every script can use, describing the request itself: `${tools}` (the offered
/// tool names, comma-separated), `${systemPrompt}` and `${lastUserMessage}`. Tests use them
/// to see what tau sent the model.
pub(crate) fn request_variables(request: &crate::ProviderRequest) -> HashMap<String, String> {
    let tools: Vec<&str> = request
        .tools
        .iter()
        .map(|tool| tool.name.as_str())
        .collect();
    let last_user = request
        .messages
        .iter()
        .rev()
        .find_map(|message| match message {
            AgentMessage::User(user) => Some(user.content.joined_text()),
            _ => None,
        });
    HashMap::from([
        ("tools".to_owned(), tools.join(",")),
        ("systemPrompt".to_owned(), request.system_prompt.clone()),
        ("lastUserMessage".to_owned(), last_user.unwrap_or_default()),
    ])
}

/// Picks and resolves the reply to `messages`; `vars` starts with the request variables.
pub(crate) fn reply(
    script: &Script,
    messages: &[AgentMessage],
    mut vars: HashMap<String, String>,
) -> Reply {
    let segments = tool_result_segments(messages);
    // One segment per assistant message plus the trailing one.
    let played = segments.len() - 1;
    let first_call = 1 + messages
        .iter()
        .filter_map(|m| {
            if let AgentMessage::Assistant(a) = m {
                Some(a.tool_calls().count())
            } else {
                None
            }
        })
        .sum::<usize>();
    let Some(spec) = script.turns.get(played) else {
        return Reply {
            text: Some(format!(
                "The script has ended: all {} turns were played, so the scripted model has nothing more to say.",
                script.turns.len()
            )),
            ..empty(Ending::Done(StopReason::Stop), script.delay_ms)
        };
    };
    for (index, spec) in script.turns.iter().take(played).enumerate() {
        if let Some(turn) = resolve(spec, &segments[index]) {
            capture(turn, &segments[index + 1], &mut vars);
        }
    }
    match resolve(spec, &segments[played]) {
        Some(turn) => substitute_turn(turn, &vars, first_call, script.delay_ms),
        None => empty(
            Ending::Error(format!(
                "scripted model: no arm of the match in turns[{played}] fits the last tool result; add an arm without \"when\" as the default"
            )),
            script.delay_ms,
        ),
    }
}

/// A reply without content that ends as `ending` says.
fn empty(ending: Ending, delay_ms: u64) -> Reply {
    Reply {
        thinking: None,
        text: None,
        tool_calls: Vec::new(),
        ending,
        usage: ScriptUsage::default(),
        delay_ms,
    }
}

/// The tool results before each assistant message, and after the last one.
fn tool_result_segments(messages: &[AgentMessage]) -> Vec<Vec<&ToolResultMessage>> {
    let mut segments = vec![Vec::new()];
    for message in messages {
        match message {
            AgentMessage::Assistant(_) => segments.push(Vec::new()),
            AgentMessage::ToolResult(result) => {
                if let Some(last) = segments.last_mut() {
                    last.push(result);
                }
            }
            AgentMessage::User(_)
            | AgentMessage::Custom(_)
            | AgentMessage::BashExecution(_)
            | AgentMessage::BranchSummary(_)
            | AgentMessage::CompactionSummary(_)
            | AgentMessage::Other(_) => {}
        }
    }
    segments
}

/// The turn a spec plays against `results`; `None` when no match arm fits.
fn resolve<'a>(spec: &'a TurnSpec, results: &[&ToolResultMessage]) -> Option<&'a Turn> {
    match spec {
        TurnSpec::Plain(turn) => Some(turn),
        TurnSpec::Match(arms) => arms
            .iter()
            .find(|arm| arm.when.as_ref().is_none_or(|when| holds(when, results)))
            .map(|arm| &arm.turn),
    }
}

/// True when one of `results` meets every condition that is set (`{}` always holds).
fn holds(when: &Condition, results: &[&ToolResultMessage]) -> bool {
    if when.tool_result_contains.is_none() && when.is_error.is_none() && when.tool_name.is_none() {
        return true;
    }
    results.iter().any(|result| {
        when.is_error.is_none_or(|e| e == result.is_error)
            && when
                .tool_name
                .as_ref()
                .is_none_or(|name| *name == result.tool_name)
            && when
                .tool_result_contains
                .as_ref()
                .is_none_or(|needle| result_text(result).contains(needle.as_str()))
    })
}

fn result_text(result: &ToolResultMessage) -> String {
    result
        .content
        .iter()
        .filter_map(ContentBlock::as_text)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Applies `turn`'s captures to the text of `results` (joined by newlines).
fn capture(turn: &Turn, results: &[&ToolResultMessage], vars: &mut HashMap<String, String>) {
    if turn.capture.is_empty() {
        return;
    }
    let text = results
        .iter()
        .map(|r| result_text(r))
        .collect::<Vec<_>>()
        .join("\n");
    for capture in &turn.capture {
        if let Some(found) = capture.regex.captures(&text) {
            if let Some(value) = found.get(1).or_else(|| found.get(0)) {
                vars.insert(capture.var.clone(), value.as_str().to_owned());
            }
        }
    }
}

fn substitute_turn(
    turn: &Turn,
    vars: &HashMap<String, String>,
    first_call: usize,
    default_delay: u64,
) -> Reply {
    let tool_calls: Vec<_> = turn
        .tool_calls
        .iter()
        .enumerate()
        .map(|(offset, call)| {
            (
                format!("call_{}", first_call + offset),
                substitute(&call.name, vars),
                substitute_value(&call.arguments, vars),
            )
        })
        .collect();
    let ending = match (&turn.error, turn.stop_reason) {
        (Some(error), _) => Ending::Error(substitute(error, vars)),
        (None, Some(reason)) => Ending::Done(reason),
        (None, None) if tool_calls.is_empty() => Ending::Done(StopReason::Stop),
        (None, None) => Ending::Done(StopReason::ToolUse),
    };
    Reply {
        thinking: turn.thinking.as_deref().map(|t| substitute(t, vars)),
        text: turn.text.as_deref().map(|t| substitute(t, vars)),
        tool_calls,
        ending,
        usage: turn.usage.clone().unwrap_or_default(),
        delay_ms: turn.delay_ms.unwrap_or(default_delay),
    }
}

/// Replaces `${name}` for every captured `name`; unknown names stay as written.
pub(crate) fn substitute(text: &str, vars: &HashMap<String, String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        match after.find('}') {
            Some(end) if is_var_name(&after[..end]) && vars.contains_key(&after[..end]) => {
                out.push_str(&vars[&after[..end]]);
                rest = &after[end + 1..];
            }
            _ => {
                out.push_str("${");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn substitute_value(value: &Value, vars: &HashMap<String, String>) -> Value {
    match value {
        Value::String(s) => Value::String(substitute(s, vars)),
        Value::Array(items) => {
            Value::Array(items.iter().map(|v| substitute_value(v, vars)).collect())
        }
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), substitute_value(v, vars)))
                .collect(),
        ),
        Value::Null | Value::Bool(_) | Value::Number(_) => value.clone(),
    }
}

/// Plausible token counts: about four characters per token, as pi-ai's faux provider
/// estimates, with the script's numbers taking precedence.
pub(crate) fn usage(system_prompt: &str, messages: &[AgentMessage], reply: &Reply) -> Usage {
    let prompt_chars =
        system_prompt.chars().count() + messages.iter().map(message_chars).sum::<usize>();
    let output_chars = reply.thinking.as_deref().map_or(0, |t| t.chars().count())
        + reply.text.as_deref().map_or(0, |t| t.chars().count())
        + reply
            .tool_calls
            .iter()
            .map(|(_, name, args)| name.chars().count() + args.to_string().chars().count())
            .sum::<usize>();
    let input = reply.usage.input.unwrap_or(tokens(prompt_chars));
    let output = reply.usage.output.unwrap_or(tokens(output_chars));
    let cache_read = reply.usage.cache_read.unwrap_or(0);
    let cache_write = reply.usage.cache_write.unwrap_or(0);
    Usage {
        input,
        output,
        cache_read,
        cache_write,
        total_tokens: input + output + cache_read + cache_write,
        ..Usage::default()
    }
}

fn tokens(chars: usize) -> u64 {
    chars.div_ceil(4) as u64
}

fn message_chars(message: &AgentMessage) -> usize {
    let blocks_chars = |blocks: &[ContentBlock]| -> usize {
        blocks
            .iter()
            .map(|block| match block {
                ContentBlock::Text { text, .. } => text.chars().count(),
                ContentBlock::Thinking { thinking, .. } => thinking.chars().count(),
                ContentBlock::ToolCall(call) => {
                    call.name.chars().count() + call.arguments.to_string().chars().count()
                }
                ContentBlock::Image { .. } => 0,
            })
            .sum()
    };
    match message {
        AgentMessage::User(user) => user.content.joined_text().chars().count(),
        AgentMessage::Assistant(assistant) => blocks_chars(&assistant.content),
        AgentMessage::ToolResult(result) => blocks_chars(&result.content),
        AgentMessage::Custom(custom) => custom.content.joined_text().chars().count(),
        AgentMessage::BashExecution(_)
        | AgentMessage::BranchSummary(_)
        | AgentMessage::CompactionSummary(_)
        | AgentMessage::Other(_) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn substitution_replaces_known_variables_only() {
        let vars = HashMap::from([("dir".to_owned(), "/tmp/x".to_owned())]);
        assert_eq!(substitute("${dir}/a.sh", &vars), "/tmp/x/a.sh");
        assert_eq!(substitute("${other} ${dir}", &vars), "${other} /tmp/x");
        assert_eq!(
            substitute("$dir ${ dir} ${dir", &vars),
            "$dir ${ dir} ${dir"
        );
        assert_eq!(substitute("cost: $5, ${dir}}", &vars), "cost: $5, /tmp/x}");
    }
}
