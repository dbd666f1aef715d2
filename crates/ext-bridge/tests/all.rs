//! Integration tests of tau-ext-bridge against a scripted fake host (a small Node script) and,
//! when installed, the real host.
//!
//! The modules are `cfg(test)` so clippy treats their helpers as test code.

#[cfg(test)]
mod suite;
