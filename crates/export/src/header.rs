//! The page's header: the session's name and id, when and where it ran, the models that
//! answered, message counts, tokens and cost over every entry (all branches, as Pi's export
//! counts them), the view toggles, and what could not be read from the file.

use tau_protocol::session::SessionEntry;
use tau_protocol::AgentMessage;

use crate::doc::Doc;
use crate::escape::{html, push_html};
use crate::format::{format_cost, format_tokens, long_time};
use crate::system;

#[derive(Default)]
struct Stats {
    user: usize,
    assistant: usize,
    tool_results: usize,
    custom: usize,
    compactions: usize,
    branch_summaries: usize,
    tool_calls: usize,
    tokens: [u64; 4],
    cost: f64,
    models: Vec<String>,
}

fn stats(doc: &Doc<'_>) -> Stats {
    let mut stats = Stats::default();
    for entry in doc.entries {
        match entry {
            SessionEntry::Message(entry) => match &entry.message {
                AgentMessage::User(_) => stats.user += 1,
                AgentMessage::Assistant(message) => {
                    stats.assistant += 1;
                    if !message.model.is_empty() {
                        let model = if message.provider.is_empty() {
                            message.model.clone()
                        } else {
                            format!("{}/{}", message.provider, message.model)
                        };
                        if !stats.models.contains(&model) {
                            stats.models.push(model);
                        }
                    }
                    let usage = &message.usage;
                    let counts = [
                        usage.input,
                        usage.output,
                        usage.cache_read,
                        usage.cache_write,
                    ];
                    for (total, count) in stats.tokens.iter_mut().zip(counts) {
                        *total += count;
                    }
                    stats.cost += usage.cost.total;
                    stats.tool_calls += message.tool_calls().count();
                }
                AgentMessage::ToolResult(_) => stats.tool_results += 1,
                _ => {}
            },
            SessionEntry::Compaction(_) => stats.compactions += 1,
            SessionEntry::BranchSummary(_) => stats.branch_summaries += 1,
            SessionEntry::CustomMessage(_) => stats.custom += 1,
            _ => {}
        }
    }
    stats
}

/// The page title: the session's name, else its id.
pub(crate) fn title(doc: &Doc<'_>) -> String {
    match doc.source.tree.session_name() {
        Some(name) => format!("{name} · tau session"),
        None => format!("Session {} · tau", doc.source.header.id),
    }
}

/// Appends the header.
pub(crate) fn push_header(doc: &Doc<'_>, out: &mut String) {
    let header = doc.source.header;
    let stats = stats(doc);
    out.push_str("<header class=\"session-header\"><h1>");
    match doc.source.tree.session_name() {
        Some(name) => push_html(out, name),
        None => {
            out.push_str("Session ");
            push_html(out, &header.id);
        }
    }
    out.push_str("</h1>");
    out.push_str(
        "<div class=\"toolbar\" data-needs-script hidden>\
<span class=\"dim\">T thinking · O tool output · H hidden messages</span>\
<button type=\"button\" data-action=\"thinking\" aria-pressed=\"true\">Thinking</button>\
<button type=\"button\" data-action=\"tools\" aria-pressed=\"false\">Tool output</button>\
<button type=\"button\" data-action=\"hidden\" aria-pressed=\"false\">Hidden messages</button>\
</div>",
    );
    let mut info: Vec<(&str, String)> = Vec::new();
    if doc.source.tree.session_name().is_some() {
        info.push(("Session", html(&header.id)));
    }
    info.push(("Date", html(&long_time(&header.timestamp))));
    if let Some(cwd) = &header.cwd {
        info.push(("Folder", html(cwd)));
    }
    let models = if stats.models.is_empty() {
        "unknown".to_string()
    } else {
        stats.models.join(", ")
    };
    info.push(("Models", html(&models)));
    let counts = [
        (stats.user, "user"),
        (stats.assistant, "assistant"),
        (stats.tool_results, "tool results"),
        (stats.custom, "custom"),
        (stats.compactions, "compactions"),
        (stats.branch_summaries, "branch summaries"),
    ];
    let messages: Vec<String> = counts
        .iter()
        .filter(|(count, _)| *count > 0)
        .map(|(count, what)| format!("{count} {what}"))
        .collect();
    info.push((
        "Messages",
        if messages.is_empty() {
            "0".into()
        } else {
            messages.join(", ")
        },
    ));
    info.push(("Tool calls", stats.tool_calls.to_string()));
    let tokens: Vec<String> = ["↑", "↓", "R", "W"]
        .iter()
        .zip(stats.tokens)
        .filter(|(_, count)| *count > 0)
        .map(|(sign, count)| format!("{sign}{}", format_tokens(count)))
        .collect();
    info.push((
        "Tokens",
        if tokens.is_empty() {
            "0".into()
        } else {
            tokens.join(" ")
        },
    ));
    info.push(("Cost", format_cost(stats.cost)));
    out.push_str("<dl class=\"info\">");
    for (label, value) in info {
        out.push_str(&format!("<div><dt>{label}</dt><dd>{value}</dd></div>"));
    }
    out.push_str("</dl>");
    push_problems(doc, out);
    // Sessions that record their prompt show it where it occurs; older ones get the
    // exporting agent's current prompt and tools, as Pi's export does.
    if !doc.has_system_entries() {
        if let Some(prompt) = doc.source.system_prompt {
            system::push_prompt(out, "System prompt", prompt);
        }
        system::push_tools(out, "Available tools", doc.source.tools);
    }
    out.push_str("</header>\n");
}

fn push_problems(doc: &Doc<'_>, out: &mut String) {
    let problems = doc.source.problems;
    if problems.is_empty() {
        return;
    }
    let count = problems.len();
    out.push_str(&format!(
        "<details class=\"problems\"><summary>{count} problem{} reading the session file</summary><ul>",
        if count == 1 { "" } else { "s" },
    ));
    for problem in problems {
        out.push_str("<li>");
        push_html(out, &problem.to_string());
        out.push_str("</li>");
    }
    out.push_str("</ul></details>");
}
