#!/usr/bin/env bash
# Benchmark on real code, run by hand (not in CI): fetches the Debian source packages of
# commons-lang3 3.12 and commons-codec 1.15 (deb-src of the machine's own Debian mirror), and
# those of commons-collections4 4.2 and commons-math3 3.6.1 for bench/real-crashes.sh; runs
# `dsd check` on the main sources of lang3 and codec under /usr/bin/time -v, and prints every
# stage's summary line (queries, sat/unsat/unknown/skipped, checks folded without the
# solver, tests, findings), the whole run's seconds and peak RSS, and an unchanged rerun.
# The same figures go, with the date, the machine and the build, to a new dated file in
# bench/results/ (see bench/results/README.md); commit it when the run is one to keep.
#
#   bash bench/real-projects.sh [WORK_DIR]      (DSD=/path/to/dsd to use a built binary)
#
# WORK_DIR (default /tmp/dsd-real) keeps the sources and the work dirs between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(realpath -m "${1:-/tmp/dsd-real}")
mkdir -p "$root/apt"
dsd=${DSD:-}
if [ -z "$dsd" ]; then
    cargo build --release -q -p pipeline
    dsd="$PWD/target/release/dsd"
fi

fetch() { # package, folder glob
    if ! compgen -G "$root/$2" > /dev/null; then
        printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\n' \
            > "$root/apt/src.sources"
        local apt=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$root/apt"
                   -o "Dir::State::Lists=$root/apt/lists" -o "Dir::Cache=$root/apt/cache")
        mkdir -p "$root/apt/lists/partial" "$root/apt/cache"
        apt-get "${apt[@]}" update -qq
        # Only the upstream tarball is unpacked: a Debian part the mirror no longer holds
        # (commons-math3's debian.tar.xz gave 404) fails apt-get, not the fetch.
        (cd "$root" && { apt-get "${apt[@]}" source --download-only -qq "$1" || true; } \
            && tar xf "$1"_*.orig.tar.xz)
    fi
}

# Runs `dsd check` on one source root under /usr/bin/time: prints every stage's summary line
# (with its seconds), the whole run's wall time and peak RSS, the timeouts, the time of a
# second, unchanged `dsd check`, and that of one from a copy of the work dir at another
# path named relatively (what a CI cache restores), with the stages it did not skip.
project() { # label, source root
    local label=$1 src=$2 work="$root/work-$1" log="$root/$1.log"
    rm -rf "$work"
    echo "$label ($src)"
    /usr/bin/time -v bash bench/tree-rss.sh "$dsd" --work-dir "$work" check "$src" --format sarif -o "$root/$label.sarif" \
        > /dev/null 2> "$log" || true
    grep -E '^dsd (parse|vcgen|solve|testgen|run):' "$log" | sed 's/^/  /'
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0;
        for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "  end to end: %.1f s", s }
        /Maximum resident set size/ { printf ", peak RSS of one process %.0f MB", $2 / 1024 }
        /peak RSS of the process tree/ { tree = $2 } END { printf ", of all together %s\n", tree }' "$log"
    local unknown
    unknown=$(grep -l '"status": "unknown"' "$work"/cex/*.json 2>/dev/null | wc -l)
    echo "  timeouts (unknown queries): $unknown"
    local t0 t1
    t0=$(date +%s%N)
    "$dsd" --work-dir "$work" check "$src" > /dev/null 2>&1 || true
    t1=$(date +%s%N)
    echo "  unchanged rerun of dsd check: $(( (t1 - t0) / 1000000 )) ms"
    local copy="$root/moved-$1"
    rm -rf "$copy" && cp -r "$work" "$copy"
    t0=$(date +%s%N)
    (cd "$root" && "$dsd" --work-dir "moved-$1" check "$src" > /dev/null 2> "$copy.log") || true
    t1=$(date +%s%N)
    echo "  unchanged rerun from a copy at another path: $(( (t1 - t0) / 1000000 )) ms," \
        "stages run: $(grep -E '^dsd [a-z]+: ' "$copy.log" | grep -vc 'unchanged, skipped' || true)"
    rm -rf "$copy" "$copy.log"
}

# Writes bench/results/DATE-TIME-BUILD.md: when and on what the run was taken, then the
# figures it printed (the file named by $1).
record() { # printed figures
    local build when file
    build=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
    git diff --quiet HEAD 2>/dev/null || build="$build-dirty"
    when=$(date -u '+%Y-%m-%d %H:%M UTC')
    file="bench/results/$(date -u +%Y-%m-%d-%H%M)-$build.md"
    mkdir -p bench/results
    {
        echo "# $(date -u +%Y-%m-%d), build $build"
        echo
        echo "Written by \`bash bench/real-projects.sh\`; say here what the build changed."
        echo
        echo "- date: $when"
        echo "- build: $build ($("$dsd" --version 2>/dev/null || echo 'dsd --version failed'), binary $dsd)"
        echo "- machine: $(nproc) cores, $(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) memory, $(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(uname -sr)"
        echo "- tools: $(java -version 2>&1 | head -1), z3 $(z3 --version 2>/dev/null | awk '{print $3}' || echo '?')"
        echo
        echo '```text'
        cat "$1"
        echo '```'
    } > "$file"
    echo "figures written to $file" >&2
}

fetch libcommons-lang3-java 'commons-lang-rel-commons-lang-3.12.0'
fetch libcommons-codec-java 'commons-codec-rel-commons-codec-1.15'
fetch libcommons-collections4-java 'commons-collections-commons-collections-4.2'
fetch commons-math3 'commons-math3-3.6.1-src' # the source package of libcommons-math3-java
printed=$(mktemp)
trap 'rm -f "$printed"' EXIT
project commons-lang3 "$root/commons-lang-rel-commons-lang-3.12.0/src/main/java" | tee -a "$printed"
project commons-codec "$root/commons-codec-rel-commons-codec-1.15/src/main/java" | tee -a "$printed"
record "$printed"
