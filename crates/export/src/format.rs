//! Numbers and times as the page shows them (Pi's export formats).

use tau_protocol::js_number::to_fixed;

/// Token counts: `950`, `1.2k`, `45k`, `1.3M` (Pi's formatTokens).
pub(crate) fn format_tokens(count: u64) -> String {
    let n = count as f64;
    if count < 1_000 {
        count.to_string()
    } else if count < 10_000 {
        format!("{}k", to_fixed(n / 1_000.0, 1))
    } else if count < 1_000_000 {
        format!("{}k", (n / 1_000.0).round())
    } else {
        format!("{}M", to_fixed(n / 1_000_000.0, 1))
    }
}

/// Dollars with three decimals, as Pi's export header shows the cost.
pub(crate) fn format_cost(dollars: f64) -> String {
    format!("${}", to_fixed(dollars, 3))
}

/// `HH:MM:SS` of an ISO 8601 timestamp (UTC; the page's script shows it in local time),
/// or the timestamp as it is when it is not one.
pub(crate) fn short_time(iso: &str) -> String {
    let time = iso.split_once('T').map(|(_, time)| time);
    match time.and_then(|time| time.get(..8)) {
        Some(hms) if hms.bytes().all(|b| b.is_ascii_digit() || b == b':') => hms.to_string(),
        _ => iso.to_string(),
    }
}

/// `YYYY-MM-DD HH:MM:SS UTC` of an ISO 8601 timestamp, or the text as it is.
pub(crate) fn long_time(iso: &str) -> String {
    match iso
        .split_once('T')
        .and_then(|(date, time)| Some((date, time.get(..8)?)))
    {
        Some((date, hms)) => format!("{date} {hms} UTC"),
        None => iso.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_follow_pi() {
        assert_eq!(format_tokens(950), "950");
        assert_eq!(format_tokens(1_250), "1.3k");
        assert_eq!(format_tokens(45_400), "45k");
        assert_eq!(format_tokens(1_340_000), "1.3M");
    }

    #[test]
    fn times_are_cut_from_iso() {
        assert_eq!(short_time("2026-12-05T07:42:42.123Z"), "07:42:42");
        assert_eq!(short_time("yesterday"), "yesterday");
        assert_eq!(
            long_time("2026-12-05T07:42:42.123Z"),
            "2026-12-05 07:42:42 UTC"
        );
        assert_eq!(format_cost(0.01234), "$0.012");
        // Byte 8 inside a character: shown as it is, no panic.
        assert_eq!(long_time("2026-01-01Taéééé"), "2026-01-01Taéééé");
        assert_eq!(short_time("2026-01-01Taéééé"), "2026-01-01Taéééé");
    }
}
