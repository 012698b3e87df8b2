#!/usr/bin/env python3
# Shapes and letters puzzles with and without every symbol among the givens (docs/performance.md):
#   python3 bench/every_symbol.py OLD_BINARY NEW_BINARY   (run in a scratch folder: writes s.yaml, out.pdf, out.json)
import json, subprocess, sys, time, os
old, new = sys.argv[1], sys.argv[2]
cases = [("4x4","shapes",g) for g in ("easy","medium")] + [("6x6","shapes",g) for g in ("easy","medium")] + \
        [("9x9","letters",g) for g in ("easy","medium","hard","extreme","evil")]
def lacking(manifest):
    m = json.load(open(manifest)); n = 0
    for p in m["puzzles"]:
        g = p["givens"]; size = int(p.get("size","9x9").split("x")[0]) if isinstance(p.get("size"),str) else None
        syms = set(c for c in g if c not in ".0")
        n += len(syms) < (size or len(set(p["solution"])))
    return n, len(m["puzzles"])
print("| size | skin | grade | puzzles | old: lacking a symbol | old s | new s | new/old |")
for size, skin, grade in cases:
    extra = ", letters: WORDPUZLE" if skin == "letters" else ""
    spec = f"title: T\nauthor: A\nseed: 3\ntrim: 8.5x11\npuzzles:\n  - {{ size: {size}, skin: {skin}{extra}, grade: {grade}, count: 200 }}\n"
    open("s.yaml","w").write(spec)
    row = []
    for b in (old, new):
        t = time.time(); subprocess.run([b,"build","s.yaml","-o","out.pdf","--jobs","1"], check=True, capture_output=True); row.append(time.time()-t)
        row.append(lacking("out.json"))
    print(f"| {size} | {skin} | {grade} | {row[1][1]} | {row[1][0]} (new: {row[3][0]}) | {row[0]:.2f} | {row[2]:.2f} | {row[2]/row[0]:.2f} |")
