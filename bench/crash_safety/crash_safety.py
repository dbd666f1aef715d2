#!/usr/bin/env python3
"""Session crash safety: SIGKILL the real tau at random points and check the session file.

Driven by bench/crash_safety.sh, which builds tau in release and passes the paths. Two
workloads, each resuming an existing session (created first by an unkilled one-turn run, so
every entry is appended the moment it is recorded; Pi's rule of writing a brand-new session
only at its first assistant message is not what is measured here):

  a  a 50-tool-call scripted run in json mode (read/ls/grep/find/bash/write/edit, one call
     per turn), killed at a uniformly random moment of its measured duration;
  b  1,000 session appends over RPC: `set_session_name` commands (one session_info entry
     each) with a `prompt` (followUp) every tenth step (user, assistant and system-prompt
     entries), killed at a random moment of the sequence.

Committed entry: one tau reported before it died. In json mode and in RPC mode, a
`message_end` event for a message (tau records a completed message in the session before it
publishes the event); in RPC mode also the success response of a `set_session_name`
(answered after its entry was appended). Whatever tau wrote to stdout before the kill is
read from the pipe afterwards, so "reported" is exact.

After each kill:
  - every complete line (ending in LF) must be valid JSON of Pi's v3 format (a header with
    version 3 first; entries with a string type, an 8-hex-digit id, a parentId that is null
    or names an earlier entry, and a timestamp; messages with a role); a torn last line
    without LF is allowed and counted;
  - committed entries lost: reported entries not found in the file (messages matched by role
    and content, session_info by name, as multisets);
  - tau resumes it: `--session FILE -p ...` with the scripted model exits 0, and the file
    then still reads as above, the new entries after the old;
  - Pi 1.6.0 loads it: a copy of the crashed file goes through Pi's own
    SessionManager.open and buildSessionContext (pi_load.mjs), all copies in one Node run.

Prints the figures per workload. Exits 1 when any line was invalid, any committed entry was
lost or any resume failed.
"""

