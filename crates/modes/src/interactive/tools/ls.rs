//! The ls row: `ls path (limit N)`, the first 20 entries, and which limits cut the list.
//! find's and grep's results read the same way and share [`listing_result`].

use serde_json::Value;
use tau_tools::truncate::DEFAULT_MAX_BYTES;

use super::format::{arg, js_template, js_trim, listing, size, str_arg, tool_path, truthy};
use super::layout::{self, Part};
use super::output::text_output;
use super::{Paint, RowView, ToolRenderOptions};

/// How a listing's result reads: the lines shown while collapsed, the details key that
/// says a count limit was hit and how the notice names it, and whether the tool reports
/// cut lines (`linesTruncated`, grep).
pub(crate) struct Limits {
    pub collapsed: usize,
    pub key: &'static str,
    pub label: &'static str,
    pub lines_truncated: bool,
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
    let output = text_output(view.result.as_ref(), view.images_drawn);
    let output = js_trim(&output);
    let mut text = String::new();
    if !output.is_empty() {
        let lines: Vec<String> = output.split('\n').map(str::to_string).collect();
        text += &listing(&lines, limits.collapsed, opts, paint, |l| {
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
    let lines_truncated =
        limits.lines_truncated && truthy(details.and_then(|d| d.get("linesTruncated")));
    if count_limit.is_some() || truncation.is_some() || lines_truncated {
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
        if lines_truncated {
            warnings.push("some lines truncated".to_string());
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
    let limits = Limits {
        collapsed: 20,
        key: "entryLimitReached",
        label: "entries limit",
        lines_truncated: false,
    };
    let result = view
        .result
        .is_some()
        .then(|| listing_result(view, opts, paint, limits));
    layout::call_then_result(call(&view.row.args, opts, paint), result)
}
