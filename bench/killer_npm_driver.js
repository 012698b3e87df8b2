// The node side of `puzzlepress bench --kind killer --against-node DIR`: runs the npm package
// killer-sudoku-generator (not part of puzzlepress; install it apart: mkdir /tmp/ksg && cd /tmp/ksg
// && npm install killer-sudoku-generator@1.1.2). CMake compiles this file into the binary
// (src/cli/killer_npm_driver.cpp.in); it also runs alone, e.g. to feed `puzzlepress solve -`:
//
//   node bench/killer_npm_driver.js DIR BOARDS [DIFFICULTY,...]
//   node bench/killer_npm_driver.js /tmp/ksg 30 expert | awk -F'\t' '$1=="puzzle" {print $3}' | puzzlepress solve -
//
// Prints "version V"; then per difficulty (default easy,medium,hard,expert) BOARDS lines
// "puzzle DIFFICULTY TEXT" and one "time DIFFICULTY MEAN P95 GIVENS_MEAN GIVENS_MIN GIVENS_MAX",
// tab-separated; times are process.cpuUsage (user + system) in ms a puzzle. TEXT is puzzlepress's
// killer text form: its puzzle's '-' cells become '.', its areas ([row, column] cells, 0-based,
// and a sum) become cage symbols 0-9a-zA-Z numbered by first cell in reading order, and the sums
// follow in that order. Exits 3 when DIR holds no package.
"use strict";
const path = require("path");
const dir = path.resolve(process.argv[2] || "."), boards = Number(process.argv[3] || 20);
const difficulties = (process.argv[4] || "easy,medium,hard,expert").split(",");
let pkg = null, version = "?";
for (const p of [path.join(dir, "node_modules", "killer-sudoku-generator"), dir]) {
  try { pkg = require(p); version = require(path.join(p, "package.json")).version; break; } catch (e) {}
}
if (!pkg || !pkg.generateKillerSudoku) { console.error("no killer-sudoku-generator in " + dir); process.exit(3); }
console.log("version\t" + version);
const symbols = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
function text(s) {
  const owner = new Array(81).fill(-1);
  s.areas.forEach((a, k) => a.cells.forEach(([r, c]) => { owner[r * 9 + c] = k; }));
  const index = new Map(), order = [];
  for (const k of owner) if (k >= 0 && !index.has(k)) { index.set(k, order.length); order.push(k); }
  const cages = owner.map((k) => (k < 0 ? "." : symbols[index.get(k)] || "?")).join("");
  return "killer:" + s.puzzle.replace(/-/g, ".") + "/" + cages + "/" + order.map((k) => s.areas[k].sum).join(",");
}
for (const d of difficulties) {
  const ms = [], givens = [];
  for (let i = 0; i < boards; ++i) {
    const t = process.cpuUsage();
    const s = pkg.generateKillerSudoku(d);
    const u = process.cpuUsage(t);
    ms.push((u.user + u.system) / 1000);
    givens.push((s.puzzle.match(/[1-9]/g) || []).length);
    console.log("puzzle\t" + d + "\t" + text(s));
  }
  const sorted = ms.slice().sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  const g = givens.reduce((a, b) => a + b, 0) / givens.length;
  console.log(["time", d, mean, sorted[Math.floor(0.95 * (ms.length - 1))], g, Math.min(...givens),
               Math.max(...givens)].join("\t"));
}
