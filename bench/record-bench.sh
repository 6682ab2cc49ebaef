#!/usr/bin/env bash
# Runs `dsd record` over the shared bench: per subject, a main of ours
# (bench/record-drivers/SUBJECT/Driver.java) that triggers each of the subject's labelled
# crashes once, each call in its own try/catch, is compiled with the subject and run as
# `dsd record SUBJECT_SRC -- java -cp ... bench.SUBJECT.Driver`. Then, for every trace of the
# bench's crash index: was a crash recorded whose top project frame is the trace's (class,
# method, line, exception), and was it replayed at that deepest frame (the kept test's
# stack matches the trace's top frame)? Prints a row per trace and the totals.
# Run by hand from the repository root: bash bench/record-bench.sh [BENCH_DIR]
# Environment: DSD (the dsd binary; default target/release/dsd or $CARGO_TARGET_DIR's),
#   MODE (dsd record's --mode; default all).
set -euo pipefail
cd "$(dirname "$0")/.."
bench=$(realpath "${1:-../shared/bench}")
target=${CARGO_TARGET_DIR:-target}
dsd="${DSD:-$target/release/dsd}"
[ -x "$dsd" ] || { echo "record-bench: no dsd at $dsd; build it with cargo build --release -p pipeline or set DSD" >&2; exit 2; }
dsd=$(realpath "$dsd")
mode=${MODE:-all}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for driver in bench/record-drivers/*/Driver.java; do
    subject=$(basename "$(dirname "$driver")")
    src="$bench/subjects/$subject/src/main/java"
    mkdir -p "$work/$subject"
    javac -nowarn -d "$work/$subject/classes" $(find "$src" -name "*.java") bench/record-drivers/Calls.java "$driver"
    start=$(date +%s%N)
    status=0
    "$dsd" --quiet --work-dir "$work/$subject/dsd" record "$src" --mode "$mode" --format json \
        -o "$work/$subject/report.json" -- java -cp "$work/$subject/classes" "bench.$subject.Driver" \
        > "$work/$subject/out.txt" 2>&1 || status=$?
    end=$(date +%s%N)
    [ "$status" -le 1 ] || { echo "dsd record failed on $subject with exit $status:" >&2; tail -5 "$work/$subject/out.txt" >&2; exit "$status"; }
    echo "$subject: dsd record in $(( (end - start) / 1000000 )) ms (exit $status)"
done

python3 - "$bench/crashes/index.tsv" "$work" <<'EOF'
import csv, json, os, re, sys

index, work = sys.argv[1], sys.argv[2]
reports = {}
for subject in os.listdir(work):
    path = os.path.join(work, subject, "report.json")
    if os.path.exists(path):
        reports[subject] = json.load(open(path))["crashes"]

FRAME = re.compile(r"^(?P<method>.+)\((?P<file>[^:()]*):(?P<line>\d+)\)$")

def top(crash):
    """The crash's deepest project frame as class.method:line, and its index from 1."""
    for f in crash["frames"]:
        if f["project"]:
            m = FRAME.match(f["frame"])
            return (m.group("method") + ":" + m.group("line")) if m else f["frame"], f["index"]
    return None, None

rows, recorded, replayed = [], 0, 0
with open(index) as fh:
    for row in csv.DictReader(fh, delimiter="\t"):
        crashes = reports.get(row["subject"], [])
        exception = row["exception"]
        match = None
        for c in crashes:
            frame, at = top(c)
            if frame == row["top_frame"] and c["exception"].rsplit(".", 1)[-1] == exception:
                match = (c, at)
                break
        if match is None:
            rows.append((row["trace"], "not recorded", ""))
            continue
        recorded += 1
        c, at = match
        ok = c["reproduced"] and c["reached"] >= at
        replayed += ok
        why = "" if ok else (c.get("note") or "reached %d frames" % c["reached"])
        how = ("reflection" if c["test"]["reflection"] else "public") if ok else ""
        rows.append((row["trace"], "replayed" if ok else "recorded", how or why))

width = max(len(r[0]) for r in rows)
for trace, state, note in rows:
    print(f"{trace:<{width}}  {state:<12}  {note}")
n = len(rows)
print(f"\n{n} traces: {recorded} recorded ({100 * recorded / n:.0f} %), "
      f"{replayed} replayed at their deepest frame ({100 * replayed / n:.0f} %)")
EOF
