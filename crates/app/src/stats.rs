//! Pi's session statistics (`getSessionStats`, `getContextUsage`): message counts and usage
//! summed over every entry (compacted history too), the last response's cache hit rate,
//! and how full the context window is. RPC answers with them; the footer shows them.

use serde_json::{json, Value};
use tau_protocol::session::SessionEntry;
use tau_protocol::{AgentMessage, StopReason, Usage};
use tau_runtime::compaction::tokens::{
    calculate_context_tokens, estimate_projected_context_tokens,
};
use tau_session::Session;

/// Token and cost totals.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Totals {
    /// Input tokens.
    pub input: u64,
    /// Output tokens.
    pub output: u64,
    /// Cache reads.
    pub cache_read: u64,
    /// Cache writes.
    pub cache_write: u64,
    /// Cost in dollars.
    pub cost: f64,
}

impl Totals {
    /// Adds one response's (or entry's) usage.
    pub fn add(&mut self, usage: &Usage) {
        self.input += usage.input;
        self.output += usage.output;
        self.cache_read += usage.cache_read;
        self.cache_write += usage.cache_write;
        self.cost += usage.cost.total;
    }
}

/// A response's cache hit rate in percent: cache reads of all prompt tokens (`None` without
/// prompt tokens).
pub fn cache_hit_rate(usage: &Usage) -> Option<f64> {
    let prompt = usage.input + usage.cache_read + usage.cache_write;
    (prompt > 0).then(|| usage.cache_read as f64 / prompt as f64 * 100.0)
}

/// Message counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// User messages.
    pub users: u64,
    /// Assistant messages.
    pub assistants: u64,
    /// Tool results.
    pub results: u64,
    /// Every message.
    pub total: u64,
    /// Tool calls in assistant messages.
    pub calls: u64,
}

/// One pass over every entry.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Scan {
    /// Usage totals.
    pub totals: Totals,
    /// Message counts.
    pub counts: Counts,
    /// The last assistant response's cache hit rate in percent.
    pub cache_hit_rate: Option<f64>,
}

/// Counts and sums over every entry of the session (read in place: a long session is not
/// copied into JSON for it).
pub fn scan(session: &mut Session) -> Scan {
    let mut scan = Scan::default();
    for entry in session.tree().entries() {
        match entry {
            SessionEntry::Usage(entry) => scan.totals.add(&entry.usage),
            SessionEntry::Compaction(entry) => {
                if let Some(usage) = &entry.usage {
                    scan.totals.add(usage);
                }
            }
            SessionEntry::BranchSummary(entry) => {
                if let Some(usage) = &entry.usage {
                    scan.totals.add(usage);
                }
            }
            SessionEntry::Message(entry) => {
                scan.counts.total += 1;
                match &entry.message {
                    AgentMessage::User(_) => scan.counts.users += 1,
                    AgentMessage::ToolResult(result) => {
                        scan.counts.results += 1;
                        if let Some(usage) = &result.usage {
                            scan.totals.add(usage);
                        }
                    }
                    AgentMessage::Assistant(assistant) => {
                        scan.counts.assistants += 1;
                        scan.counts.calls += assistant.tool_calls().count() as u64;
                        scan.totals.add(&assistant.usage);
                        scan.cache_hit_rate = cache_hit_rate(&assistant.usage);
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    scan
}

/// A number as JavaScript writes it: whole values without a fraction (`0`, not `0.0`).
pub fn js_number(value: f64) -> Value {
    #[derive(serde::Serialize)]
    struct Js(#[serde(serialize_with = "tau_protocol::js_number::serialize")] f64);
    serde_json::to_value(Js(value)).unwrap_or(Value::Null)
}

/// Pi's `getSessionStats` as JSON.
pub fn stats(session: &mut Session, context_window: u64) -> Value {
    let Scan { totals, counts, .. } = scan(session);
    let mut stats = json!({});
    if let Some(path) = session.path() {
        stats["sessionFile"] = json!(path.display().to_string());
    }
    stats["sessionId"] = json!(session.id());
    stats["userMessages"] = json!(counts.users);
    stats["assistantMessages"] = json!(counts.assistants);
    stats["toolCalls"] = json!(counts.calls);
    stats["toolResults"] = json!(counts.results);
    stats["totalMessages"] = json!(counts.total);
    stats["tokens"] = json!({
        "input": totals.input,
        "output": totals.output,
        "cacheRead": totals.cache_read,
        "cacheWrite": totals.cache_write,
        "total": totals.input + totals.output + totals.cache_read + totals.cache_write,
    });
    stats["cost"] = js_number(totals.cost);
    if let Some(context) = context_usage(session, context_window) {
        stats["contextUsage"] = context.to_json();
    }
    stats
}

/// How full the context window is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContextUsage {
    /// Estimated tokens; unknown after a compaction until an answer reports usage again.
    pub tokens: Option<u64>,
    /// The model's window.
    pub context_window: u64,
    /// `tokens` as a percentage of the window.
    pub percent: Option<f64>,
}

impl ContextUsage {
    /// Pi's JSON shape (`null` for unknown values).
    pub fn to_json(&self) -> Value {
        json!({
            "tokens": self.tokens,
            "contextWindow": self.context_window,
            "percent": self.percent.map_or(Value::Null, js_number),
        })
    }
}

/// Pi's `getContextUsage` for a model with `context_window` tokens (`None` without a
/// window).
pub fn context_usage(session: &Session, context_window: u64) -> Option<ContextUsage> {
    if context_window == 0 {
        return None;
    }
    let branch = session.tree().active_branch();
    let compaction = branch
        .iter()
        .rposition(|e| matches!(e, SessionEntry::Compaction(_)));
    if let Some(at) = compaction {
        let answered = branch[at + 1..].iter().any(|e| match e {
            SessionEntry::Message(m) => match &m.message {
                AgentMessage::Assistant(a) => {
                    !matches!(a.stop_reason, StopReason::Aborted | StopReason::Error)
                        && calculate_context_tokens(&a.usage) > 0
                }
                _ => false,
            },
            _ => false,
        });
        if !answered {
            return Some(ContextUsage {
                tokens: None,
                context_window,
                percent: None,
            });
        }
    }
    let projection = session.tree().build_session_projection();
    let estimate = estimate_projected_context_tokens(&projection, &branch);
    Some(ContextUsage {
        tokens: Some(estimate.tokens),
        context_window,
        percent: Some(estimate.tokens as f64 / context_window as f64 * 100.0),
    })
}
