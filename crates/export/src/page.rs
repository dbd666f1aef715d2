//! The whole page: one HTML document with its style and script inline, under a Content
//! Security Policy that lets only those two run and only `data:` images load. The escaping
//! in every other module keeps session text from becoming markup; the policy is the second
//! lock, so even a mistake there could not run a script or reach the network.

use crate::doc::Doc;
use crate::escape::push_html;
use crate::{entries, header, sidebar};

const STYLE: &str = include_str!("../assets/export.css");
const SCRIPT: &str = include_str!("../assets/export.js");

/// Renders the page for `doc`.
pub(crate) fn render(doc: &Doc<'_>) -> String {
    // A fresh nonce per page: text inside the page cannot know it.
    let nonce = uuid::Uuid::new_v4().simple().to_string();
    let mut out = String::with_capacity(64 * 1024);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str(&format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; \
style-src 'nonce-{nonce}'; script-src 'nonce-{nonce}'; base-uri 'none'; form-action 'none'\">\n"
    ));
    out.push_str(&format!(
        "<meta name=\"generator\" content=\"tau {}\">\n<title>",
        env!("CARGO_PKG_VERSION")
    ));
    push_html(&mut out, &header::title(doc));
    out.push_str(&format!("</title>\n<style nonce=\"{nonce}\">\n"));
    out.push_str(STYLE);
    if let Some(colors) = doc.source.colors {
        out.push_str(&colors.css());
    }
    out.push_str("</style>\n</head>\n<body>\n");
    out.push_str(
        "<button type=\"button\" id=\"sidebar-toggle\" data-action=\"sidebar\" data-needs-script hidden>Tree</button>\n",
    );
    sidebar::push_sidebar(doc, &mut out);
    out.push_str("<main id=\"content\">\n");
    header::push_header(doc, &mut out);
    out.push_str("<div id=\"messages\">\n");
    entries::push_transcript(doc, &mut out);
    out.push_str("</div>\n</main>\n");
    out.push_str(&format!("<script nonce=\"{nonce}\">\n"));
    out.push_str(SCRIPT);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}
