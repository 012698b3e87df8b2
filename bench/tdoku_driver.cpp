// tdoku_driver [--rounds N] [--cpu] FILE: tdoku's count to two over every puzzle of FILE, the
// best of N passes, for `puzzlepress bench --dataset FILE --compare '.../tdoku_driver --cpu'`.
//
// FILE holds one puzzle a line, its first whitespace-separated field 81 cells ('1'-'9'; any
// other character is an empty cell); other lines are skipped, as `bench --dataset` reads them.
// The first output line is what `bench --compare` reads:
//   US_PER_PUZZLE UNIQUE MULTIPLE NONE
// microseconds per puzzle (wall clock, or this thread's CPU time with --cpu), then how many
// puzzles have one solution, two or more, none; `bench` fails when the counts differ from its own.
//
// Not part of the CMake build: it needs a tdoku checkout, which this project never vendors.
// bench/run-tdoku.sh builds it against one you provide. Exit 2 on bad usage or an empty file.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tdoku.h"

namespace {

// Microseconds on the wall clock, or on this thread's CPU clock.
double now_us(bool cpu) {
  if (!cpu) {
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
  }
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

std::vector<std::string> read_puzzles(const char* file) {
  std::ifstream in(file);
  std::vector<std::string> puzzles;
  for (std::string line, puzzle; std::getline(in, line);) {
    std::istringstream fields(line);
    if (!(fields >> puzzle) || puzzle.size() != 81) continue;
    for (char& c : puzzle) {
      if (c < '1' || c > '9') c = '.';
    }
    puzzles.push_back(puzzle);
  }
  return puzzles;
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 1;
  bool cpu = false;
  const char* file = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc) {
      rounds = std::max(1, std::atoi(argv[++i]));
    } else if (!std::strcmp(argv[i], "--cpu")) {
      cpu = true;
    } else {
      file = argv[i];
    }
  }
  if (!file) {
    std::fprintf(stderr, "usage: tdoku_driver [--rounds N] [--cpu] FILE\n");
    return 2;
  }
  const std::vector<std::string> puzzles = read_puzzles(file);
  if (puzzles.empty()) {
    std::fprintf(stderr, "tdoku_driver: %s holds no 81-cell puzzle\n", file);
    return 2;
  }
  std::size_t counts[3] = {};  // none, unique, multiple
  std::size_t guesses = 0;
  char solution[81];
  double best_us = 1e300;
  for (int round = 0; round < rounds; ++round) {
    counts[0] = counts[1] = counts[2] = 0;
    const double start = now_us(cpu);
    for (const std::string& p : puzzles) {
      // limit 2: stop at the second solution, as our count to two does.
      const std::size_t found = TdokuSolverDpllTriadSimd(p.c_str(), 2, 0, solution, &guesses);
      ++counts[std::min<std::size_t>(2, found)];
    }
    best_us = std::min(best_us, (now_us(cpu) - start) / static_cast<double>(puzzles.size()));
  }
  std::printf("%.2f %zu %zu %zu\n", best_us, counts[1], counts[2], counts[0]);
  return 0;
}
