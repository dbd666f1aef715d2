//! The runtime's compaction hooks answered by extension handlers (Pi's
//! `session_before_compact`, `session_compact`, `session_compact_failed`).

use std::sync::Arc;

use async_trait::async_trait;
use serde_json::Value;
use tau_ext_bridge::ExtensionHooks;
use tau_runtime::CompactionHooks;
use tokio_util::sync::CancellationToken;

/// [`CompactionHooks`] dispatching to the loaded extensions.
pub struct ExtensionCompaction(pub Arc<ExtensionHooks>);

#[async_trait]
impl CompactionHooks for ExtensionCompaction {
    fn handles(&self, event: &str) -> bool {
        self.0.handles(event)
    }

    async fn before_compact(&self, event: Value, cancel: &CancellationToken) -> Option<Value> {
        self.0.gate_until_cancelled(event, cancel).await
    }

    async fn notify(&self, event: Value) {
        self.0.notify(event).await;
    }
}
