//! The grep row: `grep /pattern/ in path (glob) limit N`, the first 15 output lines, and
//! which limits cut the matches.

use serde_json::Value;

use super::format::{arg, invalid_arg, js_template, shorten_path, str_arg};
use super::layout::{self, Part};
use super::ls::{listing_result, Limits};
use super::{Paint, RowView, ToolRenderOptions};

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

pub(crate) fn parts<'p>(
    view: &RowView<'_>,
    opts: &ToolRenderOptions<'_>,
    paint: &'p dyn Paint,
) -> Vec<Part<'p>> {
    let limits = Limits {
        collapsed: 15,
        key: "matchLimitReached",
        label: "matches limit",
        lines_truncated: true,
    };
    let result = view
        .result
        .is_some()
        .then(|| listing_result(view, opts, paint, limits));
    layout::call_then_result(call(&view.row.args, opts, paint), result)
}
