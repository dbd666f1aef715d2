//! One scanner for the C-like languages (and Python, shell, JSON), driven by a
//! [`Spec`]: comments, strings, numbers, words and operators, left to right.

use super::languages::Spec;
use super::{Span, TokenKind};

const OPERATORS: &str = "+-*/%=<>!&|^~?:";
const PUNCTUATION: &str = "{}[]();,.";

struct Scanner<'a> {
    src: &'a str,
    spec: &'a Spec,
    spans: Vec<Span>,
    pos: usize,
    /// The kind the next identifier gets after `fn`, `class` and the like.
    next_name: Option<TokenKind>,
}

/// The spans of `code`, adjacent spans of one kind merged.
pub fn scan(code: &str, spec: &Spec) -> Vec<Span> {
    let mut scanner = Scanner {
        src: code,
        spec,
        spans: Vec::new(),
        pos: 0,
        next_name: None,
    };
    while scanner.pos < code.len() {
        scanner.step();
    }
    scanner.spans
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_' || c == '$'
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

impl<'a> Scanner<'a> {
    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn push(&mut self, kind: TokenKind, len: usize) {
        let end = (self.pos + len).min(self.src.len());
        let text = &self.src[self.pos..end];
        match self.spans.last_mut() {
            Some((last, existing)) if *last == kind => existing.push_str(text),
            _ => self.spans.push((kind, text.to_string())),
        }
        self.pos = end;
    }

    fn at_line_start(&self) -> bool {
        self.src[..self.pos]
            .rsplit('\n')
            .next()
            .is_none_or(|line| line.trim().is_empty())
    }

    fn after_space(&self) -> bool {
        self.src[..self.pos]
            .chars()
            .next_back()
            .is_none_or(char::is_whitespace)
    }

    fn line_len(&self) -> usize {
        self.rest().find('\n').unwrap_or(self.rest().len())
    }

    fn step(&mut self) {
        let rest = self.rest();
        let Some(c) = rest.chars().next() else { return };
        let spec = self.spec;
        if self.pos == 0 && rest.starts_with("#!") {
            return self.push(TokenKind::Meta, self.line_len());
        }
        for marker in spec.line_comments {
            // `#` starts a comment only at a word boundary (`a#b` is a shell word).
            if rest.starts_with(marker) && (*marker != "#" || self.after_space()) {
                return self.push(TokenKind::Comment, self.line_len());
            }
        }
        if let Some((open, close)) = spec.block_comment {
            if let Some(body) = rest.strip_prefix(open) {
                let len = body
                    .find(close)
                    .map_or(rest.len(), |i| open.len() + i + close.len());
                return self.push(TokenKind::Comment, len);
            }
        }
        if spec.preprocessor && c == '#' && self.at_line_start() {
            return self.push(TokenKind::Meta, self.line_len());
        }
        if spec.rust && (rest.starts_with("#[") || rest.starts_with("#![")) {
            let len = rest.find(']').map_or(self.line_len(), |i| i + 1);
            return self.push(TokenKind::Meta, len);
        }
        if spec.decorators && c == '@' {
            let len = 1 + rest[1..]
                .find(|ch: char| !is_ident_char(ch) && ch != '.')
                .unwrap_or(rest.len() - 1);
            return self.push(TokenKind::Meta, len);
        }
        if spec.shell_variables && c == '$' {
            return self.shell_variable();
        }
        if let Some(len) = self.string_len() {
            return self.string(len);
        }
        if c.is_ascii_digit() || (c == '.' && rest[1..].starts_with(|d: char| d.is_ascii_digit())) {
            let len = rest
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_' || ch == '.'))
                .unwrap_or(rest.len());
            // `1..2` is a range, not one number.
            let len = rest[..len].find("..").unwrap_or(len).max(1);
            return self.push(TokenKind::Number, len);
        }
        if spec.rust && c == '\'' {
            return self.rust_quote();
        }
        if is_ident_start(c) {
            return self.word();
        }
        if OPERATORS.contains(c) || PUNCTUATION.contains(c) {
            // `function (` has no name: the pending name kind ends at the next symbol.
            self.next_name = None;
        }
        if OPERATORS.contains(c) {
            let len = rest
                .find(|ch: char| !OPERATORS.contains(ch))
                .unwrap_or(rest.len());
            return self.push(TokenKind::Operator, len);
        }
        if PUNCTUATION.contains(c) {
            return self.push(TokenKind::Punctuation, 1);
        }
        self.push(TokenKind::Default, c.len_utf8());
    }

    /// The length of a string starting here, with its prefix (`r#"`, `f"`, `"""`).
    fn string_len(&self) -> Option<usize> {
        let rest = self.rest();
        let spec = self.spec;
        if spec.python_strings {
            let prefix = rest
                .find(|ch: char| !"rRbBfFuU".contains(ch))
                .unwrap_or(0)
                .min(2);
            let body = &rest[prefix..];
            for triple in ["\"\"\"", "'''"] {
                if body.starts_with(triple) {
                    let end = body[3..].find(triple).map_or(body.len(), |i| 3 + i + 3);
                    return Some(prefix + end);
                }
            }
            if prefix > 0 && body.starts_with(['"', '\'']) {
                return Some(prefix + quoted_len(body, body.chars().next().unwrap_or('"'), false));
            }
        }
        if spec.rust && rest.starts_with(['r', 'b']) {
            let after_b = if rest.starts_with("br") { 2 } else { 1 };
            let hashes = rest[after_b..].chars().take_while(|&ch| ch == '#').count();
            if rest.starts_with('r') || rest.starts_with("br") {
                let open = after_b + hashes;
                if rest[open..].starts_with('"') {
                    let close = format!("\"{}", "#".repeat(hashes));
                    let end = rest[open + 1..]
                        .find(&close)
                        .map_or(rest.len(), |i| open + 1 + i + close.len());
                    return Some(end);
                }
            }
            if rest.starts_with("b\"") {
                return Some(1 + quoted_len(&rest[1..], '"', true));
            }
        }
        let c = rest.chars().next()?;
        if spec.templates && c == '`' {
            return Some(quoted_len(rest, '`', true));
        }
        if spec.quotes.contains(&c) {
            // Go's backtick strings and shell strings may span lines.
            let multiline = c == '`' || spec.shell_variables;
            return Some(quoted_len(rest, c, multiline));
        }
        None
    }

    fn string(&mut self, len: usize) {
        let is_key = self.spec.keyed_strings
            && self.src[self.pos + len..]
                .trim_start_matches([' ', '\t'])
                .starts_with(':');
        if is_key {
            return self.push(TokenKind::Attr, len);
        }
        if !(self.spec.templates && self.rest().starts_with('`')) {
            return self.push(TokenKind::String, len);
        }
        // A template: `${...}` parts are code.
        let end = self.pos + len;
        while self.pos < end {
            let rest = &self.src[self.pos..end];
            match rest.find("${") {
                Some(0) => {
                    let mut depth = 0usize;
                    let close = rest.char_indices().find(|&(_, ch)| {
                        depth = match ch {
                            '{' => depth + 1,
                            '}' => depth.saturating_sub(1),
                            _ => depth,
                        };
                        ch == '}' && depth == 0
                    });
                    self.push(TokenKind::Subst, close.map_or(rest.len(), |(i, _)| i + 1));
                }
                Some(at) => self.push(TokenKind::String, at),
                None => self.push(TokenKind::String, rest.len()),
            }
        }
    }

    fn shell_variable(&mut self) {
        let rest = self.rest();
        let len = if rest.starts_with("${") {
            rest.find('}').map_or(rest.len(), |i| i + 1)
        } else if rest[1..].starts_with(|ch: char| ch.is_ascii_digit() || "@#?$!*-".contains(ch)) {
            2
        } else {
            1 + rest[1..]
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                .unwrap_or(rest.len() - 1)
        };
        self.push(TokenKind::Variable, len);
    }

    /// `'a'` is a character, `'a` a lifetime.
    fn rust_quote(&mut self) {
        let rest = self.rest();
        let char_len = quoted_len(rest, '\'', false);
        if char_len <= 4 && rest[..char_len].ends_with('\'') && char_len > 2
            || rest.starts_with("'\\")
        {
            return self.push(TokenKind::String, char_len);
        }
        let len = 1 + rest[1..]
            .find(|ch: char| !is_ident_char(ch))
            .unwrap_or(rest.len() - 1);
        self.push(TokenKind::Meta, len)
    }

    fn word(&mut self) {
        let rest = self.rest();
        let len = rest
            .find(|ch: char| !is_ident_char(ch))
            .unwrap_or(rest.len());
        let word = &rest[..len];
        let after = rest[len..].trim_start_matches([' ', '\t']);
        let spec = self.spec;
        let kind = if spec.keywords.contains(&word) {
            if spec.function_keywords.contains(&word) {
                self.next_name = Some(TokenKind::Function);
            } else if spec.type_keywords.contains(&word) {
                self.next_name = Some(TokenKind::Title);
            }
            return self.push(TokenKind::Keyword, len);
        } else if let Some(kind) = self.next_name.take() {
            kind
        } else if spec.literals.contains(&word) {
            TokenKind::Literal
        } else if spec.built_ins.contains(&word) || (spec.rust && rest[len..].starts_with('!')) {
            TokenKind::BuiltIn
        } else if after.starts_with('(') {
            TokenKind::Function
        } else if spec.capitalised_types && word.starts_with(|ch: char| ch.is_uppercase()) {
            TokenKind::Type
        } else {
            TokenKind::Default
        };
        self.push(kind, len);
    }
}

/// Length of a string opened by `quote` at the start of `s`: to the closing quote (past
/// backslash escapes), or to the line's end when it does not close there (unless multiline).
fn quoted_len(s: &str, quote: char, multiline: bool) -> usize {
    let mut escaped = false;
    for (i, ch) in s.char_indices().skip(1) {
        if escaped {
            escaped = false;
        } else if ch == '\\' {
            escaped = true;
        } else if ch == quote {
            return i + ch.len_utf8();
        } else if ch == '\n' && !multiline {
            return i;
        }
    }
    s.len()
}
