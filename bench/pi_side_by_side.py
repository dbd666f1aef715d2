#!/usr/bin/env python3
"""Side-by-side benchmark of tau and Pi against one scripted OpenAI-compatible server.

Driven by pi_side_by_side.sh, which installs Pi, builds the binaries and passes their paths.
Three workloads, each run N times per harness (tau and Pi alternate):

  a  one-turn print-mode answer: -p "hi" --no-session
  b  50 model turns with one tool call each (read/ls/grep/find/bash/write/edit) over a
     scratch project, print mode, --no-session
  c  resume a 20,000-entry (~40 MB) session file: --session <copy> -p "next"

Wall time is taken with a monotonic clock around the process (GNU time's %e only has 10 ms
steps, too coarse for tau's runs); peak RSS is GNU time's %M for the same process. Prints a
table with medians and the tau/Pi ratios next to the targets. Asserts nothing.
"""

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

MOCK_MODEL = "mock-model"
# Pi's default tool set is read/bash/edit/write; workload b enables all seven in both.
ALL_TOOLS = ["--tools", "read,bash,edit,write,grep,find,ls"]
SESSION_ENTRIES = 20_000
ENTRY_TEXT_CHARS = 1_600

# Targets: (max wall ratio, max RSS ratio or None).
TARGETS = {
    "a": (0.1, 0.1),
    "b": (0.3, None),
    "c": (0.2, 0.4),
}
TITLES = {
    "a": 'a) one-turn print answer (-p "hi")',
    "b": "b) 50 tool calls, one per turn",
    "c": "c) resume 20k-entry session, answer",
}


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tau", required=True)
    parser.add_argument("--mock", required=True, help="tau-mock-llm binary")
    parser.add_argument("--node", required=True, help="Node 22 binary")
    parser.add_argument("--pi", required=True, help="Pi's dist/cli.js")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="abc", help="workloads to run, e.g. 'ac'")
    parser.add_argument("--keep", action="store_true", help="keep the sandbox, print its path")
    return parser.parse_args()


