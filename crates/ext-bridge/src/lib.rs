//! Runs Pi 1.6.0 extensions in a Node.js child process (the host, `host/`) and attaches them
//! to tau: the wire protocol (docs/protocol.md), restart on crash, Pi's handler composition
//! as [`tau_agent::AgentHooks`], and extension tools as [`tau_tools::Tool`]s.
//!
//! Rust owns the semantics: handler order, composition, gating. The host only runs the
//! JavaScript it is asked to run.

mod actions;
mod channel;
mod component_client;
mod component_hub;
pub mod components;
mod connection;
pub mod discovery;
mod error;
mod hooks;
mod host;
pub mod node;
mod partial;
mod provider_events;
pub mod sandbox;
mod tool;

pub use actions::{HostActions, NoActions};
pub use component_client::Components;
pub use components::{
    ComponentEvent, ComponentId, ComponentKind, Handover, OpenedComponent, OverlayBounds,
    OverlayCall, OverlayMargin, OverlayOptions, Palette, Rendered, RendererRequest, SizeValue,
    WidgetPlacement,
};
pub use connection::{Connection, LineSink};
pub use error::{BridgeError, Diagnostic, DiagnosticSink, Reporter};
pub use hooks::{custom_trigger, user_trigger, BeforeAgentStart, ExtensionHooks, BLOCK_PREFIX};
pub use host::{ExtensionHost, HandlerRef, HostOptions, LoadRequest, StateSource};
pub use tool::{extension_tools, merge_tools, ExtensionTool};
