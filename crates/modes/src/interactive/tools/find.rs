//! The find row: `find pattern in path (limit N)`, the first 20 paths, and which limits cut
//! the list.

use serde_json::Value;

use super::format::{arg, invalid_arg, js_template, shorten_path, str_arg};
use super::layout::{self, Part};
use super::ls::{listing_result, Limits};
use super::{Paint, RowView, ToolRenderOptions};

fn call(args: &Value, opts: &ToolRenderOptions<'_>, paint: &dyn Paint) -> String {
    let pattern = str_arg(arg(args, "pattern"));
    let path = str_arg(arg(args, "path"))
        .map(|p| shorten_path(if p.is_empty() { "." } else { &p }, opts.home));
    let mut text = paint.fg("toolTitle", &paint.bold("find")) + " ";
    text += &match pattern {
        None => invalid_arg(paint),
        Some(p) => paint.fg("accent", &p),
    };
    text += &paint.fg(
        "toolOutput",
        &format!(" in {}", path.unwrap_or_else(|| invalid_arg(paint))),
    );
    if let Some(limit) = args.get("limit") {
        text += &paint.fg(
            "toolOutput",
            &format!(" (limit {})", js_template(Some(limit))),
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
        key: "resultLimitReached",
        label: "results limit",
        lines_truncated: false,
    };
    let result = view
        .result
        .is_some()
        .then(|| listing_result(view, opts, paint, limits));
    layout::call_then_result(call(&view.row.args, opts, paint), result)
}
