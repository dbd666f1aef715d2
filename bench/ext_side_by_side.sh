#!/usr/bin/env bash
# Benchmark: tau and the reference Pi 1.6.0 side by side with Pi's example extensions loaded:
#   d) start-up with 10 example extensions, one-turn print answer
#   e) per-tool-call cost of the permission-gate and protected-paths tool_call hooks
# Same set-up as pi_side_by_side.sh (Pi + Node 22 from tools/oracle/setup.sh, release builds,
# one tau-mock-llm server); the driver is ext_side_by_side.py. tau's extension host needs its
# node_modules: `cd crates/ext-bridge/host && npm ci` once. Prints figures, asserts nothing.
#
# Usage: bench/ext_side_by_side.sh [runs] [workloads]     e.g. bench/ext_side_by_side.sh 10 de
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[[ -d "$here/../crates/ext-bridge/host/node_modules" ]] || {
  echo "ext_side_by_side: run 'npm ci' in crates/ext-bridge/host first" >&2
  exit 1
}
BENCH_SCRIPT=ext_side_by_side.py exec "$here/pi_side_by_side.sh" "${1:-5}" "${2:-de}"
