//! pi-tui's fuzzy matcher: a query matches when its characters appear in order in the text;
//! the score (lower is better) rewards consecutive runs and word starts, and punishes gaps
//! and late matches. Lists of commands, models and files are ordered by it, so the scores
//! follow pi-tui's arithmetic exactly, positions counted in UTF-16 units as JavaScript does.

use super::js_text::{is_js_space, js_trim};

/// Whether a query matched and how well (lower is better).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FuzzyMatch {
    /// Every query character was found in order.
    pub matches: bool,
    /// Lower is better; only meaningful when `matches`.
    pub score: f64,
}

const NO_MATCH: FuzzyMatch = FuzzyMatch {
    matches: false,
    score: 0.0,
};

fn is_boundary_unit(unit: u16) -> bool {
    char::from_u32(u32::from(unit))
        .is_some_and(|c| is_js_space(c) || matches!(c, '-' | '_' | '.' | '/' | ':'))
}

fn score_positions(text: &[u16], positions: &[usize]) -> f64 {
    let mut score = 0.0;
    // pi-tui starts at -1, so a match at index 0 already counts as consecutive.
    let mut last: i64 = -1;
    let mut consecutive = 0.0;
    for &i in positions {
        if last == i as i64 - 1 {
            consecutive += 1.0;
            score -= consecutive * 5.0;
        } else {
            consecutive = 0.0;
            if last >= 0 {
                score += (i as i64 - last - 1) as f64 * 2.0;
            }
        }
        if i == 0 || is_boundary_unit(text[i - 1]) {
            score -= 10.0;
        }
        score += i as f64 * 0.1;
        last = i as i64;
    }
    score
}

fn index_of(haystack: &[u16], needle: &[u16], from: usize) -> Option<usize> {
    if needle.is_empty() {
        return (from <= haystack.len()).then_some(from);
    }
    (from..=haystack.len().checked_sub(needle.len())?).find(|&i| haystack[i..].starts_with(needle))
}

fn match_query(query: &[u16], text: &[u16]) -> FuzzyMatch {
    if query.is_empty() {
        return FuzzyMatch {
            matches: true,
            score: 0.0,
        };
    }
    if query.len() > text.len() {
        return NO_MATCH;
    }
    // Greedy alignment: each query unit at its first occurrence after the previous one.
    let mut positions = Vec::with_capacity(query.len());
    let mut next = 0;
    for unit in query {
        let Some(i) = index_of(text, std::slice::from_ref(unit), next) else {
            return NO_MATCH;
        };
        positions.push(i);
        next = i + 1;
    }
    let mut score = score_positions(text, &positions);
    // Greedy alignment can scatter the query over an unrelated early part of the text;
    // every contiguous occurrence is scored too and the best kept.
    let mut start = index_of(text, query, 0);
    while let Some(s) = start {
        let contiguous: Vec<usize> = (s..s + query.len()).collect();
        score = score.min(score_positions(text, &contiguous));
        start = index_of(text, query, s + 1);
    }
    if query == text {
        score -= 100.0;
    }
    FuzzyMatch {
        matches: true,
        score,
    }
}

fn units_lower(s: &str) -> Vec<u16> {
    s.to_lowercase().encode_utf16().collect()
}

/// "abc12" and "12abc" are also tried the other way round (model names: "gpt4" finds "4o").
fn swapped_query(query: &str) -> Option<String> {
    let letters = query.bytes().take_while(u8::is_ascii_lowercase).count();
    let digits = query.bytes().take_while(u8::is_ascii_digit).count();
    let all = |from: usize, pred: fn(&u8) -> bool| query.as_bytes()[from..].iter().all(pred);
    if letters > 0 && letters < query.len() && all(letters, u8::is_ascii_digit) {
        return Some(format!("{}{}", &query[letters..], &query[..letters]));
    }
    if digits > 0 && digits < query.len() && all(digits, u8::is_ascii_lowercase) {
        return Some(format!("{}{}", &query[digits..], &query[..digits]));
    }
    None
}

/// pi-tui's `fuzzyMatch`: case-insensitive, in-order match of `query` in `text`.
pub fn fuzzy_match(query: &str, text: &str) -> FuzzyMatch {
    let query_lower = query.to_lowercase();
    let text_lower = units_lower(text);
    let primary = match_query(&query_lower.encode_utf16().collect::<Vec<_>>(), &text_lower);
    if primary.matches {
        return primary;
    }
    let Some(swapped) = swapped_query(&query_lower) else {
        return primary;
    };
    let swapped_match = match_query(&swapped.encode_utf16().collect::<Vec<_>>(), &text_lower);
    if !swapped_match.matches {
        return primary;
    }
    FuzzyMatch {
        matches: true,
        score: swapped_match.score + 5.0,
    }
}

/// pi-tui's `fuzzyFilter`: the items whose text matches every whitespace- or slash-separated
/// token of `query`, best first (ties keep their order). A blank query keeps all items.
pub fn fuzzy_filter<T: Clone>(items: &[T], query: &str, text_of: impl Fn(&T) -> String) -> Vec<T> {
    let trimmed = js_trim(query);
    let tokens: Vec<&str> = trimmed
        .split(|c: char| is_js_space(c) || c == '/')
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.is_empty() {
        return items.to_vec();
    }
    let mut scored: Vec<(f64, &T)> = Vec::new();
    'items: for item in items {
        let text = text_of(item);
        let mut total = 0.0;
        for token in &tokens {
            let m = fuzzy_match(token, &text);
            if !m.matches {
                continue 'items;
            }
            total += m.score;
        }
        scored.push((total, item));
    }
    scored.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
    scored.into_iter().map(|(_, item)| item.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contiguous_occurrence_beats_a_scattered_greedy_one() {
        let scattered = fuzzy_match("opus", "openrouter openrouter/anthropic/claude-opus");
        assert!(scattered.matches);
        assert!(scattered.score < 0.0, "{}", scattered.score);
        assert!(!fuzzy_match("xyz", "abc").matches);
        let items = vec!["model", "modes", "xmod"];
        assert_eq!(fuzzy_filter(&items, "mod", |s| s.to_string())[2], "xmod");
    }
}
