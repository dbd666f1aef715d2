//! pi-tui's small display components: wrapped [`Text`], one-line [`TruncatedText`],
//! [`PaddedBox`] (pi-tui's `Box`: padding and a background around children), [`Spacer`] and
//! the spinner [`Loader`]. Each renders exactly what pi-tui's does (`tests/text_parity.rs`).

mod boxed;
mod loader;
mod spacer;
#[allow(clippy::module_inception)]
mod text;
mod truncated;

pub use boxed::PaddedBox;
pub use loader::{CancellableLoader, Loader, LoaderIndicator, DEFAULT_FRAMES, DEFAULT_INTERVAL_MS};
pub use spacer::Spacer;
pub use text::Text;
pub use truncated::TruncatedText;

use crate::component::Style;
use crate::width::visible_width;

/// Pads `line` with spaces to `width` columns and, when given, styles the whole padded line
/// with the background (pi-tui's `applyBackgroundToLine`).
pub fn apply_background(line: &str, width: usize, bg: Option<&Style>) -> String {
    let padded = format!(
        "{line}{}",
        " ".repeat(width.saturating_sub(visible_width(line)))
    );
    match bg {
        Some(bg) => bg(&padded),
        None => padded,
    }
}
