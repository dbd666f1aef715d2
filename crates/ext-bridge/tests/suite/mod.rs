//! Test modules and shared fixtures.

mod components;
mod discovery;
mod docs_surface;
mod hooks;
mod host_js;
mod process;
mod real_host;
mod support;
mod tools;
