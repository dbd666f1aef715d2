//! A tool call with its result, drawn per tool the way Pi's export draws it: `bash` as a
//! command line and its output, `read`/`write`/`ls`/`grep`/`find` with their path, `edit` as
//! the diff its result recorded, any other tool as its JSON arguments. Long output shows its
//! first lines and folds the rest into a `<details>` (the page's "tools" toggle opens them all).

use serde_json::Value;
use tau_protocol::{ContentBlock, ToolCall, ToolResultMessage};

use crate::doc::Doc;
use crate::escape::{html, push_html};
use crate::images;

/// Appends the block of `call` (and its result, looked up across the whole session).
pub(crate) fn push_tool_call(doc: &Doc<'_>, call: &ToolCall, out: &mut String) {
    let result = doc.tool_results.get(call.id.as_str()).copied();
    let status = match result {
        None => "pending",
        Some((_, result)) if result.is_error => "error",
        Some(_) => "success",
    };
    out.push_str(&format!("<div class=\"tool {status}\" data-tool=\""));
    push_html(out, &call.name);
    out.push('"');
    if let Some((index, _)) = result {
        // Selecting the result's row in the tree scrolls here.
        out.push_str(&format!(" data-result-n=\"{index}\""));
    }
    out.push('>');
    let result = result.map(|(_, result)| result);
    let args = &call.arguments;
    let text = result.map(result_text).unwrap_or_default();
    match call.name.as_str() {
        "bash" => {
            out.push_str("<div class=\"tool-head\"><span class=\"prompt\">$</span> ");
            push_arg(out, args.get("command"), "...");
            out.push_str("</div>");
            push_output(out, text.trim(), 5);
        }
        "read" => {
            push_head(out, "read", args, "path");
            if let Some(range) = read_range(args.get("offset"), args.get("limit")) {
                out.push_str(&format!("<span class=\"dim\">{}</span>", html(&range)));
            }
            out.push_str("</div>");
            push_result_images(out, result);
            push_output(out, &text, 10);
        }
        "write" => {
            push_head(out, "write", args, "path");
            let content = args.get("content");
            if let Some(Value::String(content)) = content {
                let lines = content.split('\n').count();
                if lines > 10 {
                    out.push_str(&format!(" <span class=\"dim\">({lines} lines)</span>"));
                }
            }
            out.push_str("</div>");
            match content {
                Some(Value::String(content)) => push_output(out, content, 10),
                None | Some(Value::Null) => {}
                Some(_) => out.push_str(
                    "<div class=\"invalid\">[invalid content argument: expected a string]</div>",
                ),
            }
            push_output(out, text.trim(), 10);
        }
        "edit" => {
            push_head(out, "edit", args, "path");
            out.push_str("</div>");
            let diff = result
                .and_then(|r| r.details.as_ref())
                .and_then(|d| d.get("diff"))
                .and_then(Value::as_str);
            match diff {
                Some(diff) => push_diff(out, diff),
                None => push_output(out, text.trim(), 10),
            }
        }
        "ls" => {
            push_head(out, "ls", args, "path");
            if let Some(limit) = args.get("limit").filter(|l| !l.is_null()) {
                out.push_str(&format!(
                    " <span class=\"dim\">(limit {})</span>",
                    html(&scalar(limit))
                ));
            }
            out.push_str("</div>");
            push_output(out, text.trim(), 20);
        }
        "grep" | "find" => {
            out.push_str("<div class=\"tool-head\"><span class=\"tool-name\">");
            push_html(out, &call.name);
            out.push_str("</span> ");
            push_arg(out, args.get("pattern"), "");
            out.push_str(" <span class=\"dim\">in</span> <span class=\"path\">");
            push_path(out, args.get("path"));
            out.push_str("</span></div>");
            push_output(out, text.trim(), 10);
        }
        _ => {
            out.push_str("<div class=\"tool-head\"><span class=\"tool-name\">");
            push_html(out, &call.name);
            out.push_str("</span></div>");
            let pretty = serde_json::to_string_pretty(args).unwrap_or_default();
            out.push_str("<pre class=\"args\">");
            push_html(out, &pretty);
            out.push_str("</pre>");
            push_result_images(out, result);
            push_output(out, &text, 10);
        }
    }
    if status == "pending" {
        out.push_str("<div class=\"dim\">(no result recorded)</div>");
    }
    out.push_str("</div>\n");
}

/// The text blocks of a result, joined by newlines.
pub(crate) fn result_text(result: &ToolResultMessage) -> String {
    result
        .content
        .iter()
        .filter_map(ContentBlock::as_text)
        .collect::<Vec<_>>()
        .join("\n")
}

/// `<div class="tool-head">name path` (left open for the caller's extras).
fn push_head(out: &mut String, name: &str, args: &Value, path_key: &str) {
    out.push_str("<div class=\"tool-head\"><span class=\"tool-name\">");
    out.push_str(name);
    out.push_str("</span> <span class=\"path\">");
    // Pi's tools also accept `file_path`.
    let path = args.get(path_key).or_else(|| args.get("file_path"));
    push_path(out, path);
    out.push_str("</span>");
}

