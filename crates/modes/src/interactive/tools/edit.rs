//! The edit row: `edit path` in a block of its own whose background says whether the diff
//! applies (the preview the caller computed, then the diff the edit reported), the diff
//! below it, and the error text of a failed edit unless the preview already said it.

use serde_json::Value;

use super::diff::render_diff;
use super::format::{path_arg, tool_path};
use super::layout::{self, Part};
use super::output::raw_text;
use super::{EditPreview, Paint, RowView, ToolRenderOptions};

fn header(args: &Value, opts: &ToolRenderOptions<'_>, paint: &dyn Paint) -> String {
    let path = tool_path(path_arg(args).as_deref(), None, opts, paint);
    format!("{} {path}", paint.fg("toolTitle", &paint.bold("edit")))
}

/// The diff shown under the header: the reported diff once the edit succeeded, else the
/// preview.
fn preview(view: &RowView<'_>, opts: &ToolRenderOptions<'_>) -> Option<EditPreview> {
    let reported = view
        .result
        .as_ref()
        .filter(|_| !view.is_error)
        .and_then(|r| r.details.as_ref())
        .and_then(|d| d.get("diff"))
        .and_then(Value::as_str);
    match reported {
        Some(diff) => Some(EditPreview::Diff(diff.to_string())),
        None => opts.edit_preview.cloned(),
    }
}

pub(crate) fn parts<'p>(
    view: &RowView<'_>,
    opts: &ToolRenderOptions<'_>,
    paint: &'p dyn Paint,
) -> Vec<Part<'p>> {
    let preview = preview(view, opts);
    let settled_error = view.result.is_some() && view.is_error;
    let bg_token = match &preview {
        Some(EditPreview::Error(_)) => "toolErrorBg",
        Some(EditPreview::Diff(_)) => "toolSuccessBg",
        None if settled_error => "toolErrorBg",
        None => "toolPendingBg",
    };
    let mut inner = vec![layout::text(header(&view.row.args, opts, paint), 0, 0)];
    if let Some(preview) = &preview {
        let body = match preview {
            EditPreview::Error(message) => paint.fg("error", message),
            EditPreview::Diff(diff) => render_diff(diff, paint),
        };
        inner.push(layout::spacer());
        inner.push(layout::text(body, 0, 0));
    }
    let pad = opts.output_pad;
    let call: Part<'p> = Box::new(move |width| {
        let bg = |text: &str| paint.bg(bg_token, text);
        layout::box_lines(&inner, pad, 1, Some(&bg), width)
    });
    let mut parts = vec![call];
    let error_text = view
        .result
        .as_ref()
        .filter(|_| view.is_error)
        .map(raw_text)
        .filter(|text| !text.is_empty());
    let repeated =
        matches!((&preview, &error_text), (Some(EditPreview::Error(p)), Some(e)) if p == e);
    if let Some(text) = error_text.filter(|_| !repeated) {
        parts.push(layout::spacer());
        parts.push(layout::text(paint.fg("error", &text), pad, 0));
    }
    parts
}
