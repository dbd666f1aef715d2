#!/usr/bin/env bash
# The fuzz campaign: a million seeded cases per target (session files, RPC lines, tool
# arguments, models.json/settings.json) in release mode, printing cases, values, errors,
# panics and contract violations per target, with a replay line for each failure.
# Usage: bench/fuzz.sh [cases-per-target] [seed] [extra tau-fuzz options, e.g. --target rpc]
# Exits non-zero when any case panicked or broke a contract.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cases="${1:-1000000}"
seed="${2:-$(date +%s)}"
shift $(( $# > 2 ? 2 : $# ))
cargo build --release -q -p tau -p tau-fuzz --manifest-path "$root/Cargo.toml"
echo "fuzz campaign: $cases cases per target, seed $seed (rerun with: bench/fuzz.sh $cases $seed)"
"$root/target/release/tau-fuzz" --cases "$cases" --seed "$seed" --tau "$root/target/release/tau" "$@"
