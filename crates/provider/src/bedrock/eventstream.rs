//! The `application/vnd.amazon.eventstream` framing of Bedrock's streamed responses.
//!
//! Each message is a 12-byte prelude (total length, headers length, CRC32 of those eight
//! bytes, all big-endian), the headers, the payload, then a CRC32 of everything before it.
//! A header is a 1-byte name length, the name, a 1-byte value type and the value; Bedrock
//! only sends strings (type 7: 2-byte length, UTF-8), but every type is skipped correctly.

use std::collections::VecDeque;

/// Smallest message: prelude and the trailing checksum.
const MIN_MESSAGE: usize = 16;
/// Largest message the decoder accepts (the AWS limit is 16 MiB).
const MAX_MESSAGE: usize = 16 * 1024 * 1024;

/// One decoded message: its string headers (`:event-type`, `:message-type`…) and payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// String-valued headers, in wire order.
    pub headers: Vec<(String, String)>,
    /// The payload bytes (JSON for Bedrock).
    pub payload: Vec<u8>,
}

impl Message {
    /// The value of the string header `name`.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }
}

/// Splits a byte stream into messages, whatever the chunk boundaries.
#[derive(Debug, Default)]
pub struct Decoder {
    buffer: Vec<u8>,
}

impl Decoder {
    /// A decoder with nothing buffered.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `chunk` and returns the messages it completed; `Err` names a corrupt frame.
    pub fn push(&mut self, chunk: &[u8]) -> Result<VecDeque<Message>, String> {
        self.buffer.extend_from_slice(chunk);
        let mut messages = VecDeque::new();
        loop {
            if self.buffer.len() < 12 {
                return Ok(messages);
            }
            let total = be_u32(&self.buffer[0..4]) as usize;
            if !(MIN_MESSAGE..=MAX_MESSAGE).contains(&total) {
                return Err(format!("event stream message of invalid length {total}"));
            }
            let prelude_crc = be_u32(&self.buffer[8..12]);
            if crc32(&self.buffer[0..8]) != prelude_crc {
                return Err("event stream prelude checksum mismatch".into());
            }
            if self.buffer.len() < total {
                return Ok(messages);
            }
            let frame: Vec<u8> = self.buffer.drain(..total).collect();
            messages.push_back(decode_frame(&frame)?);
        }
    }

    /// Whether bytes of an unfinished message are left over.
    pub fn has_partial(&self) -> bool {
        !self.buffer.is_empty()
    }
}

fn decode_frame(frame: &[u8]) -> Result<Message, String> {
    let total = frame.len();
    let message_crc = be_u32(&frame[total - 4..]);
    if crc32(&frame[..total - 4]) != message_crc {
        return Err("event stream message checksum mismatch".into());
    }
    let headers_length = be_u32(&frame[4..8]) as usize;
    let headers_end = 12usize
        .checked_add(headers_length)
        .filter(|end| *end <= total - 4)
        .ok_or("event stream headers overrun the message")?;
    let headers = decode_headers(&frame[12..headers_end])?;
    Ok(Message {
        headers,
        payload: frame[headers_end..total - 4].to_vec(),
    })
}

fn decode_headers(mut bytes: &[u8]) -> Result<Vec<(String, String)>, String> {
    let truncated = || "event stream header is truncated".to_owned();
    let mut headers = Vec::new();
    while !bytes.is_empty() {
        let name_length = bytes[0] as usize;
        let name = bytes.get(1..1 + name_length).ok_or_else(truncated)?;
        let name = String::from_utf8_lossy(name).into_owned();
        bytes = &bytes[1 + name_length..];
        let (&kind, rest) = bytes.split_first().ok_or_else(truncated)?;
        bytes = rest;
        // Fixed sizes of the non-string types: bool true/false, byte, short, int, long,
        // timestamp, uuid.
        let fixed = match kind {
            0 | 1 => Some(0),
            2 => Some(1),
            3 => Some(2),
            4 => Some(4),
            5 | 8 => Some(8),
            9 => Some(16),
            6 | 7 => None,
            other => return Err(format!("event stream header type {other} is unknown")),
        };
        if let Some(size) = fixed {
            bytes = bytes.get(size..).ok_or_else(truncated)?;
            continue;
        }
        let length = bytes
            .get(0..2)
            .map(|b| u16::from_be_bytes([b[0], b[1]]) as usize)
            .ok_or_else(truncated)?;
        let value = bytes.get(2..2 + length).ok_or_else(truncated)?;
        if kind == 7 {
            headers.push((name, String::from_utf8_lossy(value).into_owned()));
        }
        bytes = &bytes[2 + length..];
    }
    Ok(headers)
}

