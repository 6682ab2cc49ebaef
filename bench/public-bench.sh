#!/usr/bin/env bash
# Runs dsd over the public bench (../shared/bench/subjects by default) the way a user would:
# one `dsd check` over every subject's source root in mode plain, scored; then the subject
# with its own tests (`usage`) in mode dsd, scored. Prints each run's wall time and score.
# Run by hand from the repository root: bash bench/public-bench.sh [SUBJECTS_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
subjects=$(realpath "${1:-../shared/bench/subjects}")
score="$subjects/../score"
cargo build --release -q -p pipeline
dsd="$PWD/target/release/dsd"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

roots=()
for s in "$subjects"/*/; do roots+=("$s/src/main/java"); done
start=$(date +%s%N)
status=0
"$dsd" --work-dir "$work/plain" check "${roots[@]}" --format sarif -o "$work/plain.sarif" || status=$?
end=$(date +%s%N)
[ "$status" -le 1 ] || { echo "dsd check failed with exit $status" >&2; exit "$status"; }
echo "plain, all subjects in one call: $(( (end - start) / 1000000 )) ms"
python3 "$score" --mode plain "$subjects" "$work/plain.sarif"

usage="$subjects/usage"
start=$(date +%s%N)
status=0
"$dsd" --work-dir "$work/dsd" check "$usage/src/main/java" --tests "$usage/src/test/java" \
    --format sarif -o "$work/usage.sarif" || status=$?
end=$(date +%s%N)
[ "$status" -le 1 ] || { echo "dsd check --tests failed with exit $status" >&2; exit "$status"; }
echo "dsd, usage with its tests: $(( (end - start) / 1000000 )) ms"
python3 "$score" --mode dsd "$usage" "$work/usage.sarif"
