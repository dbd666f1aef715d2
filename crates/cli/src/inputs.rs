//! The first prompt's inputs as Pi assembles them: piped stdin, then `@file` contents, then
//! the first message, concatenated; images from `@file`s ride along as image blocks.

use std::io::{IsTerminal, Read};
use std::path::Path;

use base64::Engine;
use tau_protocol::{ContentBlock, UserContent};

/// Image types `@file` attaches as images, by magic bytes.
fn image_mime(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0x89, b'P', b'N', b'G', ..] => Some("image/png"),
        [0xFF, 0xD8, 0xFF, ..] => Some("image/jpeg"),
        [b'G', b'I', b'F', b'8', ..] => Some("image/gif"),
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => Some("image/webp"),
        _ => None,
    }
}

/// Reads piped stdin; `None` when stdin is a terminal or empty.
pub fn read_piped_stdin() -> Option<String> {
    let mut stdin = std::io::stdin();
    if stdin.is_terminal() {
        return None;
    }
    let mut text = String::new();
    stdin.read_to_string(&mut text).ok()?;
    (!text.trim().is_empty()).then_some(text)
}

/// Text and images from `@file` arguments, resolved against `cwd`.
pub fn read_file_args(files: &[String], cwd: &Path) -> Result<(String, Vec<ContentBlock>), String> {
    let mut text = String::new();
    let mut images = Vec::new();
    for file in files {
        let path = tau_tools::path::resolve_to_cwd(file, cwd);
        let shown = path.display();
        let bytes = std::fs::read(&path).map_err(|error| match error.kind() {
            std::io::ErrorKind::NotFound => format!("File not found: {shown}"),
            _ => format!("Could not read file {shown}: {error}"),
        })?;
        if bytes.is_empty() {
            continue;
        }
        if let Some(mime) = image_mime(&bytes) {
            images.push(ContentBlock::Image {
                data: base64::engine::general_purpose::STANDARD.encode(&bytes),
                mime_type: mime.to_string(),
            });
            text.push_str(&format!("<file name=\"{shown}\"></file>\n"));
        } else {
            let content = String::from_utf8(bytes)
                .map_err(|_| format!("Could not read file {shown}: it is not UTF-8 text"))?;
            let content = content.strip_prefix('\u{feff}').unwrap_or(&content);
            text.push_str(&format!("<file name=\"{shown}\">\n{content}\n</file>\n"));
        }
    }
    Ok((text, images))
}

/// The prompts to run: the first combines stdin, files and the first message.
pub fn build_prompts(
    stdin: Option<String>,
    file_text: String,
    images: Vec<ContentBlock>,
    messages: &[String],
) -> Vec<UserContent> {
    let mut first = stdin.unwrap_or_default();
    first.push_str(&file_text);
    let mut rest = messages.iter();
    if let Some(message) = rest.next() {
        first.push_str(message);
    }
    let mut prompts = Vec::new();
    if !first.is_empty() || !images.is_empty() {
        // Pi sends prompts as content blocks, never as a bare string.
        let mut blocks = vec![ContentBlock::text(first)];
        blocks.extend(images);
        prompts.push(UserContent::Blocks(blocks));
    }
    prompts
        .extend(rest.map(|message| UserContent::Blocks(vec![ContentBlock::text(message.clone())])));
    prompts
}
