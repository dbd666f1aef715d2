//! The read row: `read path:range`, or a compact label for skills, Pi's docs and agent
//! instruction files while collapsed; the file's lines only when expanded (or on error),
//! highlighted by language, with the truncation notice.

use std::path::Path;

use serde_json::Value;
use tau_tools::truncate::{DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES};

use super::format::{
    arg, js_template, listing, path_arg, read_line_range, replace_tabs, size, str_arg, tool_path,
    truthy,
};
use super::layout::{self, Part};
use super::output::text_output;
use super::{Paint, RowView, ToolRenderOptions};

/// File names whose reads show as `read resource`.
const RESOURCE_FILE_NAMES: [&str; 5] = [
    "AGENTS.override.md",
    "AGENTS.md",
    "AGENTS.MD",
    "CLAUDE.md",
    "CLAUDE.MD",
];

/// Lines shown when an error is collapsed.
const COLLAPSED_LINES: usize = 10;

enum Compact {
    Skill(String),
    Docs(String),
    Resource(String),
}

fn styled_range(args: &Value, paint: &dyn Paint) -> String {
    let range = read_line_range(arg(args, "offset"), arg(args, "limit"));
    if range.is_empty() {
        range
    } else {
        paint.fg("warning", &range)
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// `path` relative to `cwd` when inside it, else absolute (Pi's
/// `formatPathRelativeToCwdOrAbsolute`).
fn relative_or_absolute(path: &Path, cwd: &Path) -> String {
    let cwd = tau_tools::path::normalize_lexically(cwd);
    match path.strip_prefix(&cwd) {
        Ok(rest) if rest.as_os_str().is_empty() => ".".to_string(),
        Ok(rest) => rest.display().to_string(),
        Err(_) => path.display().to_string(),
    }
}

fn compact(args: &Value, opts: &ToolRenderOptions<'_>) -> Option<Compact> {
    let raw = path_arg(args).filter(|p| !p.is_empty())?;
    let absolute = tau_tools::path::resolve_to_cwd(&raw, opts.cwd);
    let name = file_name(&absolute);
    if name == "SKILL.md" {
        let folder = absolute.parent().map(file_name).unwrap_or_default();
        return Some(Compact::Skill(if folder.is_empty() {
            name
        } else {
            folder
        }));
    }
    if let Some(root) = opts.pi_docs {
        let root = tau_tools::path::normalize_lexically(root);
        if let Ok(rest) = absolute.strip_prefix(&root) {
            let label = rest.display().to_string();
            if label == "README.md" || label.starts_with("docs/") || label.starts_with("examples/")
            {
                return Some(Compact::Docs(label));
            }
        }
    }
    if RESOURCE_FILE_NAMES.contains(&name.as_str()) {
        return Some(Compact::Resource(relative_or_absolute(&absolute, opts.cwd)));
    }
    None
}

fn compact_call(
    kind: Compact,
    args: &Value,
    opts: &ToolRenderOptions<'_>,
    paint: &dyn Paint,
) -> String {
    let hint = paint.fg("dim", &format!(" ({} to expand)", opts.keys.expand));
    let range = styled_range(args, paint);
    let (title, label) = match kind {
        Compact::Skill(label) => {
            return paint.fg("customMessageLabel", "\x1b[1m[skill]\x1b[22m ")
                + &paint.fg("customMessageText", &label)
                + &range
                + &hint;
        }
        Compact::Docs(label) => ("read docs", label),
        Compact::Resource(label) => ("read resource", label),
    };
    paint.fg("toolTitle", &paint.bold(title)) + " " + &paint.fg("accent", &label) + &range + &hint
}

fn call(args: &Value, opts: &ToolRenderOptions<'_>, paint: &dyn Paint) -> String {
    if !opts.expanded {
        if let Some(kind) = compact(args, opts) {
            return compact_call(kind, args, opts, paint);
        }
    }
    let path = tool_path(path_arg(args).as_deref(), None, opts, paint);
    format!(
        "{} {path}{}",
        paint.fg("toolTitle", &paint.bold("read")),
        styled_range(args, paint)
    )
}

fn truncation_notice(details: Option<&Value>, paint: &dyn Paint) -> String {
    let Some(t) = details.and_then(|d| arg(d, "truncation")) else {
        return String::new();
    };
    if !truthy(t.get("truncated")) {
        return String::new();
    }
    let limit = size(arg(t, "maxBytes"), DEFAULT_MAX_BYTES);
    let notice = if truthy(t.get("firstLineExceedsLimit")) {
        format!("[First line exceeds {limit} limit]")
    } else if t.get("truncatedBy").and_then(Value::as_str) == Some("lines") {
        let max_lines = arg(t, "maxLines")
            .map(|v| js_template(Some(v)))
            .unwrap_or_else(|| DEFAULT_MAX_LINES.to_string());
        format!(
            "[Truncated: showing {} of {} lines ({max_lines} line limit)]",
            js_template(t.get("outputLines")),
            js_template(t.get("totalLines"))
        )
    } else {
        format!(
            "[Truncated: {} lines shown ({limit} limit)]",
            js_template(t.get("outputLines"))
        )
    };
    format!("\n{}", paint.fg("warning", &notice))
}

fn result(view: &RowView<'_>, opts: &ToolRenderOptions<'_>, paint: &dyn Paint) -> String {
    let details = view.result.as_ref().and_then(|r| r.details.as_ref());
    let image_warning = match details.and_then(|d| d.get("imageUnsupportedByModel")) {
        Some(model) if truthy(Some(model)) => format!(
            "\n{}",
            paint.fg(
                "warning",
                &format!(
                    "[{} does not support images; it saw a placeholder instead]",
                    js_template(Some(model))
                )
            )
        ),
        _ => String::new(),
    };
    if !opts.expanded && !view.is_error {
        return image_warning;
    }
    let raw_path =
        str_arg(arg(&view.row.args, "file_path").or_else(|| arg(&view.row.args, "path")));
    let output = text_output(view.result.as_ref(), view.images_drawn);
    let highlighted = match (opts.highlight, raw_path.as_deref()) {
        (Some(highlight), Some(path)) if !view.is_error && !path.is_empty() => {
            super::format::language_from_path(path)
                .map(|lang| highlight(&replace_tabs(&output), lang))
        }
        _ => None,
    };
    let code = highlighted.is_some();
    let mut lines: Vec<String> =
        highlighted.unwrap_or_else(|| output.split('\n').map(str::to_string).collect());
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    let mut text = listing(&lines, COLLAPSED_LINES, opts, paint, |line| {
        if code {
            replace_tabs(line)
        } else {
            paint.fg("toolOutput", &replace_tabs(line))
        }
    });
    text += &truncation_notice(details, paint);
    text + &image_warning
}

pub(crate) fn parts<'p>(
    view: &RowView<'_>,
    opts: &ToolRenderOptions<'_>,
    paint: &'p dyn Paint,
) -> Vec<Part<'p>> {
    let result = view.result.is_some().then(|| result(view, opts, paint));
    layout::call_then_result(call(&view.row.args, opts, paint), result)
}