fn be_u32(bytes: &[u8]) -> u32 {
    u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as the framing uses.
pub fn crc32(bytes: &[u8]) -> u32 {
    static TABLE: std::sync::OnceLock<[u32; 256]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = [0u32; 256];
        for (n, entry) in table.iter_mut().enumerate() {
            let mut c = n as u32;
            for _ in 0..8 {
                c = if c & 1 == 1 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
            *entry = c;
        }
        table
    });
    !bytes.iter().fold(!0u32, |crc, &byte| {
        table[((crc ^ u32::from(byte)) & 0xFF) as usize] ^ (crc >> 8)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A frame built by hand, independent of the test-support encoder.
    fn frame(headers: &[(&str, &str)], payload: &[u8]) -> Vec<u8> {
        let mut head = Vec::new();
        for (name, value) in headers {
            head.push(name.len() as u8);
            head.extend_from_slice(name.as_bytes());
            head.push(7);
            head.extend_from_slice(&(value.len() as u16).to_be_bytes());
            head.extend_from_slice(value.as_bytes());
        }
        let total = (16 + head.len() + payload.len()) as u32;
        let mut out = total.to_be_bytes().to_vec();
        out.extend_from_slice(&(head.len() as u32).to_be_bytes());
        let prelude_crc = crc32(&out);
        out.extend_from_slice(&prelude_crc.to_be_bytes());
        out.extend_from_slice(&head);
        out.extend_from_slice(payload);
        let crc = crc32(&out);
        out.extend_from_slice(&crc.to_be_bytes());
        out
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn messages_split_across_chunks_decode_in_order() {
        let mut bytes = frame(
            &[(":event-type", "messageStart")],
            br#"{"role":"assistant"}"#,
        );
        bytes.extend(frame(&[(":event-type", "messageStop")], b"{}"));
        let mut decoder = Decoder::new();
        let mut seen = Vec::new();
        for chunk in bytes.chunks(5) {
            seen.extend(decoder.push(chunk).unwrap());
        }
        assert!(!decoder.has_partial());
        assert_eq!(seen.len(), 2);
        assert_eq!(seen[0].header(":event-type"), Some("messageStart"));
        assert_eq!(seen[0].payload, br#"{"role":"assistant"}"#);
        assert_eq!(seen[1].header(":event-type"), Some("messageStop"));
    }

    #[test]
    fn a_corrupted_frame_is_an_error() {
        let mut bytes = frame(&[(":event-type", "messageStart")], b"{}");
        let last = bytes.len() - 6;
        bytes[last] ^= 1;
        assert_eq!(
            Decoder::new().push(&bytes).unwrap_err(),
            "event stream message checksum mismatch"
        );
        let mut bytes = frame(&[], b"{}");
        bytes[2] ^= 1;
        assert_eq!(
            Decoder::new().push(&bytes).unwrap_err(),
            "event stream prelude checksum mismatch"
        );
    }

    #[test]
    fn non_string_headers_are_skipped() {
        let mut head = vec![2, b'o', b'k', 4, 0, 0, 0, 1];
        head.extend([1, b'n', 7, 0, 1, b'v']);
        let total = (16 + head.len()) as u32;
        let mut out = total.to_be_bytes().to_vec();
        out.extend_from_slice(&(head.len() as u32).to_be_bytes());
        let crc = crc32(&out);
        out.extend_from_slice(&crc.to_be_bytes());
        out.extend_from_slice(&head);
        let crc = crc32(&out);
        out.extend_from_slice(&crc.to_be_bytes());
        let message = Decoder::new().push(&out).unwrap().pop_front().unwrap();
        assert_eq!(message.headers, vec![("n".to_owned(), "v".to_owned())]);
    }
}
