#!/usr/bin/env bash
# Runs dsd over the crash-family corpus (bench/corpus) in one `dsd check`, mode plain, and
# scores it against the corpus labels. Prints the wall time and the score.
# Run by hand from anywhere: bash bench/corpus.sh
#   DSD=/path/to/dsd    use that binary (otherwise target/release/dsd, built with cargo first)
#   CORPUS_WORK=DIR     keep dsd's work dir (vc/, tests/, results/) in DIR instead of a temp dir
set -euo pipefail
cd "$(dirname "$0")/.."
score="$(realpath ../shared/bench/score)"
if [ -z "${DSD:-}" ]; then
    cargo build --release -q -p pipeline
    DSD="$PWD/target/release/dsd"
fi
if [ -n "${CORPUS_WORK:-}" ]; then
    work="$CORPUS_WORK"
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

start=$(date +%s%N)
status=0
"$DSD" --work-dir "$work/dsd" check bench/corpus/src/main/java --format sarif -o "$work/corpus.sarif" || status=$?
end=$(date +%s%N)
[ "$status" -le 1 ] || { echo "dsd check failed with exit $status" >&2; exit "$status"; }
echo "corpus, one call: $(( (end - start) / 1000000 )) ms"
python3 "$score" --mode plain bench/corpus "$work/corpus.sarif"
