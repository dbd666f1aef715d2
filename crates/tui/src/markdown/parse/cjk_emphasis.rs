//! Emphasis next to CJK text. pi-tui's marked uses `marked-cjk-friendly`, which relaxes
//! CommonMark's flanking rules: a `*` run between punctuation and a CJK character (as in
//! `**注意：**内容` or `中文**「引用」**中文`) still opens or closes emphasis. CommonMark, and
//! so pulldown-cmark, leaves such runs as literal text; this pass matches the `*` runs left
//! in the text of one inline level with the relaxed rules. It runs only on levels holding
//! CJK text, so other text keeps CommonMark's answer.

use super::super::tokens::Inline;

/// Hiragana, katakana, CJK ideographs and symbols, Hangul, and full-width forms.
pub(super) fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{1100}'..='\u{11ff}' | '\u{2e80}'..='\u{2fdf}' | '\u{3000}'..='\u{303f}' | '\u{3040}'..='\u{30ff}'
        | '\u{3100}'..='\u{31ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{ac00}'..='\u{d7af}'
        | '\u{f900}'..='\u{faff}' | '\u{fe30}'..='\u{fe4f}' | '\u{ff00}'..='\u{ffef}' | '\u{20000}'..='\u{2fffd}')
}

/// Unicode punctuation or symbol, approximated: anything not a letter, digit or space.
fn is_punctuation(c: char) -> bool {
    !c.is_alphanumeric() && !c.is_whitespace()
}

enum Part {
    Token(Inline),
    /// A run of `*` left in text: how many remain and whether it may open or close.
    Run {
        count: usize,
        original: usize,
        opens: bool,
        closes: bool,
    },
}

/// Whether a run between `before` and `after` (`None`: line start or end) opens or closes.
fn flanking(before: Option<char>, after: Option<char>) -> (bool, bool) {
    // CommonMark's rules, with CJK characters counted as punctuation (as marked-cjk-friendly
    // does).
    let space = |c: Option<char>| c.is_none_or(char::is_whitespace);
    let punct = |c: Option<char>| c.is_some_and(|c| is_punctuation(c) || is_cjk(c));
    let opens = !space(after) && (!punct(after) || space(before) || punct(before));
    let closes = !space(before) && (!punct(before) || space(after) || punct(after));
    (opens, closes)
}

/// Matches the `*` runs left in the text of `inlines` (one level, texts merged) with the
/// CJK-friendly rules. `cjk_document`: the parser left every `*` run of this document
/// unpaired, so they are paired here even on a level without CJK text.
pub fn match_cjk_emphasis(inlines: Vec<Inline>, cjk_document: bool) -> Vec<Inline> {
    let has_runs = inlines
        .iter()
        .any(|i| matches!(i, Inline::Text(t) if t.contains('*')));
    let has_cjk = inlines
        .iter()
        .any(|i| matches!(i, Inline::Text(t) if t.chars().any(is_cjk)));
    if !has_runs || !(has_cjk || cjk_document) {
        return inlines;
    }
    let mut parts = split_runs(inlines);
    let mut closer = 0;
    while closer < parts.len() {
        let Part::Run {
            closes: true,
            count,
            ..
        } = parts[closer]
        else {
            closer += 1;
            continue;
        };
        if count == 0 {
            closer += 1;
            continue;
        }
        let Part::Run {
            original: close_original,
            opens: close_opens,
            ..
        } = parts[closer]
        else {
            break;
        };
        // CommonMark's rule of three: when either run could also do the other job, their
        // lengths may not add up to a multiple of three (unless both are multiples).
        let opener = (0..closer).rev().find(|&i| match parts[i] {
            Part::Run {
                opens: true,
                count,
                original,
                closes,
            } if count > 0 => {
                let either = closes || close_opens;
                let sum = original + close_original;
                !(either && sum % 3 == 0 && (original % 3 != 0 || close_original % 3 != 0))
            }
            _ => false,
        });
        let Some(opener) = opener else {
            closer += 1;
            continue;
        };
        let (
            Part::Run {
                count: open_count, ..
            },
            Part::Run {
                count: close_count, ..
            },
        ) = (&parts[opener], &parts[closer])
        else {
            break;
        };
        let used = if *open_count >= 2 && *close_count >= 2 {
            2
        } else {
            1
        };
        let inner: Vec<Part> = parts.drain(opener + 1..closer).collect();
        let children = join(inner);
        let node = if used == 2 {
            Inline::Strong(children)
        } else {
            Inline::Em(children)
        };
        parts.insert(opener + 1, Part::Token(node));
        for at in [opener, opener + 2] {
            if let Part::Run { count, .. } = &mut parts[at] {
                *count -= used;
            }
        }
        closer = opener + 2;
    }
    join(parts)
}

/// Splits text into plain pieces and `*` runs, judging each run by its neighbours (a
/// neighbouring non-text token counts as a letter).
fn split_runs(inlines: Vec<Inline>) -> Vec<Part> {
    let mut pieces: Vec<Part> = Vec::new();
    for inline in inlines {
        let Inline::Text(text) = inline else {
            pieces.push(Part::Token(inline));
            continue;
        };
        let mut rest = text.as_str();
        while !rest.is_empty() {
            let star = rest.find('*').unwrap_or(rest.len());
            if star > 0 {
                pieces.push(Part::Token(Inline::Text(rest[..star].to_string())));
            }
            rest = &rest[star..];
            let run = rest.len() - rest.trim_start_matches('*').len();
            if run > 0 {
                pieces.push(Part::Run {
                    count: run,
                    original: run,
                    opens: false,
                    closes: false,
                });
                rest = &rest[run..];
            }
        }
    }
    let edge_char = |part: Option<&Part>, last: bool| -> Option<char> {
        match part? {
            Part::Token(Inline::Text(t)) => {
                if last {
                    t.chars().next_back()
                } else {
                    t.chars().next()
                }
            }
            Part::Token(Inline::Break) => Some('\n'),
            Part::Token(_) => Some('a'),
            Part::Run { .. } => Some('*'),
        }
    };
    for i in 0..pieces.len() {
        if matches!(pieces[i], Part::Run { .. }) {
            let before = if i == 0 {
                None
            } else {
                edge_char(pieces.get(i - 1), true)
            };
            let after = edge_char(pieces.get(i + 1), false);
            let (can_open, can_close) = flanking(before, after);
            if let Part::Run { opens, closes, .. } = &mut pieces[i] {
                *opens = can_open;
                *closes = can_close;
            }
        }
    }
    pieces
}

/// Parts back to inlines: unmatched runs become text again, adjacent texts merge.
fn join(parts: Vec<Part>) -> Vec<Inline> {
    let mut out: Vec<Inline> = Vec::with_capacity(parts.len());
    for part in parts {
        let inline = match part {
            Part::Token(inline) => inline,
            Part::Run { count: 0, .. } => continue,
            Part::Run { count, .. } => Inline::Text("*".repeat(count)),
        };
        match (out.last_mut(), inline) {
            (Some(Inline::Text(last)), Inline::Text(text)) => last.push_str(&text),
            (_, inline) => out.push(inline),
        }
    }
    out
}
