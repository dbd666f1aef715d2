//! Integration tests of the real `tau` binary with scripted models.
//!
//! The modules are `cfg(test)` so clippy treats their helpers as test code.

#[cfg(test)]
mod suite;
#[cfg(test)]
mod support;
