#!/usr/bin/env python3
"""Runs `dsd reproduce` on every trace of a real-crash yardstick folder and prints, per
trace, whether it was reproduced, then the share reproduced per category and overall and
the median time per trace. Run by hand, not in CI.

The traces are real crashes of a real library, raised on the JVM by calling its public API
with bad input (bench/real-crashes.sh makes them with bench/crashgen/CrashGen.java); the
folder's index.tsv gives each trace's category (jdk: a JDK method threw below the library;
vm: the JVM raised it in the library's code; thrown: the library threw it) and its depth
(how many library frames it has).

Usage: bench/real-crashes.py FOLDER SRC [--encoding ENC] [--work DIR] [--only CATEGORY]
                             [--max N] [--jobs 1] [--timeout SECS]
  FOLDER:     the traces and their index.tsv (bench/real-crashes/lang3, codec, collections4,
              math3).
  SRC:        the library's sources, as given to `dsd reproduce`.
  --encoding: the sources' encoding, passed on to dsd (lang3: ISO-8859-1).
  --work:     where the work directories (a fresh one per trace), the reports and dsd's
              stderr go (default /tmp/dsd-real-crashes-work).
  --only:     only the traces of one category.  --max: only the first N traces.
  --jobs:     1 only: the traces run one after the other (dsd uses the cores itself).
  --timeout:  wall time per trace, in seconds (default 300); dsd is killed past it.
Environment: DSD (the dsd binary; default target/release/dsd).
A trace counts as reproduced when dsd exits 0 and the JSON report says "reproduced": true.
For a miss it prints the report's note, else the exit status, what dsd's stage lines on
stderr say (no site, unsat, unknown, the tests' outcomes) and the last other stderr line.

  bench/real-crashes.py bench/real-crashes/lang3 \\
      /tmp/dsd-real/commons-lang-rel-commons-lang-3.12.0/src/main/java --encoding ISO-8859-1
  bench/real-crashes.py bench/real-crashes/codec \\
      /tmp/dsd-real/commons-codec-rel-commons-codec-1.15/src/main/java
  bench/real-crashes.py bench/real-crashes/collections4 \\
      /tmp/dsd-real/commons-collections-commons-collections-4.2/src/main/java
  bench/real-crashes.py bench/real-crashes/math3 \\
      /tmp/dsd-real/commons-math3-3.6.1-src/src/main/java"""
import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser()
parser.add_argument("folder")
parser.add_argument("src")
parser.add_argument("--encoding")
parser.add_argument("--work", default="/tmp/dsd-real-crashes-work")
parser.add_argument("--only", choices=["jdk", "vm", "thrown"])
parser.add_argument("--max", type=int)
parser.add_argument("--jobs", type=int, default=1, choices=[1])
parser.add_argument("--timeout", type=float, default=300)
args = parser.parse_args()
dsd = os.environ.get("DSD", os.path.join(here, "..", "target", "release", "dsd"))


def why(stderr):
    """What dsd's stage lines say about a miss, summed over its attempts (frames tried)."""
    def total(stage, what):
        return sum(int(n) for line in stderr if line.startswith(f"dsd {stage}:")
                   for n in re.findall(rf"(\d+) {what}\b", line))
    lines = [line for line in stderr if line.strip()]
    other = [line for line in lines if not line.startswith("dsd ")]
    reasons = []
    if any(line.startswith("dsd vcgen:") for line in lines):
        sat, unsat, unknown = total("solve", "sat"), total("solve", "unsat"), total("solve", "unknown")
        if total("vcgen", "sites?") == 0:
            reasons.append("no site")
        elif sat == 0:
            reasons.append(f"no model ({unsat} unsat, {unknown} unknown)")
        elif total("testgen", "tests?") == 0:
            reasons.append(f"{sat} sat, no test")
        else:
            run = [line for line in lines if line.startswith("dsd run:")]
            outcome = run[-1].split(":", 1)[1].split(";")[0].strip() if run else "no run line"
            reasons.append(f"tests ran, not reproduced ({outcome})")
    if other:
        reasons.append(other[-1].strip())
    return "; ".join(reasons)

rows = []
with open(os.path.join(args.folder, "index.tsv")) as f:
    header = f.readline().rstrip("\n").split("\t")
    for line in f:
        rows.append(dict(zip(header, line.rstrip("\n").split("\t"))))
if args.only:
    rows = [r for r in rows if r["category"] == args.only]
if args.max is not None:
    rows = rows[:args.max]

os.makedirs(args.work, exist_ok=True)
by_category = {}
times = []
misses = []
for row in rows:
    name = os.path.splitext(row["file"])[0]
    trace = os.path.join(args.folder, row["file"])
    work = os.path.join(args.work, name)
    report = os.path.join(args.work, name + ".json")
    errors = os.path.join(args.work, name + ".stderr")
    shutil.rmtree(work, ignore_errors=True)
    if os.path.exists(report):
        os.remove(report)
    command = [dsd, "reproduce", "--color", "never", "--work-dir", work, trace, args.src,
               "--format", "json", "-o", report]
    if args.encoding:
        command += ["--encoding", args.encoding]
    start = time.time()
    with open(errors, "w") as stderr:
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr,
                                start_new_session=True)
        try:
            status = proc.wait(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # dsd and the JVMs and solvers it started
            proc.wait()
            status = None
    seconds = time.time() - start
    times.append(seconds)
    ok = False
    if status is None:
        note = f"timeout after {args.timeout:.0f} s"
    else:
        note = f"exit {status}"
        reason = why(open(errors, errors="replace").read().splitlines())
        try:
            r = json.load(open(report))
            ok = status == 0 and r.get("reproduced") is True
            if r.get("note"):
                note += f"; {r['note']}"
            else:
                note += f"; reached {r.get('reached')} of target {r.get('target')}"
        except (OSError, ValueError):
            pass
        if reason:
            note += f"; {reason}"
    category = row["category"]
    total, done = by_category.get(category, (0, 0))
    by_category[category] = (total + 1, done + ok)
    depth = row["library_frames"]
    line = f"{'ok  ' if ok else 'MISS'} {seconds:5.1f}s {category:6} depth {depth} {row['file']}"
    if not ok:
        line += f" ({note})"
        misses.append(f"  {row['file']} {row['exception']} at {row['top_library_frame']}: {note}")
    print(line, flush=True)

reproduced = sum(done for _, done in by_category.values())
print()
for category in ("jdk", "vm", "thrown"):
    if category in by_category:
        total, done = by_category[category]
        print(f"{category:6}: {done} / {total} ({100 * done / total:.0f}%)")
if rows:
    print(f"all   : {reproduced} / {len(rows)} ({100 * reproduced / len(rows):.0f}%)")
if times:
    print(f"median time per trace: {statistics.median(times):.1f} s (max {max(times):.1f} s)")
if misses:
    print("not reproduced:")
    print("\n".join(misses))
sys.exit(0)
