//! Tests of the `read` tool on real files; expected texts are Pi 1.6.0's output for the same
//! files.

use std::path::Path;

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_protocol::{ContentBlock, ToolResult};
use tokio_util::sync::CancellationToken;

use super::*;

async fn run(dir: &Path, args: Value) -> Result<ToolResult, ToolError> {
    let ctx = ToolContext::new(dir, CancellationToken::new());
    ReadTool::new().execute("call", args, ctx).await
}

fn text(result: &ToolResult) -> &str {
    result.content[0].as_text().unwrap()
}

fn fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    std::fs::write(p.join("f.txt"), "a\nb\nc\n").unwrap();
    let many: String = (1..=2500).map(|i| format!("line {i}\n")).collect();
    std::fs::write(p.join("many.txt"), many).unwrap();
    std::fs::write(
        p.join("wide.txt"),
        format!("{}\nsecond\n", "x".repeat(60000)),
    )
    .unwrap();
    let bytes: String = (1..=1000)
        .map(|i| format!("{i:04}{}\n", "y".repeat(95)))
        .collect();
    std::fs::write(p.join("bytes.txt"), bytes).unwrap();
    std::fs::write(p.join("bin.dat"), b"\x00\x01\xffabc\n\xfe").unwrap();
    std::fs::create_dir(p.join("d")).unwrap();
    dir
}

#[test]
fn info_matches_pi() {
    let info = read_info();
    assert_eq!(info.name, "read");
    assert_eq!(info.label, "read");
    assert_eq!(
        info.description,
        "Read the contents of a file. Supports text files and images (jpg, png, gif, webp, bmp). Images are sent as attachments. For text files, output is truncated to 2000 lines or 50KB (whichever is hit first). Use offset/limit for large files. When you need the full file, continue with offset until complete."
    );
    assert_eq!(
        serde_json::to_string(&info.parameters).unwrap(),
        r#"{"type":"object","required":["path"],"properties":{"path":{"type":"string","description":"Path to the file to read (relative or absolute)"},"offset":{"type":"number","description":"Line number to start reading from (1-indexed)"},"limit":{"type":"number","description":"Maximum number of lines to read"}}}"#
    );
    assert_eq!(info.prompt_snippet.as_deref(), Some("Read file contents"));
    assert_eq!(
        info.prompt_guidelines,
        vec!["Use read to examine files instead of cat or sed.".to_string()]
    );
}

#[tokio::test]
async fn small_file_comes_back_whole() {
    let dir = fixture();
    let r = run(dir.path(), json!({"path": "f.txt"})).await.unwrap();
    assert_eq!(text(&r), "a\nb\nc\n");
    assert_eq!(r.details, None, "Pi leaves details undefined");
    assert_eq!(r.structured_content, Some(json!("a\nb\nc\n")));
    // A leading @ is stripped.
    let r = run(dir.path(), json!({"path": "@f.txt"})).await.unwrap();
    assert_eq!(text(&r), "a\nb\nc\n");
}

#[tokio::test]
async fn user_limit_adds_a_continuation_notice() {
    let dir = fixture();
    let r = run(
        dir.path(),
        json!({"path": "f.txt", "offset": 2, "limit": 1}),
    )
    .await
    .unwrap();
    assert_eq!(
        text(&r),
        "b\n\n[2 more lines in file. Use offset=3 to continue.]"
    );
    let r = run(dir.path(), json!({"path": "f.txt", "limit": 0}))
        .await
        .unwrap();
    assert_eq!(
        text(&r),
        "\n\n[4 more lines in file. Use offset=1 to continue.]"
    );
    let r = run(
        dir.path(),
        json!({"path": "bytes.txt", "offset": 600, "limit": 10}),
    )
    .await
    .unwrap();
    assert!(text(&r).starts_with("0600yyy"));
    assert!(text(&r).ends_with("\n\n[392 more lines in file. Use offset=610 to continue.]"));
    // Unusual ranges follow JavaScript's slicing, as in Pi.
    let r = run(
        dir.path(),
        json!({"path": "many.txt", "offset": 2, "limit": -1}),
    )
    .await
    .unwrap();
    assert_eq!(
        text(&r),
        "\n\n[2501 more lines in file. Use offset=1 to continue.]"
    );
    let r = run(dir.path(), json!({"path": "f.txt", "offset": 1.5}))
        .await
        .unwrap();
    assert_eq!(text(&r), "a\nb\nc\n");
}

