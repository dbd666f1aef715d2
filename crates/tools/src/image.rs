//! Image files as `read` sends them: the type is sniffed from the content as Pi 1.6.0 does
//! (PNG that is not animated, JPEG, GIF, WebP, BMP), and the bytes go to the model base64
//! encoded with a text note.
//!
//! Pi also resizes images over 2000x2000 pixels or 4.5MB of base64 and converts BMP to PNG.
//! tau does not transcode yet: it sends an oversized-but-under-limit image as it is (the
//! providers scale it down themselves) and omits, with Pi's notes, what it cannot send.

use base64::Engine;

/// Bytes read from the start of a file to sniff its type.
pub const IMAGE_SNIFF_BYTES: usize = 4100;
/// Largest base64 payload sent inline (headroom below Anthropic's 5MB limit).
pub const MAX_INLINE_IMAGE_BASE64_BYTES: usize = 4_718_592;

const PNG_SIGNATURE: [u8; 8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/// The MIME type of a supported image, sniffed from its first bytes; `None` for anything
/// else (animated PNG and JPEG-LS included).
pub fn detect_image_mime_type(head: &[u8]) -> Option<&'static str> {
    if head.starts_with(&[0xff, 0xd8, 0xff]) {
        return (head.get(3) != Some(&0xf7)).then_some("image/jpeg");
    }
    if head.starts_with(&PNG_SIGNATURE) {
        return (is_png(head) && !is_animated_png(head)).then_some("image/png");
    }
    if head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a") {
        return Some("image/gif");
    }
    if head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
        return Some("image/webp");
    }
    if head.starts_with(b"BM") && is_bmp(head) {
        return Some("image/bmp");
    }
    None
}

fn u32_be(b: &[u8], at: usize) -> u32 {
    let byte = |i: usize| u32::from(b.get(at + i).copied().unwrap_or(0));
    (byte(0) << 24) | (byte(1) << 16) | (byte(2) << 8) | byte(3)
}

fn u32_le(b: &[u8], at: usize) -> u32 {
    let byte = |i: usize| u32::from(b.get(at + i).copied().unwrap_or(0));
    byte(0) | (byte(1) << 8) | (byte(2) << 16) | (byte(3) << 24)
}

fn u16_le(b: &[u8], at: usize) -> u32 {
    let byte = |i: usize| u32::from(b.get(at + i).copied().unwrap_or(0));
    byte(0) | (byte(1) << 8)
}

fn is_png(b: &[u8]) -> bool {
    b.len() >= 16 && u32_be(b, 8) == 13 && &b[12..16] == b"IHDR"
}

/// An `acTL` chunk before the first `IDAT` marks an animated PNG.
fn is_animated_png(b: &[u8]) -> bool {
    let mut offset = PNG_SIGNATURE.len();
    while offset + 8 <= b.len() {
        let kind = &b[offset + 4..offset + 8];
        if kind == b"acTL" {
            return true;
        }
        if kind == b"IDAT" {
            return false;
        }
        let next = offset + 12 + u32_be(b, offset) as usize;
        if next <= offset || next > b.len() {
            return false;
        }
        offset = next;
    }
    false
}

fn is_bmp(b: &[u8]) -> bool {
    if b.len() < 26 {
        return false;
    }
    let file_size = u32_le(b, 2);
    let pixel_offset = u32_le(b, 10);
    let dib_size = u32_le(b, 14);
    if file_size != 0 && file_size < 26 {
        return false;
    }
    if u64::from(pixel_offset) < 14 + u64::from(dib_size) {
        return false;
    }
    if file_size != 0 && pixel_offset >= file_size {
        return false;
    }
    let (planes, bits) = match dib_size {
        12 => (u16_le(b, 22), u16_le(b, 24)),
        40..=124 if b.len() >= 30 => (u16_le(b, 26), u16_le(b, 28)),
        _ => return false,
    };
    planes == 1 && [1, 4, 8, 16, 24, 32].contains(&bits)
}

