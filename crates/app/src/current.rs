//! The runtime of the session being driven. A session replacement (an extension's
//! `newSession`, `fork`, `switchSession`) swaps it; everyone who acts on "the session" —
//! the driver, extension actions, the host's state mirror, Ctrl-C — asks this holder.

use std::sync::{Arc, RwLock};

use tau_runtime::Runtime;

/// A shared, swappable handle to the current runtime.
#[derive(Clone)]
pub struct Current(Arc<RwLock<Arc<Runtime>>>);

impl Current {
    /// Starts with `runtime`.
    pub fn new(runtime: Arc<Runtime>) -> Self {
        Current(Arc::new(RwLock::new(runtime)))
    }

    /// The current runtime.
    pub fn get(&self) -> Arc<Runtime> {
        self.0.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Makes `runtime` current; returns the one it replaces.
    pub fn replace(&self, runtime: Arc<Runtime>) -> Arc<Runtime> {
        std::mem::replace(
            &mut *self.0.write().unwrap_or_else(|p| p.into_inner()),
            runtime,
        )
    }
}
