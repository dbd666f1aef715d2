//! The `read` tool with Pi 1.6.0's schema, description and output: a range of a text file
//! with continuation notices, or an image as an attachment.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use async_trait::async_trait;
use serde::Deserialize;
use serde_json::{json, Value};
use tau_protocol::{ContentBlock, ToolResult};
use tokio_util::sync::CancellationToken;

use crate::args::parse_args;
use crate::fs_error::node_message;
use crate::image::{detect_image_mime_type, process_image, ProcessedImage, IMAGE_SNIFF_BYTES};
use crate::path::resolve_read_path;
use crate::read_select::{select_from_text, LineSelector, Selection, Utf8Stream};
use crate::read_special::{read_device, stopped_text, Special};
use crate::tool::{Tool, ToolContext, ToolError, ToolInfo};
use crate::truncate::{format_size, TruncatedBy, DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES};
use crate::validate::js::number_string;

/// Bytes read per chunk when streaming a text file.
const CHUNK_BYTES: usize = 64 * 1024;

/// Pi's `read` tool.
#[derive(Debug, Clone)]
pub struct ReadTool {
    info: ToolInfo,
}

impl Default for ReadTool {
    fn default() -> Self {
        Self::new()
    }
}

impl ReadTool {
    /// The tool with Pi's name, description and schema.
    pub fn new() -> Self {
        ReadTool { info: read_info() }
    }
}

/// Name, description, schema and prompt text of Pi's `read`.
pub fn read_info() -> ToolInfo {
    ToolInfo {
        name: "read".to_string(),
        label: "read".to_string(),
        description: format!(
            "Read the contents of a file. Supports text files and images (jpg, png, gif, webp, bmp). Images are sent as attachments. For text files, output is truncated to {DEFAULT_MAX_LINES} lines or {}KB (whichever is hit first). Use offset/limit for large files. When you need the full file, continue with offset until complete.",
            DEFAULT_MAX_BYTES / 1024
        ),
        parameters: json!({
            "type": "object",
            "required": ["path"],
            "properties": {
                "path": {
                    "type": "string",
                    "description": "Path to the file to read (relative or absolute)"
                },
                "offset": {
                    "type": "number",
                    "description": "Line number to start reading from (1-indexed)"
                },
                "limit": {
                    "type": "number",
                    "description": "Maximum number of lines to read"
                }
            }
        }),
        prompt_snippet: Some("Read file contents".to_string()),
        constrained_sampling: Some(serde_json::json!({"type": "json_schema", "strict": "prefer"})),
        prompt_guidelines: vec!["Use read to examine files instead of cat or sed.".to_string()],
    }
}

#[derive(Debug, Deserialize)]
struct ReadArgs {
    path: String,
    offset: Option<f64>,
    limit: Option<f64>,
}

#[async_trait]
impl Tool for ReadTool {
    fn info(&self) -> &ToolInfo {
        &self.info
    }

    async fn execute(
        &self,
        _call_id: &str,
        args: Value,
        ctx: ToolContext,
    ) -> Result<ToolResult, ToolError> {
        if ctx.cancel.is_cancelled() {
            return Err(ToolError::Aborted);
        }
        let args: ReadArgs = parse_args("read", args)?;
        let cancel = ctx.cancel.clone();
        let work = async {
            let absolute = resolve_read_path(&args.path, &ctx.cwd).await;
            let cancel = ctx.cancel.clone();
            tokio::task::spawn_blocking(move || read_blocking(&absolute, &args, &cancel))
                .await
                .map_err(|err| ToolError::Failed(format!("read task failed: {err}")))?
        };
        // Pi rejects as soon as the signal aborts, without waiting for the read to stop.
        tokio::select! {
            result = work => result,
            () = cancel.cancelled() => Err(ToolError::Aborted),
        }
    }
}

