//! Integration tests of tau-test-support, one file per topic under `suite/`.

// `cfg(test)` marks the helpers as test code, so clippy's allow-unwrap-in-tests covers them.
#[cfg(test)]
mod suite {
    mod binary;
    mod pty;
    mod server;
}
