#!/usr/bin/env bash
# Do the tests dsd generates for real projects compile? Run by hand, not in CI.
#
# For each project below, dsd runs every stage on the project's sources (or on a package
# subset plus the project files it needs to compile, see bench/closure.py) and then
# compiles and runs the generated tests. Prints, per project, the tests generated, how
# many javac rejected (the goal is 0; each one is removed alone and listed in
# WORK/results/findings.json under "uncompiled"), and the findings.
#
# Usage: bench/compile-check.sh [--timeout SECS] [--jobs N] [--work DIR] [PROJECT...]
#   PROJECT: codec, lang3, collections (default: all three)
# Environment: DSD (the dsd binary; default target/release/dsd or $CARGO_TARGET_DIR's),
#   REAL (where the projects are unpacked; default /work/real),
#   LANG3_SUBSET, COLLECTIONS_SUBSET, CODEC_SUBSET (package folders or .java files below
#   src/main/java, space separated, checked with the project files they need to compile;
#   empty means the whole project).
# The full commons-lang3 solve takes over an hour, and nearly every lang3 package needs
# StringUtils and ArrayUtils (46,000 lines) to compile, so lang3 defaults to the files
# whose dependencies stay small (4,800 lines; LANG3_SUBSET=org/apache/commons/lang3/math
# checks a package, with 56 files of dependencies); collections defaults to five packages
# (143 files with their dependencies) and codec is checked whole: each about 12 minutes at
# --timeout 1 on 2 cores.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
timeout=1
jobs=1
work=/tmp/dsd-compile-check
projects=()
while [ $# -gt 0 ]; do
    case "$1" in
        --timeout) timeout="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --work) work="$2"; shift 2 ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) projects+=("$1"); shift ;;
    esac
done
[ ${#projects[@]} -gt 0 ] || projects=(codec lang3 collections)

target="${CARGO_TARGET_DIR:-$here/../target}"
dsd="${DSD:-$target/release/dsd}"
real="${REAL:-/work/real}"
[ -x "$dsd" ] || { echo "compile-check: no dsd at $dsd; build it with cargo build --release -p pipeline or set DSD" >&2; exit 2; }

source_root() {
    case "$1" in
        codec) echo "$real/commons-codec-rel-commons-codec-1.15/src/main/java" ;;
        lang3) echo "$real/commons-lang-rel-commons-lang-3.12.0/src/main/java" ;;
        collections) echo "$real/commons-collections-commons-collections-4.2/src/main/java" ;;
        *) echo "compile-check: unknown project $1 (codec, lang3, collections)" >&2; exit 2 ;;
    esac
}

lang3_files="Conversion.java BitField.java mutable/MutableDouble.java mutable/MutableFloat.java
    concurrent/EventCountCircuitBreaker.java concurrent/ThresholdCircuitBreaker.java
    concurrent/Memoizer.java compare/ComparableUtils.java arch/Processor.java
    time/FastTimeZone.java text/StrLookup.java"

subset() {
    case "$1" in
        codec) echo "${CODEC_SUBSET-}" ;;
        lang3) echo "${LANG3_SUBSET-$(for f in $lang3_files; do printf 'org/apache/commons/lang3/%s ' "$f"; done)}" ;;
        collections) echo "${COLLECTIONS_SUBSET-$(for p in sequence trie functors bidimap comparators; do printf 'org/apache/commons/collections4/%s ' "$p"; done)}" ;;
    esac
}

printf '%-12s %8s %10s %9s %9s  %s\n' project files generated rejected findings subset
for project in "${projects[@]}"; do
    root="$(source_root "$project")"
    [ -d "$root" ] || { echo "compile-check: $root is missing" >&2; exit 2; }
    dir="$work/$project"
    rm -rf "$dir"
    mkdir -p "$dir"
    subset="$(subset "$project" | xargs)"
    src="$root"
    if [ -n "$subset" ]; then
        # A package subset plus the project files it needs, so that the project compiles.
        src="$dir/src"
        # shellcheck disable=SC2086
        python3 "$here/closure.py" "$root" $subset | while read -r rel; do
            mkdir -p "$src/$(dirname "$rel")"
            cp "$root/$rel" "$src/$rel"
        done
    fi
    files=$(find "$src" -name '*.java' | wc -l)
    "$dsd" --work-dir "$dir/work" check "$src" --timeout "$timeout" --jobs "$jobs" \
        --format json -o "$dir/report.json" >"$dir/dsd.log" 2>&1 || true
    label="all"
    [ -z "$subset" ] || label="$(echo "$subset" | wc -w) packages or files"
    python3 - "$dir/work/results/findings.json" "$project" "$files" "$label" <<'EOF'
import json, sys
path, project, files, subset = sys.argv[1:]
try:
    f = json.load(open(path))
except OSError:
    print(f"{project:<12} {files:>8} {'?':>10} {'?':>9} {'?':>9}  {subset} (no results; see the dsd.log next to it)")
    sys.exit(0)
c = f["counts"]
rejected = c.get("uncompiled")
if rejected is None:  # a dsd from before tests were removed one by one: count whole classes
    results = open(path.replace("findings.json", "results.jsonl")).read().splitlines()
    rejected = sum("test does not compile" in line for line in results)
print(f"{project:<12} {files:>8} {c['tests']:>10} {rejected:>9} {len(f['findings']):>9}  {subset}")
for u in f.get("uncompiled", []):
    print(f"    rejected {u['test']['class']}.{u['test']['method']}: {u['message']}")
EOF
done
