//! Pi's footer: the working directory (with the git branch and the session name), then the
//! usage line (tokens in and out, cache reads and writes, cache hit rate, cost, context
//! use) with the model on the right, then the extensions' statuses.

use std::collections::BTreeMap;

use tau_protocol::js_number::to_fixed;
use tau_tui::{truncate_to_width, visible_width};

use tau_app::stats::Totals;

use super::paint::Paint;

/// What the footer shows.
#[derive(Debug, Clone, Default)]
pub struct FooterInfo {
    pub cwd: String,
    pub home: Option<String>,
    pub git_branch: Option<String>,
    pub session_name: Option<String>,
    /// Usage summed over the whole session (every entry, compacted ones included).
    pub usage: Totals,
    /// The last response's cache hit rate in percent.
    pub cache_hit_rate: Option<f64>,
    /// Context use in percent; `None` when unknown (right after compaction).
    pub context_percent: Option<f64>,
    pub context_window: u64,
    pub auto_compact: bool,
    pub model_id: Option<String>,
    pub provider: Option<String>,
    pub reasoning: bool,
    pub thinking_level: String,
    /// How many providers have credentials: the provider is named when there are several.
    pub provider_count: usize,
    /// Extension statuses by key (shown sorted by key).
    pub statuses: BTreeMap<String, String>,
}

/// A token count the way Pi's footer abbreviates it.
pub fn format_tokens(count: u64) -> String {
    match count {
        0..=999 => count.to_string(),
        1_000..=9_999 => format!("{}k", to_fixed(count as f64 / 1000.0, 1)),
        10_000..=999_999 => format!("{}k", (count as f64 / 1000.0).round()),
        1_000_000..=9_999_999 => format!("{}M", to_fixed(count as f64 / 1_000_000.0, 1)),
        _ => format!("{}M", (count as f64 / 1_000_000.0).round()),
    }
}

/// The working directory with the home directory shown as `~`.
pub fn format_cwd(cwd: &str, home: Option<&str>) -> String {
    let Some(home) = home.filter(|h| !h.is_empty()) else {
        return cwd.to_string();
    };
    let home = home.trim_end_matches('/');
    if cwd == home {
        return "~".into();
    }
    match cwd.strip_prefix(home) {
        Some(rest) if rest.starts_with('/') => format!("~{rest}"),
        _ => cwd.to_string(),
    }
}

/// A status text on one line: control characters become spaces, runs of spaces one.
fn one_line(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| {
            if matches!(c, '\r' | '\n' | '\t') {
                ' '
            } else {
                c
            }
        })
        .collect();
    let mut out = String::with_capacity(spaced.len());
    for c in spaced.chars() {
        if c == ' ' && out.ends_with(' ') {
            continue;
        }
        out.push(c);
    }
    out.trim().to_string()
}

fn stats_left(info: &FooterInfo, paint: &dyn Paint) -> String {
    let usage = &info.usage;
    let mut parts = Vec::new();
    if usage.input > 0 {
        parts.push(format!("↑{}", format_tokens(usage.input)));
    }
    if usage.output > 0 {
        parts.push(format!("↓{}", format_tokens(usage.output)));
    }
    if usage.cache_read > 0 {
        parts.push(format!("R{}", format_tokens(usage.cache_read)));
    }
    if usage.cache_write > 0 {
        parts.push(format!("W{}", format_tokens(usage.cache_write)));
    }
    if usage.cache_read > 0 || usage.cache_write > 0 {
        if let Some(rate) = info.cache_hit_rate {
            parts.push(format!("CH{}%", to_fixed(rate, 1)));
        }
    }
    if usage.cost != 0.0 {
        parts.push(format!("${}", to_fixed(usage.cost, 3)));
    }
    let auto = if info.auto_compact { " (auto)" } else { "" };
    let window = format_tokens(info.context_window);
    let context = match info.context_percent {
        Some(percent) => format!("{}%/{window}{auto}", to_fixed(percent, 1)),
        None => format!("?/{window}{auto}"),
    };
    let percent = info.context_percent.unwrap_or(0.0);
    parts.push(if percent > 90.0 {
        paint.fg("error", &context)
    } else if percent > 70.0 {
        paint.fg("warning", &context)
    } else {
        context
    });
    parts.join(" ")
}

fn model_side(info: &FooterInfo) -> (String, String) {
    let model = info.model_id.clone().unwrap_or_else(|| "no-model".into());
    let plain = if info.model_id.is_some() && info.reasoning {
        match info.thinking_level.as_str() {
            "" | "off" => format!("{model} • thinking off"),
            level => format!("{model} • {level}"),
        }
    } else {
        model
    };
    let with_provider = match (&info.provider, info.provider_count > 1) {
        (Some(provider), true) if info.model_id.is_some() => format!("({provider}) {plain}"),
        _ => plain.clone(),
    };
    (with_provider, plain)
}

