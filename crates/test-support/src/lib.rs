//! Test support for tau (dev-only): a loopback LLM server that plays scripted turns in the
//! providers' real streaming wire formats and records every request, and a pseudo-terminal
//! harness for the interactive mode.
//!
//! - [`script`]: the dialect-neutral description of replies ([`MockTurn`], [`MockReply`])
//!   and the script file format.
//! - [`dialect`]: how a turn is rendered on the wire for one API ([`Dialect`]).
//! - [`server`]: [`MockServer`], the HTTP server on `127.0.0.1:0`.
//! - [`pty`]: [`pty::PtySession`], a program on a pty with an emulated screen that answers
//!   terminal queries; waits on screen predicates, sends keys in legacy or Kitty form.
//! - [`oracle`]: where the reference Pi is installed, and a HOME / agent dir / project
//!   sandbox pointed at a loopback model.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! use tau_test_support::{MockServer, MockTurn};
//! let server = MockServer::start(vec![MockTurn::text("Hello.").into()]).await?;
//! let base_url = server.base_url(); // http://127.0.0.1:PORT/v1
//! // ... point a provider at base_url, then:
//! let requests = server.requests();
//! # Ok(()) }
//! ```

pub mod dialect;
pub mod oracle;
pub mod pty;
pub mod script;
pub mod server;

pub use dialect::{Dialect, SseFrame};
pub use script::{MockReply, MockToolCall, MockTurn, MockUsage, Script, ScriptError};
pub use server::{MockServer, RecordedRequest};
