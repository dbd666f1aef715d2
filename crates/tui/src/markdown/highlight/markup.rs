//! Line- and tag-oriented languages: diff, HTML/XML, CSS, YAML (also TOML and INI) and
//! Markdown.

use super::{Span, TokenKind};

fn push(spans: &mut Vec<Span>, kind: TokenKind, text: &str) {
    if text.is_empty() {
        return;
    }
    match spans.last_mut() {
        Some((last, existing)) if *last == kind => existing.push_str(text),
        _ => spans.push((kind, text.to_string())),
    }
}

/// Each line of `code` with its newline (the last without).
fn lines_with_ends(code: &str) -> impl Iterator<Item = &str> {
    code.split_inclusive('\n')
}

/// Added and removed lines, hunk headers and file headers.
pub fn diff(code: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    for line in lines_with_ends(code) {
        let kind = if line.starts_with("+++")
            || line.starts_with("---")
            || line.starts_with("diff ")
            || line.starts_with("index ")
        {
            TokenKind::Comment
        } else if line.starts_with("@@") {
            TokenKind::Meta
        } else if line.starts_with('+') || line.starts_with('>') {
            TokenKind::Addition
        } else if line.starts_with('-') || line.starts_with('<') {
            TokenKind::Deletion
        } else {
            TokenKind::Default
        };
        push(&mut spans, kind, line);
    }
    spans
}

/// Tags (brackets, names, attributes and their values), comments and text.
pub fn html(code: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut rest = code;
    while !rest.is_empty() {
        if rest.starts_with("<!--") {
            let len = rest.find("-->").map_or(rest.len(), |i| i + 3);
            push(&mut spans, TokenKind::Comment, &rest[..len]);
            rest = &rest[len..];
        } else if rest.starts_with('<')
            && rest[1..].starts_with(|c: char| c.is_alphabetic() || "/!?".contains(c))
        {
            let len = rest.find('>').map_or(rest.len(), |i| i + 1);
            tag(&mut spans, &rest[..len]);
            rest = &rest[len..];
        } else {
            let len = rest[1..].find('<').map_or(rest.len(), |i| i + 1);
            push(&mut spans, TokenKind::Default, &rest[..len]);
            rest = &rest[len..];
        }
    }
    spans
}

fn tag(spans: &mut Vec<Span>, tag: &str) {
    let open = 1 + usize::from(tag[1..].starts_with(['/', '!', '?']));
    push(spans, TokenKind::Tag, &tag[..open]);
    let body = &tag[open..];
    let name_len = body
        .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
        .unwrap_or(body.len());
    push(spans, TokenKind::Name, &body[..name_len]);
    let mut rest = &body[name_len..];
    while !rest.is_empty() {
        let c = rest.chars().next().unwrap_or(' ');
        let len = if c == '"' || c == '\'' {
            let len = rest[1..].find(c).map_or(rest.len(), |i| i + 2);
            push(spans, TokenKind::String, &rest[..len]);
            len
        } else if c.is_alphabetic() {
            let len = rest
                .find(|ch: char| !(ch.is_alphanumeric() || "-_:".contains(ch)))
                .unwrap_or(rest.len());
            push(spans, TokenKind::Attr, &rest[..len]);
            len
        } else {
            let kind = if c.is_whitespace() || c == '=' {
                TokenKind::Default
            } else {
                TokenKind::Tag
            };
            push(spans, kind, &rest[..c.len_utf8()]);
            c.len_utf8()
        };
        rest = &rest[len..];
    }
}

/// Comments, at-rules, property names, strings and numbers (selectors stay plain).
pub fn css(code: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut rest = code;
    let mut in_block = 0usize;
    while let Some(c) = rest.chars().next() {
        let len = if rest.starts_with("/*") {
            let len = rest.find("*/").map_or(rest.len(), |i| i + 2);
            push(&mut spans, TokenKind::Comment, &rest[..len]);
            len
        } else if c == '@' {
            let len = 1 + rest[1..]
                .find(|ch: char| !(ch.is_alphanumeric() || ch == '-'))
                .unwrap_or(rest.len() - 1);
            push(&mut spans, TokenKind::Keyword, &rest[..len]);
            len
        } else if c == '"' || c == '\'' {
            let len = rest[1..].find(c).map_or(rest.len(), |i| i + 2);
            push(&mut spans, TokenKind::String, &rest[..len]);
            len
        } else if c.is_ascii_digit() || (c == '#' && in_block > 0) {
            let len = 1 + rest[1..]
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '.' || ch == '%'))
                .unwrap_or(rest.len() - 1);
            push(&mut spans, TokenKind::Number, &rest[..len]);
            len
        } else if in_block > 0 && (c.is_alphabetic() || c == '-') {
            let len = rest
                .find(|ch: char| !(ch.is_alphanumeric() || ch == '-'))
                .unwrap_or(rest.len());
            let is_property = rest[len..].trim_start().starts_with(':');
            let kind = if is_property {
                TokenKind::Attr
            } else {
                TokenKind::Default
            };
            push(&mut spans, kind, &rest[..len]);
            len
        } else {
            match c {
                '{' => in_block += 1,
                '}' => in_block = in_block.saturating_sub(1),
                _ => {}
            }
            let kind = if "{}:;,()".contains(c) {
                TokenKind::Punctuation
            } else {
                TokenKind::Default
            };
            push(&mut spans, kind, &rest[..c.len_utf8()]);
            c.len_utf8()
        };
        rest = &rest[len..];
    }
    spans
}

