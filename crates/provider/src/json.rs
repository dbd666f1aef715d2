//! Tool-call argument JSON as providers stream it.
//!
//! Models send a tool call's arguments as JSON text in fragments. Two readings are needed,
//! following pi-ai's rules:
//! - while the call streams, [`parse_streaming_json`] shows the best value of the text so far
//!   (an unterminated string shows its characters, an unterminated object its finished
//!   members), so a UI can preview arguments as they grow;
//! - once the call is complete, [`parse_tool_call_arguments`] parses it strictly (after
//!   repairing raw control characters and invalid escapes inside strings). Text that is still
//!   not a JSON object gives `{}` plus an error describing the problem, never a prefix.

use serde_json::{Map, Value};

/// Deepest nesting the tolerant parser follows, like serde_json's own limit.
const MAX_DEPTH: usize = 128;

/// Arguments of a finished tool call: the parsed object, or `{}` and what was wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedArguments {
    /// Always a JSON object.
    pub arguments: Value,
    /// Set when the text was not a JSON object; includes the text received, as pi-ai's
    /// `argumentsError` does, so tool validation can report it to the model.
    pub error: Option<String>,
}

/// Parses the complete argument text of a finished tool call (pi-ai's
/// `parseToolCallArguments`): empty text is `{}`, malformed text is `{}` with an error.
pub fn parse_tool_call_arguments(json: &str) -> ParsedArguments {
    if json.trim().is_empty() {
        return ParsedArguments {
            arguments: Value::Object(Map::new()),
            error: None,
        };
    }
    let parsed = parse_with_repair(json).and_then(|value| match value {
        Value::Object(_) => Ok(value),
        _ => Err("Tool arguments must be a JSON object".to_owned()),
    });
    match parsed {
        Ok(arguments) => ParsedArguments {
            arguments,
            error: None,
        },
        Err(message) => ParsedArguments {
            arguments: Value::Object(Map::new()),
            error: Some(format!("{message}\n\nReceived arguments:\n{json}")),
        },
    }
}

/// The best value of possibly incomplete JSON text (pi-ai's `parseStreamingJson`); `{}` when
/// nothing usable has arrived yet. Never fails.
pub fn parse_streaming_json(json: &str) -> Value {
    if json.trim().is_empty() {
        return Value::Object(Map::new());
    }
    if let Ok(value) = parse_with_repair(json) {
        return value;
    }
    let mut parser = Tolerant {
        text: json.as_bytes(),
        pos: 0,
    };
    parser.skip_whitespace();
    match parser.value(0) {
        Ok(Parsed::Done(value) | Parsed::Cut(value)) => value,
        Ok(Parsed::Missing) | Err(Malformed) => Value::Object(Map::new()),
    }
}

/// Strict parse; when that fails and repairing changes the text, a strict parse of the repair.
fn parse_with_repair(json: &str) -> Result<Value, String> {
    match serde_json::from_str(json) {
        Ok(value) => Ok(value),
        Err(first) => {
            let repaired = repair_json(json);
            if repaired == json {
                return Err(first.to_string());
            }
            serde_json::from_str(&repaired).map_err(|e| e.to_string())
        }
    }
}

/// Repairs string literals the way pi-ai's `repairJson` does: raw control characters are
/// escaped and a backslash before an invalid escape character is doubled.
pub fn repair_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    let mut in_string = false;
    let mut chars = json.char_indices().peekable();
    while let Some((index, c)) = chars.next() {
        if !in_string {
            out.push(c);
            in_string = c == '"';
            continue;
        }
        match c {
            '"' => {
                out.push(c);
                in_string = false;
            }
            '\\' => match chars.peek().map(|&(_, next)| next) {
                Some('u') if is_unicode_escape(&json[index + 1..]) => {
                    out.push_str(&json[index..index + 6]);
                    for _ in 0..5 {
                        chars.next();
                    }
                }
                Some(next @ ('"' | '\\' | '/' | 'b' | 'f' | 'n' | 'r' | 't')) => {
                    out.push('\\');
                    out.push(next);
                    chars.next();
                }
                // A dangling or invalid escape becomes a literal backslash.
                Some(_) | None => out.push_str("\\\\"),
            },
            c if u32::from(c) < 0x20 => match c {
                '\u{8}' => out.push_str("\\b"),
                '\u{c}' => out.push_str("\\f"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                other => out.push_str(&format!("\\u{:04x}", u32::from(other))),
            },
            c => out.push(c),
        }
    }
    out
}

/// True when `rest` (starting at the `u` of an escape) is `u` plus four hex digits.
fn is_unicode_escape(rest: &str) -> bool {
    let bytes = rest.as_bytes();
    bytes.len() >= 5 && bytes[1..5].iter().all(u8::is_ascii_hexdigit)
}

/// What the tolerant parser read at one position.
enum Parsed {
    /// A complete value.
    Done(Value),
    /// The text ended inside this value; it shows what was read.
    Cut(Value),
    /// The text ended before a value started.
    Missing,
}

