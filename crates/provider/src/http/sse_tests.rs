//! Unit tests of the SSE parser: every line-ending style, comments, multi-line data, and
//! the same stream cut at every byte boundary (also inside CRLF and UTF-8 characters).

use super::*;
use pretty_assertions::assert_eq;

fn event(name: Option<&str>, data: &str) -> SseEvent {
    SseEvent {
        event: name.map(str::to_owned),
        data: data.to_owned(),
        id: None,
    }
}

/// Parses `input` fed as the given chunks, then finishes the stream.
fn parse_chunks(chunks: &[&[u8]]) -> Vec<SseEvent> {
    let mut parser = SseParser::new();
    let mut events = Vec::new();
    for chunk in chunks {
        events.extend(parser.push(chunk));
    }
    events.extend(parser.finish());
    events
}

fn parse(input: &[u8]) -> Vec<SseEvent> {
    parse_chunks(&[input])
}

/// Asserts that every split of `input` into two and three chunks, and byte by byte,
/// gives the same events as the whole.
fn assert_any_chunking(input: &[u8], expected: &[SseEvent]) {
    assert_eq!(parse(input), expected, "whole input");
    for cut in 0..=input.len() {
        let (a, b) = input.split_at(cut);
        assert_eq!(parse_chunks(&[a, b]), expected, "cut at {cut}");
    }
    for first in 0..=input.len() {
        for second in first..=input.len() {
            let parts = [&input[..first], &input[first..second], &input[second..]];
            assert_eq!(parse_chunks(&parts), expected, "cuts at {first},{second}");
        }
    }
    let bytes: Vec<&[u8]> = input.chunks(1).collect();
    assert_eq!(parse_chunks(&bytes), expected, "byte by byte");
}

#[test]
fn openai_style_stream() {
    let input = b"data: {\"a\":1}\n\ndata: {\"b\":2}\n\ndata: [DONE]\n\n";
    assert_any_chunking(
        input,
        &[
            event(None, "{\"a\":1}"),
            event(None, "{\"b\":2}"),
            event(None, "[DONE]"),
        ],
    );
}

#[test]
fn named_events_multi_line_data_and_comments() {
    let input = b": keep-alive\nevent: message_start\ndata: line one\ndata: line two\n\n:another comment\n\nevent: ping\ndata:\n\n";
    assert_any_chunking(
        input,
        &[
            event(Some("message_start"), "line one\nline two"),
            event(Some("ping"), ""),
        ],
    );
}

#[test]
fn crlf_and_cr_line_endings() {
    let crlf = b"event: a\r\ndata: x\r\n\r\ndata: y\r\n\r\n";
    let cr = b"event: a\rdata: x\r\rdata: y\r\r";
    let expected = [event(Some("a"), "x"), event(None, "y")];
    assert_any_chunking(crlf, &expected);
    assert_any_chunking(cr, &expected);
    // Mixed endings in one stream.
    assert_any_chunking(
        b"data: x\r\n\ndata: y\n\r",
        &[event(None, "x"), event(None, "y")],
    );
}

#[test]
fn utf8_split_across_chunks() {
    let input = "data: héllo ✓ 🦀 wörld\n\nevent: ünï\ndata: ✓\n\n".as_bytes();
    assert_any_chunking(
        input,
        &[event(None, "héllo ✓ 🦀 wörld"), event(Some("ünï"), "✓")],
    );
}

#[test]
fn field_details() {
    // Only one leading space is dropped; no colon means an empty value; unknown fields and
    // `retry` are ignored; `id` is kept.
    let input = b"data:  two spaces\ndata\nretry: 100\nfoo: bar\nid: 7\n\n";
    assert_eq!(
        parse(input),
        [SseEvent {
            event: None,
            data: " two spaces\n".to_owned(),
            id: Some("7".to_owned()),
        }]
    );
    // A blank line with nothing pending dispatches nothing.
    assert_eq!(parse(b"\n\n\n: only comments\n\n"), []);
}

#[test]
fn unterminated_last_event_is_flushed() {
    assert_any_chunking(
        b"data: first\n\ndata: last",
        &[event(None, "first"), event(None, "last")],
    );
    assert_any_chunking(b"data: last\n", &[event(None, "last")]);
}

#[test]
fn byte_order_mark_is_skipped_only_at_the_start() {
    let mut input = b"\xEF\xBB\xBF".to_vec();
    input.extend_from_slice(b"data: x\n\n");
    assert_any_chunking(&input, &[event(None, "x")]);
    // A mark later in the stream is part of the field name, which is then unknown.
    assert_any_chunking(b"data: x\n\n\xEF\xBB\xBFdata: y\n\n", &[event(None, "x")]);
}

#[test]
fn events_come_out_as_soon_as_they_are_complete() {
    let mut parser = SseParser::new();
    assert_eq!(parser.push(b"data: a\n"), []);
    assert_eq!(parser.push(b"\ndata: b"), [event(None, "a")]);
    assert_eq!(parser.push(b"\n\n"), [event(None, "b")]);
    assert_eq!(parser.finish(), None);
}