/// Keys, comments, quoted strings, literals and numbers per line; `[section]` headers for
/// TOML and INI.
pub fn yaml(code: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    for line in lines_with_ends(code) {
        let (body, newline) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
        let indent_len = body.len() - body.trim_start().len();
        push(&mut spans, TokenKind::Default, &body[..indent_len]);
        let mut rest = &body[indent_len..];
        if rest.starts_with('#') || rest.starts_with(';') {
            push(&mut spans, TokenKind::Comment, rest);
            rest = "";
        } else if rest.starts_with("---") || rest.starts_with('[') {
            push(&mut spans, TokenKind::Meta, rest);
            rest = "";
        }
        if let Some(marker) = rest.strip_prefix("- ") {
            push(&mut spans, TokenKind::Punctuation, "- ");
            rest = marker;
        }
        if let Some(sep) = rest
            .find([':', '='])
            .filter(|&i| !rest[..i].contains(['"', '\'', ' ']) || rest[..i].trim().len() == i)
        {
            let key = &rest[..sep];
            if !key.is_empty() && !key.contains("//") {
                push(&mut spans, TokenKind::Attr, key);
                push(&mut spans, TokenKind::Punctuation, &rest[sep..sep + 1]);
                rest = &rest[sep + 1..];
            }
        }
        yaml_value(&mut spans, rest);
        push(&mut spans, TokenKind::Default, newline);
    }
    spans
}

fn yaml_value(spans: &mut Vec<Span>, value: &str) {
    let comment = value.find(" #").unwrap_or(value.len());
    let (value, comment) = value.split_at(comment);
    let trimmed = value.trim();
    let lead = &value[..value.len() - value.trim_start().len()];
    push(spans, TokenKind::Default, lead);
    let kind = if trimmed.starts_with(['"', '\'']) {
        TokenKind::String
    } else if ["true", "false", "null", "yes", "no", "~"].contains(&trimmed) {
        TokenKind::Literal
    } else if !trimmed.is_empty() && trimmed.parse::<f64>().is_ok() {
        TokenKind::Number
    } else {
        TokenKind::Default
    };
    push(spans, kind, value.trim_start());
    push(spans, TokenKind::Comment, comment);
}

/// Headings, emphasis, strong text, code and links.
pub fn markdown(code: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut in_fence = false;
    for line in lines_with_ends(code) {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_fence = !in_fence;
            push(&mut spans, TokenKind::String, line);
        } else if in_fence {
            push(&mut spans, TokenKind::String, line);
        } else if trimmed.starts_with('#') {
            push(&mut spans, TokenKind::Keyword, line);
        } else if trimmed.starts_with('>') {
            push(&mut spans, TokenKind::Comment, line);
        } else {
            markdown_inline(&mut spans, line);
        }
    }
    spans
}

fn markdown_inline(spans: &mut Vec<Span>, line: &str) {
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        let closing = |open: &str| rest[open.len()..].find(open).map(|i| i + 2 * open.len());
        let (kind, len) = if rest.starts_with("**") || rest.starts_with("__") {
            closing(&rest[..2]).map_or((TokenKind::Default, 2), |len| (TokenKind::Strong, len))
        } else if c == '*' || c == '_' {
            closing(&rest[..1]).map_or((TokenKind::Default, 1), |len| (TokenKind::Emphasis, len))
        } else if c == '`' {
            closing("`").map_or((TokenKind::Default, 1), |len| (TokenKind::String, len))
        } else if c == '[' {
            match rest
                .find("](")
                .and_then(|mid| rest[mid..].find(')').map(|end| mid + end + 1))
            {
                Some(len) => (TokenKind::Link, len),
                None => (TokenKind::Default, 1),
            }
        } else {
            let len = rest
                .find(['*', '_', '`', '['])
                .filter(|&i| i > 0)
                .unwrap_or(rest.len());
            (TokenKind::Default, len)
        };
        push(spans, kind, &rest[..len]);
        rest = &rest[len..];
    }
}
