//! A word diff that splits and aligns text as jsdiff 8's `diffWords` (used by Pi's edit
//! diff for the changed words of a modified line): words and punctuation carry their
//! surrounding whitespace, tokens compare without it, Myers' greedy alignment with jsdiff's
//! tie-breaking, then jsdiff's tidying of whitespace between kept and changed runs.

use std::sync::OnceLock;

use regex::Regex;
use tau_tools::line_diff::{self, LineTag};

use super::format::{is_js_space, js_trim};

/// What happened to a run of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    Equal,
    Removed,
    Added,
}

/// A run of text with one tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub tag: Tag,
    pub value: String,
}

/// Letters jsdiff counts as word characters (ASCII, Latin-1 and Latin Extended letters).
const WORD_CHARS: &str = r"a-zA-Z0-9_\x{AD}\x{C0}-\x{D6}\x{D8}-\x{F6}\x{F8}-\x{2C6}\x{2C8}-\x{2D7}\x{2DE}-\x{2FF}\x{1E00}-\x{1EFF}";

/// JavaScript's `\s`.
pub const JS_SPACE: &str = r"[\t\n\x0B\x0C\r \xA0\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]";

fn token_regex() -> Option<&'static Regex> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| Regex::new(&format!("[{WORD_CHARS}]+|{JS_SPACE}+|[^{WORD_CHARS}]")).ok())
        .as_ref()
}

fn is_space_run(part: &str) -> bool {
    part.chars().any(is_js_space)
}

/// Words and punctuation with the whitespace around them.
fn tokenize(text: &str) -> Vec<String> {
    let Some(re) = token_regex() else {
        return vec![text.to_string()];
    };
    let mut tokens: Vec<String> = Vec::new();
    let mut prev: Option<&str> = None;
    for part in re.find_iter(text).map(|m| m.as_str()) {
        if is_space_run(part) {
            match tokens.pop() {
                Some(last) if prev.is_some() => tokens.push(last + part),
                other => {
                    tokens.extend(other);
                    tokens.push(part.to_string());
                }
            }
        } else if let Some(p) = prev.filter(|p| is_space_run(p)) {
            if tokens.last().map(String::as_str) == Some(p) {
                let last = tokens.pop().unwrap_or_default();
                tokens.push(last + part);
            } else {
                tokens.push(format!("{p}{part}"));
            }
        } else {
            tokens.push(part.to_string());
        }
        prev = Some(part);
    }
    tokens.retain(|t| !t.is_empty());
    tokens
}

fn join(tokens: &[String]) -> String {
    tokens
        .iter()
        .enumerate()
        .map(|(i, t)| {
            if i == 0 {
                t.as_str()
            } else {
                t.trim_start_matches(is_js_space)
            }
        })
        .collect()
}

fn same(a: &str, b: &str) -> bool {
    js_trim(a) == js_trim(b)
}

/// jsdiff's alignment (tau-tools' line diff core) over the words, each run joined back.
fn align(old: &[String], new: &[String]) -> Vec<Change> {
    let (mut new_pos, mut old_pos) = (0, 0);
    line_diff::align(old, new, |a, b| same(a, b))
        .into_iter()
        .map(|(tag, count)| match tag {
            LineTag::Removed => {
                old_pos += count;
                Change {
                    tag: Tag::Removed,
                    value: join(&old[old_pos - count..old_pos]),
                }
            }
            LineTag::Added => {
                new_pos += count;
                Change {
                    tag: Tag::Added,
                    value: join(&new[new_pos - count..new_pos]),
                }
            }
            LineTag::Equal => {
                new_pos += count;
                old_pos += count;
                Change {
                    tag: Tag::Equal,
                    value: join(&new[new_pos - count..new_pos]),
                }
            }
        })
        .collect()
}

fn leading_ws(s: &str) -> &str {
    &s[..s.len() - s.trim_start_matches(is_js_space).len()]
}

fn trailing_ws(s: &str) -> &str {
    &s[s.trim_end_matches(is_js_space).len()..]
}

fn common_prefix<'s>(a: &'s str, b: &str) -> &'s str {
    let n: usize = a
        .chars()
        .zip(b.chars())
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.len_utf8())
        .sum();
    &a[..n]
}

fn common_suffix<'s>(a: &'s str, b: &str) -> &'s str {
    let n: usize = a
        .chars()
        .rev()
        .zip(b.chars().rev())
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.len_utf8())
        .sum();
    &a[a.len() - n..]
}