#[tokio::test]
async fn line_limit_truncation_reports_pis_notice_and_details() {
    let dir = fixture();
    let r = run(dir.path(), json!({"path": "many.txt"})).await.unwrap();
    let t = text(&r);
    assert!(t.starts_with("line 1\nline 2\n"));
    assert!(
        t.ends_with("line 2000\n\n[Showing lines 1-2000 of 2501. Use offset=2001 to continue.]")
    );
    assert_eq!(t.len(), 18954);
    let mut truncation = r.details.clone().unwrap_or_default()["truncation"].clone();
    truncation.as_object_mut().unwrap().remove("content");
    assert_eq!(
        truncation,
        json!({"truncated":true,"truncatedBy":"lines","totalLines":2500,"totalBytes":23893,
            "outputLines":2000,"outputBytes":18892,"lastLinePartial":false,
            "firstLineExceedsLimit":false,"maxLines":2000,"maxBytes":51200})
    );
    let r = run(dir.path(), json!({"path": "many.txt", "offset": 2001}))
        .await
        .unwrap();
    assert!(text(&r).starts_with("line 2001\n"));
    assert!(text(&r).ends_with("line 2500\n"));
    assert_eq!(text(&r).len(), 5000);
}

#[tokio::test]
async fn byte_limit_truncation_reports_the_limit() {
    let dir = fixture();
    let r = run(dir.path(), json!({"path": "bytes.txt"})).await.unwrap();
    assert!(text(&r).ends_with(
        "\n\n[Showing lines 1-512 of 1001 (50.0KB limit). Use offset=513 to continue.]"
    ));
    assert_eq!(text(&r).len(), 51274);
    let details = r.details.unwrap_or_default();
    assert_eq!(details["truncation"]["truncatedBy"], json!("bytes"));
    assert_eq!(details["truncation"]["outputBytes"], json!(51199));
}

#[tokio::test]
async fn first_line_over_the_limit_points_at_bash() {
    let dir = fixture();
    let r = run(dir.path(), json!({"path": "wide.txt"})).await.unwrap();
    assert_eq!(
        text(&r),
        "[Line 1 is 58.6KB, exceeds 50.0KB limit. Use bash: sed -n '1p' wide.txt | head -c 51200]"
    );
    let details = r.details.unwrap_or_default();
    assert_eq!(details["truncation"]["firstLineExceedsLimit"], json!(true));
    assert_eq!(details["truncation"]["totalBytes"], json!(60008));
    let r = run(dir.path(), json!({"path": "wide.txt", "offset": 2}))
        .await
        .unwrap();
    assert_eq!(text(&r), "second\n");
}

#[tokio::test]
async fn errors_read_as_pis() {
    let dir = fixture();
    let err = run(dir.path(), json!({"path": "f.txt", "offset": 10}))
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Offset 10 is beyond end of file (4 lines total)"
    );
    let err = run(dir.path(), json!({"path": "nope.txt"}))
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "ENOENT: no such file or directory, access '{}'",
            dir.path().join("nope.txt").display()
        )
    );
    let err = run(dir.path(), json!({"path": "d"})).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        "EISDIR: illegal operation on a directory, read"
    );
}

#[tokio::test]
async fn binary_files_are_decoded_lossily() {
    let dir = fixture();
    let r = run(dir.path(), json!({"path": "bin.dat"})).await.unwrap();
    assert_eq!(text(&r), "\u{0}\u{1}\u{FFFD}abc\n\u{FFFD}");
}