fn read_blocking(
    path: &Path,
    args: &ReadArgs,
    cancel: &CancellationToken,
) -> Result<ToolResult, ToolError> {
    nix::unistd::access(path, nix::unistd::AccessFlags::R_OK)
        .map_err(|errno| fail(&errno.into(), "access", Some(path)))?;
    let special = std::fs::metadata(path)
        .ok()
        .and_then(|meta| Special::of(meta.file_type()));
    if let Some(kind) = special {
        if let Some(refusal) = kind.refusal(&args.path) {
            return Err(refusal);
        }
        // A device is text: sniffing it for an image could block, and a match would then
        // read it whole.
        return read_text(path, args, Some(kind), cancel);
    }
    let mut file = File::open(path).map_err(|err| fail(&err, "open", Some(path)))?;
    let mut head = Vec::with_capacity(IMAGE_SNIFF_BYTES);
    (&mut file)
        .take(IMAGE_SNIFF_BYTES as u64)
        .read_to_end(&mut head)
        .map_err(|err| fail(&err, "read", None))?;
    if let Some(mime) = detect_image_mime_type(&head) {
        let bytes = std::fs::read(path).map_err(|err| fail(&err, "open", Some(path)))?;
        return Ok(image_result(&bytes, mime));
    }
    read_text(path, args, None, cancel)
}

fn fail(err: &std::io::Error, syscall: &str, path: Option<&Path>) -> ToolError {
    ToolError::Failed(node_message(err, syscall, path))
}

fn image_result(bytes: &[u8], mime: &str) -> ToolResult {
    let (content, note, image) = match process_image(bytes, mime) {
        ProcessedImage::Omitted(message) => {
            let note = format!("Read image file [{mime}]\n{message}");
            (vec![ContentBlock::text(note.clone())], note, None)
        }
        ProcessedImage::Inline {
            data,
            mime_type,
            hints,
        } => {
            let mut note = format!("Read image file [{mime_type}]");
            for hint in hints {
                note.push('\n');
                note.push_str(&hint);
            }
            let block = ContentBlock::Image {
                data: data.clone(),
                mime_type: mime_type.clone(),
            };
            (
                vec![ContentBlock::text(note.clone()), block],
                note,
                Some((data, mime_type)),
            )
        }
    };
    // Programmatic callers get the image with its note, or the text when there is none.
    let structured = match image {
        Some((data, mime_type)) => {
            json!({"type": "image", "data": data, "mimeType": mime_type, "note": note})
        }
        None => Value::String(note),
    };
    ToolResult {
        content,
        structured_content: Some(structured),
        ..ToolResult::default()
    }
}

/// Whether the range can be streamed; other values (fractions, a negative limit) take the
/// whole-file path whose slicing defines what they select.
fn is_streamable(offset: Option<f64>, limit: Option<f64>) -> bool {
    offset.is_none_or(|o| o.fract() == 0.0) && limit.is_none_or(|l| l.fract() == 0.0 && l >= 0.0)
}

fn read_text(
    path: &Path,
    args: &ReadArgs,
    device: Option<Special>,
    cancel: &CancellationToken,
) -> Result<ToolResult, ToolError> {
    // A falsy offset (absent or 0) starts at the first line; the offset is 1-based.
    let start = match args.offset {
        Some(o) if o != 0.0 && !o.is_nan() => (o - 1.0).max(0.0),
        _ => 0.0,
    };
    if let Some(kind) = device {
        return read_device_text(path, args, kind, start, cancel);
    }
    let selection = if is_streamable(args.offset, args.limit) {
        let end = args.limit.map(|l| (start + l) as usize);
        stream_lines(path, start as usize, end, cancel)?
    } else {
        let bytes = std::fs::read(path).map_err(|err| fail(&err, "open", Some(path)))?;
        select_from_text(&String::from_utf8_lossy(&bytes), start, args.limit)
    };
    let total = selection.total_file_lines as f64;
    if start >= total {
        let offset = number_string(args.offset.unwrap_or(0.0));
        return Err(ToolError::Failed(format!(
            "Offset {offset} is beyond end of file ({} lines total)",
            selection.total_file_lines
        )));
    }
    let (text, truncated) = format_text(&args.path, start, args.limit, total, &selection);
    Ok(text_result(text, truncated, &selection))
}

