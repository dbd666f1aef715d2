//! `/tree`: Pi's session tree selector (docs/sessions.md, keybindings.md "Tree Navigation").
//! [`entries`] takes the tree from the session, [`layout`] orders, filters and draws its
//! structure, [`selector`] is the component in the editor's place. What a choice does
//! (navigation with an optional branch summary, labels) is the runner's (builtins.rs).

pub mod entries;
pub mod layout;
pub mod selector;

pub use entries::{snapshot, TreeSnapshot};
pub use layout::FilterMode;
pub use selector::{TreeOutcome, TreeSelector};
