//! The transcript: what was said and done in the session, as data ([`model`]) and as lines.

pub mod model;

#[allow(unused_imports)]
pub use model::{BashRow, Item, Level, SummaryKind, ToolRow, ToolState, Transcript};