/// The footer's lines for `width` columns.
pub fn render_footer(info: &FooterInfo, width: usize, paint: &dyn Paint) -> Vec<String> {
    let mut pwd = format_cwd(&info.cwd, info.home.as_deref());
    if let Some(branch) = &info.git_branch {
        pwd = format!("{pwd} ({branch})");
    }
    if let Some(name) = &info.session_name {
        pwd = format!("{pwd} • {name}");
    }

    let mut left = stats_left(info, paint);
    let mut left_width = visible_width(&left);
    if left_width > width {
        left = truncate_to_width(&left, width, "...", false);
        left_width = visible_width(&left);
    }
    const MIN_PADDING: usize = 2;
    let (with_provider, plain) = model_side(info);
    let right = if left_width + MIN_PADDING + visible_width(&with_provider) > width {
        plain
    } else {
        with_provider
    };
    let right_width = visible_width(&right);
    let remainder = if left_width + MIN_PADDING + right_width <= width {
        format!("{}{right}", " ".repeat(width - left_width - right_width))
    } else if width > left_width + MIN_PADDING {
        let cut = truncate_to_width(&right, width - left_width - MIN_PADDING, "", false);
        let cut_width = visible_width(&cut);
        format!(
            "{}{cut}",
            " ".repeat(width.saturating_sub(left_width + cut_width))
        )
    } else {
        String::new()
    };
    // Dim the two parts apart: the context figure may carry its own colour and reset.
    let stats = format!("{}{}", paint.fg("dim", &left), paint.fg("dim", &remainder));
    let pwd_line = truncate_to_width(
        &paint.fg("dim", &pwd),
        width,
        &paint.fg("dim", "..."),
        false,
    );
    let mut lines = vec![pwd_line, stats];
    if !info.statuses.is_empty() {
        let statuses: Vec<String> = info.statuses.values().map(|t| one_line(t)).collect();
        lines.push(truncate_to_width(
            &statuses.join(" "),
            width,
            &paint.fg("dim", "..."),
            false,
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::super::paint::Plain;
    use super::*;

    #[test]
    fn tokens_are_abbreviated_as_pi_does() {
        assert_eq!(format_tokens(999), "999");
        assert_eq!(format_tokens(1_250), "1.3k");
        assert_eq!(format_tokens(12_500), "13k");
        assert_eq!(format_tokens(1_000_000), "1.0M");
        assert_eq!(format_tokens(12_345_678), "12M");
    }

    #[test]
    fn the_home_directory_reads_as_a_tilde() {
        assert_eq!(format_cwd("/home/u/p", Some("/home/u")), "~/p");
        assert_eq!(format_cwd("/home/u", Some("/home/u")), "~");
        assert_eq!(format_cwd("/home/user2", Some("/home/u")), "/home/user2");
        assert_eq!(format_cwd("/tmp", None), "/tmp");
    }

    #[test]
    fn the_model_sits_on_the_right_of_the_usage() {
        let info = FooterInfo {
            cwd: "/work/p".into(),
            git_branch: Some("main".into()),
            session_name: Some("demo".into()),
            usage: Totals {
                input: 1_200,
                output: 300,
                cost: 0.0125,
                ..Totals::default()
            },
            context_percent: Some(12.34),
            context_window: 200_000,
            auto_compact: true,
            model_id: Some("m1".into()),
            reasoning: true,
            thinking_level: "medium".into(),
            statuses: [
                ("b".to_string(), "two\nlines".to_string()),
                ("a".into(), "first".into()),
            ]
            .into_iter()
            .collect(),
            ..FooterInfo::default()
        };
        let lines = render_footer(&info, 60, &Plain);
        assert_eq!(lines[0], "/work/p (main) • demo");
        assert_eq!(
            lines[1],
            format!(
                "↑1.2k ↓300 $0.013 12.3%/200k (auto){}m1 • medium",
                " ".repeat(14)
            )
        );
        assert_eq!(visible_width(&lines[1]), 60);
        assert_eq!(lines[2], "first two lines");
    }

    #[test]
    fn unknown_context_use_shows_a_question_mark() {
        let info = FooterInfo {
            cwd: "/".into(),
            context_window: 1_000_000,
            ..FooterInfo::default()
        };
        let lines = render_footer(&info, 30, &Plain);
        assert_eq!(lines[1], "?/1.0M                no-model");
    }
}
