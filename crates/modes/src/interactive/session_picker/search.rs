//! What the session picker's search keeps and in which order, by Pi's rules: the query is
//! whitespace-separated tokens (`"quoted phrase"` for an exact phrase) that must all match,
//! or `re:<pattern>` (case-insensitive). A token scores by the best field it hits, in tiers:
//! the name, then the id / message text / cwd (exact text only), then a fuzzy hit in the name
//! or cwd. Fuzzy sort orders by score (ties: newest first); the other sorts keep their order.

use regex::Regex;
use tau_session::SessionSummary;
use tau_tui::widgets::fuzzy::fuzzy_match;

/// Tiers dominate fuzzy scores, so an exact hit anywhere beats a scattered one.
const TIER_WEIGHT: f64 = 1_000_000.0;
const TIER_NAME: f64 = 0.0;
const TIER_TEXT: f64 = 1.0;
const TIER_FUZZY: f64 = 2.0;

/// One search token.
#[derive(Debug, Clone, PartialEq)]
pub enum Token {
    /// A bare word: exact anywhere, else fuzzy in the name or cwd.
    Fuzzy(String),
    /// A `"quoted phrase"`: exact (whitespace-normalized) only.
    Phrase(String),
}

/// A parsed query.
#[derive(Debug)]
pub enum Query {
    Tokens(Vec<Token>),
    Regex(Regex),
    /// A `re:` query that does not compile: nothing matches.
    Invalid,
}

fn normalize(text: &str) -> String {
    text.to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses what was typed (Pi's `parseSearchQuery`).
pub fn parse_query(query: &str) -> Query {
    let trimmed = query.trim();
    if let Some(pattern) = trimmed.strip_prefix("re:") {
        let pattern = pattern.trim();
        if pattern.is_empty() {
            return Query::Invalid;
        }
        return match regex::RegexBuilder::new(pattern)
            .case_insensitive(true)
            .build()
        {
            Ok(regex) => Query::Regex(regex),
            Err(_) => Query::Invalid,
        };
    }
    let mut tokens = Vec::new();
    let mut buffer = String::new();
    let mut in_quote = false;
    let flush = |buffer: &mut String, tokens: &mut Vec<Token>, phrase: bool| {
        let value = buffer.trim().to_string();
        buffer.clear();
        if !value.is_empty() {
            tokens.push(if phrase {
                Token::Phrase(value)
            } else {
                Token::Fuzzy(value)
            });
        }
    };
    for c in trimmed.chars() {
        if c == '"' {
            flush(&mut buffer, &mut tokens, in_quote);
            in_quote = !in_quote;
        } else if !in_quote && c.is_whitespace() {
            flush(&mut buffer, &mut tokens, false);
        } else {
            buffer.push(c);
        }
    }
    if in_quote {
        // An unclosed quote: plain words after all.
        return Query::Tokens(
            trimmed
                .split_whitespace()
                .map(|word| Token::Fuzzy(word.to_string()))
                .collect(),
        );
    }
    flush(&mut buffer, &mut tokens, false);
    Query::Tokens(tokens)
}

fn tier(tier: f64, score: f64) -> f64 {
    tier * TIER_WEIGHT + score
}

/// Exact text in one of the fields, best field first; `value` is lowercase.
fn literal(session: &SessionSummary, value: &str, normalize_fields: bool) -> Option<f64> {
    let field = |text: &str| {
        if normalize_fields {
            normalize(text)
        } else {
            text.to_lowercase()
        }
    };
    let name = field(session.name.as_deref().unwrap_or_default());
    if name.contains(value) {
        return Some(tier(TIER_NAME, fuzzy_match(value, &name).score));
    }
    let in_text = session.id.to_lowercase().contains(value)
        || field(&session.all_messages_text).contains(value)
        || field(&session.cwd).contains(value);
    in_text.then(|| tier(TIER_TEXT, 0.0))
}

fn token_score(session: &SessionSummary, token: &Token) -> Option<f64> {
    match token {
        Token::Phrase(phrase) => {
            let phrase = normalize(phrase);
            if phrase.is_empty() {
                return Some(0.0);
            }
            literal(session, &phrase, true)
        }
        Token::Fuzzy(word) => literal(session, &word.to_lowercase(), false).or_else(|| {
            [session.name.as_deref().unwrap_or_default(), &session.cwd]
                .into_iter()
                .map(|field| fuzzy_match(word, field))
                .filter(|m| m.matches)
                .map(|m| m.score)
                .reduce(f64::min)
                .map(|score| tier(TIER_FUZZY, score))
        }),
    }
}

/// The session's score for `query` (lower is better), `None` when it does not match.
pub fn score(session: &SessionSummary, query: &Query) -> Option<f64> {
    match query {
        Query::Invalid => None,
        Query::Regex(regex) => {
            if session.name.as_deref().is_some_and(|n| regex.is_match(n)) {
                return Some(tier(TIER_NAME, 0.0));
            }
            let hit = regex.is_match(&session.id)
                || regex.is_match(&session.all_messages_text)
                || regex.is_match(&session.cwd);
            hit.then(|| tier(TIER_TEXT, 0.0))
        }
        Query::Tokens(tokens) => tokens
            .iter()
            .map(|token| token_score(session, token))
            .sum::<Option<f64>>(),
    }
}

/// Whether the session has a name (the named-only filter).
pub fn has_name(session: &SessionSummary) -> bool {
    session
        .name
        .as_deref()
        .is_some_and(|n| !n.trim().is_empty())
}

/// The sessions `query` keeps: in their order (`relevance == false`), or best first with the
/// newest first among equals (Pi's `filterAndSortSessions`). A blank query keeps all.
pub fn filter_sessions<'a>(
    sessions: &[&'a SessionSummary],
    query: &str,
    relevance: bool,
) -> Vec<&'a SessionSummary> {
    if query.trim().is_empty() {
        return sessions.to_vec();
    }
    let parsed = parse_query(query);
    let mut scored: Vec<(&SessionSummary, f64)> = sessions
        .iter()
        .filter_map(|s| score(s, &parsed).map(|score| (*s, score)))
        .collect();
    if relevance {
        scored.sort_by(|a, b| {
            a.1.total_cmp(&b.1)
                .then_with(|| b.0.modified_ms.cmp(&a.0.modified_ms))
        });
    }
    scored.into_iter().map(|(s, _)| s).collect()
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