/// Text that no completion can turn into JSON.
struct Malformed;

/// A lenient recursive-descent reader for JSON that may stop anywhere.
struct Tolerant<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Tolerant<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Result<Parsed, Malformed> {
        if depth > MAX_DEPTH {
            return Err(Malformed);
        }
        match self.peek() {
            None => Ok(Parsed::Missing),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(match self.string() {
                (text, true) => Parsed::Done(Value::String(text)),
                (text, false) => Parsed::Cut(Value::String(text)),
            }),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b'a'..=b'z') => self.literal(),
            Some(_) => Err(Malformed),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Parsed, Malformed> {
        self.pos += 1;
        let mut map = Map::new();
        loop {
            self.skip_whitespace();
            match self.peek() {
                None => return Ok(Parsed::Cut(Value::Object(map))),
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Parsed::Done(Value::Object(map)));
                }
                Some(b',') => self.pos += 1,
                Some(b'"') => {
                    let (key, closed) = self.string();
                    if !closed {
                        return Ok(Parsed::Cut(Value::Object(map)));
                    }
                    self.skip_whitespace();
                    // A missing colon is tolerated, as pi-ai's streaming parser does.
                    if self.peek() == Some(b':') {
                        self.pos += 1;
                    }
                    self.skip_whitespace();
                    match self.value(depth + 1)? {
                        Parsed::Missing => return Ok(Parsed::Cut(Value::Object(map))),
                        Parsed::Cut(value) => {
                            map.insert(key, value);
                            return Ok(Parsed::Cut(Value::Object(map)));
                        }
                        Parsed::Done(value) => {
                            map.insert(key, value);
                        }
                    }
                }
                Some(_) => return Err(Malformed),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Parsed, Malformed> {
        self.pos += 1;
        let mut items = Vec::new();
        loop {
            self.skip_whitespace();
            match self.peek() {
                None => return Ok(Parsed::Cut(Value::Array(items))),
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Parsed::Done(Value::Array(items)));
                }
                Some(b',') => self.pos += 1,
                Some(_) => match self.value(depth + 1)? {
                    Parsed::Missing => return Ok(Parsed::Cut(Value::Array(items))),
                    Parsed::Cut(value) => {
                        items.push(value);
                        return Ok(Parsed::Cut(Value::Array(items)));
                    }
                    Parsed::Done(value) => items.push(value),
                },
            }
        }
    }

    /// Reads a string starting at its quote; returns its text and whether it was closed.
    /// Raw control characters are kept and an invalid escape stays literal text; an escape
    /// cut off by the end of the text is held back.
    fn string(&mut self) -> (String, bool) {
        self.pos += 1;
        let mut bytes = Vec::new();
        while let Some(byte) = self.peek() {
            self.pos += 1;
            match byte {
                b'"' => return (String::from_utf8_lossy(&bytes).into_owned(), true),
                b'\\' => match self.escape() {
                    Some(Escape::Char(c)) => {
                        let mut buf = [0; 4];
                        bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    }
                    Some(Escape::Literal(next)) => {
                        bytes.push(b'\\');
                        bytes.push(next);
                    }
                    None => break,
                },
                other => bytes.push(other),
            }
        }
        (String::from_utf8_lossy(&bytes).into_owned(), false)
    }

    /// Reads the escape after a backslash; `None` when the text ends inside it.
    fn escape(&mut self) -> Option<Escape> {
        let next = self.peek()?;
        self.pos += 1;
        let c = match next {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => return self.unicode_escape(),
            other => return Some(Escape::Literal(other)),
        };
        Some(Escape::Char(c))
    }

    /// Reads the four hex digits after `\u`, joining a surrogate pair when one follows.
    fn unicode_escape(&mut self) -> Option<Escape> {
        let high = self.hex4()?;
        if !(0xD800..0xDC00).contains(&high) {
            return Some(Escape::Char(
                char::from_u32(high).unwrap_or(char::REPLACEMENT_CHARACTER),
            ));
        }
        if self.text.get(self.pos..self.pos + 2) == Some(b"\\u") {
            let save = self.pos;
            self.pos += 2;
            let low = self.hex4()?;
            if (0xDC00..0xE000).contains(&low) {
                let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                return Some(Escape::Char(
                    char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER),
                ));
            }
            self.pos = save;
        }
        Some(Escape::Char(char::REPLACEMENT_CHARACTER))
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.text.get(self.pos..self.pos + 4)?;
        let text = std::str::from_utf8(digits).ok()?;
        let code = u32::from_str_radix(text, 16).ok()?;
        self.pos += 4;
        Some(code)
    }

    fn number(&mut self) -> Result<Parsed, Malformed> {
        let start = self.pos;
        while matches!(
            self.peek(),
            Some(b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')
        ) {
            self.pos += 1;
        }
        let text = std::str::from_utf8(&self.text[start..self.pos]).map_err(|_| Malformed)?;
        if self.peek().is_some() {
            return serde_json::from_str(text)
                .map(Parsed::Done)
                .map_err(|_| Malformed);
        }
        // The number may still grow: show the digits read so far, ignoring an unfinished
        // fraction or exponent.
        let trimmed = text.trim_end_matches(['-', '+', '.', 'e', 'E']);
        if trimmed.is_empty() {
            return Ok(Parsed::Missing);
        }
        serde_json::from_str(trimmed)
            .map(Parsed::Cut)
            .map_err(|_| Malformed)
    }

    fn literal(&mut self) -> Result<Parsed, Malformed> {
        let start = self.pos;
        while matches!(self.peek(), Some(b'a'..=b'z')) {
            self.pos += 1;
        }
        let word = &self.text[start..self.pos];
        let at_end = self.peek().is_none();
        for (name, value) in [
            (&b"true"[..], Value::Bool(true)),
            (b"false", Value::Bool(false)),
            (b"null", Value::Null),
        ] {
            if word == name {
                return Ok(Parsed::Done(value));
            }
            if at_end && name.starts_with(word) {
                return Ok(Parsed::Cut(value));
            }
        }
        Err(Malformed)
    }
}

