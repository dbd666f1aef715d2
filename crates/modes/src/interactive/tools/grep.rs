//! The grep row: `grep /pattern/ in path (glob) limit N`, the first 15 output lines, and
//! which limits cut the matches.

use serde_json::Value;
use tau_tools::truncate::DEFAULT_MAX_BYTES;

use super::format::{
    arg, invalid_arg, js_template, js_trim, listing, shorten_path, size, str_arg, truthy,
};
use super::layout::{self, Part};
use super::output::text_output;
use super::{Paint, RowView, ToolRenderOptions};

const COLLAPSED_LINES: usize = 15;

fn call(args: &Value, opts: &ToolRenderOptions<'_>, paint: &dyn Paint) -> String {
    let pattern = str_arg(arg(args, "pattern"));
    let path = str_arg(arg(args, "path"))
        .map(|p| shorten_path(if p.is_empty() { "." } else { &p }, opts.home));
    let mut text = paint.fg("toolTitle", &paint.bold("grep")) + " ";
    text += &match pattern {
        None => invalid_arg(paint),
        Some(p) => paint.fg("accent", &format!("/{p}/")),
    };
    text += &paint.fg(
        "toolOutput",
        &format!(" in {}", path.unwrap_or_else(|| invalid_arg(paint))),
    );
    if let Some(glob) = str_arg(arg(args, "glob")).filter(|g| !g.is_empty()) {
        text += &paint.fg("toolOutput", &format!(" ({glob})"));
    }
    if let Some(limit) = args.get("limit") {
        text += &paint.fg(
            "toolOutput",
            &format!(" limit {}", js_template(Some(limit))),
        );
    }
    text
}

fn result(view: &RowView<'_>, opts: &ToolRenderOptions<'_>, paint: &dyn Paint) -> String {
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
    let get = |key: &str| details.and_then(|d| d.get(key));
    let truncation = get("truncation").filter(|t| truthy(t.get("truncated")));
    let match_limit = get("matchLimitReached").filter(|v| truthy(Some(v)));
    let lines_truncated = truthy(get("linesTruncated"));
    if match_limit.is_some() || truncation.is_some() || lines_truncated {
        let mut warnings = Vec::new();
        if let Some(limit) = match_limit {
            warnings.push(format!("{} matches limit", js_template(Some(limit))));
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
    let mut parts = vec![layout::text(call(&view.row.args, opts, paint), 0, 0)];
    if view.result.is_some() {
        parts.push(layout::text(result(view, opts, paint), 0, 0));
    }
    parts
}
