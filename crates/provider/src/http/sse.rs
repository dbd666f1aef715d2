//! An incremental Server-Sent Events parser: bytes in as they arrive, complete events out.
//!
//! Follows the SSE wire format as the OpenAI SDK decodes it (what Pi sees): lines end with
//! `\r\n`, `\n` or `\r`; `event:` names the event, `data:` lines accumulate and join with
//! `\n`, one space after the colon is dropped, lines starting with `:` are comments, and a
//! blank line dispatches the event when it has a name or data. Chunk boundaries may fall
//! anywhere, also inside a line terminator or a multi-byte UTF-8 character: bytes are held
//! until their line is complete, so a character is never decoded in halves.
//!
//! It knows nothing about JSON or any provider; [`crate::http::client`] feeds it the
//! response body.

/// One dispatched event.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event:` field, `None` when the event had none (the default `message` type).
    pub event: Option<String>,
    /// The `data:` lines joined with `\n`.
    pub data: String,
    /// The last `id:` field seen in this event, if any.
    pub id: Option<String>,
}

/// Parser state between chunks.
#[derive(Debug, Default)]
pub struct SseParser {
    /// Bytes of the line being received (no terminator yet).
    line: Vec<u8>,
    /// The previous chunk ended with `\r`: a leading `\n` in the next one belongs to it.
    after_cr: bool,
    /// Still at the start of the stream, where a UTF-8 byte-order mark is skipped.
    at_start: bool,
    event: Option<String>,
    data: Vec<String>,
    id: Option<String>,
}

/// The UTF-8 byte-order mark, ignored at the start of a stream.
const BOM: &[u8] = b"\xEF\xBB\xBF";

impl SseParser {
    /// A parser at the start of a stream.
    pub fn new() -> Self {
        Self {
            at_start: true,
            ..Self::default()
        }
    }

    /// Feeds the next chunk of the body; returns the events it completed, in order.
    pub fn push(&mut self, chunk: &[u8]) -> Vec<SseEvent> {
        let mut events = Vec::new();
        let mut rest = chunk;
        if self.at_start {
            // The mark may itself be split across chunks: wait until three bytes are known.
            let have = self.line.len() + rest.len();
            let mut head = self.line.clone();
            head.extend_from_slice(&rest[..rest.len().min(BOM.len())]);
            if have < BOM.len() && BOM.starts_with(&head) {
                self.line = head;
                return events;
            }
            self.at_start = false;
            if head.starts_with(BOM) {
                let consumed = BOM.len() - self.line.len();
                self.line.clear();
                rest = &rest[consumed..];
            }
        }
        if self.after_cr && !rest.is_empty() {
            self.after_cr = false;
            if let Some(stripped) = rest.strip_prefix(b"\n") {
                rest = stripped;
            }
        }
        while let Some(at) = rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            self.line.extend_from_slice(&rest[..at]);
            let terminator = rest[at];
            rest = &rest[at + 1..];
            if terminator == b'\r' {
                match rest.first() {
                    Some(b'\n') => rest = &rest[1..],
                    Some(_) => {}
                    None => self.after_cr = true,
                }
            }
            let line = std::mem::take(&mut self.line);
            events.extend(self.line_done(&line));
        }
        self.line.extend_from_slice(rest);
        events
    }

    /// Ends the stream: a last line without terminator counts, and an event that never got
    /// its blank line is dispatched (servers sometimes omit it), as the OpenAI SDK does.
    pub fn finish(&mut self) -> Option<SseEvent> {
        let line = std::mem::take(&mut self.line);
        let mut event = None;
        let lone_mark = self.at_start && BOM.starts_with(&line);
        if !line.is_empty() && !lone_mark {
            event = self.line_done(&line);
        }
        self.at_start = false;
        self.after_cr = false;
        event.or_else(|| self.dispatch())
    }

    /// Handles one complete line (without terminator).
    fn line_done(&mut self, line: &[u8]) -> Option<SseEvent> {
        if line.is_empty() {
            return self.dispatch();
        }
        if line.first() == Some(&b':') {
            return None;
        }
        let line = String::from_utf8_lossy(line);
        let (field, value) = match line.split_once(':') {
            Some((field, value)) => (field, value.strip_prefix(' ').unwrap_or(value)),
            None => (line.as_ref(), ""),
        };
        match field {
            "event" => self.event = Some(value.to_owned()),
            "data" => self.data.push(value.to_owned()),
            // The spec ignores ids containing NUL.
            "id" if !value.contains('\0') => self.id = Some(value.to_owned()),
            _ => {}
        }
        None
    }

    /// Emits the pending event, if it has a name or data, and resets for the next one.
    fn dispatch(&mut self) -> Option<SseEvent> {
        let id = self.id.take();
        if self.event.is_none() && self.data.is_empty() {
            return None;
        }
        Some(SseEvent {
            event: self.event.take(),
            data: std::mem::take(&mut self.data).join("\n"),
            id,
        })
    }
}

#[cfg(test)]
#[path = "sse_tests.rs"]
mod tests;
