#!/usr/bin/env bash
# Benchmark: one print-mode run of the scripted model making 50 tool calls (read, ls, grep,
# find, bash, write and edit over a scratch project), reporting wall time and peak memory.
# Not a test: it prints figures, it asserts nothing. Usage: bench/fifty_tool_calls.sh [runs]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"
cargo build --release -q -p tau --manifest-path "$root/Cargo.toml"
tau="$root/target/release/tau"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project/src"
for i in $(seq 1 20); do
  printf 'fn f%s() -> u32 {\n    %s\n}\n' "$i" "$i" > "$work/project/src/f$i.rs"
done
python3 - "$work/script.json" <<'PY'
import json, sys
calls = []
for i in range(50):
    k = i % 7
    n = i % 20 + 1
    if k == 0:
        calls.append({"name": "read", "arguments": {"path": f"src/f{n}.rs"}})
    elif k == 1:
        calls.append({"name": "ls", "arguments": {"path": "src"}})
    elif k == 2:
        calls.append({"name": "grep", "arguments": {"pattern": f"f{n}", "path": "src"}})
    elif k == 3:
        calls.append({"name": "find", "arguments": {"pattern": "*.rs"}})
    elif k == 4:
        calls.append({"name": "bash", "arguments": {"command": f"wc -l src/f{n}.rs"}})
    elif k == 5:
        calls.append({"name": "write", "arguments": {"path": f"out/n{i}.txt", "content": f"note {i}\n"}})
    else:
        calls.append({"name": "edit", "arguments": {"path": f"out/n{i-1}.txt",
                      "edits": [{"oldText": f"note {i-1}", "newText": f"edited {i-1}"}]}})
# One call per turn: 50 model round trips, as a long agentic run makes.
turns = [{"text": f"step {i}", "toolCalls": [c]} for i, c in enumerate(calls)]
turns.append({"text": "All 50 tool calls done."})
json.dump({"turns": turns}, open(sys.argv[1], "w"))
PY

echo "tau 50-tool-call scripted run, $runs runs"
for run in $(seq 1 "$runs"); do
  rm -rf "$work/project/out"
  ( cd "$work/project" && /usr/bin/time -f "%e %M" -o "$work/time" \
      "$tau" --script "$work/script.json" --no-session --tools read,write,edit,bash,grep,find,ls \
      -p "run the benchmark" >"$work/out" 2>"$work/err" ) || { cat "$work/err"; exit 1; }
  read -r secs kib <"$work/time"
  awk -v r="$run" -v s="$secs" -v k="$kib" -v a="$(tail -n1 "$work/out")" \
    'BEGIN { printf "run %d: wall %.3fs  peak RSS %.1f MiB  (answer: %s)\n", r, s, k / 1024, a }'
done

# Check the run really made 50 successful tool calls.
( cd "$work/project" && rm -rf out && "$tau" --script "$work/script.json" --no-session \
    --tools read,write,edit,bash,grep,find,ls --mode json "run the benchmark" ) >"$work/events.jsonl"
ok=$(grep -c '"type":"tool_execution_end".*"isError":false' "$work/events.jsonl" || true)
echo "successful tool calls in a json-mode check run: $ok of 50"
