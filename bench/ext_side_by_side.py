#!/usr/bin/env python3
"""Side-by-side extension benchmark of tau and Pi against one scripted OpenAI-compatible server.

Driven by ext_side_by_side.sh (through pi_side_by_side.sh's set-up); reuses pi_side_by_side.py's
server, harness and workload code. Two workloads, each run N times per harness, alternating:

  d  start-up with 10 of Pi's example extensions loaded (-e each): -p "hi" --no-session
  e  the per-tool-call cost of extension tool_call hooks: workload b (50 tool calls, json
     mode) with permission-gate and protected-paths loaded, minus the same run without,
     divided by 50. Timed twice: inside the run (first tool_execution_start line to the
     agent_end line, as they arrive: start-up and exit left out) and as whole-run wall time
     (which includes loading the two extensions).

Wall time is a monotonic clock around the process. Memory is the peak RSS of the process tree:
tau runs its extensions in a Node child, Pi runs them in its own process, so each process's
peak (VmHWM, sampled from /proc every 10 ms while it lives) is summed over the tree.
Asserts nothing.
"""

import os
import shutil
import statistics
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pi_side_by_side as side  # noqa: E402

# The ten example extensions of workload d: each loads headless (print mode, no UI) in both.
D_EXTENSIONS = [
    "permission-gate", "protected-paths", "todo", "tools", "commands",
    "pirate", "event-bus", "session-name", "bookmark", "input-transform",
]
E_EXTENSIONS = ["permission-gate", "protected-paths"]
E_CALLS = 50
TARGET_D_WALL = 0.35  # tau/Pi wall ratio
TARGET_E_MS = 0.3  # ms per tool call


def parse_args():
    parser = side.argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name in ("--tau", "--mock", "--node", "--pi"):
        parser.add_argument(name, required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="de", help="workloads to run, e.g. 'd'")
    parser.add_argument("--keep", action="store_true", help="keep the sandbox, print its path")
    return parser.parse_args()


def tree_pids(root):
    """`root` and its descendants (from /proc/<pid>/task/<tid>/children)."""
    pids, queue = [], [root]
    while queue:
        pid = queue.pop()
        pids.append(pid)
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{tid}/children") as children:
                    queue.extend(int(child) for child in children.read().split())
        except OSError:
            pass
    return pids


def peak_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


class TreeSampler(threading.Thread):
    """Tracks each process's peak RSS in the tree under `root` until stopped."""

    def __init__(self, root, skip):
        super().__init__(daemon=True)
        self.root, self.skip = root, skip
        self.peaks = {}
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            for pid in tree_pids(self.root):
                if pid not in self.skip:
                    kib = peak_kib(pid)
                    if kib is not None:
                        self.peaks[pid] = max(kib, self.peaks.get(pid, 0))
            self.done.wait(0.01)

    def total(self):
        return sum(self.peaks.values())


class TreeHarness(side.Harness):
    """A harness whose runs report the summed peak RSS of the process tree."""

    def __init__(self, name, argv, agent_env, sandbox, extra_env=None):
        super().__init__(name, argv, agent_env, sandbox)
        self.env.update(extra_env or {})
        self.largest = []  # /usr/bin/time %M of each run: the largest single process

    def run(self, args, cwd, sandbox):
        time_file = os.path.join(sandbox, "time.txt")
        command = ["/usr/bin/time", "-f", "%e %M", "-o", time_file, *self.argv, *args]
        start = time.perf_counter()
        proc = side.subprocess.Popen(command, cwd=cwd, env=self.env,
                                     stdin=side.subprocess.DEVNULL,
                                     stdout=side.subprocess.PIPE, stderr=side.subprocess.PIPE)
        # The sampler skips /usr/bin/time itself; output is drained by communicate.
        sampler = TreeSampler(proc.pid, skip={proc.pid})
        sampler.start()
        stdout, stderr = proc.communicate()
        wall = time.perf_counter() - start
        sampler.done.set()
        sampler.join()
        if proc.returncode != 0:
            sys.exit(f"{self.name} {' '.join(args)[:200]} exited {proc.returncode}\n"
                     f"stdout: {stdout.decode(errors='replace')[-2000:]}\n"
                     f"stderr: {stderr.decode(errors='replace')[-2000:]}")
        with open(time_file) as times:
            _, kib = times.read().split()[-2:]
        self.largest.append(int(kib))
        return wall, max(sampler.total(), int(kib)), stdout.decode(errors="replace")


    def run_stream(self, args, cwd):
        """Runs once in json mode; returns (wall, span): span from the first
        tool_execution_start line to the agent_end line, timed as the lines arrive."""
        start = time.perf_counter()
        proc = side.subprocess.Popen([*self.argv, *args], cwd=cwd, env=self.env,
                                     stdin=side.subprocess.DEVNULL, stdout=side.subprocess.PIPE,
                                     stderr=side.subprocess.DEVNULL)
        first = last = None
        for line in proc.stdout:
            if first is None and b'"tool_execution_start"' in line:
                first = time.perf_counter()
            elif b'"type":"agent_end"' in line:
                last = time.perf_counter()
        proc.wait()
        wall = time.perf_counter() - start
        if proc.returncode != 0 or first is None or last is None:
            sys.exit(f"{self.name} {' '.join(args)[:200]}: exit {proc.returncode}, "
                     f"tool start seen: {first is not None}, agent_end seen: {last is not None}")
        return wall, last - first


