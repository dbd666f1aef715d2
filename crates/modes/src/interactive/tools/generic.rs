//! Rows of tools without their own layout. A tool with a definition (an extension tool
//! without renderers) shows `name key=value …` (each argument on its own line when
//! expanded) and its first ten output lines; a tool nobody defined shows its name, its
//! arguments as indented JSON and its whole output.

use serde_json::Value;

use super::format::{listing, replace_tabs};
use super::layout::{self, Part};
use super::output::text_output;
use super::{Paint, RowView, ToolRenderOptions};

/// Characters of `key=value` pairs shown on a collapsed call line.
const COLLAPSED_ARGS_CHARS: usize = 100;
const COLLAPSED_LINES: usize = 10;

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}

/// The first `count` UTF-16 units of `text`.
fn utf16_prefix(text: &str, count: usize) -> String {
    let units: Vec<u16> = text.encode_utf16().take(count).collect();
    String::from_utf16_lossy(&units)
}

/// Pi's `formatToolCallWithArgs`.
pub fn call_with_args(title: &str, args: &Value, expanded: bool, paint: &dyn Paint) -> String {
    let header = paint.fg("toolTitle", &paint.bold(title));
    let entries: Vec<(String, &Value)> = match args {
        Value::Null => return header,
        Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), v)).collect(),
        other => vec![("args".to_string(), other)],
    };
    if entries.is_empty() {
        return header;
    }
    if expanded {
        let lines: Vec<String> = entries
            .iter()
            .map(|(key, value)| {
                let text = match value {
                    Value::String(s) => s.clone(),
                    other => pretty(other),
                };
                let text = replace_tabs(&text).replace('\r', "");
                format!(
                    "  {key}: {}",
                    text.split('\n').collect::<Vec<_>>().join("\n    ")
                )
            })
            .collect();
        return format!("{header}\n{}", paint.fg("muted", &lines.join("\n")));
    }
    let pairs = entries
        .iter()
        .map(|(key, value)| format!("{key}={value}"))
        .collect::<Vec<_>>()
        .join(" ");
    let preview = if pairs.encode_utf16().count() > COLLAPSED_ARGS_CHARS {
        format!("{}...", utf16_prefix(&pairs, COLLAPSED_ARGS_CHARS - 3))
    } else {
        pairs
    };
    format!("{header} {}", paint.fg("muted", &preview))
}

pub(crate) fn parts<'p>(
    view: &RowView<'_>,
    opts: &ToolRenderOptions<'_>,
    paint: &'p dyn Paint,
) -> Vec<Part<'p>> {
    let call = call_with_args(&view.row.name, &view.row.args, opts.expanded, paint);
    let mut parts = vec![layout::text(call, 0, 0)];
    let output = text_output(view.result.as_ref(), view.images_drawn);
    if !output.is_empty() {
        let lines: Vec<String> = output.split('\n').map(str::to_string).collect();
        let text = listing(&lines, COLLAPSED_LINES, opts, paint, |l| {
            paint.fg("toolOutput", l)
        });
        // `listing` starts with the line feed that other results put above their output.
        parts.push(layout::text(text[1..].to_string(), 0, 0));
    }
    parts
}

/// The whole row text of a tool nobody defined.
pub(crate) fn undefined_tool_text(view: &RowView<'_>, paint: &dyn Paint) -> String {
    let mut text = paint.fg("toolTitle", &paint.bold(&view.row.name));
    let args = pretty(&view.row.args);
    if !args.is_empty() {
        text += &format!("\n\n{args}");
    }
    let output = text_output(view.result.as_ref(), view.images_drawn);
    if !output.is_empty() {
        text += &format!("\n{output}");
    }
    text
}
