//! Image sizes read from the file headers of base64 image data (PNG, JPEG, GIF, WebP), and
//! the lenient base64 decoding Node's `Buffer.from(data, "base64")` does.

/// An image's size in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageDimensions {
    /// Width in pixels.
    pub width_px: u32,
    /// Height in pixels.
    pub height_px: u32,
}

/// Decodes base64 as Node does: the URL-safe alphabet is accepted, other characters are
/// skipped, and decoding stops at `=`.
pub fn decode_base64(data: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() * 3 / 4);
    let (mut bits, mut count) = (0u32, 0u32);
    for byte in data.bytes() {
        let value = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' => break,
            _ => continue,
        };
        bits = (bits << 6) | u32::from(value);
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
        }
    }
    out
}

/// The decoded length Node reports for base64 text (`Buffer.byteLength(data, "base64")`).
pub fn base64_byte_len(data: &str) -> usize {
    let mut len = data.len();
    for _ in 0..2 {
        if len > 0 && data.as_bytes()[len - 1] == b'=' {
            len -= 1;
        }
    }
    (len * 3) >> 2
}

fn u16_be(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from(u16::from_be_bytes([
        *b.get(at)?,
        *b.get(at + 1)?,
    ])))
}

fn u16_le(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from(u16::from_le_bytes([
        *b.get(at)?,
        *b.get(at + 1)?,
    ])))
}

fn dims(width_px: u32, height_px: u32) -> Option<ImageDimensions> {
    Some(ImageDimensions {
        width_px,
        height_px,
    })
}

/// A PNG's size from its IHDR chunk.
pub fn png_dimensions(data: &str) -> Option<ImageDimensions> {
    let b = decode_base64(data);
    if b.len() < 24 || b[..4] != [0x89, b'P', b'N', b'G'] {
        return None;
    }
    let read = |at: usize| u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
    dims(read(16), read(20))
}

/// A JPEG's size from its first start-of-frame marker.
pub fn jpeg_dimensions(data: &str) -> Option<ImageDimensions> {
    let b = decode_base64(data);
    if b.len() < 2 || b[0] != 0xff || b[1] != 0xd8 {
        return None;
    }
    let mut offset = 2;
    while offset + 9 < b.len() {
        if b[offset] != 0xff {
            offset += 1;
            continue;
        }
        if (0xc0..=0xc2).contains(&b[offset + 1]) {
            return dims(u16_be(&b, offset + 7)?, u16_be(&b, offset + 5)?);
        }
        let length = u16_be(&b, offset + 2)? as usize;
        if length < 2 {
            return None;
        }
        offset += 2 + length;
    }
    None
}

/// A GIF's logical screen size.
pub fn gif_dimensions(data: &str) -> Option<ImageDimensions> {
    let b = decode_base64(data);
    if b.len() < 10 || !(b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a")) {
        return None;
    }
    dims(u16_le(&b, 6)?, u16_le(&b, 8)?)
}

/// A WebP's size from its VP8, VP8L or VP8X chunk.
pub fn webp_dimensions(data: &str) -> Option<ImageDimensions> {
    let b = decode_base64(data);
    if b.len() < 30 || &b[..4] != b"RIFF" || &b[8..12] != b"WEBP" {
        return None;
    }
    match &b[12..16] {
        b"VP8 " => dims(u16_le(&b, 26)? & 0x3fff, u16_le(&b, 28)? & 0x3fff),
        b"VP8L" => {
            let bits = u32::from_le_bytes([b[21], b[22], b[23], b[24]]);
            dims((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1)
        }
        b"VP8X" => {
            let read24 = |at: usize| {
                u32::from(b[at]) | u32::from(b[at + 1]) << 8 | u32::from(b[at + 2]) << 16
            };
            dims(read24(24) + 1, read24(27) + 1)
        }
        _ => None,
    }
}

/// The size of base64 image data of a MIME type, when its header says.
pub fn image_dimensions(data: &str, mime_type: &str) -> Option<ImageDimensions> {
    match mime_type {
        "image/png" => png_dimensions(data),
        "image/jpeg" => jpeg_dimensions(data),
        "image/gif" => gif_dimensions(data),
        "image/webp" => webp_dimensions(data),
        _ => None,
    }
}
