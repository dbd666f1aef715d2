mod cli_flags;
mod errors_and_abort;
mod json_mode;
mod multi_turn;
mod tool_edges;
