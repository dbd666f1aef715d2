//! Image blocks as `<img>` elements with `data:` URIs, so the page needs no other file.

use tau_protocol::ContentBlock;

use crate::escape::{image_data_uri, push_html};

/// Appends the image blocks of `blocks` (nothing when there are none).
pub(crate) fn push_images(out: &mut String, blocks: &[ContentBlock]) {
    let images: Vec<(&str, &str)> = blocks
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Image { data, mime_type } => Some((mime_type.as_str(), data.as_str())),
            _ => None,
        })
        .collect();
    if images.is_empty() {
        return;
    }
    out.push_str("<div class=\"images\">");
    for (mime_type, data) in images {
        match image_data_uri(mime_type, data) {
            Some(uri) => {
                out.push_str("<img class=\"image\" alt=\"image\" src=\"");
                push_html(out, &uri);
                out.push_str("\">");
            }
            None => {
                out.push_str("<span class=\"invalid\">[image of type ");
                push_html(out, mime_type);
                out.push_str(" that is not a base64 image; not shown]</span>");
            }
        }
    }
    out.push_str("</div>");
}
