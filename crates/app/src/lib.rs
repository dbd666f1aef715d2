//! tau's application layer, Pi's `AgentSession`: everything between the arguments a mode
//! was given and the runtime it drives. [`assemble`] opens the session the options ask for
//! (file, model, tools, system prompt, extensions started, bound and told `session_start`);
//! [`driver::Driver::submit`] plays Pi's `prompt()` (extension commands, `input`,
//! `before_agent_start`, the run, the runs extensions queue); the `ext_*` modules answer
//! what extensions ask of the live session, including session replacement
//! ([`ext_switch::Sessions`]). Every mode (print, json, rpc, and the interactive mode to
//! come) uses it the same way; a mode brings only its output and its [`ExtensionUi`].

pub mod assemble;
pub mod controls;
pub mod current;
pub mod driver;
pub mod ext_actions;
mod ext_compaction;
pub mod ext_models;
pub mod ext_resources;
mod ext_sandbox;
pub mod ext_state;
pub mod ext_stream;
pub mod ext_switch;
pub mod ext_trust;
pub mod extensions;
pub mod model;
mod options;
pub mod package_startup;
pub mod packages;
pub mod prompt_options;
pub mod report;
pub mod resources;
pub mod session_setup;
pub mod settings_file;
mod setup;
pub mod stats;
pub mod trust_store;
pub mod user_bash;

pub use assemble::{assemble, Assembly, Frontend, HeaderSink};
pub use current::Current;
pub use ext_actions::{ExtensionUi, PendingRun};
pub use options::AppOptions;