#[tokio::test]
async fn images_come_back_as_attachments() {
    let dir = fixture();
    // A PNG header with an IHDR chunk followed by IDAT, whatever the extension.
    let mut png = vec![0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    png.extend_from_slice(&13u32.to_be_bytes());
    png.extend_from_slice(b"IHDR");
    png.extend_from_slice(&[0; 17]);
    png.extend_from_slice(&0u32.to_be_bytes());
    png.extend_from_slice(b"IDAT");
    png.extend_from_slice(&[0; 4]);
    std::fs::write(dir.path().join("shot.dat"), &png).unwrap();
    let r = run(dir.path(), json!({"path": "shot.dat"})).await.unwrap();
    assert_eq!(text(&r), "Read image file [image/png]");
    let ContentBlock::Image { data, mime_type } = &r.content[1] else {
        panic!("no image block: {:?}", r.content);
    };
    assert_eq!(mime_type, "image/png");
    let structured = r.structured_content.unwrap();
    assert_eq!(structured["type"], json!("image"));
    assert_eq!(structured["data"], json!(data));
    assert_eq!(structured["note"], json!("Read image file [image/png]"));
}

#[tokio::test]
async fn a_cancelled_call_is_aborted() {
    let dir = fixture();
    let cancel = CancellationToken::new();
    cancel.cancel();
    let ctx = ToolContext::new(dir.path(), cancel);
    let err = ReadTool::new()
        .execute("call", json!({"path": "f.txt"}), ctx)
        .await
        .unwrap_err();
    assert!(matches!(err, ToolError::Aborted));
    assert_eq!(err.to_string(), "Operation aborted");
}

#[tokio::test]
async fn endless_devices_stop_at_the_range_and_the_caps() {
    let dir = fixture();
    let started = std::time::Instant::now();
    let r = run(dir.path(), json!({"path": "/dev/zero", "limit": 1}))
        .await
        .unwrap();
    assert!(
        text(&r).starts_with("[Line 1 is over 50.0KB (64.0KB read so far); /dev/zero is a character device, not a regular file, so read stopped"),
        "{}",
        text(&r)
    );
    let details = r.details.unwrap_or_default();
    assert_eq!(details["truncation"]["firstLineExceedsLimit"], json!(true));
    // Lines come one past the output caps, never the whole device.
    let r = run(dir.path(), json!({"path": "/dev/urandom"}))
        .await
        .unwrap();
    assert!(text(&r).contains("(50.0KB limit); /dev/urandom is a character device"));
    assert!(text(&r).len() < DEFAULT_MAX_BYTES + 1000);
    let r = run(dir.path(), json!({"path": "/dev/urandom", "limit": 1}))
        .await
        .unwrap();
    assert!(
        text(&r).contains("[Showing lines 1-1; /dev/urandom"),
        "{}",
        text(&r)
    );
    // Skipping lines of a device without newlines ends at the byte budget.
    let err = run(dir.path(), json!({"path": "/dev/zero", "offset": 3}))
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Stopped reading /dev/zero after 8.0MB without reaching line 3: it is a character device, which may never end. Use bash to read part of it, e.g. head -c 51200 '/dev/zero'"
    );
    // Ranges that count from the end need an end.
    let err = run(dir.path(), json!({"path": "/dev/zero", "limit": -1}))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("has no known end"), "{err}");
    // A device with no data (a terminal nobody types into) stops after the idle timeout.
    if Path::new("/dev/ptmx").exists() {
        let r = run(dir.path(), json!({"path": "/dev/ptmx"})).await.unwrap();
        assert!(
            text(&r).contains("when no data arrived for 1s"),
            "{}",
            text(&r)
        );
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

#[tokio::test]
async fn a_device_that_ends_reads_like_a_file() {
    let dir = fixture();
    let r = run(dir.path(), json!({"path": "/dev/null"})).await.unwrap();
    assert_eq!(text(&r), "");
    let err = run(dir.path(), json!({"path": "/dev/null", "offset": 3}))
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Offset 3 is beyond end of file (1 lines total)"
    );
}

#[tokio::test]
async fn pipes_are_refused_without_opening_them() {
    let dir = fixture();
    let fifo = dir.path().join("pipe");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    // Opening it would block until a writer came; the refusal is immediate.
    let err = run(dir.path(), json!({"path": "pipe"})).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        "pipe is a named pipe (FIFO), not a regular file: reading it could wait forever, so read does not open it. Use bash with a timeout instead, e.g. timeout 5 head -c 51200 'pipe'"
    );
}
