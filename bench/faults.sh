#!/usr/bin/env bash
# Extension fault suite: gated runs of the release tau with faulty extensions (a throwing, rejecting,
# hanging, exiting, busy-looping or memory-exhausting gate; a host SIGKILLed from inside or outside;
# a second extension writing garbage or forged frames to the host's stdout), `trials` runs a kind,
# and a table of what went wrong. Not a test: it prints figures, it asserts nothing.
# Usage: bench/faults.sh [trials (default 20)] [kind substring ...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
trials="${1:-20}"
shift || true
host="$root/crates/ext-bridge/host"
if [ ! -d "$host/node_modules" ]; then
  echo "the extension host has no node_modules: run \`npm ci\` in $host (or tau setup-extensions)" >&2
  exit 1
fi
cargo build --release -q -p tau --manifest-path "$root/Cargo.toml"
exec python3 "$root/bench/faults.py" "$root/target/release/tau" "$host" \
  "$root/crates/cli/tests/fixtures/ext-faults" "$trials" "$@"