class MockServer:
    """tau-mock-llm playing `replies` in a loop (--repeat), logging requests unless told not to."""

    def __init__(self, binary, sandbox, name, replies, log=True):
        self.script = os.path.join(sandbox, f"{name}.script.json")
        self.log = os.path.join(sandbox, f"{name}.requests.jsonl") if log else None
        with open(self.script, "w") as out:
            json.dump({"replies": replies}, out)
        logging = ["--log", self.log] if log else []
        self.proc = subprocess.Popen(
            [binary, "--script", self.script, "--repeat", *logging],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        line = self.proc.stdout.readline().strip()
        if not line.isdigit():
            self.stop()
            sys.exit(f"tau-mock-llm did not print a port (got {line!r})")
        self.port = int(line)

    def request_count(self):
        """Requests logged so far; None when the server does not log."""
        if self.log is None:
            return None
        if not os.path.exists(self.log):
            return 0
        with open(self.log) as log:
            return sum(1 for _ in log)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


class Harness:
    """One agent (tau or Pi) with its own HOME and agent dir, both pointed at `port`."""

    def __init__(self, name, argv, agent_env, sandbox):
        self.name = name
        self.argv = argv
        self.home = os.path.join(sandbox, f"home-{name}")
        self.agent_dir = os.path.join(self.home, "agent")
        os.makedirs(self.agent_dir, exist_ok=True)
        # Each side's temporary folder (Pi's jiti and Node compile caches live there) stays
        # in its HOME, so a cold run can empty it.
        self.tmp = os.path.join(self.home, "tmp")
        os.makedirs(self.tmp, exist_ok=True)
        self.env = {
            "PATH": HARNESS_PATH,
            "HOME": self.home,
            "TMPDIR": self.tmp,
            "TERM": "dumb",
            "LANG": "C.UTF-8",
            # Pi: no update checks, downloads or telemetry; tau ignores these.
            "PI_OFFLINE": "1",
            "PI_SKIP_VERSION_CHECK": "1",
            "PI_TELEMETRY": "0",
            agent_env: self.agent_dir,
        }

    def clear_caches(self):
        """Empties the caches a first start fills: `~/.cache` (tau's jiti and compile
        caches) and the temporary folder (Pi's)."""
        for folder in (os.path.join(self.home, ".cache"), self.tmp):
            shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(self.tmp, exist_ok=True)

    def point_at(self, port):
        models = {
            "providers": {
                "mock": {
                    "baseUrl": f"http://127.0.0.1:{port}/v1",
                    "api": "openai-completions",
                    "apiKey": "sk-mock",
                    "models": [{"id": MOCK_MODEL, "name": "Mock Model"}],
                }
            }
        }
        with open(os.path.join(self.agent_dir, "models.json"), "w") as out:
            json.dump(models, out)

    def run(self, args, cwd, sandbox):
        """Runs once; returns (wall seconds, peak RSS KiB, stdout)."""
        time_file = os.path.join(sandbox, "time.txt")
        command = ["/usr/bin/time", "-f", "%e %M", "-o", time_file, *self.argv, *args]
        start = time.perf_counter()
        done = subprocess.run(
            command, cwd=cwd, env=self.env, stdin=subprocess.DEVNULL, capture_output=True
        )
        wall = time.perf_counter() - start
        if done.returncode != 0:
            sys.exit(
                f"{self.name} {' '.join(args)[:200]} exited {done.returncode}\n"
                f"stdout: {done.stdout.decode(errors='replace')[-2000:]}\n"
                f"stderr: {done.stderr.decode(errors='replace')[-2000:]}"
            )
        with open(time_file) as times:
            _, kib = times.read().split()[-2:]
        return wall, int(kib), done.stdout.decode(errors="replace")


# ---------------------------------------------------------------- workloads


HARNESS_PATH = "/usr/local/bin:/usr/bin:/bin"


def search_tools_present():
    """Pi's grep needs `rg` and its find `fd` (or Debian's `fdfind`) on PATH."""
    def on_path(name):
        return shutil.which(name, path=HARNESS_PATH) is not None
    return on_path("rg") and (on_path("fd") or on_path("fdfind"))


def fifty_call_replies(search_tools=True):
    """The tool mix of bench/fifty_tool_calls.sh, one call per model turn. Without rg/fd the
    grep and find calls become bash and ls calls, for both harnesses alike."""
    calls = []
    for i in range(50):
        k, n = i % 7, i % 20 + 1
        if k == 0:
            calls.append(("read", {"path": f"src/f{n}.rs"}))
        elif k == 1:
            calls.append(("ls", {"path": "src"}))
        elif k == 2 and search_tools:
            calls.append(("grep", {"pattern": f"f{n}", "path": "src"}))
        elif k == 2:
            calls.append(("bash", {"command": f"grep -rn f{n} src"}))
        elif k == 3 and search_tools:
            calls.append(("find", {"pattern": "*.rs"}))
        elif k == 3:
            calls.append(("ls", {"path": "."}))
        elif k == 4:
            calls.append(("bash", {"command": f"wc -l src/f{n}.rs"}))
        elif k == 5:
            calls.append(("write", {"path": f"out/n{i}.txt", "content": f"note {i}\n"}))
        else:
            edits = [{"oldText": f"note {i - 1}", "newText": f"edited {i - 1}"}]
            calls.append(("edit", {"path": f"out/n{i - 1}.txt", "edits": edits}))
    replies = [
        {"text": f"step {i}", "toolCalls": [{"id": f"call_{i}", "name": name, "arguments": args}]}
        for i, (name, args) in enumerate(calls)
    ]
    replies.append({"text": "All 50 tool calls done."})
    return replies


def make_project(path):
    """20 small source files in a git repo.

    The git repo matters for Pi's find: outside one it passes fd `--no-require-git`, which the
    Debian/Ubuntu fd 8.x (`fdfind`) rejects, so every find call would fail.
    """
    os.makedirs(os.path.join(path, "src"))
    for i in range(1, 21):
        with open(os.path.join(path, "src", f"f{i}.rs"), "w") as out:
            out.write(f"fn f{i}() -> u32 {{\n    {i}\n}}\n")
    subprocess.run(["git", "init", "-q", path], check=True)


WORDS = (
    "the function returns a value after reading config file module session entry parser "
    "token stream buffer index error handler request response cache layer test fixture "
    "branch commit output input path string number list map tree node child parent"
).split()


def prose(rng, chars):
    words = []
    size = 0
    while size < chars:
        word = rng.choice(WORDS)
        words.append(word)
        size += len(word) + 1
    text = " ".join(words)[:chars]
    # Line breaks every ~100 characters, as real answers and tool output have.
    return "\n".join(text[i : i + 100] for i in range(0, len(text), 100))


def write_big_session(path, cwd, entries=SESSION_ENTRIES):
    """A Pi JSONL v3 session: header, model/thinking/name entries, system prompt, then cycles
    of user → assistant(text + tool call) → toolResult → assistant(text), ~2 KB per entry.
    Linear (one branch), ending with an assistant answer when (entries - 4) % 4 == 0."""
    rng = random.Random(7)
    t0 = 1_790_000_000_000
    usage = {
        "input": 1200, "output": 300, "cacheRead": 0, "cacheWrite": 0, "reasoning": 0,
        "totalTokens": 1500,
        "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0,
                 "totalFromProvider": False},
    }
    count = 0
    parent = None

    def iso(ms):
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms / 1000)) + f".{ms % 1000:03d}Z"

    with open(path, "w") as out:
        def entry(kind, **fields):
            nonlocal count, parent
            # 8 hex digits like Pi's ids; an odd multiplier keeps them unique.
            entry_id = f"{(count + 1) * 2654435761 % 2**32:08x}"
            ms = t0 + count * 1000
            record = {"type": kind, "id": entry_id, "parentId": parent, "timestamp": iso(ms)}
            record.update(fields)
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
            parent = entry_id
            count += 1
            return ms

        out.write(json.dumps({"type": "session", "version": 3,
                              "id": "01a20000-0000-7000-8000-000000000001",
                              "timestamp": iso(t0), "cwd": cwd}, separators=(",", ":")) + "\n")
        entry("model_change", provider="mock", modelId=MOCK_MODEL)
        entry("thinking_level_change", thinkingLevel="off")
        entry("session_info", name="benchmark session")
        entry("message", message={
            "role": "system", "content": "",
            "sections": {"preamble": "You are a coding assistant.",
                         "cwd": f"<cwd>\n{cwd}\n</cwd>"},
            "timestamp": t0})
        while count < entries:
            ms = t0 + count * 1000
            step = (count - 4) % 4
            if step == 0:
                entry("message", message={
                    "role": "user",
                    "content": [{"type": "text", "text": prose(rng, ENTRY_TEXT_CHARS)}],
                    "timestamp": ms})
            elif step == 1:
                call_id = f"call_{count}"
                entry("message", message={
                    "role": "assistant",
                    "content": [
                        {"type": "text", "text": prose(rng, ENTRY_TEXT_CHARS - 60)},
                        {"type": "toolCall", "id": call_id, "name": "bash",
                         "arguments": {"command": f"cat src/module_{count}.rs"}},
                    ],
                    "api": "openai-completions", "provider": "mock", "model": MOCK_MODEL,
                    "usage": usage, "stopReason": "toolUse", "timestamp": ms,
                    "responseId": f"chatcmpl-{count}", "rawStopReason": "tool_calls",
                    "durationMs": 900, "thinkingLevel": "off"})
            elif step == 2:
                entry("message", message={
                    "role": "toolResult", "toolCallId": f"call_{count - 1}", "toolName": "bash",
                    "content": [{"type": "text", "text": prose(rng, ENTRY_TEXT_CHARS)}],
                    "isError": False, "durationMs": 12, "timestamp": ms})
            else:
                entry("message", message={
                    "role": "assistant",
                    "content": [{"type": "text", "text": prose(rng, ENTRY_TEXT_CHARS)}],
                    "api": "openai-completions", "provider": "mock", "model": MOCK_MODEL,
                    "usage": usage, "stopReason": "stop", "timestamp": ms,
                    "responseId": f"chatcmpl-{count}", "rawStopReason": "stop",
                    "durationMs": 1500, "thinkingLevel": "off"})
    return count


