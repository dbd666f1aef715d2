mod cli_flags;
mod errors_and_abort;
mod json_mode;
mod models;
mod multi_turn;
mod providers;
mod sessions;
mod tool_edges;
