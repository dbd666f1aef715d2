#!/usr/bin/env python3
"""Extension fault suite: gated runs of the release `tau` with faulty extensions, N trials a kind.

Every trial runs the scripted model through a dangerous bash call (`touch danger-ran.txt`), which a
`tool_call` gate must block, then a harmless one (`echo after`), which must run, while an extension
(the gate itself, or a second one loaded before the gate) misbehaves. Then the session file is
checked line by line and resumed with `--session <file> -p`. Called by bench/faults.sh, which builds
the binary; usage: faults.py <tau> <host dir> <fixtures dir> <trials> [kind ...].

Columns: tau crashes (non-zero exit, death by signal, a panic on stderr, or the whole run killed
after RUN_LIMIT), gated calls that ran (danger-ran.txt exists), sessions that fail to load (not
exactly one session file, a line that is not JSON, or a resume that fails), harmless calls that did
not run, blocked calls whose reason is not the one the kind expects (the gate's answer was lost or
replaced), host processes still alive after tau exited, and the median wall time of the gated run.
"""

import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

# A gated run that takes longer than this has hung (the handler limit below is 1 s).
RUN_LIMIT = 60.0
BLOCKED = "Extension failed, blocking execution: "
GATE = "gate.ts: dangerous command blocked"
SHORT_LIMIT = {"TAU_EXT_TIMEOUT_MS": "1000"}
# Node aborts at its heap limit; a small one makes the memory kinds take well under a second.
SMALL_HEAP = {"NODE_OPTIONS": "--max-old-space-size=64"}


@dataclass
class Kind:
    name: str
    # Fixture files under tests/fixtures/ext-faults, in load order (-e order).
    extensions: list
    # What the dangerous call's result must contain (the reason the model sees).
    expect: str
    env: dict = field(default_factory=dict)
    # SIGKILL the host from outside once the gate has seen the dangerous call.
    kill_host: bool = False


def kinds():
    solo = [
        Kind("throws", ["throws.ts"], "gate exploded on a dangerous command"),
        Kind("rejects", ["rejects.ts"], "gate rejected a dangerous command"),
        Kind("hangs", ["hangs.ts"], BLOCKED, SHORT_LIMIT),
        Kind("process-exit", ["exits.ts"], "process.exit(3)"),
        Kind("sigkill-self", ["sigkill.ts"], BLOCKED),
        # The handler limit stays long: the kill, not the limit, must end the wait.
        Kind("sigkill-external", ["hangs.ts"], BLOCKED, {"TAU_EXT_TIMEOUT_MS": "20000"}, True),
        Kind("busy-loop", ["busy.ts"], BLOCKED, SHORT_LIMIT),
        Kind("oom", ["oom.ts"], BLOCKED, SMALL_HEAP),
    ]
    # Extension B writes to the host's stdout and lets the call through; A (gate.ts, loaded
    # after B so B runs first on every call) must still have its answer heard.
    stdout = [
        Kind(f"B {name} / A gate", [f"{name}.ts", "gate.ts"], GATE, SHORT_LIMIT)
        for name in ["console-log", "stdout-write", "fd1-write", "child-stdout", "forge-empty", "forge-allow"]
    ]
    # The gate loaded first, the forger's timer racing its answers.
    stdout.append(Kind("A gate / B forge-timer", ["gate.ts", "forge-timer.ts"], GATE, SHORT_LIMIT))
    # Extension B's gate fails first; the call must stay blocked whatever A would have said.
    pairs = [
        Kind(f"B {k.name} / A gate", k.extensions + ["gate.ts"], k.expect, k.env, k.kill_host)
        for k in solo
    ]
    # Node's own heap limit (several GiB here): the collector thrashes for tens of seconds
    # before Node aborts, so the handler limit runs out first and the dying host gets the
    # next call.
    solo.append(Kind("oom-default-heap", ["oom.ts"], BLOCKED, SHORT_LIMIT))
    return solo + stdout + pairs


def script():
    return {"turns": [
        {"toolCalls": [{"name": "bash", "arguments": {"command": "touch danger-ran.txt"}}],
         "capture": {"first": "(?s)^(.*)$"}},
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo after"}}],
         "capture": {"second": "(?s)^(.*)$"}},
        {"text": "first=${first}|second=${second}"},
        {"text": "resumed: ${lastUserMessage}"},
    ]}