# ---------------------------------------------------------------- measuring


class Workload:
    """One workload: the server's replies, the arguments, the expected answer."""

    def __init__(self, key, replies, argv, answer, cwd, prepare=None):
        self.key = key
        self.replies = replies
        self.argv = argv
        self.answer = answer
        self.cwd = cwd
        self.prepare = prepare or (lambda: None)

    def run_once(self, harness, sandbox, argv=None):
        self.prepare()
        wall, kib, stdout = harness.run(argv or self.argv, self.cwd, sandbox)
        if argv is None and self.answer not in stdout:
            sys.exit(f"{harness.name}: answer {self.answer!r} missing from output:\n"
                     f"{stdout[-1000:]}")
        return wall, kib, stdout


def check(args, harnesses, workload, sandbox, notes, check_argv=None):
    """One run per harness against a logging server: the answer must come, after exactly
    len(replies) model requests (a json-mode run when `check_argv` is given). Returns the
    logged request bodies and each harness's stdout."""
    server = MockServer(args.mock, sandbox, f"{workload.key}-check", workload.replies)
    outputs = {}
    try:
        for harness in harnesses:
            harness.point_at(server.port)
            before = server.request_count()
            _, _, outputs[harness.name] = workload.run_once(harness, sandbox, check_argv)
            made = server.request_count() - before
            if made != len(workload.replies):
                sys.exit(f"{harness.name}: {made} model requests in workload {workload.key}, "
                         f"expected {len(workload.replies)}")
    finally:
        server.stop()
    with open(server.log) as log:
        bodies = [json.loads(line).get("body") or {} for line in log]
    notes.append(f"{workload.key}: check run: {len(workload.replies)} model request(s) each")
    return bodies, outputs


