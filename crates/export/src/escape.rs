//! HTML escaping. Every piece of session text reaches the page through [`html`] (element text
//! and attribute values alike), so nothing a session holds is ever parsed as markup.

use std::fmt::Write as _;

/// `text` with `& < > " '` replaced by entities: safe as element text and as a quoted
/// attribute value.
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    push_html(&mut out, text);
    out
}

/// Appends `text`, escaped as by [`html`], to `out`.
pub fn push_html(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // NUL is a parse error in HTML and is dropped or replaced by browsers anyway;
            // other C0 controls (except tab and newlines) would make the page invalid.
            '\0' => out.push('\u{FFFD}'),
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => {
                let _ = write!(out, "&#xFFFD;");
            }
            c => out.push(c),
        }
    }
}

/// A link target from session text, or `None` when its scheme could run code or reach
/// something other than a web page (`javascript:`, `data:`, `file:`, `vbscript:` …). Like
/// Pi's export: control characters are stripped first (browsers ignore them inside a
/// scheme), then only `http`, `https`, `mailto`, `tel`, `ftp` and scheme-less (relative or
/// fragment) targets pass.
pub fn safe_url(url: &str) -> Option<String> {
    let cleaned: String = url.trim().chars().filter(|c| !c.is_control()).collect();
    let scheme_end = cleaned.find(':');
    if let Some(end) = scheme_end {
        let scheme = &cleaned[..end];
        let looks_like_scheme = scheme
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if looks_like_scheme {
            let allowed = ["http", "https", "mailto", "tel", "ftp"];
            if !allowed.iter().any(|a| a.eq_ignore_ascii_case(scheme)) {
                return None;
            }
        }
    }
    Some(cleaned)
}

/// An image's `data:` URI when its MIME type is an image type made of plain characters and its
/// data is base64; `None` otherwise (the caller shows a placeholder instead).
pub fn image_data_uri(mime_type: &str, data: &str) -> Option<String> {
    let subtype = mime_type.strip_prefix("image/")?;
    let plain_type = !subtype.is_empty()
        && subtype
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '-'));
    let base64 = data
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'\n' | b'\r'));
    (plain_type && base64 && !data.is_empty()).then(|| {
        let data: String = data.chars().filter(|c| !c.is_ascii_whitespace()).collect();
        format!("data:{mime_type};base64,{data}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_become_entities() {
        assert_eq!(
            html(r#"<script>alert("x") & 'y'</script>"#),
            "&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;"
        );
        assert_eq!(html("a\0b\u{7}c\td"), "a\u{FFFD}b&#xFFFD;c\td");
    }

    #[test]
    fn only_harmless_link_schemes_pass() {
        assert_eq!(
            safe_url("https://x.org/a?b=1").as_deref(),
            Some("https://x.org/a?b=1")
        );
        assert_eq!(safe_url("#frag").as_deref(), Some("#frag"));
        assert_eq!(safe_url("docs/a.md").as_deref(), Some("docs/a.md"));
        assert_eq!(safe_url("MAILTO:a@b").as_deref(), Some("MAILTO:a@b"));
        assert_eq!(safe_url("javascript:alert(1)"), None);
        assert_eq!(safe_url(" java\tscript:alert(1)"), None);
        assert_eq!(safe_url("JaVaScRiPt:alert(1)"), None);
        assert_eq!(safe_url("data:text/html,<script>"), None);
        assert_eq!(safe_url("vbscript:x"), None);
        assert_eq!(safe_url("file:///etc/passwd"), None);
    }

    #[test]
    fn image_uris_need_an_image_type_and_base64_data() {
        assert_eq!(
            image_data_uri("image/png", "iVBO\nRw==").as_deref(),
            Some("data:image/png;base64,iVBORw==")
        );
        assert_eq!(image_data_uri("text/html", "PHNjcmlwdD4="), None);
        assert_eq!(image_data_uri("image/png\"onerror=x", "AAAA"), None);
        assert_eq!(image_data_uri("image/png", "AA\"AA"), None);
        assert_eq!(image_data_uri("image/png", ""), None);
    }
}
