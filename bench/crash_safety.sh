#!/usr/bin/env bash
# Session crash safety: SIGKILLs the release tau at random moments of (a) a 50-tool-call
# scripted run and (b) 1,000 session appends over RPC, then checks every complete line of
# the session file, the committed entries lost, and that tau and the reference Pi 1.6.0 both
# resume the file. Prints the figures; exits 1 on any invalid line, lost entry or failed
# resume. See bench/crash_safety/crash_safety.py for the definitions.
# Usage: bench/crash_safety.sh [trials-a] [trials-b] [seed]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cargo build --release -q -p tau --manifest-path "$root/Cargo.toml"
pi_args=()
if env_lines="$(bash "$root/tools/oracle/setup.sh" --env 2>/dev/null)"; then
  eval "$env_lines"
  pi_args=(--node "$TAU_ORACLE_NODE_BIN/node" --pi "$(dirname "$(dirname "$TAU_ORACLE_PI")")")
else
  echo "reference Pi not installed (tools/oracle/setup.sh failed): the Pi check is skipped" >&2
fi
exec python3 "$root/bench/crash_safety/crash_safety.py" --tau "$root/target/release/tau" \
  --trials-a "${1:-60}" --trials-b "${2:-60}" ${3:+--seed "$3"} "${pi_args[@]}"
