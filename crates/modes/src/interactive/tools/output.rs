//! A result's text as the renderers show it (Pi's `getTextOutput`): text blocks cleaned of
//! escape sequences, control characters and carriage returns, then a line per image when
//! the images are not drawn (`[Image: [image/png] 10x20]`).

use base64::Engine;
use tau_protocol::{ContentBlock, ToolResult};
use tau_tools::ansi::{sanitize_binary_output, strip_ansi};

/// The text blocks joined by line feeds, then the image indicators unless `images_drawn`.
pub fn text_output(result: Option<&ToolResult>, images_drawn: bool) -> String {
    let Some(result) = result else {
        return String::new();
    };
    let texts: Vec<String> = result
        .content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text { text, .. } => {
                Some(sanitize_binary_output(&strip_ansi(text)).replace('\r', ""))
            }
            _ => None,
        })
        .collect();
    let mut output = texts.join("\n");
    let images: Vec<String> = result
        .content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Image { data, mime_type } => Some(image_fallback(data, mime_type)),
            _ => None,
        })
        .collect();
    if !images.is_empty() && !images_drawn {
        let indicators = images.join("\n");
        output = if output.is_empty() {
            indicators
        } else {
            format!("{output}\n{indicators}")
        };
    }
    output
}

/// The text blocks alone, unprocessed (what edit and write show for an error).
pub fn raw_text(result: &ToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// pi-tui's `imageFallback` for an image without a file name.
fn image_fallback(data: &str, mime_type: &str) -> String {
    let mime = if mime_type.is_empty() {
        "image/unknown"
    } else {
        mime_type
    };
    let dims = if data.is_empty() || mime_type.is_empty() {
        None
    } else {
        image_dimensions(data, mime_type)
    };
    match dims {
        Some((w, h)) => format!("[Image: [{mime}] {w}x{h}]"),
        None => format!("[Image: [{mime}]]"),
    }
}

fn decode(data: &str) -> Vec<u8> {
    // Node's base64 decoding skips characters outside the alphabet and stops at padding.
    let clean: String = data
        .chars()
        .take_while(|&c| c != '=')
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '-' | '_'))
        .map(|c| match c {
            '-' => '+',
            '_' => '/',
            c => c,
        })
        .collect();
    let usable = clean.len() - clean.len() % 4;
    let mut bytes = base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(&clean[..usable])
        .unwrap_or_default();
    let tail = &clean[usable..];
    if tail.len() >= 2 {
        let mut padded = tail.to_string();
        padded.push_str(&"=".repeat(4 - tail.len()));
        if let Ok(more) = base64::engine::general_purpose::STANDARD.decode(padded) {
            bytes.extend(more);
        }
    }
    bytes
}

fn u16_be(b: &[u8], at: usize) -> Option<u32> {
    Some(u16::from_be_bytes([*b.get(at)?, *b.get(at + 1)?]) as u32)
}

fn u16_le(b: &[u8], at: usize) -> Option<u32> {
    Some(u16::from_le_bytes([*b.get(at)?, *b.get(at + 1)?]) as u32)
}

fn u32_at(b: &[u8], at: usize, big_endian: bool) -> Option<u32> {
    let bytes: [u8; 4] = b.get(at..at + 4)?.try_into().ok()?;
    Some(if big_endian {
        u32::from_be_bytes(bytes)
    } else {
        u32::from_le_bytes(bytes)
    })
}

/// Pixel size read from the image header (PNG, JPEG, GIF, WebP), as pi-tui reads it.
pub fn image_dimensions(data: &str, mime_type: &str) -> Option<(u32, u32)> {
    let b = decode(data);
    match mime_type {
        "image/png" => {
            if b.len() < 24 || b[..4] != [0x89, 0x50, 0x4e, 0x47] {
                return None;
            }
            Some((u32_at(&b, 16, true)?, u32_at(&b, 20, true)?))
        }
        "image/jpeg" => jpeg_dimensions(&b),
        "image/gif" => {
            if b.len() < 10 || !(b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a")) {
                return None;
            }
            Some((u16_le(&b, 6)?, u16_le(&b, 8)?))
        }
        "image/webp" => webp_dimensions(&b),
        _ => None,
    }
}

fn jpeg_dimensions(b: &[u8]) -> Option<(u32, u32)> {
    if b.len() < 2 || b[0] != 0xff || b[1] != 0xd8 {
        return None;
    }
    let mut at = 2usize;
    while at + 9 < b.len() {
        if b[at] != 0xff {
            at += 1;
            continue;
        }
        let marker = b[at + 1];
        if (0xc0..=0xc2).contains(&marker) {
            return Some((u16_be(b, at + 7)?, u16_be(b, at + 5)?));
        }
        let length = u16_be(b, at + 2)? as usize;
        if length < 2 {
            return None;
        }
        at += 2 + length;
    }
    None
}

fn webp_dimensions(b: &[u8]) -> Option<(u32, u32)> {
    if b.len() < 30 || &b[..4] != b"RIFF" || &b[8..12] != b"WEBP" {
        return None;
    }
    match &b[12..16] {
        b"VP8 " => Some((u16_le(b, 26)? & 0x3fff, u16_le(b, 28)? & 0x3fff)),
        b"VP8L" => {
            let bits = u32_at(b, 21, false)?;
            Some(((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1))
        }
        b"VP8X" => {
            let w = (b[24] as u32 | (b[25] as u32) << 8 | (b[26] as u32) << 16) + 1;
            let h = (b[27] as u32 | (b[28] as u32) << 8 | (b[29] as u32) << 16) + 1;
            Some((w, h))
        }
        _ => None,
    }
}
