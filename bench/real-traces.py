#!/usr/bin/env python3
"""Runs `dsd reproduce` on traces of real crashes of a real project and prints how many
were reproduced to their deepest callable project frame and the median time per trace.
Run by hand, not in CI.

The traces are those of a finished `dsd check` of the project: for each distinct crash
site whose stack has at least --min-frames project frames, the JVM's stack of the test
that proved it (every frame, the JDK's included, from WORK/results/results.jsonl), with
the test's own frame written as a caller outside the project.

Usage: bench/real-traces.py CHECK_WORK SRC [--min-frames N] [--max N] [--out DIR]
  CHECK_WORK: the work directory of a finished `dsd check SRC` (its results/ and report).
  SRC:        the project's sources, as given to `dsd check`.
  --out:      where the traces and the work directories go (default /tmp/dsd-real-traces).
Environment: DSD (the dsd binary; default target/release/dsd)."""
import argparse
import json
import os
import statistics
import subprocess
import time

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser()
parser.add_argument("check_work")
parser.add_argument("src")
parser.add_argument("--min-frames", type=int, default=2)
parser.add_argument("--max", type=int, default=24)
parser.add_argument("--out", default="/tmp/dsd-real-traces")
args = parser.parse_args()
dsd = os.environ.get("DSD", os.path.join(here, "..", "target", "release", "dsd"))

results = {}
with open(os.path.join(args.check_work, "results", "results.jsonl")) as f:
    for line in f:
        r = json.loads(line)
        results[(r["class"], r["method"])] = r
findings = json.load(open(os.path.join(args.check_work, "results", "findings.json")))
findings = findings["findings"] if isinstance(findings, dict) else findings

traces = []
seen = set()
for finding in findings:
    test = finding["test"]
    result = results.get((test["class"], test["method"]))
    if result is None or not result.get("frames"):
        continue
    frames = result["frames"]
    project = [f for f in finding["stack"] if f["class"] != test["class"]]
    if len(project) < args.min_frames or finding["site"] in seen:
        continue
    seen.add(finding["site"])
    lines = [f"{result['exception']}: {result.get('message') or ''}".rstrip(": ")]
    for frame in frames:
        if frame["class"] == test["class"]:
            lines.append("\tat app.Main.main(Main.java:1)")
            break
        where = f"{os.path.basename(frame['file'])}:{frame['line']}" if frame.get("file") \
            and frame.get("line", -1) > 0 else "Unknown Source"
        lines.append(f"\tat {frame['class']}.{frame['method']}({where})")
    traces.append((len(project), "\n".join(lines) + "\n"))
    if len(traces) >= args.max:
        break

os.makedirs(args.out, exist_ok=True)
times = []
full = 0
for i, (depth, text) in enumerate(traces, 1):
    path = os.path.join(args.out, f"t{i:02d}.trace")
    with open(path, "w") as f:
        f.write(text)
    work = os.path.join(args.out, f"w{i:02d}")
    report = os.path.join(args.out, f"r{i:02d}.json")
    start = time.time()
    status = subprocess.run([dsd, "--quiet", "--work-dir", work, "reproduce", path, args.src,
                             "--format", "json", "-o", report],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    seconds = time.time() - start
    times.append(seconds)
    try:
        r = json.load(open(report))
        ok = status == 0 and r["reached"] >= (r["target"] or 0) > 0
        note = f"reached {r['reached']} of target {r['target']}"
    except (OSError, ValueError, KeyError):
        ok, note = False, f"exit {status}"
    full += ok
    print(f"{'ok  ' if ok else 'MISS'} {seconds:5.1f}s depth {depth} {path} ({note})")

print(f"\nreproduced to the deepest callable frame: {full} / {len(traces)}")
if times:
    print(f"median time per trace: {statistics.median(times):.1f} s (max {max(times):.1f} s)")
