mod cli_flags;
mod json_mode;
mod multi_turn;
mod tool_edges;
