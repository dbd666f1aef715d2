//! Output modes.
