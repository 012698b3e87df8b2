#!/usr/bin/env bash
# Our solver beside tdoku (https://github.com/t-dillon/tdoku), count to two, in one run:
#
#   bench/run-tdoku.sh TDOKU_DIR [DATASET...]
#
# TDOKU_DIR is a tdoku checkout you provide (`git clone https://github.com/t-dillon/tdoku`;
# docs/performance.md was measured at its commit af42618). Nothing is downloaded and nothing of
# tdoku enters this project: the script builds tdoku's static library twice into OUT (default
# build/bench-tdoku), with tdoku's own flags (-O3 -march=native) and with -DSSE2=ON (-O3 -msse2,
# the instruction set our Release build targets), links bench/tdoku_driver.cpp against each, and
# runs `puzzlepress bench --dataset FILE --rounds N --cpu-time --compare DRIVER` for each file:
# five passes of ours alternating with five of tdoku's, the best of each in thread CPU time.
#
# DATASET: puzzle files, one 9x9 puzzle a line (its first field). Default: four sets of
# ../shared/data, the data folder beside the repository, when it is there (it is absent in a
# user's clone); without it, 1000 Evil puzzles made by `puzzlepress generate`.
#
# Environment: PUZZLEPRESS (default build/src/cli/puzzlepress), ROUNDS (5), OUT, CXX (g++),
# VARIANTS ("native sse2").
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -lt 1 ] || [ ! -f "$1/include/tdoku.h" ] || [ ! -f "$1/CMakeLists.txt" ]; then
  echo "usage: bench/run-tdoku.sh TDOKU_DIR [DATASET...]   (TDOKU_DIR: a tdoku checkout with include/tdoku.h)" >&2
  exit 2
fi
tdoku="$(cd "$1" && pwd)"
shift
puzzlepress="${PUZZLEPRESS:-$root/build/src/cli/puzzlepress}"
[ -x "$puzzlepress" ] || { echo "run-tdoku: no program at $puzzlepress (build it, or set PUZZLEPRESS)" >&2; exit 2; }
rounds="${ROUNDS:-5}"
out="${OUT:-$root/build/bench-tdoku}"
cxx="${CXX:-g++}"
mkdir -p "$out"

datasets=("$@")
if [ ${#datasets[@]} -eq 0 ]; then
  shared="$root/../shared/data"
  if [ -d "$shared" ]; then
    for name in sudoku17_royle_49158 magictour_top1465 forum_hardest_1106 serg_benchmark_multisolution; do
      datasets+=("$shared/$name.txt")
    done
  else
    echo "run-tdoku: ../shared/data (the data folder beside the repository) is absent;" \
         "using 1000 Evil puzzles of our generator instead"
    "$puzzlepress" generate --grade evil --count 1000 --seed 42 --format csv --quiet |
      tail -n +2 | cut -d, -f4 > "$out/evil1000.txt"
    datasets=("$out/evil1000.txt")
  fi
fi

for variant in ${VARIANTS:-native sse2}; do
  flags=()
  [ "$variant" = sse2 ] && flags=(-DSSE2=ON)
  echo "== tdoku ($variant): building in $out/tdoku-$variant"
  cmake -S "$tdoku" -B "$out/tdoku-$variant" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
    "${flags[@]}" >/dev/null
  cmake --build "$out/tdoku-$variant" --target tdoku_static -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
  "$cxx" -O3 -DNDEBUG -std=c++17 -I"$tdoku/include" "$root/bench/tdoku_driver.cpp" \
    "$out/tdoku-$variant/libtdoku_static.a" -o "$out/tdoku_driver-$variant"
done

echo "== $("$puzzlepress" --version | head -1), $rounds passes each, thread CPU time"
for file in "${datasets[@]}"; do
  for variant in ${VARIANTS:-native sse2}; do
    "$puzzlepress" bench --dataset "$file" --rounds "$rounds" --cpu-time \
      --compare "$out/tdoku_driver-$variant --cpu"
  done
done