def extension_args(examples, names):
    args = []
    for name in names:
        args += ["-e", os.path.join(examples, f"{name}.ts")]
    return args


def run_d(args, harnesses, examples, sandbox, cwd, notes):
    answer = "Hello from the mock."
    argv = ["--no-session", *extension_args(examples, D_EXTENSIONS), "-p", "hi"]
    # BENCH_COLD=1: every timed run starts with both sides' caches empty (a first start).
    cold = os.environ.get("BENCH_COLD") == "1"
    prepare = (lambda: [h.clear_caches() for h in harnesses]) if cold else None
    workload = side.Workload("d", [{"text": answer}], argv, answer, cwd, prepare=prepare)
    for harness in harnesses:
        harness.largest.clear()
    side.check(args, harnesses, workload, sandbox, notes)
    # The check run also fills both sides' caches (jiti's transpile cache, Node's compile
    # cache); the timed runs are warm, as every run after the first is for a user.
    notes.append(f"d: extensions: {', '.join(D_EXTENSIONS)}; caches: {'cold' if cold else 'warm'}")
    return side.measure(args, harnesses, workload, sandbox)


def run_e(args, harnesses, examples, sandbox, notes):
    """Interleaved json-mode runs of the 50 calls with and without the two extensions.
    Returns {harness: {variant: [(wall, span)]}}: span runs from the first
    tool_execution_start line to the agent_end line, as the lines arrive."""
    project = os.path.join(sandbox, "project-e")
    side.make_project(project)
    out = os.path.join(project, "out")
    replies = side.fifty_call_replies(side.search_tools_present())
    ext = extension_args(examples, E_EXTENSIONS)
    base = ["--no-session", *side.ALL_TOOLS]
    json_argv = ["--mode", "json", "run the benchmark"]
    calls = side.Workload("e", replies, [*base, *ext, *json_argv], "All 50 tool calls done.",
                          project, prepare=lambda: shutil.rmtree(out, ignore_errors=True))
    # Every call must pass the gates, in both, with the extensions loaded.
    _, outputs = side.check(args, harnesses, calls, sandbox, notes)
    for name, stdout in outputs.items():
        side.tool_call_outcomes(name, stdout, notes)
    variants = {"ext": [*base, *ext, *json_argv], "none": [*base, *json_argv]}
    results = {h.name: {v: [] for v in variants} for h in harnesses}
    server = side.MockServer(args.mock, sandbox, "e", replies, log=False)
    try:
        for harness in harnesses:
            harness.point_at(server.port)
        for run in range(args.runs):
            for key, argv in variants.items():
                for harness in harnesses:
                    calls.prepare()
                    wall, span = harness.run_stream(argv, project)
                    results[harness.name][key].append((wall, span))
                    print(f"  e run {run + 1} {harness.name:>3} {key:>4}: wall {wall:.3f} s, "
                          f"calls {span:.3f} s", file=sys.stderr)
    finally:
        server.stop()
    return results


def per_call_ms(runs, pick=statistics.median):
    """(in-run, whole-run) ms per call: the differences of the medians (or of what `pick`
    picks) with and without, / 50."""
    span = {k: pick([s for _, s in v]) for k, v in runs.items()}
    wall = {k: pick([w for w, _ in v]) for k, v in runs.items()}
    per_span = (span["ext"] - span["none"]) / E_CALLS * 1000
    per_wall = (wall["ext"] - wall["none"]) / E_CALLS * 1000
    return per_span, per_wall, span, wall


