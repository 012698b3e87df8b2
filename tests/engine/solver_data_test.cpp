// The fast solver over the shared data sets (../shared/data, whose README records that every
// puzzle there is unique except serg_benchmark_multisolution.txt, where each has 2+ solutions).
// Skipped without the shared data. sudoku17 runs every 25th line unless PUZZLEPRESS_FULL_DATA=1.
// Completions are judged by the independent rule checker.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "engine/solver9.h"
#include "support/rule_checker9.h"
#include "support/test_data.h"

namespace pe = puzzlepress::engine;
namespace pt = puzzlepress::testing;

namespace {

bool full_data() {
  const char* env = std::getenv("PUZZLEPRESS_FULL_DATA");
  return env && std::string(env) == "1";
}

// Every `step`-th puzzle of `file` (from the first) is unique and solve() returns a legal
// completion of it. Returns the number checked, 0 when the shared data is absent.
std::size_t check_all_unique(const char* file, std::size_t step) {
  const auto dir = pt::shared_data_dir();
  if (!dir) {
    MESSAGE("skipped: no ../shared/data (set PUZZLEPRESS_SHARED_DATA to run)");
    return 0;
  }
  const auto lines = pt::read_lines(*dir / file);
  REQUIRE_FALSE(lines.empty());
  std::size_t checked = 0, failures = 0;
  for (std::size_t i = 0; i < lines.size(); i += step) {
    const std::string_view puzzle = std::string_view(lines[i]).substr(0, 81);
    const auto r = pe::solve(puzzle);
    const bool ok = r.status == pe::SolveStatus::unique && r.solutions.size() == 1 &&
                    pt::is_complete_legal(pe::to_string(r.solutions[0])) &&
                    pt::agrees_with(puzzle, pe::to_string(r.solutions[0]));
    const auto parsed = pe::parse_grid9(puzzle);
    const bool counted = parsed.ok() && pe::count_solutions(*parsed.grid, 2) == 1;
    if (!ok || !counted) {
      if (++failures <= 5)
        FAIL_CHECK(std::string(file) << ":" << i + 1 << " " << puzzle << " -> " << pe::status_name(r.status));
    }
    ++checked;
  }
  CHECK(failures == 0);
  MESSAGE(std::string(file) << ": " << checked << " puzzles checked unique");
  return checked;
}

}  // namespace

TEST_SUITE("solver") {
  TEST_CASE("data: every 17-clue puzzle is unique (every 25th; all with PUZZLEPRESS_FULL_DATA=1)" *
            doctest::test_suite("shared-data")) {
    const std::size_t checked = check_all_unique("sudoku17_royle_49158.txt", full_data() ? 1 : 25);
    if (checked) CHECK(checked >= 49158 / 25);
  }

  TEST_CASE("data: every magictour top1465 puzzle is unique" * doctest::test_suite("shared-data")) {
    const std::size_t checked = check_all_unique("magictour_top1465.txt", 1);
    if (checked) CHECK(checked == 1465);
  }

  TEST_CASE("data: every forum hardest 1106 puzzle is unique" * doctest::test_suite("shared-data")) {
    const std::size_t checked = check_all_unique("forum_hardest_1106.txt", 1);
    if (checked) CHECK(checked == 375);
  }

  TEST_CASE("data: every serg benchmark puzzle has several solutions, two legal witnesses" *
            doctest::test_suite("shared-data")) {
    const auto dir = pt::shared_data_dir();
    if (!dir) {
      MESSAGE("skipped: no ../shared/data (set PUZZLEPRESS_SHARED_DATA to run)");
      return;
    }
    const auto lines = pt::read_lines(*dir / "serg_benchmark_multisolution.txt");
    REQUIRE(lines.size() == 10000);
    const std::size_t step = full_data() ? 1 : 5;
    std::size_t failures = 0;
    for (std::size_t i = 0; i < lines.size(); i += step) {
      const std::string_view puzzle = std::string_view(lines[i]).substr(0, 81);
      const auto r = pe::solve(puzzle);
      bool ok = r.status == pe::SolveStatus::multiple && r.solutions.size() == 2 && r.solutions[0] != r.solutions[1];
      for (const auto& s : r.solutions) {
        ok = ok && pt::is_complete_legal(pe::to_string(s)) && pt::agrees_with(puzzle, pe::to_string(s));
      }
      const auto parsed = pe::parse_grid9(puzzle);
      ok = ok && parsed.ok() && pe::count_solutions(*parsed.grid, 2) == 2;
      if (!ok && ++failures <= 5) FAIL_CHECK("serg:" << i + 1 << " " << puzzle);
    }
    CHECK(failures == 0);
  }
}
