//! Why a compaction did not happen. The messages are the ones Pi reports in
//! `compaction_end.errorMessage` (after its "Compaction failed: " style prefix), since json
//! consumers read them.

use tau_session::SessionError;

/// A compaction that failed or was cancelled.
#[derive(Debug, thiserror::Error)]
pub enum CompactionError {
    /// The leaf already is a compaction.
    #[error("Already compacted")]
    AlreadyCompacted,
    /// Everything fits in the kept range; there is no history to summarise.
    #[error("Nothing to compact (session too small)")]
    NothingToCompact,
    /// The summary request failed.
    #[error("{stage} failed: {message}")]
    SummaryFailed {
        /// Which request: `Summarization` or `Turn prefix summarization`.
        stage: &'static str,
        /// The provider's error.
        message: String,
    },
    /// The summary hit the output limit; a partial summary must not become a checkpoint.
    #[error("{stage} failed: generation hit the token cap and the summary is incomplete")]
    SummaryTruncated {
        /// Which request.
        stage: &'static str,
    },
    /// The model answered with a tool call instead of a summary.
    #[error("{stage} attempted to call a tool")]
    ToolCall {
        /// Which request.
        stage: &'static str,
    },
    /// The user aborted.
    #[error("Compaction cancelled")]
    Cancelled,
    /// The compaction entry could not be written.
    #[error("writing the compaction entry: {0}")]
    Session(#[from] SessionError),
}
