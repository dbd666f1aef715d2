use std::path::PathBuf;

use super::*;

fn session(
    id: &str,
    name: Option<&str>,
    text: &str,
    cwd: &str,
    modified_ms: u64,
) -> SessionSummary {
    SessionSummary {
        path: PathBuf::from(format!("/s/{id}.jsonl")),
        id: id.into(),
        cwd: cwd.into(),
        name: name.map(str::to_string),
        parent_session: None,
        created: String::new(),
        modified_ms,
        message_count: 2,
        entry_count: 2,
        first_message: Some(text.into()),
        all_messages_text: text.into(),
    }
}

fn ids(found: &[&SessionSummary]) -> Vec<String> {
    found.iter().map(|s| s.id.clone()).collect()
}

#[test]
fn quotes_make_phrases_and_unclosed_quotes_fall_back_to_words() {
    let Query::Tokens(tokens) = parse_query(r#"foo "node  cve" bar"#) else {
        panic!("tokens expected")
    };
    assert_eq!(
        tokens,
        vec![
            Token::Fuzzy("foo".into()),
            Token::Phrase("node  cve".into()),
            Token::Fuzzy("bar".into())
        ]
    );
    let Query::Tokens(tokens) = parse_query(r#"foo "bar baz"#) else {
        panic!("tokens expected")
    };
    assert_eq!(
        tokens,
        vec![
            Token::Fuzzy("foo".into()),
            Token::Fuzzy("\"bar".into()),
            Token::Fuzzy("baz".into())
        ]
    );
    assert!(matches!(parse_query("re:"), Query::Invalid));
    assert!(matches!(parse_query("re:("), Query::Invalid));
    assert!(matches!(parse_query("re: pars.r"), Query::Regex(_)));
}

#[test]
fn every_token_must_match_some_field() {
    let a = session("aaa", None, "fix the parser bug", "/p", 1);
    let b = session("bbb", Some("Docs work"), "write docs", "/p", 2);
    let all = [&a, &b];
    assert_eq!(ids(&filter_sessions(&all, "parser", false)), ["aaa"]);
    assert_eq!(
        ids(&filter_sessions(&all, "parser docs", false)),
        Vec::<String>::new()
    );
    assert_eq!(ids(&filter_sessions(&all, "  ", false)), ["aaa", "bbb"]);
    // Ids match exactly.
    assert_eq!(ids(&filter_sessions(&all, "BBB", false)), ["bbb"]);
    // Message text never matches scattered letters; a name does.
    assert_eq!(
        ids(&filter_sessions(&all, "prsr", false)),
        Vec::<String>::new()
    );
    assert_eq!(ids(&filter_sessions(&all, "dcwk", false)), ["bbb"]);
}

#[test]
fn phrases_ignore_runs_of_whitespace_but_not_word_order() {
    let a = session("a", None, "node\n  cve report", "/p", 1);
    let all = [&a];
    assert_eq!(ids(&filter_sessions(&all, r#""NODE cve""#, false)), ["a"]);
    assert!(filter_sessions(&all, r#""cve node""#, false).is_empty());
}

#[test]
fn regex_queries_are_case_insensitive_and_a_bad_one_matches_nothing() {
    let a = session("a", None, "Fix the Parser", "/p", 1);
    let all = [&a];
    assert_eq!(ids(&filter_sessions(&all, "re:pars?er$", false)), ["a"]);
    assert!(filter_sessions(&all, "re:[", false).is_empty());
}

#[test]
fn relevance_puts_name_hits_first_then_text_then_fuzzy_newest_first_among_equals() {
    let text_old = session("t-old", None, "about the cache layer", "/p", 1);
    let text_new = session("t-new", None, "cache again", "/p", 5);
    let named = session("n", Some("cache work"), "other", "/p", 0);
    let fuzzy = session("f", Some("c-a-c-h-e"), "other", "/p", 9);
    let all = [&text_old, &fuzzy, &text_new, &named];
    assert_eq!(
        ids(&filter_sessions(&all, "cache", true)),
        ["n", "t-new", "t-old", "f"]
    );
    // Recent and threaded orders filter only.
    assert_eq!(
        ids(&filter_sessions(&all, "cache", false)),
        ["t-old", "f", "t-new", "n"]
    );
}

#[test]
fn only_a_non_blank_name_counts_as_named() {
    assert!(has_name(&session("a", Some("x"), "", "/p", 0)));
    assert!(!has_name(&session("a", Some("  "), "", "/p", 0)));
    assert!(!has_name(&session("a", None, "", "/p", 0)));
}