/// One decoded escape sequence.
enum Escape {
    /// A character the escape stands for.
    Char(char),
    /// An invalid escape kept as a backslash and this byte.
    Literal(u8),
}

/// JavaScript truthiness of a JSON value, for porting pi-ai's `if (x)` checks.
pub fn is_truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|n| n != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use serde_json::json;

    #[test]
    fn streaming_shows_unterminated_strings_and_members() {
        assert_eq!(parse_streaming_json(""), json!({}));
        assert_eq!(parse_streaming_json("{"), json!({}));
        assert_eq!(parse_streaming_json(r#"{"pa"#), json!({}));
        assert_eq!(parse_streaming_json(r#"{"path""#), json!({}));
        assert_eq!(
            parse_streaming_json(r#"{"path": "/tm"#),
            json!({"path": "/tm"})
        );
        assert_eq!(
            parse_streaming_json(r#"{"path": "a", "edits": [{"oldText": "x\n"#),
            json!({"path": "a", "edits": [{"oldText": "x\n"}]})
        );
        assert_eq!(parse_streaming_json(r#"{"n": 12"#), json!({"n": 12}));
        assert_eq!(parse_streaming_json(r#"{"n": 1."#), json!({"n": 1}));
        assert_eq!(parse_streaming_json(r#"{"n": -"#), json!({}));
        assert_eq!(parse_streaming_json(r#"{"ok": tr"#), json!({"ok": true}));
        assert_eq!(parse_streaming_json(r#"{"a": "x\"#), json!({"a": "x"}));
        assert_eq!(
            parse_streaming_json(r#"{"a": "\u00e9\u12"#),
            json!({"a": "é"})
        );
        assert_eq!(
            parse_streaming_json(r#"{"a": "\ud83d\ude00"#),
            json!({"a": "😀"})
        );
    }

    #[test]
    fn streaming_is_lenient_with_malformed_strings() {
        assert_eq!(
            parse_streaming_json("{\"cmd\": \"grep \\d+ file\ttab"),
            json!({"cmd": "grep \\d+ file\ttab"})
        );
        assert_eq!(parse_streaming_json("{\"a\": }"), json!({}));
        assert_eq!(parse_streaming_json("not json"), json!({}));
    }

    #[test]
    fn finished_arguments_are_parsed_after_repair() {
        let parsed = parse_tool_call_arguments("{\"cmd\": \"echo \\d\tx\"}");
        assert_eq!(parsed.arguments, json!({"cmd": "echo \\d\tx"}));
        assert_eq!(parsed.error, None);
        assert_eq!(
            parse_tool_call_arguments("  ").arguments,
            json!({}),
            "empty text means no arguments"
        );
    }

    #[test]
    fn finished_arguments_that_are_not_an_object_give_an_error() {
        let cut = parse_tool_call_arguments(r#"{"path": "a"#);
        assert_eq!(cut.arguments, json!({}));
        let error = cut.error.unwrap_or_default();
        assert!(
            error.ends_with("\n\nReceived arguments:\n{\"path\": \"a"),
            "{error}"
        );

        let array = parse_tool_call_arguments("[1]");
        assert_eq!(array.arguments, json!({}));
        assert!(array
            .error
            .unwrap_or_default()
            .starts_with("Tool arguments must be a JSON object"));
    }

    #[test]
    fn repair_escapes_control_characters_and_invalid_escapes() {
        assert_eq!(repair_json("{\"a\": \"x\ny\"}"), "{\"a\": \"x\\ny\"}");
        assert_eq!(
            repair_json(r#"{"a": "\d\n\u00e9"}"#),
            r#"{"a": "\\d\n\u00e9"}"#
        );
        assert_eq!(repair_json("{\"a\": \"\u{1}\"}"), "{\"a\": \"\\u0001\"}");
        assert_eq!(repair_json("{\n\"a\": 1}"), "{\n\"a\": 1}");
    }
}