fn push_path(out: &mut String, value: Option<&Value>) {
    match value {
        None | Some(Value::Null) => out.push('.'),
        Some(Value::String(path)) => push_html(out, &shorten_path(path)),
        Some(_) => out.push_str(INVALID_ARG),
    }
}

fn push_arg(out: &mut String, value: Option<&Value>, empty: &str) {
    match value {
        None | Some(Value::Null) => push_html(out, empty),
        Some(Value::String(text)) if text.is_empty() => push_html(out, empty),
        Some(Value::String(text)) => push_html(out, text),
        Some(_) => out.push_str(INVALID_ARG),
    }
}

const INVALID_ARG: &str = "<span class=\"invalid\">[invalid argument]</span>";

/// A home directory shown as `~`, as Pi's export does.
pub(crate) fn shorten_path(path: &str) -> String {
    for home in ["/home/", "/Users/"] {
        if let Some(rest) = path.strip_prefix(home) {
            if let Some(slash) = rest.find('/') {
                return format!("~{}", &rest[slash..]);
            }
        }
    }
    path.to_string()
}

/// A number or string argument as text.
fn scalar(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// `read`'s line range: `:start` or `:start-end` (Pi's formatReadLineRange).
pub(crate) fn read_range(offset: Option<&Value>, limit: Option<&Value>) -> Option<String> {
    let number = |value: &Value| match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) if !s.trim().is_empty() => s.trim().parse().ok(),
        _ => None,
    };
    let offset = offset.filter(|v| !v.is_null());
    let limit = limit.filter(|v| !v.is_null());
    if offset.is_none() && limit.is_none() {
        return None;
    }
    let start = match offset {
        None => 1.0,
        Some(value) => number(value)?,
    };
    let Some(limit) = limit else {
        return Some(format!(":{start}"));
    };
    let end = start + number(limit)? - 1.0;
    Some(if end == 0.0 {
        format!(":{start}")
    } else {
        format!(":{start}-{end}")
    })
}

/// Output text: its first `preview` lines, the rest folded.
pub(crate) fn push_output(out: &mut String, text: &str, preview: usize) {
    if text.is_empty() {
        return;
    }
    let text = text.replace('\t', "   ");
    let lines: Vec<&str> = text.split('\n').collect();
    out.push_str("<div class=\"output\"><pre>");
    push_html(out, &lines[..lines.len().min(preview)].join("\n"));
    out.push_str("</pre>");
    if lines.len() > preview {
        let rest = &lines[preview..];
        out.push_str(&format!(
            "<details class=\"more\"><summary>… ({} more lines)</summary><pre>",
            rest.len()
        ));
        push_html(out, &rest.join("\n"));
        out.push_str("</pre></details>");
    }
    out.push_str("</div>");
}

fn push_diff(out: &mut String, diff: &str) {
    out.push_str("<div class=\"diff\"><pre>");
    for line in diff.replace('\t', "   ").split('\n') {
        let class = if line.starts_with('+') {
            "added"
        } else if line.starts_with('-') {
            "removed"
        } else {
            "context"
        };
        out.push_str(&format!("<span class=\"{class}\">"));
        push_html(out, line);
        out.push_str("</span>\n");
    }
    out.push_str("</pre></div>");
}

fn push_result_images(out: &mut String, result: Option<&ToolResultMessage>) {
    if let Some(result) = result {
        images::push_images(out, &result.content);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn read_ranges_follow_pi() {
        let r = |o: Value, l: Value| read_range(Some(&o), Some(&l));
        assert_eq!(r(Value::Null, Value::Null), None);
        assert_eq!(r(json!(5), Value::Null).as_deref(), Some(":5"));
        assert_eq!(r(json!(5), json!(10)).as_deref(), Some(":5-14"));
        assert_eq!(r(Value::Null, json!(3)).as_deref(), Some(":1-3"));
        assert_eq!(r(json!("x"), json!(3)), None);
    }

    #[test]
    fn home_directories_shorten() {
        assert_eq!(shorten_path("/home/ann/src/a.rs"), "~/src/a.rs");
        assert_eq!(shorten_path("/Users/bo/x"), "~/x");
        assert_eq!(shorten_path("/home/ann"), "/home/ann");
        assert_eq!(shorten_path("rel/a"), "rel/a");
    }

    #[test]
    fn long_output_folds_after_the_preview() {
        let mut out = String::new();
        push_output(&mut out, "1\n2\n3\n<4>", 2);
        assert_eq!(
            out,
            "<div class=\"output\"><pre>1\n2</pre><details class=\"more\"><summary>… (2 more lines)</summary><pre>3\n&lt;4&gt;</pre></details></div>"
        );
    }
}
