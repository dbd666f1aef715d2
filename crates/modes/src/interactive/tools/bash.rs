//! The bash (and powershell) row: `$ command (timeout Ns)`, then the output's last five
//! visual lines while collapsed (all of it expanded), the truncation notice, and how long
//! the command has been running or took.

use serde_json::Value;
use tau_tools::truncate::DEFAULT_MAX_BYTES;

use super::format::{
    arg, duration, invalid_arg, is_js_space, js_template, js_trim, key_hint, size, str_arg, truthy,
};
use super::layout::{self, Part};
use super::output::text_output;
use super::{Paint, RowView, ToolRenderOptions};

/// Visual lines of output shown while collapsed.
const PREVIEW_LINES: usize = 5;

fn call(args: &Value, prompt: &str, paint: &dyn Paint) -> String {
    let command = match str_arg(arg(args, "command")) {
        None => invalid_arg(paint),
        Some(c) if c.is_empty() => paint.fg("toolOutput", "..."),
        Some(c) => c,
    };
    let timeout = args.get("timeout");
    let suffix = if truthy(timeout) {
        paint.fg("muted", &format!(" (timeout {}s)", js_template(timeout)))
    } else {
        String::new()
    };
    paint.fg("toolTitle", &paint.bold(&format!("{prompt} {command}"))) + &suffix
}

/// `Elapsed 4.2s` while running, `Took 4.2s` once done; nothing for a call that never ran.
fn timer(view: &RowView<'_>) -> Option<String> {
    if !view.partial {
        if let Some(ms) = view.row.duration_ms {
            return Some(format!("Took {}", duration(ms)));
        }
    }
    // Pi's clock starts when the row first draws a running call.
    view.row.started?;
    let elapsed = duration(view.elapsed_ms.unwrap_or(0));
    Some(if view.partial {
        format!("Elapsed {elapsed}")
    } else {
        format!("Took {elapsed}")
    })
}

/// The output without the footer that names the full output file (the notice says it).
fn shown_output(view: &RowView<'_>, details: Option<&Value>) -> String {
    let output = js_trim(&text_output(view.result.as_ref(), view.images_drawn)).to_string();
    let truncated = details
        .and_then(|d| arg(d, "truncation"))
        .is_some_and(|t| truthy(t.get("truncated")));
    let full_path = details.and_then(|d| d.get("fullOutputPath"));
    if view.partial || !truncated || !truthy(full_path) || !output.ends_with(']') {
        return output;
    }
    let path = js_template(full_path);
    match output.rfind("\n\n[") {
        Some(start) if output[start..].contains(&path) => {
            output[..start].trim_end_matches(is_js_space).to_string()
        }
        _ => output,
    }
}

fn notice(details: Option<&Value>, paint: &dyn Paint) -> Option<String> {
    let truncation = details.and_then(|d| arg(d, "truncation"));
    let truncated = truncation.is_some_and(|t| truthy(t.get("truncated")));
    let full_path = details.and_then(|d| d.get("fullOutputPath"));
    if !truncated && !truthy(full_path) {
        return None;
    }
    let mut warnings = Vec::new();
    if truthy(full_path) {
        warnings.push(format!("Full output: {}", js_template(full_path)));
    }
    if let Some(t) = truncation.filter(|_| truncated) {
        if t.get("truncatedBy").and_then(Value::as_str) == Some("lines") {
            warnings.push(format!(
                "Truncated: showing {} of {} lines",
                js_template(t.get("outputLines")),
                js_template(t.get("totalLines"))
            ));
        } else {
            warnings.push(format!(
                "Truncated: {} lines shown ({} limit)",
                js_template(t.get("outputLines")),
                size(arg(t, "maxBytes"), DEFAULT_MAX_BYTES)
            ));
        }
    }
    Some(format!(
        "\n{}",
        paint.fg("warning", &format!("[{}]", warnings.join(". ")))
    ))
}

pub(crate) fn parts<'p>(
    view: &RowView<'_>,
    opts: &ToolRenderOptions<'_>,
    paint: &'p dyn Paint,
    prompt: &str,
) -> Vec<Part<'p>> {
    let mut parts = vec![layout::text(call(&view.row.args, prompt, paint), 0, 0)];
    let Some(result) = view.result.as_ref() else {
        return parts;
    };
    let details = result.details.as_ref();
    let output = shown_output(view, details);
    if !output.is_empty() {
        let styled = output
            .split('\n')
            .map(|line| paint.fg("toolOutput", line))
            .collect::<Vec<_>>()
            .join("\n");
        if opts.expanded {
            parts.push(layout::text(format!("\n{styled}"), 0, 0));
        } else {
            let expand = opts.keys.expand.to_string();
            parts.push(layout::spacer());
            parts.push(layout::visual_preview(
                styled,
                PREVIEW_LINES,
                move |hidden| {
                    paint.fg("muted", &format!("... ({hidden} earlier lines,"))
                        + " "
                        + &key_hint(&expand, "to expand", paint)
                        + &paint.fg("muted", ")")
                },
            ));
        }
    }
    if let Some(notice) = notice(details, paint) {
        parts.push(layout::text(notice, 0, 0));
    }
    if let Some(timer) = timer(view) {
        parts.push(layout::text(
            format!("\n{}", paint.fg("muted", &timer)),
            0,
            0,
        ));
    }
    parts
}
