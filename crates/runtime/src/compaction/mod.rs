//! Compaction as Pi 1.6.0 does it (docs/compaction.md): older history is replaced by a
//! model-written summary so a long session fits the context window.
//!
//! - [`prepare`] picks the cut ([`cut_point`]) that keeps about `keepRecentTokens` of recent
//!   context and collects what to summarise; [`tokens`] does the accounting.
//! - [`summarize`] asks the model for the structured summary, folding in the previous one.
//! - The runtime (`driver.rs`, a child module of `runtime.rs`) writes the `compaction` entry,
//!   rebuilds the model context from the session and emits `compaction_start` /
//!   `compaction_end`. It compacts on `/compact [instructions]`, after a run whose context
//!   crossed `contextWindow - reserveTokens`, before a prompt on a session already over it,
//!   and on a context overflow, after which the failed request is retried once.
//!
//! - [`hooks`]: extensions take part through [`CompactionHooks`] (`session_before_compact`
//!   may cancel or supply the summary; `session_compact` / `session_compact_failed` follow).
//!
//! - [`retry`]: a summary request that failed with a transient error is retried as the
//!   session's responses are, with `summarization_retry_*` events.
//!
//! Not here: compaction between turns of one run. Branch summaries ([`branch`]) share the
//! summary request.

pub mod branch;
pub mod cut_point;
pub mod error;
pub(crate) mod facts;
pub mod file_ops;
pub mod hooks;
pub mod prepare;
pub mod retry;
pub mod serialize;
pub mod settings;
pub mod summarize;
pub mod tokens;

#[cfg(test)]
pub(crate) mod test_support;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use tau_protocol::{ContentBlock, UserContent};

pub use error::CompactionError;
pub use hooks::CompactionHooks;
pub use prepare::{prepare_compaction, Preparation};
pub use settings::{CompactionBudget, CompactionSettings};

/// The runtime's compaction configuration and recovery state.
#[derive(Default)]
pub(crate) struct CompactionState {
    /// settings.json `compaction`.
    pub(crate) settings: CompactionSettings,
    /// Pi's `setAutoCompactionEnabled`: automatic compaction off (threshold and overflow)
    /// while manual compaction still works.
    pub(crate) auto_disabled: AtomicBool,
    /// One compact-and-retry per failure: set when overflow recovery starts, cleared by a
    /// new prompt or a response that did not fail (Pi's `_overflowRecoveryAttempted`).
    pub(crate) overflow_attempted: AtomicBool,
    /// The extensions' part (`session_before_compact`, …), when extensions are loaded.
    pub(crate) hooks: Option<Arc<dyn CompactionHooks>>,
}

/// The instructions of a `/compact` command: `Some(None)` for a bare `/compact`,
/// `Some(Some(text))` for `/compact <text>`, `None` for any other prompt.
pub fn compact_command(content: &UserContent) -> Option<Option<String>> {
    let text = match content {
        UserContent::Text(text) => text.as_str(),
        UserContent::Blocks(blocks) => match blocks.as_slice() {
            [ContentBlock::Text { text, .. }] => text.as_str(),
            _ => return None,
        },
    };
    if text == "/compact" {
        return Some(None);
    }
    let rest = text.strip_prefix("/compact ")?.trim();
    Some((!rest.is_empty()).then(|| rest.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_compact_command_is_recognised() {
        let text = |s: &str| UserContent::Blocks(vec![ContentBlock::text(s)]);
        assert_eq!(compact_command(&text("/compact")), Some(None));
        assert_eq!(
            compact_command(&text("/compact  focus on X ")),
            Some(Some("focus on X".into()))
        );
        assert_eq!(
            compact_command(&UserContent::Text("/compact ".into())),
            Some(None)
        );
        assert_eq!(compact_command(&text("/compaction")), None);
        assert_eq!(compact_command(&text("please /compact")), None);
    }
}
