//! GFM's bare autolinks (`https://…`, `www.…`, `name@host.tld`) in text, found the way
//! marked finds them: pulldown-cmark leaves them as text.

use super::tokens::Inline;

const SCHEMES: [&str; 4] = ["https://", "http://", "ftp://", "www."];

/// Characters an email's local part may start a run with in marked's text rule.
fn is_email_run_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || ".!#$%&'*+/=?_`{|}~-".contains(c)
}

fn is_local_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "._+-".contains(c)
}

fn is_domain_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// Punctuation that ends a bare URL (pi-tui stops bare URLs at CJK punctuation).
fn is_cjk_punctuation(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303f}' | '\u{ff01}'..='\u{ff0f}' | '\u{ff1a}'..='\u{ff20}' | '\u{ff3b}'..='\u{ff40}' | '\u{ff5b}'..='\u{ff65}' | '“' | '”' | '‘' | '’' | '…' | '—')
}

/// Splits `text` into text and link tokens.
pub fn link_bare_urls(text: &str) -> Vec<Inline> {
    let mut out = Vec::new();
    let mut plain_start = 0;
    let mut i = 0;
    let mut prev: Option<char> = None;
    while i < text.len() {
        let rest = &text[i..];
        let found = url_at(rest).or_else(|| {
            let run_start = prev.is_none_or(|p| !is_email_run_char(p));
            run_start.then(|| email_at(rest)).flatten()
        });
        if let Some((len, href)) = found {
            if plain_start < i {
                out.push(Inline::Text(text[plain_start..i].to_string()));
            }
            let shown = text[i..i + len].to_string();
            out.push(Inline::Link {
                children: vec![Inline::Text(shown.clone())],
                href,
                text: shown,
            });
            i += len;
            plain_start = i;
            prev = text[..i].chars().next_back();
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        prev = Some(c);
        i += c.len_utf8();
    }
    if plain_start < text.len() || out.is_empty() {
        out.push(Inline::Text(text[plain_start..].to_string()));
    }
    out
}

/// A URL at the start of `s`: its length and target.
fn url_at(s: &str) -> Option<(usize, String)> {
    let scheme = SCHEMES.iter().find(|p| {
        s.get(..p.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(p))
    })?;
    let after = &s[scheme.len()..];
    let host_len = after
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '.')
        .count();
    if host_len == 0 || after.starts_with('.') {
        return None;
    }
    let body_len = after
        .find(|c: char| c.is_whitespace() || c == '<')
        .unwrap_or(after.len());
    let mut url = &s[..scheme.len() + body_len];
    if let Some(cut) = url.find(is_cjk_punctuation) {
        url = &url[..cut];
    }
    let url = backpedal(url);
    if url.len() <= scheme.len() {
        return None;
    }
    let href = if scheme.eq_ignore_ascii_case("www.") {
        format!("http://{url}")
    } else {
        url.to_string()
    };
    Some((url.len(), href))
}

/// Drops trailing punctuation that belongs to the sentence, not the URL: `.,:;!?*_'"~`, a
/// `)` without its `(`, and a trailing entity.
fn backpedal(mut url: &str) -> &str {
    loop {
        let before = url.len();
        if let Some(last) = url.chars().next_back() {
            let unbalanced_paren =
                last == ')' && url.matches('(').count() < url.matches(')').count();
            if "?!.,:;*_'\"~".contains(last) || unbalanced_paren {
                url = &url[..url.len() - 1];
            } else if last == ';' {
                if let Some(amp) = url.rfind('&') {
                    if url[amp + 1..url.len() - 1]
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric())
                    {
                        url = &url[..amp];
                    }
                }
            }
        }
        if url.len() == before {
            return url;
        }
    }
}

/// An email address at the start of `s`: its length and `mailto:` target.
fn email_at(s: &str) -> Option<(usize, String)> {
    let local = s.chars().take_while(|&c| is_local_char(c)).count();
    if local == 0 || !s[local..].starts_with('@') {
        return None;
    }
    let domain = &s[local + 1..];
    let label = |d: &str| d.chars().take_while(|&c| is_domain_char(c)).count();
    let mut len = label(domain);
    if len == 0 {
        return None;
    }
    let mut matched_end = None;
    // One or more `.label` parts; the address ends after the last part that ends alphanumeric.
    while domain[len..].starts_with('.') {
        let part = label(&domain[len + 1..]);
        let part_text = &domain[len + 1..len + 1 + part];
        let trimmed = part_text.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
        if trimmed.is_empty() {
            break;
        }
        let end = len + 1 + trimmed.len();
        matched_end = Some(end);
        if trimmed.len() != part_text.len() {
            break;
        }
        len += 1 + part;
    }
    let end = matched_end?;
    if domain[end..].starts_with(['-', '_']) {
        return None;
    }
    let email = &s[..local + 1 + end];
    Some((email.len(), format!("mailto:{email}")))
}
