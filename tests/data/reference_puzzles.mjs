// Regenerates tests/data/reference_puzzles.txt from the reference engine the project is
// benchmarked against (../shared/anchors/seed-engine.mjs, not part of this repository):
//   node tests/data/reference_puzzles.mjs ../shared/anchors/seed-engine.mjs > tests/data/reference_puzzles.txt
// It loads the engine's functions (everything before its command-line driver) and prints, for
// seeds 1..SEEDS of every grade: grade seed clues givens solution valid.
import { readFileSync } from 'node:fs';
const source = readFileSync(process.argv[2], 'utf8');
const body = source.slice(0, source.indexOf('const n = +(process.argv'));
const SEEDS = +(process.argv[3] || 30);
const run = new Function(`${body}
  const out = [];
  for (const grade of Object.keys(BANDS)) {
    for (let s = 1; s <= ${SEEDS}; s++) {
      const p = generate(s, grade);
      out.push([grade, s, p.clues, p.givens.map((d) => d || '.').join(''), p.solution.join(''), p.valid].join(' '));
    }
  }
  return out.join('\\n');`);
console.log(run());
