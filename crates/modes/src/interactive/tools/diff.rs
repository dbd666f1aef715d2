//! An edit's diff as Pi colours it: context lines dim, removed lines red, added lines
//! green, and when exactly one line was replaced by one line, the changed words inverted.
//! The diff is the display format of tau's edit tool (`+12 text`, `-12 text`, ` 12 text`).

use std::sync::OnceLock;

use regex::Regex;

use super::format::{is_js_space, replace_tabs};
use super::word_diff::{diff_words, Tag, JS_SPACE};
use super::Paint;

struct DiffLine<'l> {
    prefix: char,
    number: &'l str,
    content: &'l str,
}

fn line_regex() -> Option<&'static Regex> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        // JavaScript's `.` stops at any line terminator, not only `\n`.
        let dot = r"[^\n\r\x{2028}\x{2029}]";
        Regex::new(&format!(
            r"^([+\-]|{JS_SPACE})({JS_SPACE}*[0-9]*){JS_SPACE}({dot}*)$"
        ))
        .ok()
    })
    .as_ref()
}

fn parse(line: &str) -> Option<DiffLine<'_>> {
    let caps = line_regex()?.captures(line)?;
    Some(DiffLine {
        prefix: caps.get(1)?.as_str().chars().next()?,
        number: caps.get(2)?.as_str(),
        content: caps.get(3)?.as_str(),
    })
}

fn leading_space(text: &str) -> (&str, &str) {
    let rest = text.trim_start_matches(is_js_space);
    (&text[..text.len() - rest.len()], rest)
}

/// The removed and added line with their changed words inverted; the indentation both
/// share stays out of the word diff so an insertion at the start cannot swallow it.
fn intra_line(old: &str, new: &str, paint: &dyn Paint) -> (String, String) {
    let indent: usize = old
        .chars()
        .zip(new.chars())
        .take_while(|(a, b)| a == b && is_js_space(*a))
        .map(|(a, _)| a.len_utf8())
        .sum();
    let mut removed = old[..indent].to_string();
    let mut added = removed.clone();
    let (mut first_removed, mut first_added) = (true, true);
    for change in diff_words(&old[indent..], &new[indent..]) {
        let (line, first) = match change.tag {
            Tag::Equal => {
                removed += &change.value;
                added += &change.value;
                continue;
            }
            Tag::Removed => (&mut removed, &mut first_removed),
            Tag::Added => (&mut added, &mut first_added),
        };
        let mut value = change.value.as_str();
        if *first {
            let (space, rest) = leading_space(value);
            line.push_str(space);
            value = rest;
            *first = false;
        }
        if !value.is_empty() {
            line.push_str(&paint.inverse(value));
        }
    }
    (removed, added)
}

/// Pi's `renderDiff`: the coloured diff, lines joined by line feeds.
pub fn render_diff(diff: &str, paint: &dyn Paint) -> String {
    let lines: Vec<&str> = diff.split('\n').collect();
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let Some(parsed) = parse(lines[i]) else {
            out.push(paint.fg("toolDiffContext", lines[i]));
            i += 1;
            continue;
        };
        match parsed.prefix {
            '-' => {
                let mut removed = Vec::new();
                while let Some(p) = lines
                    .get(i)
                    .and_then(|l| parse(l))
                    .filter(|p| p.prefix == '-')
                {
                    removed.push(p);
                    i += 1;
                }
                let mut added = Vec::new();
                while let Some(p) = lines
                    .get(i)
                    .and_then(|l| parse(l))
                    .filter(|p| p.prefix == '+')
                {
                    added.push(p);
                    i += 1;
                }
                if let ([old], [new]) = (removed.as_slice(), added.as_slice()) {
                    let (r, a) = intra_line(
                        &replace_tabs(old.content),
                        &replace_tabs(new.content),
                        paint,
                    );
                    out.push(paint.fg("toolDiffRemoved", &format!("-{} {r}", old.number)));
                    out.push(paint.fg("toolDiffAdded", &format!("+{} {a}", new.number)));
                } else {
                    for line in &removed {
                        let text = format!("-{} {}", line.number, replace_tabs(line.content));
                        out.push(paint.fg("toolDiffRemoved", &text));
                    }
                    for line in &added {
                        let text = format!("+{} {}", line.number, replace_tabs(line.content));
                        out.push(paint.fg("toolDiffAdded", &text));
                    }
                }
            }
            '+' => {
                let text = format!("+{} {}", parsed.number, replace_tabs(parsed.content));
                out.push(paint.fg("toolDiffAdded", &text));
                i += 1;
            }
            _ => {
                let text = format!(" {} {}", parsed.number, replace_tabs(parsed.content));
                out.push(paint.fg("toolDiffContext", &text));
                i += 1;
            }
        }
    }
    out.join("\n")
}
