#!/usr/bin/env bash
# Interactive-mode figures on a pseudo-terminal (tau-bench-tui, crates/test-support), for the
# reference Pi 1.6.0 and tau, each against a loopback model: start to first byte and to the
# editor frame, key-to-screen latency in the editor (median of N), the same and the resident
# memory with a generated 5,000-message session loaded, and the bytes written to the terminal
# while a 2,000-line reply streams. Not a test: it prints figures, it asserts nothing.
#
# Usage: bench/tui.sh [pi|tau|both] [tau-bench-tui options, e.g. --runs 5 --keys 30]
# Needs the npm registry the first time for Pi (tools/oracle/setup.sh installs Pi and Node 22
# into ~/.cache/tau-oracle, outside the repo). A tau that refuses to start interactively is
# reported as "not measured" with its screen.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
which="${1:-both}"
shift $(( $# > 0 ? 1 : 0 ))

echo "building tau and tau-bench-tui (release) ..." >&2
cargo build --release -q --manifest-path "$root/Cargo.toml" -p tau -p tau-test-support \
  --bin tau --bin tau-bench-tui
bench="$root/target/release/tau-bench-tui"
status=0
if [[ "$which" == pi || "$which" == both ]]; then
  eval "$(bash "$root/tools/oracle/setup.sh" --env)"
  "$bench" --pi "$TAU_ORACLE_PI" --node "$TAU_ORACLE_NODE_BIN/node" "$@" || status=$?
fi
if [[ "$which" == tau || "$which" == both ]]; then
  "$bench" --tau "$root/target/release/tau" "$@" || status=$?
fi
exit "$status"