def measure(args, harnesses, workload, sandbox):
    """`args.runs` timed runs per harness, alternating, against a server that does not log
    (its log writes would count in both harnesses' times). Returns {name: [(wall, kib)]}."""
    results = {h.name: [] for h in harnesses}
    server = MockServer(args.mock, sandbox, workload.key, workload.replies, log=False)
    try:
        for harness in harnesses:
            harness.point_at(server.port)
        for run in range(args.runs):
            for harness in harnesses:
                wall, kib, _ = workload.run_once(harness, sandbox)
                results[harness.name].append((wall, kib))
                print(f"  {workload.key} run {run + 1} {harness.name:>3}: {wall:8.3f} s "
                      f"{kib / 1024:8.1f} MiB", file=sys.stderr)
    finally:
        server.stop()
    return results


def tool_call_outcomes(name, stdout, notes):
    """Counts the successful tool calls of a json-mode run."""
    ends = [json.loads(line) for line in stdout.splitlines() if '"tool_execution_end"' in line]
    failed = [(e.get("toolName"), str(e.get("result"))[:160]) for e in ends if e.get("isError")]
    notes.append(f"b: {name} json-mode check: {len(ends) - len(failed)} of {len(ends)} tool "
                 f"calls succeeded")
    for tool, result in failed:
        notes.append(f"   {name} {tool} failed: {result}")


