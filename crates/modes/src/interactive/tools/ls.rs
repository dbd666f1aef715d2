//! The ls row: `ls path (limit N)`, the first 20 entries, and which limits cut the list.
//! find's result reads the same way and shares [`listing_result`].

use serde_json::Value;
use tau_tools::truncate::DEFAULT_MAX_BYTES;

use super::format::{arg, js_template, js_trim, listing, size, str_arg, tool_path, truthy};
use super::layout::{self, Part};
use super::output::text_output;
use super::{Paint, RowView, ToolRenderOptions};

const COLLAPSED_LINES: usize = 20;

/// The details key that says a count limit was hit, and how the notice names it.
pub(crate) struct Limits {
    pub key: &'static str,
    pub label: &'static str,
}

fn call(args: &Value, opts: &ToolRenderOptions<'_>, paint: &dyn Paint) -> String {
    let path = tool_path(
        str_arg(arg(args, "path")).as_deref(),
        Some("."),
        opts,
        paint,
    );
    let mut text = format!("{} {path}", paint.fg("toolTitle", &paint.bold("ls")));
    if let Some(limit) = args.get("limit") {
        text += &paint.fg(
            "toolOutput",
            &format!(" (limit {})", js_template(Some(limit))),
        );
    }
    text
}

/// The first 20 lines of output (all expanded) and the `[Truncated: …]` notice.
pub(crate) fn listing_result(
    view: &RowView<'_>,
    opts: &ToolRenderOptions<'_>,
    paint: &dyn Paint,
    limits: Limits,
) -> String {
    let output = text_output(view.result.as_ref());
    let output = js_trim(&output);
    let mut text = String::new();
    if !output.is_empty() {
        let lines: Vec<String> = output.split('\n').map(str::to_string).collect();
        text += &listing(&lines, COLLAPSED_LINES, opts, paint, |l| {
            paint.fg("toolOutput", l)
        });
    }
    let details = view.result.as_ref().and_then(|r| r.details.as_ref());
    let count_limit = details
        .and_then(|d| d.get(limits.key))
        .filter(|v| truthy(Some(v)));
    let truncation = details
        .and_then(|d| d.get("truncation"))
        .filter(|t| truthy(t.get("truncated")));
    if count_limit.is_some() || truncation.is_some() {
        let mut warnings = Vec::new();
        if let Some(limit) = count_limit {
            warnings.push(format!("{} {}", js_template(Some(limit)), limits.label));
        }
        if let Some(t) = truncation {
            warnings.push(format!(
                "{} limit",
                size(arg(t, "maxBytes"), DEFAULT_MAX_BYTES)
            ));
        }
        text += &format!(
            "\n{}",
            paint.fg("warning", &format!("[Truncated: {}]", warnings.join(", ")))
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
    if view.result.is_some() {
        let limits = Limits {
            key: "entryLimitReached",
            label: "entries limit",
        };
        parts.push(layout::text(
            listing_result(view, opts, paint, limits),
            0,
            0,
        ));
    }
    parts
}