def children(pid):
    """Pids of the live processes whose parent is `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        # Fields after the command name (which may hold spaces) in parentheses.
        rest = stat[stat.rfind(")") + 2:].split()
        if int(rest[1]) == pid and rest[0] != "Z":
            found.append(int(entry))
    return found


def hosts_in(cwd):
    """Live extension host processes running in `cwd`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if os.readlink(f"/proc/{entry}/cwd") != cwd:
                continue
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read()
            with open(f"/proc/{entry}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if b"main.mjs" in cmdline and state != "Z":
            found.append(int(entry))
    return found


def kill_when_gated(proc, gate_log, done):
    """SIGKILLs tau's host children once gate.log shows the dangerous call."""
    while not done.is_set() and proc.poll() is None:
        try:
            with open(gate_log) as f:
                if "danger" in f.read():
                    for pid in children(proc.pid):
                        os.kill(pid, signal.SIGKILL)
                    return
        except OSError:
            pass
        time.sleep(0.01)


def run(cmd, cwd, env, limit, kill_host=False):
    """(returncode or None on timeout, stdout, stderr, seconds)."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    done = threading.Event()
    killer = None
    if kill_host:
        killer = threading.Thread(target=kill_when_gated,
                                  args=(proc, os.path.join(cwd, "gate.log"), done))
        killer.start()
    try:
        out, err = proc.communicate(timeout=limit)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        code = None
    done.set()
    if killer:
        killer.join()
    return code, out.decode(errors="replace"), err.decode(errors="replace"), time.monotonic() - start


def session_ok(path):
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        for line in lines:
            if line:
                json.loads(line)
        return True
    except (OSError, ValueError):
        return False


def trial(kind, tau, host, fixtures, base, home, log):
    """One gated run and its resume; returns a dict of failure flags and the wall time."""
    root = tempfile.mkdtemp(dir=base)
    ws, agent = os.path.join(root, "work"), os.path.join(root, "agent")
    os.makedirs(ws)
    os.makedirs(agent)
    script_path = os.path.join(agent, "script.json")
    with open(script_path, "w") as f:
        json.dump(script(), f)
    env = dict(os.environ, TAU_AGENT_DIR=agent, HOME=home, TAU_EXT_HOST=host)
    env.pop("NODE_OPTIONS", None)
    env.update(kind.env)
    exts = [a for name in kind.extensions for a in ("-e", os.path.join(fixtures, name))]
    base_cmd = [tau, *exts, "--script", script_path]

    code, out, err, secs = run(base_cmd + ["-p", "go"], ws, env, RUN_LIMIT, kind.kill_host)
    r = {"secs": secs}
    r["crash"] = code is None or code != 0 or "panicked" in err
    r["ran"] = os.path.exists(os.path.join(ws, "danger-ran.txt"))
    m = re.match(r"(?s)^first=(.*)\|second=(.*)$", out.strip())
    first, second = (m.group(1).strip(), m.group(2).strip()) if m else ("", "")
    r["harmless"] = second != "after"
    r["reason"] = kind.expect not in first
    time.sleep(0.2)  # a host tau killed on exit needs a moment to be reaped
    strays = hosts_in(os.path.realpath(ws))
    r["stray"] = bool(strays)
    for pid in strays:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass

    sessions = [os.path.join(d, n) for d, _, names in os.walk(agent) for n in names if n.endswith(".jsonl")]
    resumed = ""
    if len(sessions) == 1 and session_ok(sessions[0]):
        rcode, rout, rerr, _ = run(base_cmd + ["--session", sessions[0], "-p", "again"], ws, env, RUN_LIMIT)
        r["session"] = not (rcode == 0 and rout == "resumed: again\n" and session_ok(sessions[0]))
        resumed = f"resume exit {rcode}, stdout {rout!r}, stderr tail {rerr[-400:]!r}"
    else:
        r["session"] = True
        resumed = f"session files: {sessions}"
    if any(r[k] for k in ("crash", "ran", "harmless", "reason", "session", "stray")):
        log.write(f"== {kind.name}: {', '.join(k for k in r if r[k] is True)}\n"
                  f"exit {code}, {secs:.2f} s\nstdout: {out[-600:]}\nstderr tail: {err[-1500:]}\n{resumed}\n"
                  f"strays: {strays}\n\n")
    shutil.rmtree(root, ignore_errors=True)
    return r


def main():
    tau, host, fixtures, trials = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    wanted = sys.argv[5:]
    selected = [k for k in kinds() if not wanted or any(w in k.name for w in wanted)]
    if not selected:
        sys.exit(f"no kind matches {wanted}; kinds: {', '.join(k.name for k in kinds())}")
    base = tempfile.mkdtemp(prefix="tau-faults-")
    # One HOME for every trial, so jiti's and Node's caches stay warm between trials.
    home = os.path.join(base, "home")
    os.makedirs(home)
    log_path = os.path.join(tempfile.gettempdir(), "tau-faults-failures.log")
    cols = ["crash", "ran", "session", "harmless", "reason", "stray"]
    print(f"{trials} trials per kind, tau {tau}; failure details in {log_path}\n")
    print("| kind | trials | tau crashes | gated calls ran | sessions fail to load "
          "| harmless call blocked | wrong block reason | stray hosts | median wall |")
    print("|---|---|---|---|---|---|---|---|---|")
    with open(log_path, "w") as log:
        for kind in selected:
            results = [trial(kind, tau, host, fixtures, base, home, log) for _ in range(trials)]
            log.flush()
            counts = [sum(r[c] for r in results) for c in cols]
            wall = statistics.median(r["secs"] for r in results)
            print(f"| {kind.name} | {trials} | " + " | ".join(map(str, counts)) + f" | {wall:.2f} s |",
                  flush=True)
    shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
