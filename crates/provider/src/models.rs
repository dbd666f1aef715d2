//! Models and their credentials: the built-in catalogue, Pi's models.json format layered
//! over it, settings.json's startup model, `--model` resolution and `--list-models` output.
//!
//! - [`config`]: models.json types and parsing (errors name file, line, column and field).
//! - [`value`]: `apiKey` and header values (`literal`, `$ENV`, `${ENV}`, `!command`).
//! - [`catalog`]: built-in models (pi-ai's whole chat catalogue, generated), API-key
//!   variables per provider, Pi's startup model per provider.
//! - [`registry`]: [`ModelRegistry`], the merged view with credentials and the startup model.
//! - [`resolve`]: `--model` pattern matching; [`scope`]: `--models` scopes.
//! - [`thinking`]: supported thinking levels and clamping.
//! - [`list`]: [`format_model_list`] for `--list-models`.
//!
//! - [`auth_file`]: `auth.json`, the credentials `/login` stores.
//! - [`oauth`]: stored OAuth sign-ins of built-in providers, refreshed when they expire;
//!   [`signed_in`]: the provider wrapper that checks them before each request.
//! - [`extension`]: providers extensions register, layered over the others.
//!
//! Not here yet: sign-ins of GitHub Copilot, Meta, OpenRouter and Radius (see [`oauth`]),
//! Anthropic's workload identity federation, pricing tiers (the catalogue carries
//! them; costs use the base prices), `inputLimits`, `promptCache` and `samplingParams`,
//! project settings.

pub mod auth_file;
pub mod catalog;
mod compose;
pub mod config;
pub mod extension;
pub mod list;
pub mod oauth;
pub mod registry;
pub mod resolve;
pub mod scope;
pub mod settings;
pub mod signed_in;
pub mod thinking;
pub mod value;

#[cfg(test)]
mod registry_tests;
#[cfg(test)]
mod resolve_tests;

pub use config::ModelsError;
pub use list::format_model_list;
pub use registry::{AuthError, ModelRegistry, RequestAuth, DEFAULT_THINKING_LEVEL};
pub use resolve::{AmbiguityHint, ResolveError, ResolveOptions, Resolved};
pub use scope::ScopedModel;
pub use settings::ModelSettings;
pub use thinking::{clamp_thinking, supported_thinking_levels};
pub use value::{ConfigValueError, Env};
