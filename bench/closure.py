#!/usr/bin/env python3
"""Prints the .java files (below ROOT) that the given packages and files need to compile:
themselves plus every project class they import or name in their own package,
transitively. Usage: closure.py ROOT (PACKAGE_DIR | FILE.java)..."""
import os
import re
import sys

root = sys.argv[1]
todo = []
for arg in sys.argv[2:]:
    if arg.endswith(".java"):
        todo.append(arg)
        continue
    d = os.path.join(root, arg)
    todo += [os.path.join(arg, f) for f in sorted(os.listdir(d)) if f.endswith(".java")]
seen = set()
while todo:
    rel = todo.pop()
    if rel in seen or not os.path.exists(os.path.join(root, rel)):
        continue
    seen.add(rel)
    text = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read()
    pkg_dir = os.path.dirname(rel)
    for imp in re.findall(r"^import\s+(?:static\s+)?([\w.]+)\s*;", text, re.M):
        parts = imp.split(".")
        for i in range(len(parts), 0, -1):
            cand = os.path.join(*parts[:i]) + ".java"
            if os.path.exists(os.path.join(root, cand)):
                todo.append(cand)
                break
    for word in set(re.findall(r"\b([A-Z]\w*)\b", text)):
        cand = os.path.join(pkg_dir, word + ".java")
        if os.path.exists(os.path.join(root, cand)):
            todo.append(cand)
for rel in sorted(seen):
    print(rel)
