// Prints killers of the npm package killer-sudoku-generator in puzzlepress's text form, one a
// line, for `puzzlepress solve -` (docs/performance.md, "Killer"). The package is not part of
// puzzlepress: install it apart (mkdir /tmp/ksg && cd /tmp/ksg && npm install
// killer-sudoku-generator@1.1.2) and pass that folder. Exits 77 (skipped) without it.
//
//   node bench/killer_npm_texts.js DIR [COUNT=20] [DIFFICULTY=expert] | puzzlepress solve -
//
// The conversion (the same as `bench --kind killer --against-node`'s): its puzzle's '-' cells
// become '.', its areas ([row, column] cells, 0-based, and a sum) become cage symbols 0-9a-zA-Z
// numbered by first cell in reading order, and the sums follow in that order.
"use strict";
const path = require("path");
const dir = path.resolve(process.argv[2] || ".");
const count = Number(process.argv[3] || 20);
const difficulty = process.argv[4] || "expert";
let pkg = null;
for (const p of [path.join(dir, "node_modules", "killer-sudoku-generator"), dir]) {
  try {
    pkg = require(p);
    break;
  } catch (e) {}
}
if (!pkg || !pkg.generateKillerSudoku) {
  console.error("skipped: no killer-sudoku-generator in " + dir);
  process.exit(77);
}
const symbols = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
for (let i = 0; i < count; ++i) {
  const s = pkg.generateKillerSudoku(difficulty);
  const owner = new Array(81).fill(-1);
  s.areas.forEach((a, k) => a.cells.forEach(([r, c]) => { owner[r * 9 + c] = k; }));
  const index = new Map(), order = [];
  for (const k of owner) if (k >= 0 && !index.has(k)) { index.set(k, order.length); order.push(k); }
  const cages = owner.map((k) => (k < 0 ? "." : symbols[index.get(k)] || "?")).join("");
  console.log("killer:" + s.puzzle.replace(/-/g, ".") + "/" + cages + "/" + order.map((k) => s.areas[k].sum).join(","));
}
