//! The write row: `write path`, then the content (first ten lines collapsed), highlighted
//! by language; the error text if the write failed.

use serde_json::Value;

use super::format::{
    arg, key_hint, language_from_path, path_arg, replace_tabs, str_arg, tool_path,
};
use super::layout::{self, Part};
use super::output::raw_text;
use super::{Paint, RowView, ToolRenderOptions};

const COLLAPSED_LINES: usize = 10;

fn call(args: &Value, opts: &ToolRenderOptions<'_>, paint: &dyn Paint) -> String {
    let raw_path = path_arg(args);
    let path = tool_path(raw_path.as_deref(), None, opts, paint);
    let mut text = format!("{} {path}", paint.fg("toolTitle", &paint.bold("write")));
    let Some(content) = str_arg(arg(args, "content")) else {
        return text + "\n\n" + &paint.fg("error", "[invalid content arg - expected string]");
    };
    if content.is_empty() {
        return text;
    }
    let display = content.replace('\r', "");
    let lang = raw_path
        .as_deref()
        .filter(|p| !p.is_empty())
        .and_then(language_from_path);
    let highlighted = match (opts.highlight, lang) {
        (Some(highlight), Some(lang)) => Some(highlight(&replace_tabs(&display), lang)),
        _ => None,
    };
    let code = highlighted.is_some();
    let mut lines =
        highlighted.unwrap_or_else(|| display.split('\n').map(str::to_string).collect());
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    let total = lines.len();
    let shown = if opts.expanded {
        total
    } else {
        COLLAPSED_LINES.min(total)
    };
    let body: Vec<String> = lines[..shown]
        .iter()
        .map(|line| {
            if code {
                line.clone()
            } else {
                paint.fg("toolOutput", &replace_tabs(line))
            }
        })
        .collect();
    text += &format!("\n\n{}", body.join("\n"));
    if total > shown {
        text += &format!(
            "{} {}{}",
            paint.fg(
                "muted",
                &format!("\n... ({} more lines, {total} total,", total - shown)
            ),
            key_hint(opts.keys.expand, "to expand", paint),
            paint.fg("muted", ")")
        );
    }
    text
}

pub(crate) fn parts<'p>(
    view: &RowView<'_>,
    opts: &ToolRenderOptions<'_>,
    paint: &'p dyn Paint,
) -> Vec<Part<'p>> {
    let mut parts = vec![layout::text(call(&view.row.args, opts, paint), 0, 0)];
    if let Some(result) = view.result.as_ref().filter(|_| view.is_error) {
        let output = raw_text(result);
        if !output.is_empty() {
            parts.push(layout::text(
                format!("\n{}", paint.fg("error", &output)),
                0,
                0,
            ));
        }
    }
    parts
}