def main():
    args = parse_args()
    sandbox = tempfile.mkdtemp(prefix="tau-pi-bench-")
    harnesses = [
        Harness("tau", [args.tau], "TAU_AGENT_DIR", sandbox),
        Harness("pi", [args.node, args.pi], "PI_CODING_AGENT_DIR", sandbox),
    ]
    results = {}
    notes = []
    try:
        empty = os.path.join(sandbox, "empty")
        os.makedirs(empty)
        if "a" in args.only:
            workload = Workload("a", [{"text": "Hello from the mock."}],
                                ["--no-session", "-p", "hi"], "Hello from the mock.", empty)
            check(args, harnesses, workload, sandbox, notes)
            results["a"] = measure(args, harnesses, workload, sandbox)
        if "b" in args.only:
            project = os.path.join(sandbox, "project")
            make_project(project)
            out = os.path.join(project, "out")
            search_tools = search_tools_present()
            if not search_tools:
                notes.append("b: rg or fd/fdfind missing from PATH: grep and find calls "
                             "replaced by bash and ls calls (read/bash/write/edit/ls only)")
            workload = Workload("b", fifty_call_replies(search_tools),
                                ["--no-session", *ALL_TOOLS, "-p", "run the benchmark"],
                                "All 50 tool calls done.", project,
                                prepare=lambda: shutil.rmtree(out, ignore_errors=True))
            json_argv = ["--no-session", *ALL_TOOLS, "--mode", "json", "run the benchmark"]
            _, outputs = check(args, harnesses, workload, sandbox, notes, json_argv)
            for name, stdout in outputs.items():
                tool_call_outcomes(name, stdout, notes)
            results["b"] = measure(args, harnesses, workload, sandbox)
        if "c" in args.only:
            master = os.path.join(sandbox, "big-session.jsonl")
            started = time.perf_counter()
            entries = write_big_session(master, empty)
            notes.append(f"c: session file {entries} entries, "
                         f"{os.path.getsize(master) / 1e6:.1f} MB "
                         f"(generated in {time.perf_counter() - started:.1f} s)")
            copy = os.path.join(sandbox, "session-copy.jsonl")
            # Both harnesses append to the file: every run gets a fresh copy (not timed).
            workload = Workload("c", [{"text": "Resumed answer."}],
                                ["--session", copy, "-p", "next"], "Resumed answer.", empty,
                                prepare=lambda: shutil.copyfile(master, copy))
            bodies, _ = check(args, harnesses, workload, sandbox, notes)
            for harness, body in zip(harnesses, bodies):
                size = len(json.dumps(body, separators=(",", ":")))
                notes.append(f"c: {harness.name} sent {len(body.get('messages', []))} messages, "
                             f"{size / 1e6:.1f} MB request body")
            results["c"] = measure(args, harnesses, workload, sandbox)
        print_table(args.runs, results, notes)
    finally:
        if args.keep:
            print(f"sandbox kept: {sandbox}", file=sys.stderr)
        else:
            shutil.rmtree(sandbox, ignore_errors=True)


def print_table(runs, results, notes):
    print(f"\ntau vs Pi 1.6.0, same mock server, median of {runs} runs "
          f"(wall: monotonic clock, RSS: /usr/bin/time %M)\n")
    header = (f"{'workload':<38} {'tau wall':>9} {'Pi wall':>9} {'ratio':>7} {'target':>10}   "
              f"{'tau RSS':>9} {'Pi RSS':>9} {'ratio':>7} {'target':>10}")
    print(header)
    print("-" * len(header))
    for key in "abc":
        if key not in results:
            continue
        tau_wall = statistics.median(w for w, _ in results[key]["tau"])
        pi_wall = statistics.median(w for w, _ in results[key]["pi"])
        tau_kib = statistics.median(k for _, k in results[key]["tau"])
        pi_kib = statistics.median(k for _, k in results[key]["pi"])
        wall_target, rss_target = TARGETS[key]
        wall_ratio, rss_ratio = tau_wall / pi_wall, tau_kib / pi_kib

        def verdict(ratio, target):
            if target is None:
                return "-"
            return f"<={target}{' ok' if ratio <= target else ' MISS'}"

        print(f"{TITLES[key]:<38} {tau_wall:8.3f}s {pi_wall:8.3f}s {wall_ratio:6.3f}x "
              f"{verdict(wall_ratio, wall_target):>10}   {tau_kib / 1024:6.1f}MiB "
              f"{pi_kib / 1024:6.1f}MiB {rss_ratio:6.3f}x {verdict(rss_ratio, rss_target):>10}")
    print()
    for note in notes:
        print(note)


if __name__ == "__main__":
    main()
