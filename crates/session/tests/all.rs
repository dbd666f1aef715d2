//! Integration tests of tau-session, one file per topic under `suite/`. They work on real files
//! in temp dirs; fixtures in `fixtures/` are small hand-written sessions shaped like Pi 1.6.0's.

// `cfg(test)` marks the helpers as test code, so clippy's allow-unwrap-in-tests covers them.
#[cfg(test)]
mod suite {
    mod branching;
    mod files;
    mod listing;
    mod lock;
    mod scale;
    mod session;
    mod support;
    mod writer;
}