/// An image ready to send, or why it cannot be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProcessedImage {
    /// Base64 data with its MIME type and hint lines for the note.
    Inline {
        /// Base64 of the image.
        data: String,
        /// Its MIME type.
        mime_type: String,
        /// Extra note lines (conversions, resizing).
        hints: Vec<String>,
    },
    /// The image is left out; the message says why, in Pi's words.
    Omitted(String),
}

/// Prepares image bytes of a sniffed `mime_type` for the model.
pub fn process_image(bytes: &[u8], mime_type: &str) -> ProcessedImage {
    let supported = matches!(
        mime_type,
        "image/png" | "image/jpeg" | "image/gif" | "image/webp"
    );
    if !supported {
        return ProcessedImage::Omitted(
            "[Image omitted: could not be converted to a supported inline image format.]"
                .to_string(),
        );
    }
    if bytes.len().div_ceil(3) * 4 >= MAX_INLINE_IMAGE_BASE64_BYTES {
        return ProcessedImage::Omitted(
            "[Image omitted: could not be resized below the inline image size limit.]".to_string(),
        );
    }
    ProcessedImage::Inline {
        data: base64::engine::general_purpose::STANDARD.encode(bytes),
        mime_type: mime_type.to_string(),
        hints: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal PNG header: signature, IHDR chunk, then `next` as the following chunk type.
    fn png_with_chunk(next: &[u8; 4]) -> Vec<u8> {
        let mut b = PNG_SIGNATURE.to_vec();
        b.extend_from_slice(&13u32.to_be_bytes());
        b.extend_from_slice(b"IHDR");
        b.extend_from_slice(&[0; 13]);
        b.extend_from_slice(&[0; 4]); // CRC
        b.extend_from_slice(&0u32.to_be_bytes());
        b.extend_from_slice(next);
        b.extend_from_slice(&[0; 4]);
        b
    }

    #[test]
    fn sniffs_supported_types() {
        assert_eq!(
            detect_image_mime_type(&png_with_chunk(b"IDAT")),
            Some("image/png")
        );
        assert_eq!(detect_image_mime_type(&png_with_chunk(b"acTL")), None);
        assert_eq!(
            detect_image_mime_type(&[0xff, 0xd8, 0xff, 0xe0]),
            Some("image/jpeg")
        );
        assert_eq!(detect_image_mime_type(&[0xff, 0xd8, 0xff, 0xf7]), None);
        assert_eq!(detect_image_mime_type(b"GIF89a...."), Some("image/gif"));
        assert_eq!(
            detect_image_mime_type(b"RIFF\0\0\0\0WEBPVP8 "),
            Some("image/webp")
        );
        assert_eq!(detect_image_mime_type(b"hello world"), None);
        let mut bmp = b"BM".to_vec();
        bmp.extend_from_slice(&100u32.to_le_bytes()); // file size
        bmp.extend_from_slice(&[0; 4]);
        bmp.extend_from_slice(&54u32.to_le_bytes()); // pixel offset
        bmp.extend_from_slice(&40u32.to_le_bytes()); // DIB header size
        bmp.extend_from_slice(&[0; 8]); // width, height
        bmp.extend_from_slice(&1u16.to_le_bytes()); // planes
        bmp.extend_from_slice(&24u16.to_le_bytes()); // bits per pixel
        assert_eq!(detect_image_mime_type(&bmp), Some("image/bmp"));
    }

    #[test]
    fn bmp_is_omitted_and_png_is_inline() {
        assert!(matches!(
            process_image(b"BM", "image/bmp"),
            ProcessedImage::Omitted(m) if m.contains("could not be converted")
        ));
        let png = png_with_chunk(b"IDAT");
        match process_image(&png, "image/png") {
            ProcessedImage::Inline {
                data,
                mime_type,
                hints,
            } => {
                assert_eq!(mime_type, "image/png");
                assert!(hints.is_empty());
                assert_eq!(
                    base64::engine::general_purpose::STANDARD
                        .decode(data)
                        .unwrap(),
                    png
                );
            }
            ProcessedImage::Omitted(m) => panic!("omitted: {m}"),
        }
    }
}
