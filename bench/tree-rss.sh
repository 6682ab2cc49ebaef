#!/usr/bin/env bash
# Runs a command and prints, to stderr when it ends, the peak of the resident memory of the
# command and all its descendants together (dsd's solver processes, javac, the test JVM),
# sampled every 0.2 s: /usr/bin/time reports only the largest single process.
#
#   bash bench/tree-rss.sh COMMAND [ARG...]
set -uo pipefail
"$@" &
root=$!
peak=0
tree_rss() { # total RSS in kB of $root and its descendants
    ps -eo pid=,ppid=,rss= | awk -v root="$root" '
        { parent[$1] = $2; rss[$1] = $3 }
        END { for (p in rss) { q = p; while (q != "" && q != root && q > 1) q = parent[q];
              if (q == root) sum += rss[p] } print sum + 0 }'
}
while kill -0 "$root" 2> /dev/null; do
    now=$(tree_rss)
    [ "$now" -gt "$peak" ] && peak=$now
    sleep 0.2
done
wait "$root"
status=$?
echo "peak RSS of the process tree: $((peak / 1024)) MB" >&2
exit "$status"
