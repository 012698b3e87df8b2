// The general grader held to the 9x9 fast path, step by step. The general path reads a
// geometry's tables at run time (every size but 9x9, and the variants to come); the fast path
// has the 9x9 tables as compile-time constants and starts its tier checks from a bitboard
// singles closure (band_search). Same finders, two instantiations: every step must be the same
// technique with the same cells, digits, houses and eliminations, and every "solvable within
// tier T?" the same answer.
//
// Boards: the reference engine's puzzles (tests/data), puzzles our generator makes for every
// grade, and samples of the shared data sets when present (spread over each file; all of them
// with PUZZLEPRESS_FULL_DATA=1).
//
// And the 9x9 steps pinned: a digest of every step of every board of each source, recorded in
// tests/data/logic_steps_9x9.txt with the engine of this change, whose `grade --steps` output is
// byte-for-byte that of the engine before it (d737d0d, two graders) on every shared data set.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/generator9.h"
#include "engine/logic_solver.h"
#include "engine/logic.h"
#include "support/test_data.h"

using namespace puzzlepress::engine;
namespace t = puzzlepress::testing;

namespace {

bool full_data() {
  const char* v = std::getenv("PUZZLEPRESS_FULL_DATA");
  return v && std::string(v) == "1";
}

struct Source {
  std::string name;
  std::vector<Grid> boards;
};

// `sample` boards spread over a shared data file (every one with full data); none when absent.
Source shared(const char* file, std::size_t sample) {
  Source s{file, {}};
  const auto dir = t::shared_data_dir();
  if (!dir) return s;
  const auto lines = t::read_lines(*dir / file);
  const std::size_t step = full_data() || lines.size() <= sample ? 1 : lines.size() / sample;
  for (std::size_t i = 0; i < lines.size(); i += step) {
    const auto parsed = parse_grid(std::string_view(lines[i]).substr(0, 81), kShape9x9);
    if (parsed.ok()) s.boards.push_back(*parsed.grid);
  }
  return s;
}

std::vector<Source> sources() {
  std::vector<Source> out;
  Source reference{"reference_puzzles.txt", {}};
  for (const auto& line : t::read_lines(t::test_data_dir() / "reference_puzzles.txt")) {
    std::istringstream in(line);
    std::string grade, seed, clues, givens;
    in >> grade >> seed >> clues >> givens;
    reference.boards.push_back(*parse_grid(givens).grid);
  }
  out.push_back(reference);
  for (Grade grade : kAllGrades) {
    Source generated{"generated " + std::string(grade_id(grade)), {}};
    for (std::uint32_t seed = 1; seed <= 60; ++seed) {
      GenerateOptions9 o;
      o.grade = grade;
      o.seed = seed;
      o.grading = Grading::techniques;
      generated.boards.push_back(from_grid(generate(o).givens));
    }
    out.push_back(generated);
  }
  for (const auto& [file, sample] :
       std::vector<std::pair<const char*, std::size_t>>{{"sudoku_exchange_rated_sample_se121.txt", 500},
                                                        {"sudoku_exchange_diabolical.txt", 400},
                                                        {"qqwing_gen10k_expert.txt", 200},
                                                        {"magictour_top1465.txt", 150},
                                                        {"forum_hardest_1106.txt", 120},
                                                        {"sudoku17_royle_49158.txt", 200},
                                                        {"cloudsudoku_human_difficulty.txt", 100}}) {
    Source s = shared(file, sample);
    if (!s.boards.empty()) out.push_back(std::move(s));
  }
  return out;
}

std::string cells_text(const std::vector<int>& v) {
  std::string s;
  for (int x : v) s += std::to_string(x) + ',';
  return s;
}

std::string candidates_text(const std::vector<CellDigit>& v) {
  std::string s;
  for (const CellDigit& x : v) s += std::to_string(x.cell) + ':' + std::to_string(x.digit) + ',';
  return s;
}

// Everything a step says, as text.
std::string step_text(const LogicStep& s) {
  std::ostringstream out;
  out << static_cast<int>(s.technique) << ' ' << static_cast<long>(s.rating * 100 + 0.5) << " c" << cells_text(s.cells)
      << " d" << cells_text(s.digits) << " u" << s.unit << " U" << cells_text(s.units) << " x"
      << cells_text(s.extra_cells) << " p" << candidates_text(s.placements) << " e" << candidates_text(s.eliminations);
  return out.str();
}

// FNV-1a, 64 bits.
std::uint64_t fnv(std::uint64_t h, const std::string& text) {
  for (unsigned char c : text) h = (h ^ c) * 0x100000001B3ull;
  return h;
}

std::string hex(std::uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[static_cast<std::size_t>(i)] = digits[v & 15];
  return s;
}

}  // namespace

