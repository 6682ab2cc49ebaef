#!/usr/bin/env bash
# Makes the traces of the real-crash yardstick: stack traces of real crashes of a real Java
# library, raised by calling its public API with bad input on the JVM (bench/crashgen/CrashGen.java),
# and keeps a fixed sample of them in bench/real-crashes/LABEL/ with its index.tsv.
# Score them with bench/real-crashes.py. Run by hand, not in CI; it fetches nothing.
#
# Usage: bench/real-crashes.sh LABEL
#   LABEL: lang3 (commons-lang3 3.12), codec (commons-codec 1.15), collections4
#          (commons-collections4 4.2) or math3 (commons-math3 3.6.1), unpacked Debian bookworm
#          source packages below $REAL_SRC (default /tmp/dsd-real; bench/real-projects.sh
#          fetches them).
# Environment:
#   N    most traces kept per category (jdk, vm, thrown); default 20
#   MAX  most crashes CrashGen keeps before the sample is drawn; default 1000
#
# The sample is deterministic: per category, the classes of the traces' top library frames
# (outer classes), the classes with more crashes first, taken round-robin (the first trace
# of each class, then the second, ...) until N.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
label=${1:?usage: bench/real-crashes.sh lang3|codec|collections4|math3}
root=${REAL_SRC:-/tmp/dsd-real}
n=${N:-20}
max=${MAX:-1000}

case $label in
  lang3) project=$root/commons-lang-rel-commons-lang-3.12.0; prefix=org.apache.commons.lang3
         encoding=ISO-8859-1 ;;
  codec) project=$root/commons-codec-rel-commons-codec-1.15; prefix=org.apache.commons.codec
         encoding=UTF-8 ;;
  collections4) project=$root/commons-collections-commons-collections-4.2
         prefix=org.apache.commons.collections4 encoding=UTF-8 ;;
  math3) project=$root/commons-math3-3.6.1-src; prefix=org.apache.commons.math3
         encoding=UTF-8 ;;
  *) echo "unknown label $label (lang3, codec, collections4 or math3)" >&2; exit 2 ;;
esac
src=$project/src/main/java
[ -d "$src" ] || { echo "no sources at $src" >&2; exit 2; }

tmp=$(mktemp -d /tmp/dsd-real-crashes.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/classes" "$tmp/crashgen"
echo "compiling $src" >&2
# -g as Maven builds: line numbers, and local names in the JVM's NullPointerException messages
javac -g -encoding "$encoding" -nowarn -d "$tmp/classes" $(find "$src" -name '*.java') \
  2>"$tmp/javac.log" || { cat "$tmp/javac.log" >&2; exit 1; }
if [ -d "$project/src/main/resources" ]; then
  cp -r "$project/src/main/resources/." "$tmp/classes/"
fi
javac -nowarn -d "$tmp/crashgen" "$here/crashgen/CrashGen.java" 2>"$tmp/javac.log" \
  || { cat "$tmp/javac.log" >&2; exit 1; }

out=$here/real-crashes/$label
rm -rf "$out"
mkdir -p "$out"
echo "calling the API of $prefix" >&2
java -Xmx768m -XX:-OmitStackTraceInFastThrow -cp "$tmp/classes:$tmp/crashgen" \
  CrashGen "$tmp/classes" "$prefix" "$out" "$max"

python3 - "$out" "$n" <<'EOF'
import os, re, sys
out, n = sys.argv[1], int(sys.argv[2])
with open(os.path.join(out, "index.tsv")) as f:
    header = f.readline()
    rows = [line.rstrip("\n").split("\t") for line in f]
chosen = []
for category in ("jdk", "vm", "thrown"):
    by_class = {}
    for row in rows:
        if row[2] == category:
            top = re.sub(r"\.[^.]*:\d+$", "", row[4]).split("$")[0]
            by_class.setdefault(top, []).append(row)
    classes = sorted(by_class, key=lambda c: (-len(by_class[c]), c))
    picked = []
    for i in range(max((len(v) for v in by_class.values()), default=0)):
        for c in classes:
            if i < len(by_class[c]) and len(picked) < n:
                picked.append(by_class[c][i])
    chosen += picked
    print(f"{category}: {len(picked)} of {sum(map(len, by_class.values()))} "
          f"crashes, from {len({re.sub(r'[.][^.]*:[0-9]+$', '', r[4]).split('$')[0] for r in picked})} classes")
keep = {row[0] for row in chosen}
for row in rows:
    if row[0] not in keep:
        os.remove(os.path.join(out, row[0]))
with open(os.path.join(out, "index.tsv"), "w") as f:
    f.write(header)
    for row in sorted(chosen):
        f.write("\t".join(row) + "\n")
EOF
