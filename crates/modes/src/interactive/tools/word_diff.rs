//! A word diff that splits and aligns text as jsdiff 8's `diffWords` (used by Pi's edit
//! diff for the changed words of a modified line): words and punctuation carry their
//! surrounding whitespace, tokens compare without it, Myers' greedy alignment with jsdiff's
//! tie-breaking, then jsdiff's tidying of whitespace between kept and changed runs.

use std::rc::Rc;
use std::sync::OnceLock;

use regex::Regex;

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

struct Component {
    count: usize,
    tag: Tag,
    previous: Option<Rc<Component>>,
}

#[derive(Clone)]
struct Path {
    old_pos: isize,
    last: Option<Rc<Component>>,
}

fn add_to_path(path: &Path, tag: Tag, old_inc: isize) -> Path {
    let last = match &path.last {
        Some(last) if last.tag == tag => Component {
            count: last.count + 1,
            tag,
            previous: last.previous.clone(),
        },
        other => Component {
            count: 1,
            tag,
            previous: other.clone(),
        },
    };
    Path {
        old_pos: path.old_pos + old_inc,
        last: Some(Rc::new(last)),
    }
}

fn same(a: &str, b: &str) -> bool {
    js_trim(a) == js_trim(b)
}

fn extract_common(path: &mut Path, new: &[String], old: &[String], diagonal: isize) -> isize {
    let mut old_pos = path.old_pos;
    let mut new_pos = old_pos - diagonal;
    let mut common = 0;
    while new_pos + 1 < new.len() as isize
        && old_pos + 1 < old.len() as isize
        && same(&old[(old_pos + 1) as usize], &new[(new_pos + 1) as usize])
    {
        new_pos += 1;
        old_pos += 1;
        common += 1;
    }
    if common > 0 {
        path.last = Some(Rc::new(Component {
            count: common,
            tag: Tag::Equal,
            previous: path.last.take(),
        }));
    }
    path.old_pos = old_pos;
    new_pos
}

fn build(last: Option<Rc<Component>>, new: &[String], old: &[String]) -> Vec<Change> {
    let mut runs = Vec::new();
    let mut next = last;
    while let Some(c) = next {
        runs.push((c.tag, c.count));
        next = c.previous.clone();
    }
    runs.reverse();
    let (mut new_pos, mut old_pos) = (0, 0);
    runs.into_iter()
        .map(|(tag, count)| {
            let value = match tag {
                Tag::Removed => {
                    old_pos += count;
                    join(&old[old_pos - count..old_pos])
                }
                Tag::Added => {
                    new_pos += count;
                    join(&new[new_pos - count..new_pos])
                }
                Tag::Equal => {
                    new_pos += count;
                    old_pos += count;
                    join(&new[new_pos - count..new_pos])
                }
            };
            Change { tag, value }
        })
        .collect()
}

fn align(old: &[String], new: &[String]) -> Vec<Change> {
    let (old_len, new_len) = (old.len() as isize, new.len() as isize);
    let max_edit = old_len + new_len;
    let offset = max_edit + 1;
    let mut best: Vec<Option<Path>> = vec![None; (2 * max_edit + 3) as usize];
    let idx = |d: isize| (d + offset) as usize;
    let mut seed = Path {
        old_pos: -1,
        last: None,
    };
    let new_pos = extract_common(&mut seed, new, old, 0);
    if seed.old_pos + 1 >= old_len && new_pos + 1 >= new_len {
        return build(seed.last, new, old);
    }
    best[idx(0)] = Some(seed);
    let (mut min_d, mut max_d) = (isize::MIN, isize::MAX);
    for edit in 1..=max_edit {
        let mut d = min_d.max(-edit);
        while d <= max_d.min(edit) {
            let remove = best.get_mut(idx(d - 1)).and_then(Option::take);
            let add = best.get(idx(d + 1)).cloned().flatten();
            let can_add = add
                .as_ref()
                .is_some_and(|p| (0..new_len).contains(&(p.old_pos - d)));
            let can_remove = remove.as_ref().is_some_and(|p| p.old_pos + 1 < old_len);
            let mut base = match (&remove, &add) {
                (Some(r), Some(a)) if can_remove && can_add => {
                    if r.old_pos < a.old_pos {
                        add_to_path(a, Tag::Added, 0)
                    } else {
                        add_to_path(r, Tag::Removed, 1)
                    }
                }
                (_, Some(a)) if can_add => add_to_path(a, Tag::Added, 0),
                (Some(r), _) if can_remove => add_to_path(r, Tag::Removed, 1),
                _ => {
                    best[idx(d)] = None;
                    d += 2;
                    continue;
                }
            };
            let new_pos = extract_common(&mut base, new, old, d);
            if base.old_pos + 1 >= old_len && new_pos + 1 >= new_len {
                return build(base.last, new, old);
            }
            if base.old_pos + 1 >= old_len {
                max_d = max_d.min(d - 1);
            }
            if new_pos + 1 >= new_len {
                min_d = min_d.max(d + 1);
            }
            best[idx(d)] = Some(base);
            d += 2;
        }
    }
    Vec::new()
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