import argparse
import collections
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ID = re.compile(r"^[0-9a-f]{8}$")
TOOLS = ["--tools", "read,write,edit,bash,grep,find,ls"]


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tau", required=True)
    parser.add_argument("--node", help="Node 22 binary (Pi check skipped without it)")
    parser.add_argument("--pi", help="Pi's package directory (holding dist/)")
    parser.add_argument("--trials-a", type=int, default=60)
    parser.add_argument("--trials-b", type=int, default=60)
    parser.add_argument("--appends", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--keep", action="store_true", help="keep the sandbox, print its path")
    return parser.parse_args()


def fifty_script(path):
    """Turn 0 answers the session's first prompt; turns 1..50 make one tool call each."""
    calls = []
    for i in range(50):
        k, n = i % 7, i % 20 + 1
        calls.append([
            {"name": "read", "arguments": {"path": f"src/f{n}.rs"}},
            {"name": "ls", "arguments": {"path": "src"}},
            {"name": "grep", "arguments": {"pattern": f"f{n}", "path": "src"}},
            {"name": "find", "arguments": {"pattern": "*.rs"}},
            {"name": "bash", "arguments": {"command": f"wc -l src/f{n}.rs"}},
            {"name": "write", "arguments": {"path": f"out/n{i}.txt", "content": f"note {i}\n"}},
            {"name": "edit", "arguments": {"path": f"out/n{i - 1}.txt",
                                           "edits": [{"oldText": f"note {i - 1}", "newText": f"edited {i - 1}"}]}},
        ][k])
    turns = [{"text": "started"}] + [{"text": f"step {i}", "toolCalls": [c]} for i, c in enumerate(calls)]
    turns.append({"text": "All 50 tool calls done."})
    with open(path, "w") as f:
        json.dump({"turns": turns}, f)


class Sandbox:
    """A project, an agent dir and a session file created by one unkilled run."""

    def __init__(self, root, tau, name):
        self.dir = os.path.join(root, name)
        self.project = os.path.join(self.dir, "project")
        self.agent = os.path.join(self.dir, "agent")
        os.makedirs(os.path.join(self.project, "src"))
        os.makedirs(self.agent)
        for i in range(1, 21):
            with open(os.path.join(self.project, "src", f"f{i}.rs"), "w") as f:
                f.write(f"fn f{i}() -> u32 {{\n    {i}\n}}\n")
        self.tau = tau
        sessions = os.path.join(self.dir, "sessions")
        done = subprocess.run([tau, "--session-dir", sessions, "--model", "scripted/hello", "-p", "start"],
                              cwd=self.project, env=self.env(), stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=120)
        files = os.listdir(sessions) if os.path.isdir(sessions) else []
        if done.returncode != 0 or len(files) != 1:
            sys.exit(f"creating the session failed: {done.stderr}")
        self.session = os.path.join(sessions, files[0])

    def env(self):
        return dict(os.environ, TAU_AGENT_DIR=self.agent, HOME=self.agent)

    def command(self, args):
        return [self.tau, "--session", self.session] + args

    def run(self, args):
        return subprocess.run(self.command(args), cwd=self.project, env=self.env(),
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)


def collect(stream, sink):
    for line in stream:
        sink.append(line)


def kill_after(child, delay, writer=None):
    """SIGKILLs `child` after `delay` seconds (or when it ends); returns the stdout lines."""
    out = []
    reader = threading.Thread(target=collect, args=(child.stdout, out))
    reader.start()
    if writer:
        threading.Thread(target=writer, args=(child,), daemon=True).start()
    try:
        child.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        pass
    child.kill()  # SIGKILL
    child.wait()
    reader.join()
    return out


def reported(lines):
    """Committed entries from tau's output: message contents and session names."""
    messages, names = collections.Counter(), collections.Counter()
    pending_names = {}
    for line in lines:
        if not line.endswith("\n"):
            continue  # a record cut by the kill was not reported
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if record.get("type") == "message_end":
            messages[message_key(record["message"])] += 1
        elif record.get("type") == "response" and record.get("command") == "set_session_name":
            if record.get("success") and record.get("id") in pending_names:
                names[pending_names[record["id"]]] += 1
        if record.get("type") == "rpc_sent":
            pending_names[record["id"]] = record["name"]
    return messages, names


def message_key(message):
    return (message.get("role"), json.dumps(message.get("content"), sort_keys=True),
            message.get("toolCallId"))


def check_file(path):
    """(complete lines, invalid lines with reasons, torn tail?, messages, names)."""
    with open(path, "rb") as f:
        data = f.read()
    parts = data.split(b"\n")
    torn = parts[-1] != b""
    complete = parts[:-1]
    invalid = []
    ids = set()
    messages, names = collections.Counter(), collections.Counter()
    for number, raw in enumerate(complete, 1):
        problem = None
        try:
            value = json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as error:
            problem = f"not JSON: {error}"
            value = None
        if value is not None:
            problem = entry_problem(value, number, ids)
        if problem:
            invalid.append((number, problem, raw[:200]))
            continue
        if number == 1:
            continue
        ids.add(value["id"])
        if value["type"] == "message":
            messages[message_key(value["message"])] += 1
        elif value["type"] == "session_info":
            names[value.get("name")] += 1
    return len(complete), invalid, torn, messages, names


def entry_problem(value, number, ids):
    if not isinstance(value, dict):
        return "not an object"
    if number == 1:
        if value.get("type") != "session" or value.get("version") != 3:
            return "first line is not a v3 session header"
        return None
    if not isinstance(value.get("type"), str):
        return "no type"
    if not isinstance(value.get("id"), str) or not ID.match(value["id"]):
        return f"bad id {value.get('id')!r}"
    parent = value.get("parentId", "missing")
    if parent is not None and parent not in ids:
        return f"parentId {parent!r} names no earlier entry"
    if not isinstance(value.get("timestamp"), str):
        return "no timestamp"
    if value["type"] == "message" and not isinstance(value.get("message", {}).get("role"), str):
        return "message without a role"
    return None


def lost(reported_counter, found_counter):
    return sum((reported_counter - found_counter).values())


def trial_a(box, script, delay):
    child = subprocess.Popen(box.command(["--script", script, *TOOLS, "--mode", "json", "run the benchmark"]),
                             cwd=box.project, env=box.env(), stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return kill_after(child, delay)


def trial_b(box, appends, delay):
    sent = []  # our own note of the names sent, merged into the stream for `reported`

    def writer(child):
        lines, count, i = [], 0, 0
        while count < appends:
            if i % 10 == 9:
                lines.append({"type": "prompt", "message": f"p{i}", "streamingBehavior": "followUp"})
                count += 2
            else:
                lines.append({"type": "set_session_name", "id": f"n{i}", "name": f"name {i}"})
                sent.append({"type": "rpc_sent", "id": f"n{i}", "name": f"name {i}"})
                count += 1
            i += 1
        try:
            for line in lines:
                child.stdin.write(json.dumps(line) + "\n")
                child.stdin.flush()
            child.stdin.close()
        except (BrokenPipeError, ValueError, OSError):
            pass

    child = subprocess.Popen(box.command(["--model", "scripted/hello", "--mode", "rpc"]),
                             cwd=box.project, env=box.env(), stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = kill_after(child, delay, writer)
    return [json.dumps(s) + "\n" for s in sent] + out


def timed(fn):
    start = time.monotonic()
    fn()
    return time.monotonic() - start


def main():
    args = parse_args()
    args.tau = os.path.abspath(args.tau)
    rng = random.Random(args.seed)
    root = tempfile.mkdtemp(prefix="tau-crash-")
    script = os.path.join(root, "fifty.json")
    fifty_script(script)
    print(f"crash safety: seed {args.seed}, {args.trials_a} + {args.trials_b} trials, sandbox {root}")

    # The unkilled durations set the range of kill moments.
    box = Sandbox(root, args.tau, "measure-a")
    full_a = timed(lambda: trial_a(box, script, 120))
    box = Sandbox(root, args.tau, "measure-b")
    full_b = timed(lambda: trial_b(box, args.appends, 120))
    print(f"unkilled durations: a {full_a:.2f}s, b {full_b:.2f}s (kills land uniformly in 0..1.1x)")

    results = {"a": [], "b": []}
    pi_copies = []
    for workload, trials in (("a", args.trials_a), ("b", args.trials_b)):
        full = full_a if workload == "a" else full_b
        for n in range(trials):
            box = Sandbox(root, args.tau, f"{workload}{n}")
            before, _, _, _, _ = check_file(box.session)
            delay = rng.uniform(0, full * 1.1)
            out = trial_a(box, script, delay) if workload == "a" else trial_b(box, args.appends, delay)
            messages, names = reported(out)
            lines, invalid, torn, found_messages, found_names = check_file(box.session)
            copy = box.session + ".pi-copy"
            shutil.copyfile(box.session, copy)
            pi_copies.append(copy)
            resumed = box.run(["--model", "scripted/hello", "-p", "after the crash"])
            after_lines, after_invalid, after_torn, after_messages, _ = check_file(box.session)
            # A torn tail becomes one complete, invalid line once tau appends after it.
            resume_ok = (resumed.returncode == 0 and not after_torn
                         and len(after_invalid) == len(invalid) + (1 if torn else 0)
                         and after_lines > lines)
            results[workload].append({
                "delay": delay,
                "appended": lines - before,
                "reported": sum(messages.values()) + sum(names.values()),
                "invalid": invalid,
                "torn": torn,
                "lost": lost(messages, found_messages) + lost(names, found_names),
                "resume_ok": resume_ok,
                "resume_error": "" if resume_ok else (resumed.stderr[-500:] or f"exit {resumed.returncode}"),
                "copy": copy,
            })

    pi = {}
    if args.node and args.pi:
        done = subprocess.run([args.node, os.path.join(os.path.dirname(__file__), "pi_load.mjs"), args.pi, *pi_copies],
                              capture_output=True, text=True, timeout=600)
        for line in done.stdout.splitlines():
            record = json.loads(line)
            pi[record["file"]] = record
        if done.returncode != 0:
            print(f"pi_load.mjs failed: {done.stderr[-1000:]}")

    failed = False
    for workload, title in (("a", "a) 50-tool-call run"), ("b", f"b) {args.appends} RPC appends")):
        rows = results[workload]
        if not rows:
            continue
        appended = sorted(r["appended"] for r in rows)
        invalid = sum(len(r["invalid"]) for r in rows)
        lost_total = sum(r["lost"] for r in rows)
        resumed = sum(r["resume_ok"] for r in rows)
        pi_ok = sum(1 for r in rows if pi.get(r["copy"], {}).get("ok"))
        print(f"{title}: {len(rows)} trials")
        print(f"  entries appended before the kill: min {appended[0]}, median {appended[len(appended) // 2]}, max {appended[-1]}")
        print(f"  committed (reported) entries: {sum(r['reported'] for r in rows)}, lost: {lost_total}")
        print(f"  complete lines invalid: {invalid}; torn last lines: {sum(r['torn'] for r in rows)}")
        print(f"  resumed in tau: {resumed}/{len(rows)}; loaded by Pi 1.6.0: "
              + (f"{pi_ok}/{len(rows)}" if pi else "skipped (no --node/--pi)"))
        for r in rows:
            for number, problem, raw in r["invalid"][:3]:
                print(f"    invalid line {number} ({r['copy']}): {problem}: {raw!r}")
            if not r["resume_ok"]:
                print(f"    resume failed ({r['copy']}): {r['resume_error']}")
            if pi and not pi.get(r["copy"], {}).get("ok"):
                print(f"    Pi failed ({r['copy']}): {pi.get(r['copy'], {}).get('error', 'no answer')[:500]}")
        failed |= invalid > 0 or lost_total > 0 or resumed < len(rows) or (bool(pi) and pi_ok < len(rows))
    total = sum(len(r) for r in results.values())
    print(f"total: {total} trials, {'FAILED' if failed else 'all checks passed'}")
    if args.keep:
        print(f"sandbox kept: {root}")
    else:
        shutil.rmtree(root, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