def print_report(runs, harnesses, d_results, e_results, notes):
    print(f"\ntau vs Pi 1.6.0 with extensions, same mock server, median of {runs} runs\n")
    if d_results:
        tau, pi = d_results["tau"], d_results["pi"]
        tau_wall = statistics.median(w for w, _ in tau)
        pi_wall = statistics.median(w for w, _ in pi)
        tau_kib = statistics.median(k for _, k in tau)
        pi_kib = statistics.median(k for _, k in pi)
        ratio = tau_wall / pi_wall
        verdict = "ok" if ratio <= TARGET_D_WALL else "MISS"
        print(f"d) start-up, 10 extensions, -p hi: tau {tau_wall:.3f} s, Pi {pi_wall:.3f} s, "
              f"{ratio:.3f}x (target <= {TARGET_D_WALL}: {verdict})")
        tau_fast, pi_fast = min(w for w, _ in tau), min(w for w, _ in pi)
        print(f"   fastest runs: tau {tau_fast:.3f} s, Pi {pi_fast:.3f} s, "
              f"{tau_fast / pi_fast:.3f}x")
        print(f"   peak RSS, process tree: tau {tau_kib / 1024:.1f} MiB, Pi {pi_kib / 1024:.1f} "
              f"MiB, {tau_kib / pi_kib:.3f}x")
        for harness in harnesses:
            largest = harness.largest[-runs:] if harness.largest else [0]
            print(f"   largest single process ({harness.name}): "
                  f"{statistics.median(largest) / 1024:.1f} MiB")
    if e_results:
        print(f"e) tool_call hooks of {' + '.join(E_EXTENSIONS)}, {E_CALLS} calls, "
              f"json mode (ms per call: with minus without, / {E_CALLS})")
        for name, runs in e_results.items():
            per_span, per_wall, span, wall = per_call_ms(runs)
            verdict = "ok" if per_span <= TARGET_E_MS else "MISS"
            verdict = f"target <= {TARGET_E_MS}: {verdict}" if name == "tau" else "no target"
            print(f"   {name:>3}: {per_span:6.3f} ms/call in the run ({verdict}); "
                  f"{per_wall:6.3f} ms/call whole run, start-up included")
            print(f"        calls span {span['ext']:.3f} s vs {span['none']:.3f} s, "
                  f"wall {wall['ext']:.3f} s vs {wall['none']:.3f} s")
            # The fastest runs are the least disturbed by other load on the machine.
            fast_span, fast_wall, _, _ = per_call_ms(runs, min)
            print(f"        from the fastest runs: {fast_span:6.3f} ms/call in the run, "
                  f"{fast_wall:6.3f} ms/call whole run")
    print()
    for note in notes:
        print(note)


def main():
    args = parse_args()
    examples = os.path.join(os.path.dirname(os.path.dirname(args.pi)), "examples", "extensions")
    if not os.path.isdir(examples):
        sys.exit(f"Pi's example extensions are missing: {examples}")
    sandbox = tempfile.mkdtemp(prefix="tau-pi-ext-bench-")
    notes = []
    # tau runs its extension host on the same Node 22 as Pi (TAU_NODE), not the system node;
    # TAU_EXT_HOST, when set, picks another host folder (e.g. an older copy to compare with).
    tau_env = {"TAU_NODE": args.node}
    if os.environ.get("TAU_EXT_HOST"):
        tau_env["TAU_EXT_HOST"] = os.environ["TAU_EXT_HOST"]
        notes.append(f"tau's extension host: {tau_env['TAU_EXT_HOST']}")
    harnesses = [
        TreeHarness("tau", [args.tau], "TAU_AGENT_DIR", sandbox, tau_env),
        TreeHarness("pi", [args.node, args.pi], "PI_CODING_AGENT_DIR", sandbox),
    ]
    d_results = e_results = None
    try:
        empty = os.path.join(sandbox, "empty")
        os.makedirs(empty)
        if "d" in args.only:
            d_results = run_d(args, harnesses, examples, sandbox, empty, notes)
        if "e" in args.only:
            e_results = run_e(args, harnesses, examples, sandbox, notes)
        print_report(args.runs, harnesses, d_results, e_results, notes)
    finally:
        if args.keep:
            print(f"sandbox kept: {sandbox}", file=sys.stderr)
        else:
            shutil.rmtree(sandbox, ignore_errors=True)


if __name__ == "__main__":
    main()