/// A device's lines, read only as far as the range and the output caps need.
fn read_device_text(
    path: &Path,
    args: &ReadArgs,
    kind: Special,
    start: f64,
    cancel: &CancellationToken,
) -> Result<ToolResult, ToolError> {
    if !is_streamable(args.offset, args.limit) {
        return Err(kind.unbounded_range(&args.path));
    }
    let start = start as usize;
    let end = args.limit.map(|l| start + l as usize);
    let read = read_device(path, start, end, cancel)?;
    let Some(stop) = read.stop else {
        // The device ended (as /dev/null does): the same output as for a regular file.
        let total = read.selection.total_file_lines as f64;
        if start as f64 >= total {
            let offset = number_string(args.offset.unwrap_or(0.0));
            return Err(ToolError::Failed(format!(
                "Offset {offset} is beyond end of file ({} lines total)",
                read.selection.total_file_lines
            )));
        }
        let (text, truncated) =
            format_text(&args.path, start as f64, args.limit, total, &read.selection);
        return Ok(text_result(text, truncated, &read.selection));
    };
    let text = stopped_text(&args.path, kind, start + 1, &read, stop)?;
    let truncated = read.selection.truncation.truncated;
    Ok(text_result(text, truncated, &read.selection))
}

fn text_result(text: String, truncated: bool, selection: &Selection) -> ToolResult {
    // Pi leaves details undefined when nothing was cut.
    let details = truncated.then(|| json!({ "truncation": selection.truncation }));
    ToolResult {
        content: vec![ContentBlock::text(text.clone())],
        details,
        structured_content: Some(Value::String(text)),
        ..ToolResult::default()
    }
}

/// The text the model sees and whether truncation details go with it.
fn format_text(
    path: &str,
    start: f64,
    limit: Option<f64>,
    total: f64,
    selection: &Selection,
) -> (String, bool) {
    let t = &selection.truncation;
    let first = start + 1.0;
    if t.first_line_exceeds_limit {
        let first = number_string(first);
        let text = format!(
            "[Line {first} is {}, exceeds {} limit. Use bash: sed -n '{first}p' {path} | head -c {DEFAULT_MAX_BYTES}]",
            format_size(selection.first_line_bytes),
            format_size(DEFAULT_MAX_BYTES)
        );
        return (text, true);
    }
    if t.truncated {
        let last = first + t.output_lines as f64 - 1.0;
        let range = format!(
            "{}-{} of {}",
            number_string(first),
            number_string(last),
            number_string(total)
        );
        let next = number_string(last + 1.0);
        let notice = match t.truncated_by {
            Some(TruncatedBy::Bytes) => format!(
                "[Showing lines {range} ({} limit). Use offset={next} to continue.]",
                format_size(DEFAULT_MAX_BYTES)
            ),
            Some(TruncatedBy::Lines) | None => {
                format!("[Showing lines {range}. Use offset={next} to continue.]")
            }
        };
        return (format!("{}\n\n{notice}", t.content), true);
    }
    if let Some(limit) = limit {
        let shown = (start + limit).min(total) - start;
        if start + shown < total {
            let remaining = number_string(total - (start + shown));
            let next = number_string(start + shown + 1.0);
            let text = format!(
                "{}\n\n[{remaining} more lines in file. Use offset={next} to continue.]",
                t.content
            );
            return (text, false);
        }
    }
    (t.content.clone(), false)
}

/// Streams lines `start..end` of a file: a regular file up to its size when opened (so a
/// growing file still ends), a file reporting size 0 (such as /proc files) until end of input.
fn stream_lines(
    path: &Path,
    start: usize,
    end: Option<usize>,
    cancel: &CancellationToken,
) -> Result<Selection, ToolError> {
    let file = File::open(path).map_err(|err| fail(&err, "open", Some(path)))?;
    let size = file
        .metadata()
        .ok()
        .filter(|m| m.is_file() && m.len() > 0)
        .map(|m| m.len());
    let mut reader: Box<dyn Read> = match size {
        Some(size) => Box::new(file.take(size)),
        None => Box::new(file),
    };
    let mut selector = LineSelector::new(start, end);
    let mut decoder = Utf8Stream::default();
    let mut buf = vec![0u8; CHUNK_BYTES];
    let mut text = String::new();
    loop {
        if cancel.is_cancelled() {
            return Err(ToolError::Aborted);
        }
        let n = reader
            .read(&mut buf)
            .map_err(|err| fail(&err, "read", None))?;
        if n == 0 {
            break;
        }
        text.clear();
        decoder.decode(&buf[..n], &mut text);
        selector.push(&text);
    }
    text.clear();
    decoder.finish(&mut text);
    selector.push(&text);
    Ok(selector.finish())
}

#[cfg(test)]
#[path = "read_tests.rs"]
mod tests;
