#!/usr/bin/env bash
# Benchmark: tau and the reference Pi 1.6.0 side by side against one scripted mock LLM server
# (tau-mock-llm, OpenAI Chat Completions SSE on 127.0.0.1), on three workloads:
#   a) one-turn print-mode answer    b) 50 tool calls, one per model turn
#   c) resume a 20,000-entry (~40 MB) session file and answer
# Reports median wall time and peak RSS of each, and the tau/Pi ratios next to the targets.
# Not a test: it prints figures, it asserts nothing.
#
# Usage: bench/pi_side_by_side.sh [runs] [workloads]     e.g. bench/pi_side_by_side.sh 5 abc
# BENCH_SCRIPT names another driver in bench/ taking the same arguments (ext_side_by_side.sh
# uses it for the extension workloads d and e).
# Needs the npm registry the first time (tools/oracle/setup.sh installs Pi and Node 22 into
# ~/.cache/tau-oracle, outside the repo), python3, GNU time at /usr/bin/time, git.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"
only="${2:-abc}"

[[ -x /usr/bin/time ]] || { echo "pi_side_by_side: needs GNU time at /usr/bin/time" >&2; exit 1; }
eval "$(bash "$root/tools/oracle/setup.sh" --env)"

echo "building tau and tau-mock-llm (release) ..." >&2
cargo build --release -q --manifest-path "$root/Cargo.toml" -p tau -p tau-test-support \
  --bin tau --bin tau-mock-llm

for tool in rg fd fdfind; do
  if command -v "$tool" >/dev/null; then
    echo "found $tool: $("$tool" --version | head -n1)" >&2
  fi
done

exec python3 "$root/bench/${BENCH_SCRIPT:-pi_side_by_side.py}" \
  --tau "$root/target/release/tau" \
  --mock "$root/target/release/tau-mock-llm" \
  --node "$TAU_ORACLE_NODE_BIN/node" \
  --pi "$TAU_ORACLE_PI" \
  --runs "$runs" --only "$only"
