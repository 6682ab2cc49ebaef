#!/usr/bin/env bash
# Runs the test suites of commons-lang3 3.12 and commons-codec 1.15 (Debian sources below
# $REAL_SRC) under `dsd record`, with crashes of our own injected: bench/record-real/LIB/
# holds a test class whose ten tests call the library's API with bad input, so that a JDK or
# VM exception escapes from inside it. Per library: the suite's time unrecorded, then
# recorded in each mode (all; non-trivial; second chance after the `all` run), with the
# crashes recorded and replayed at their deepest frame, and whether each injected crash was
# recorded and replayed. Test files that cannot compile (dependencies Debian does not ship:
# junit-pioneer, JMH, EasyMock) are left out, and counted.
# Run by hand from the repository root: bash bench/record-real.sh [lang3|codec...]
# Environment: DSD (the dsd binary; default target/release/dsd or $CARGO_TARGET_DIR's),
#   REAL_SRC (default /tmp/dsd-real), JAVA_LIB (default /usr/share/java),
#   MAX_CRASHES (dsd record's --max-crashes; default 1000: the suites' own expected
#   exceptions are more than 100 distinct crashes), KEEP=1 keeps the work folder and says where.
set -euo pipefail
cd "$(dirname "$0")/.."
here=$PWD
target=${CARGO_TARGET_DIR:-target}
dsd="${DSD:-$target/release/dsd}"
[ -x "$dsd" ] || { echo "record-real: no dsd at $dsd; build it with cargo build --release -p pipeline or set DSD" >&2; exit 2; }
dsd=$(realpath "$dsd")
root=${REAL_SRC:-/tmp/dsd-real}
lib=${JAVA_LIB:-/usr/share/java}
work=$(mktemp -d)
if [ "${KEEP:-}" = 1 ]; then echo "work folder: $work"; else trap 'rm -rf "$work"' EXIT; fi
junit="$lib/junit-jupiter-api.jar:$lib/junit-jupiter-params.jar:$lib/apiguardian-api.jar:$lib/opentest4j.jar:$lib/junit4.jar:$lib/hamcrest.jar:$lib/hamcrest-core.jar"
console="$lib/junit-platform-console-standalone.jar"

# Compiles the test files "$@" into $out against $cp, leaving out the files javac rejects
# (and then those that needed them) until the rest compiles; prints how many were left out.
compile_tests() {
    local out=$1 cp=$2 encoding=$3; shift 3
    local files=("$@") dropped=0
    for _ in 1 2 3 4 5 6; do
        rm -rf "$out"; mkdir -p "$out"
        if javac -nowarn -encoding "$encoding" -d "$out" -cp "$cp" "${files[@]}" > "$out.log" 2>&1; then
            echo "$dropped"; return 0
        fi
        local bad
        bad=$(grep -oP '^/[^:]+\.java(?=:[0-9]+: error)' "$out.log" | sort -u)
        [ -n "$bad" ] || { cat "$out.log" >&2; return 1; }
        local kept=()
        for f in "${files[@]}"; do grep -qxF "$f" <<< "$bad" && dropped=$((dropped + 1)) || kept+=("$f"); done
        files=("${kept[@]}")
    done
    cat "$out.log" >&2; return 1
}

# Runs "$@" and prints its wall time in seconds.
timed() {
    local start end
    start=$(date +%s%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s%N)
    echo "scale=1; ($end - $start) / 1000000000" | bc
}

labels=("$@")
[ ${#labels[@]} -gt 0 ] || labels=(lang3 codec)
for label in "${labels[@]}"; do
  case $label in
    lang3) project=$root/commons-lang-rel-commons-lang-3.12.0; encoding=ISO-8859-1; extra="" ;;
    codec) project=$root/commons-codec-rel-commons-codec-1.15; encoding=UTF-8; extra="$lib/commons-lang3.jar" ;;
    *) echo "record-real: unknown library $label (lang3 or codec)" >&2; exit 2 ;;
  esac
  w=$work/$label
  mkdir -p "$w"
  src=$project/src/main/java
  javac -nowarn -encoding "$encoding" -d "$w/main" $(find "$src" -name '*.java') > "$w/main.log" 2>&1
  mapfile -t tests < <(find "$project/src/test/java" "bench/record-real/$label" -name '*.java' | sort)
  dropped=$(compile_tests "$w/tests" "$w/main:$junit${extra:+:$extra}" "$encoding" "${tests[@]}")
  resources=""
  [ -d "$project/src/test/resources" ] && resources=":$project/src/test/resources"
  [ -d "$project/src/main/resources" ] && resources="$resources:$project/src/main/resources"
  cp="$w/main:$w/tests$resources:$junit${extra:+:$extra}"
  command=(java -Xmx2g -jar "$console" --disable-banner --details=none --class-path "$cp" --scan-class-path "$w/tests")
  echo "== $label: ${#tests[@]} test files, $dropped left out (dependencies Debian does not ship)"
  plain=$(timed "${command[@]}")
  echo "unrecorded: $plain s"
  for mode in all non-trivial second-chance; do
      case $mode in non-trivial) dir=$w/dsd-nt ;; *) dir=$w/dsd ;; esac
      start=$(date +%s%N)
      "$dsd" --quiet --encoding "$encoding" --work-dir "$dir" record "$src" --mode "$mode" --max-crashes "${MAX_CRASHES:-1000}" \
          --format json -o "$w/$mode.json" -- "${command[@]}" > "$w/$mode.out" 2>&1 || true
      end=$(date +%s%N)
      [ -s "$w/$mode.json" ] || { echo "dsd record --mode $mode failed on $label:" >&2; tail -5 "$w/$mode.out" >&2; exit 1; }
      python3 - "$w/$mode.json" "$mode" "$plain" "$(( (end - start) / 1000000 ))" <<'EOF'
import json, sys
report, mode, plain, total = json.load(open(sys.argv[1])), sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
crashes = report["crashes"]

def deepest(c):
  """Replayed at its deepest project frame: the kept test's stack reaches it."""
  top = next((f["index"] for f in c["frames"] if f["project"]), None)
  return c["reproduced"] and top is not None and c["reached"] >= top

seconds = report["ran"]["seconds"]
injected = [c for c in crashes if "InjectedCrashTest" in open(c["trace"]).read()]
print(f"{mode}: {report['instrumented']} methods, suite {seconds:.1f} s recorded "
    f"({seconds / plain:.2f}x), dsd in all {total / 1000:.1f} s (replay {report['replay_seconds']:.1f} s); "
    f"{len(crashes)} crashes recorded, {sum(map(deepest, crashes))} replayed at their deepest frame "
    f"({sum(c['test']['reflection'] for c in crashes if c['reproduced'])} by reflection); "
    f"injected: {len(injected)} recorded, {sum(map(deepest, injected))} replayed")
for c in injected:
  top = next((f["frame"] for f in c["frames"] if f["project"]), "?")
  state = "replayed" if deepest(c) else "NOT replayed: " + (c.get("note") or f"frames 1-{c['reached']} matched")
  print(f"    {c['exception'].rsplit('.', 1)[-1]} at {top}: {state}")
for c in crashes:
  if not deepest(c) and c not in injected:
      top = next((f["frame"] for f in c["frames"] if f["project"]), "?")
      print(f"    (suite) {c['exception'].rsplit('.', 1)[-1]} at {top}: not replayed: "
            + (c.get("note") or f"frames 1-{c['reached']} matched"))
EOF
  done
done