fn replace_prefix(s: &str, old: &str, new: &str) -> String {
    match s.strip_prefix(old) {
        Some(rest) => format!("{new}{rest}"),
        None => s.to_string(),
    }
}

fn replace_suffix(s: &str, old: &str, new: &str) -> String {
    match s.strip_suffix(old) {
        Some(rest) => format!("{rest}{new}"),
        None => s.to_string(),
    }
}

/// The longest start of `b` that ends `a`.
fn overlap<'s>(a: &str, b: &'s str) -> &'s str {
    let ends: Vec<usize> = b
        .char_indices()
        .map(|(i, _)| i)
        .skip(1)
        .chain([b.len()])
        .collect();
    ends.into_iter()
        .rev()
        .find(|&end| a.ends_with(&b[..end]))
        .map_or("", |end| &b[..end])
}

/// jsdiff's whitespace tidying between a kept run, the changed runs and the next kept run.
fn dedupe(
    changes: &mut [Change],
    start: Option<usize>,
    del: Option<usize>,
    ins: Option<usize>,
    end: Option<usize>,
) {
    let value = |changes: &[Change], i: usize| changes[i].value.clone();
    match (del, ins) {
        (Some(d), Some(i)) => {
            let (old_v, new_v) = (value(changes, d), value(changes, i));
            if let Some(s) = start {
                let common = common_prefix(leading_ws(&old_v), leading_ws(&new_v)).to_string();
                changes[s].value = replace_suffix(&changes[s].value, leading_ws(&new_v), &common);
                changes[d].value = replace_prefix(&changes[d].value, &common, "");
                changes[i].value = replace_prefix(&changes[i].value, &common, "");
            }
            if let Some(e) = end {
                let common = common_suffix(trailing_ws(&old_v), trailing_ws(&new_v)).to_string();
                changes[e].value = replace_prefix(&changes[e].value, trailing_ws(&new_v), &common);
                changes[d].value = replace_suffix(&changes[d].value, &common, "");
                changes[i].value = replace_suffix(&changes[i].value, &common, "");
            }
        }
        (None, Some(i)) => {
            if start.is_some() {
                let ws = leading_ws(&changes[i].value).len();
                changes[i].value.replace_range(..ws, "");
            }
            if let Some(e) = end {
                let ws = leading_ws(&changes[e].value).len();
                changes[e].value.replace_range(..ws, "");
            }
        }
        (Some(d), None) => match (start, end) {
            (Some(s), Some(e)) => {
                let new_full = leading_ws(&changes[e].value).to_string();
                let del_v = value(changes, d);
                let ws_start = common_prefix(&new_full, leading_ws(&del_v)).to_string();
                changes[d].value = replace_prefix(&changes[d].value, &ws_start, "");
                let rest = replace_prefix(&new_full, &ws_start, "");
                let ws_end = common_suffix(&rest, trailing_ws(&del_v)).to_string();
                changes[d].value = replace_suffix(&changes[d].value, &ws_end, "");
                changes[e].value = replace_prefix(&changes[e].value, &new_full, &ws_end);
                let kept = &new_full[..new_full.len() - ws_end.len()];
                changes[s].value = replace_suffix(&changes[s].value, &new_full, kept);
            }
            (None, Some(e)) => {
                let ov = overlap(
                    trailing_ws(&changes[d].value),
                    leading_ws(&changes[e].value),
                )
                .to_string();
                changes[d].value = replace_suffix(&changes[d].value, &ov, "");
            }
            (Some(s), None) => {
                let ov = overlap(
                    trailing_ws(&changes[s].value),
                    leading_ws(&changes[d].value),
                )
                .to_string();
                changes[d].value = replace_prefix(&changes[d].value, &ov, "");
            }
            (None, None) => {}
        },
        (None, None) => {}
    }
}

/// jsdiff's `diffWords(old, new)`.
pub fn diff_words(old: &str, new: &str) -> Vec<Change> {
    let mut changes = align(&tokenize(old), &tokenize(new));
    let (mut last_keep, mut ins, mut del) = (None, None, None);
    for i in 0..changes.len() {
        match changes[i].tag {
            Tag::Added => ins = Some(i),
            Tag::Removed => del = Some(i),
            Tag::Equal => {
                if ins.is_some() || del.is_some() {
                    dedupe(&mut changes, last_keep, del, ins, Some(i));
                }
                last_keep = Some(i);
                ins = None;
                del = None;
            }
        }
    }
    if ins.is_some() || del.is_some() {
        dedupe(&mut changes, last_keep, del, ins, None);
    }
    changes
}