TEST_CASE("the general grader takes the 9x9 fast path's steps, and answers its tier checks") {
  LogicOptions record;
  record.record_steps = true;
  std::map<std::string, std::string> digests;  // source -> "boards digest"
  int boards = 0, steps = 0, checks = 0;
  for (const Source& source : sources()) {
    std::uint64_t digest = 0xCBF29CE484222325ull;
    for (const Grid& g : source.boards) {
      INFO(source.name << ": " << to_string(g));
      const LogicResult fast = solve_logically(g, record);  // 9x9: the fast path
      const LogicResult general = detail::solve_logically_unit_tables(g, record);
      CHECK(general.solved == fast.solved);
      CHECK(general.needs_trial == fast.needs_trial);
      CHECK(general.invalid == fast.invalid);
      CHECK(general.tier == fast.tier);
      CHECK(general.rating == fast.rating);
      CHECK(general.score == fast.score);
      CHECK(general.counts == fast.counts);
      CHECK(general.final_grid == fast.final_grid);
      REQUIRE(general.steps.size() == fast.steps.size());
      for (std::size_t k = 0; k < fast.steps.size(); ++k) {
        const std::string want = step_text(fast.steps[k]);
        CHECK_MESSAGE(step_text(general.steps[k]) == want, "step " << k + 1);
        digest = fnv(digest, want);
      }
      digest = fnv(digest, "rated " + std::to_string(static_cast<long>(fast.rating * 100 + 0.5)) + " " +
                               std::to_string(static_cast<int>(fast.tier)) + (fast.solved ? " solved" : " stuck"));
      // "Solvable within T?": the fast check (bitboard closure, then the 9x9 tables) and the
      // general one (the tables at run time from the givens).
      Grid9 grid;
      std::copy(g.cells.begin(), g.cells.begin() + kCells, grid.cells.begin());
      for (Grade tier : kAllGrades) {
        const TierCheck quick = check_tier(grid, tier);
        CHECK(detail::solvable_within_limited(g, tier, -1) == quick.solved);
        CHECK(quick.solved == (fast.solved && fast.tier <= tier));
        ++checks;
      }
      steps += static_cast<int>(fast.steps.size());
      ++boards;
    }
    digests[source.name] = std::to_string(source.boards.size()) + " " + hex(digest);
  }
  MESSAGE(boards << " boards, " << steps << " steps, " << checks << " tier checks compared");
  CHECK(boards >= 450);

  // The pinned digests (sources absent here, and samples other than the recorded ones, skip).
  if (full_data()) return;
  int pinned = 0;
  for (const auto& line : t::read_lines(t::test_data_dir() / "logic_steps_9x9.txt")) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t tab = line.find('\t');
    REQUIRE(tab != std::string::npos);
    const std::string name = line.substr(0, tab), want = line.substr(tab + 1);
    const auto got = digests.find(name);
    if (got == digests.end()) continue;
    CHECK_MESSAGE(got->second == want, name << ": steps digest " << got->second << ", recorded " << want);
    ++pinned;
  }
  std::string now;
  for (const auto& [name, digest] : digests) now += name + '\t' + digest + '\n';
  INFO("digests of this build:\n" << now);
  CHECK(pinned >= 6);
}
