#!/usr/bin/env python3
"""Where the solve stage's time goes, read from a finished work directory.

Usage: python3 bench/solve-profile.py WORK [--top N]

Reads WORK/vc/queries.json (which prelude asks which query) and WORK/cex/*.json (each
query's outcome and the milliseconds the solver spent on it) and prints Markdown tables:
the time by outcome, by route (how the entry's inputs are built), by crash kind, by class,
the slowest preludes, and how much of the time the slowest queries take. Queries the
solver skipped (their site already settled or given up) cost nothing and are counted
apart.
"""

import argparse
import collections
import json
import pathlib
import sys


def load(work):
    index = json.loads((work / "vc" / "queries.json").read_text())
    prelude_of = {}
    for prelude in index["preludes"]:
        for query in prelude["queries"]:
            prelude_of[query["id"]] = prelude["id"]
    queries = []
    for path in sorted((work / "cex").glob("q*.json")):
        cex = json.loads(path.read_text())
        cex["prelude"] = prelude_of.get(cex["query"], "?")
        queries.append(cex)
    return queries


def kind(site):
    """The exception of a site `rel:line:col:Exception@Class.method(desc)`."""
    return site.split(":")[3].split("@")[0] if site.count(":") >= 3 else "?"


def method(cex):
    entry = cex.get("entry") or {}
    return f'{entry.get("class", "?")}.{entry.get("method", "?")}'


def table(title, rows, total_ms, top):
    """Rows of (key, Counter of statuses, ms), sorted by time."""
    print(f"\n### {title}\n")
    print("| | queries | sat | unsat | unknown | seconds | share |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for key, statuses, ms in sorted(rows, key=lambda r: -r[2])[:top]:
        share = 100.0 * ms / total_ms if total_ms else 0.0
        print(
            f"| {key} | {sum(statuses.values())} | {statuses['sat']} | {statuses['unsat']} "
            f"| {statuses['unknown']} | {ms / 1000:.1f} | {share:.1f} % |"
        )


def grouped(queries, key):
    groups = collections.defaultdict(lambda: [collections.Counter(), 0])
    for q in queries:
        g = groups[key(q)]
        g[0][q["status"]] += 1
        g[1] += q.get("millis", 0)
    return [(k, v[0], v[1]) for k, v in groups.items()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("work", type=pathlib.Path)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    if not (args.work / "cex").is_dir():
        sys.exit(f"{args.work}: no cex/ folder; run dsd check or dsd solve there first")
    queries = load(args.work)
    solved = [q for q in queries if q["status"] in ("sat", "unsat", "unknown")]
    total_ms = sum(q.get("millis", 0) for q in solved)
    print(f"# Solve profile of {args.work}\n")
    print(
        f"{len(queries)} queries, {len(solved)} asked of the solver "
        f"({len(queries) - len(solved)} skipped), {total_ms / 1000:.1f} s of solver time."
    )
    table("By outcome", grouped(solved, lambda q: q["status"]), total_ms, args.top)
    table("By route", grouped(solved, lambda q: q.get("route", "?")), total_ms, args.top)
    table("By crash kind", grouped(solved, lambda q: kind(q["site"])), total_ms, args.top)
    table(
        "By class (top)",
        grouped(solved, lambda q: (q.get("entry") or {}).get("class", "?")),
        total_ms,
        args.top,
    )
    table(
        "By prelude (top)",
        grouped(solved, lambda q: f'{q["prelude"]} {method(q)}'),
        total_ms,
        args.top,
    )
    times = sorted((q.get("millis", 0) for q in solved), reverse=True)
    print("\n### The slowest queries\n")
    print("| slowest | queries | seconds | share |")
    print("|---|---:|---:|---:|")
    for percent in (1, 5, 10, 25, 50):
        n = max(1, len(times) * percent // 100)
        ms = sum(times[:n])
        share = 100.0 * ms / total_ms if total_ms else 0.0
        print(f"| {percent} % | {n} | {ms / 1000:.1f} | {share:.1f} % |")


if __name__ == "__main__":
    main()
