//! `--list-models [search]` output, formatted as Pi prints it (cli/list-models.js): a table
//! of provider, model, context, max-out, thinking and images, columns padded to their
//! widest cell and joined by two spaces (the last column is padded too), sorted by provider
//! then id. A search keeps the models whose `provider id` fuzzy-matches every
//! whitespace- or slash-separated token.

use tau_protocol::Model;

use super::resolve::{collator, locale_compare};

/// The table for `models`, filtered by `search`, with a trailing newline; or Pi's line for
/// no match (`No models matching "x"`) or no models at all.
pub fn format_model_list<'a>(
    models: impl IntoIterator<Item = &'a Model>,
    search: Option<&str>,
) -> String {
    let models: Vec<&Model> = models.into_iter().collect();
    if models.is_empty() {
        return "No models available\n".to_owned();
    }
    let mut shown: Vec<&Model> = match search.filter(|s| !s.trim().is_empty()) {
        Some(search) => models
            .into_iter()
            .filter(|m| fuzzy_filter_matches(search, &format!("{} {}", m.provider, m.id)))
            .collect(),
        None => models,
    };
    if shown.is_empty() {
        return format!("No models matching \"{}\"\n", search.unwrap_or_default());
    }
    let mut collator = collator();
    shown.sort_by(|a, b| {
        locale_compare(&mut collator, &a.provider, &b.provider)
            .then_with(|| locale_compare(&mut collator, &a.id, &b.id))
    });
    let yes_no = |flag: bool| if flag { "yes" } else { "no" }.to_owned();
    let header = [
        "provider", "model", "context", "max-out", "thinking", "images",
    ]
    .map(str::to_owned);
    let rows: Vec<[String; 6]> = shown
        .iter()
        .map(|m| {
            [
                m.provider.clone(),
                m.id.clone(),
                format_token_count(m.context_window),
                format_token_count(m.max_tokens),
                yes_no(m.reasoning),
                yes_no(m.input.iter().any(|i| i == "image")),
            ]
        })
        .collect();
    let mut widths = header.clone().map(|h| h.chars().count());
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in std::iter::once(&header).chain(&rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(widths)
            .map(|(cell, width)| format!("{cell}{}", " ".repeat(width - cell.chars().count())))
            .collect();
        out.push_str(&cells.join("  "));
        out.push('\n');
    }
    out
}

/// Pi's `formatTokenCount`: `200K`, `1M`, `16.4K`, `1.5M`, `512`.
pub fn format_token_count(count: u64) -> String {
    for (unit, suffix) in [(1_000_000, "M"), (1_000, "K")] {
        if count >= unit {
            let remainder = count % unit;
            return if remainder == 0 {
                format!("{}{suffix}", count / unit)
            } else {
                format!(
                    "{}{suffix}",
                    tau_protocol::js_number::to_fixed(count as f64 / unit as f64, 1)
                )
            };
        }
    }
    count.to_string()
}

/// pi-tui's `fuzzyFilter` predicate: every token of `query` fuzzy-matches `text`.
fn fuzzy_filter_matches(query: &str, text: &str) -> bool {
    let text = text.to_lowercase();
    query
        .split(|c: char| c.is_whitespace() || c == '/')
        .filter(|token| !token.is_empty())
        .all(|token| fuzzy_match(&token.to_lowercase(), &text))
}

/// The query's characters appear in order in the text; a query of letters then digits (or
/// digits then letters) may also match swapped (`gpt5` finds `5-gpt`).
fn fuzzy_match(query: &str, text: &str) -> bool {
    if is_subsequence(query, text) {
        return true;
    }
    let letters_end = query
        .find(|c: char| !c.is_ascii_lowercase())
        .unwrap_or(query.len());
    let digits_end = query
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(query.len());
    let split = if letters_end > 0 && query[letters_end..].chars().all(|c| c.is_ascii_digit()) {
        Some(letters_end)
    } else if digits_end > 0 && query[digits_end..].chars().all(|c| c.is_ascii_lowercase()) {
        Some(digits_end)
    } else {
        None
    };
    match split.filter(|at| *at < query.len()) {
        Some(at) => is_subsequence(&format!("{}{}", &query[at..], &query[..at]), text),
        None => false,
    }
}

fn is_subsequence(query: &str, text: &str) -> bool {
    let mut rest = text.chars();
    query.chars().all(|q| rest.any(|t| t == q))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(
        provider: &str,
        id: &str,
        context: u64,
        max: u64,
        reasoning: bool,
        image: bool,
    ) -> Model {
        let mut model = crate::scripted::scripted_model(id);
        model.provider = provider.into();
        model.context_window = context;
        model.max_tokens = max;
        model.reasoning = reasoning;
        model.input = if image {
            vec!["text".into(), "image".into()]
        } else {
            vec!["text".into()]
        };
        model
    }

    #[test]
    fn token_counts_match_javascript() {
        let cases = [
            (512, "512"),
            (1_000, "1K"),
            (16_384, "16.4K"),
            (1_234, "1.2K"),
            (1_250, "1.3K"),
            (1_150, "1.1K"),
            (128_000, "128K"),
            (1_000_000, "1M"),
            (1_047_576, "1.0M"),
            (1_500_000, "1.5M"),
            (2_000_000, "2M"),
        ];
        for (count, text) in cases {
            assert_eq!(format_token_count(count), text, "{count}");
        }
    }

    #[test]
    fn table_is_padded_and_sorted_like_pi() {
        let models = [
            model("fake", "fake-model", 128_000, 16_384, false, false),
            model("fake", "big", 1_500_000, 1_234, true, true),
        ];
        let expected = "provider  model       context  max-out  thinking  images\n\
                        fake      big         1.5M     1.2K     yes       yes   \n\
                        fake      fake-model  128K     16.4K    no        no    \n";
        assert_eq!(format_model_list(&models, None), expected);
    }

    #[test]
    fn search_is_fuzzy_over_provider_and_id() {
        let models = [
            model("openai", "gpt-5", 1, 1, true, true),
            model("anthropic", "claude-sonnet-5-5", 1, 1, true, true),
            model("anthropic", "claude-haiku-4-5", 1, 1, true, true),
        ];
        let ids = |search: &str| -> Vec<String> {
            format_model_list(&models, Some(search))
                .lines()
                .skip(1)
                .map(|line| {
                    line.split_whitespace()
                        .nth(1)
                        .unwrap_or_default()
                        .to_owned()
                })
                .collect()
        };
        assert_eq!(ids("sonnet"), ["claude-sonnet-5-5"]);
        assert_eq!(ids("anthropic/haiku"), ["claude-haiku-4-5"]);
        assert_eq!(ids("cls55"), ["claude-sonnet-5-5"]);
        assert_eq!(ids("5gpt"), ["gpt-5"]);
        assert_eq!(
            format_model_list(&models, Some("zzz")),
            "No models matching \"zzz\"\n"
        );
    }
}
