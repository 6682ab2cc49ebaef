#!/usr/bin/env python3
"""Runs `dsd reproduce` on every trace of the crash bench and prints how many were
reproduced to their deepest project frame, per depth, and the median time per trace.
Run by hand, not in CI.

Usage: bench/reproduce.py [--bench DIR] [--work DIR] [SUBJECT...]
  --bench: the bench (default /work/shared/bench): crashes/index.tsv lists each trace, its
           subject (below subjects/, sources in src/main/java) and its depth in project frames.
  --work:  where the work directories go (default /tmp/dsd-reproduce-bench), one per subject,
           so a subject's parse is shared by its traces.
Environment: DSD (the dsd binary; default target/release/dsd).
A trace counts as reproduced at full depth when dsd exits 0 and the kept test's stack
matches every frame down to the deepest project frame of the trace."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser()
parser.add_argument("--bench", default="/work/shared/bench")
parser.add_argument("--work", default="/tmp/dsd-reproduce-bench")
parser.add_argument("subjects", nargs="*")
args = parser.parse_args()
dsd = os.environ.get("DSD", os.path.join(here, "..", "target", "release", "dsd"))

rows = []
with open(os.path.join(args.bench, "crashes", "index.tsv")) as f:
    header = f.readline().rstrip("\n").split("\t")
    for line in f:
        rows.append(dict(zip(header, line.rstrip("\n").split("\t"))))
if args.subjects:
    rows = [r for r in rows if r["subject"] in args.subjects]

os.makedirs(args.work, exist_ok=True)
by_depth = {}
times = []
failures = []
for row in rows:
    trace = os.path.join(args.bench, "crashes", row["trace"])
    src = os.path.join(args.bench, "subjects", row["subject"], "src", "main", "java")
    work = os.path.join(args.work, row["subject"])
    out = os.path.join(args.work, "report.json")
    start = time.time()
    proc = subprocess.run(
        [dsd, "--quiet", "--work-dir", work, "reproduce", trace, src, "--format", "json",
         "-o", out],
        capture_output=True, text=True)
    seconds = time.time() - start
    times.append(seconds)
    depth = int(row["subject_frames"])
    total, full = by_depth.get(depth, (0, 0))
    ok = False
    detail = proc.stderr.strip().splitlines()[-1:] if proc.returncode == 2 else []
    if proc.returncode in (0, 1) and os.path.exists(out):
        report = json.load(open(out))
        project = [f["index"] for f in report["frames"] if f["project"]]
        ok = proc.returncode == 0 and bool(project) and report["reached"] >= max(project)
        detail = [f"reached {report['reached']} of deepest project frame {max(project, default=0)}"]
    by_depth[depth] = (total + 1, full + ok)
    if not ok:
        failures.append(f"  {row['trace']}: exit {proc.returncode}; {' '.join(detail)}")
    print(f"{'ok  ' if ok else 'FAIL'} {seconds:5.1f}s depth {depth} {row['trace']}", flush=True)

reproduced = sum(full for _, full in by_depth.values())
print(f"\nreproduced at full depth: {reproduced} / {len(rows)}")
for depth in sorted(by_depth):
    total, full = by_depth[depth]
    print(f"  depth {depth}: {full} / {total}")
if times:
    print(f"median time per trace: {statistics.median(times):.1f} s (max {max(times):.1f} s)")
if failures:
    print("not reproduced:")
    print("\n".join(failures))
sys.exit(0)
