// Killer on the command line (issue 30): solve reads the text form ("killer:" or --kind
// killer) with the solve contract, generate --kind killer writes texts solve reads back, grade
// and bench refuse what killers do not have yet. Every answer is checked by the killer oracle
// (tests/engine/killer_reference.h, no engine code), fed from the text as this file reads it.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/bench_command.h"
#include "cli/exit_codes.h"
#include "cli/generate_command.h"
#include "cli/grade_command.h"
#include "cli/solve_command.h"
#include "engine/killer_generator.h"
#include "engine/killer_reference.h"
#include "support/errors.h"
#include "support/files.h"

using namespace puzzlepress::cli;
namespace ref = puzzlepress::killer_reference;
namespace t = puzzlepress::testing;

namespace {

std::vector<int> cells_of(const std::string& grid) {
  std::vector<int> v;
  for (char c : grid) v.push_back(c == '.' ? 0 : c - '0');
  return v;
}

// "killer:GRID/CAGES/SUMS" as the oracle's data, read here: cages numbered by first appearance.
ref::KillerData data_of(const std::string& text) {
  std::string body = text.substr(text.find(':') + 1);
  const std::string grid = body.substr(0, body.find('/'));
  body = body.substr(body.find('/') + 1);
  const std::string cages = body.substr(0, body.find('/'));
  std::istringstream sums(body.substr(body.find('/') + 1));
  ref::KillerData d;
  d.n = grid.size() == 81 ? 9 : 6;
  d.box_rows = d.n == 9 ? 3 : 2;
  d.box_cols = 3;
  d.givens = cells_of(grid);
  std::string seen;
  for (char c : cages) {
    if (seen.find(c) == std::string::npos) seen += c;
    d.cage.push_back(static_cast<int>(seen.find(c)));
  }
  for (std::string sum; std::getline(sums, sum, ',');) d.sums.push_back(std::stoi(sum));
  return d;
}

int solve_with(const std::vector<std::string>& puzzles, const std::string& kind, std::string& out,
               const std::string& size = "") {
  SolveArgs args;
  args.puzzles = puzzles;
  args.kind = kind;
  args.size = size;
  std::istringstream in;
  std::ostringstream o;
  const int code = run_solve(args, in, o);
  out = o.str();
  return code;
}

std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// The rows of generate --kind killer's CSV after its header, fields split at commas outside
// double quotes (the puzzle's sums hold commas, so its field is quoted).
std::vector<std::vector<std::string>> csv_rows(const std::string& csv) {
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  CHECK(line == "seed,kind,grade,cages,puzzle,solution,valid,rating");
  std::vector<std::vector<std::string>> rows;
  while (std::getline(lines, line)) {
    std::vector<std::string>& row = rows.emplace_back(1);
    bool quoted = false;
    for (char c : line) {
      if (c == '"') quoted = !quoted;
      else if (c == ',' && !quoted) row.emplace_back();
      else row.back() += c;
    }
  }
  return rows;
}

std::string generated(const std::string& size, int count, int jobs, const std::string& format = "csv",
                      const std::string& grade = "") {
  GenerateArgs args;
  args.kind = "killer";
  args.grade = grade;
  args.size = size;
  args.count = count;
  args.seed = 7;
  args.jobs = jobs;
  args.format = format;
  std::ostringstream out;
  REQUIRE(run_generate(args, out) == kExitOk);
  return out.str();
}

const std::string kEmpty6(36, '.');
// Each 6x6 row a cage of 6 cells: sum 21 each, many solutions.
const std::string kRows6 = "000000111111222222333333444444555555";

}  // namespace

TEST_SUITE("killer on the command line") {
  TEST_CASE("generate -> solve round trip, each puzzle proven unique by the oracle") {
    for (const std::string size : {"6x6", "9x9"}) {
      const auto rows = csv_rows(generated(size, size == "6x6" ? 4 : 2, 1));
      REQUIRE(rows.size() == (size == "6x6" ? 4u : 2u));
      for (const auto& row : rows) {
        REQUIRE(row.size() == 8);
        const std::string text = row[4], solution = row[5];
        INFO(text);
        CHECK(row[1] == "killer");
        CHECK(row[6] == "true");
        CHECK(text.rfind("killer:" + std::string(size == "6x6" ? 36 : 81, '.') + "/", 0) == 0);
        std::vector<std::vector<int>> found;
        CHECK(ref::count_solutions(data_of(text), 2, &found) == 1);
        REQUIRE(found.size() == 1);
        CHECK(found[0] == cells_of(solution));
        std::string out;
        CHECK(solve_with({text}, "classic", out) == kExitOk);
        const auto words = words_of(out);
        REQUIRE(words.size() == 3);
        CHECK(words[0] == "unique");
        CHECK(words[2] == solution);
        // Without its prefix, --kind killer reads it.
        std::string bare;
        CHECK(solve_with({text.substr(7)}, "killer", bare) == kExitOk);
        CHECK(bare == out);
      }
    }
  }

  TEST_CASE("generate is the same for any --jobs and names the killer in every format") {
    CHECK(generated("6x6", 6, 1) == generated("6x6", 6, 2));
    CHECK(generated("9x9", 3, 1, "json") == generated("9x9", 3, 2, "json"));
    const std::string text = generated("6x6", 2, 2, "text");
    CHECK(text.rfind("Puzzle 1 - killer 6x6, ", 0) == 0);
    CHECK(text.find(" cages, no givens, easy (rating ") != std::string::npos);
    CHECK(text.find("), seed 7\nkiller:") != std::string::npos);
    CHECK(generated("6x6", 1, 1, "json").find("\"kind\": \"killer\"") != std::string::npos);
  }

  TEST_CASE("solve contract: multiple with two witnesses, no_solution, inconsistent") {
    std::string out;
    const std::string rows = "killer:" + kEmpty6 + "/" + kRows6 + "/21,21,21,21,21,21";
    CHECK(solve_with({rows}, "classic", out) == kExitMultiple);
    const auto words = words_of(out);
    REQUIRE(words.size() == 4);
    CHECK(words[0] == "multiple");
    CHECK(words[2] != words[3]);
    CHECK(ref::check_grid(data_of(rows), cells_of(words[2])) == "");
    CHECK(ref::check_grid(data_of(rows), cells_of(words[3])) == "");
    // r1c1+r1c2 and r2c1+r2c2 both need {1, 2}, all four in box 1: no solution.
    const std::string none = "killer:" + kEmpty6 + "/001111223333444444555555666666777777/3,18,3,18,21,21,21,21";
    CHECK(ref::count_solutions(data_of(none), 2) == 0);
    CHECK(solve_with({none}, "classic", out) == kExitNoSolution);
    CHECK(out.rfind("no_solution nodes=", 0) == 0);
    // Cage 2 is r1c3 r1c4 r2c4: r1c3 and r2c4 share no row, column or box, only the cage.
    std::string grid = kEmpty6;
    grid[2] = '1';
    grid[6 + 3] = '1';
    const std::string clash = "killer:" + grid + "/001122033122444444555555666666777777/9,9,14,7,21,21,21,21";
    CHECK(ref::count_solutions(data_of(clash), 2) == -1);
    CHECK(solve_with({clash}, "classic", out) == kExitInconsistent);
    CHECK(out == "inconsistent: digit 1 appears twice in cage 2 (r1c3)\n");
  }

  TEST_CASE("malformed killers: the parser's exact message, exit 13") {
    const auto malformed = [](const std::string& cages, const std::string& sums) {
      std::string out;
      CHECK(solve_with({"killer:" + kEmpty6 + "/" + cages + "/" + sums}, "classic", out) == kExitMalformed);
      return out;
    };
    CHECK(malformed("001111222222033333444444555555", "6,15,21,15,21,21") ==
          "malformed: cages: expected 36 symbols, got 30\n");
    CHECK(malformed("001111222222033333444444555555666666", "6,15,21,15,21,21,21") ==
          "malformed: cage 1 (r1c1) is not connected (r3c1 cannot be reached from r1c1)\n");
    CHECK(malformed("001111222222333333444444555555666666", "12,9,21,21,21,21,21") ==
          "malformed: cage 1 (r1c1): 2 different digits from 1-6 sum to 3-11, not 12\n");
    CHECK(malformed("000000011111222222333333444444555555", "22,20,21,21,21,21") ==
          "malformed: cage 1 (r1c1) has 7 cells, more than the 6 symbols\n");
    CHECK(malformed("0000001111112222223333334444.4555555", "21,21,21,21,16,21") == "malformed: r5c5 is in no cage\n");
    CHECK(malformed(kRows6, "21,21,21,21,21") == "malformed: sums: expected 6 sums (one per cage), got 5\n");
    std::string out;
    CHECK(solve_with({"killer:" + kEmpty6 + "/" + kRows6}, "classic", out) == kExitMalformed);
    CHECK(out == "malformed: a killer is 'grid/cages/sums' (3 parts separated by '/'), got 2 parts\n");
    CHECK(solve_with({"killer:" + kEmpty6 + "/" + kRows6 + "/21,21,21,21,21,21"}, "classic", out, "9x9") ==
          kExitMalformed);
    CHECK(out == "malformed: grid: the killer is 6x6, --size 9x9\n");
    // Several puzzles: numbered lines, the largest status code.
    CHECK(solve_with({"killer:" + kEmpty6 + "/" + kRows6 + "/21,21,21,21,21,21", "killer:x"}, "classic", out) ==
          kExitMalformed);
    CHECK(out.find("\n2: malformed: a killer is 'grid/cages/sums' (3 parts separated by '/'), got 1 part\n") !=
          std::string::npos);
  }

  TEST_CASE("bad flags name the flag; grade refuses killers") {
    std::ostringstream out;
    std::istringstream in;
    SolveArgs solve;
    solve.puzzles = {kEmpty6};
    solve.kind = "tetris";
    CHECK(t::input_error_of([&] { run_solve(solve, in, out); }) ==
          "--kind: unknown kind 'tetris' (expected one of: classic, x, hyper, jigsaw, killer, samurai)");
    GenerateArgs generate;
    generate.kind = "killer";
    generate.size = "8x8";
    CHECK(t::input_error_of([&] { run_generate(generate, out); }) == "--size: kind 'killer' takes 6x6 or 9x9, not 8x8");
    generate.size = "6x6";
    generate.grade = "hard";
    CHECK(t::input_error_of([&] { run_generate(generate, out); }) ==
          "--grade: killer 6x6 puzzles are not made at hard (easy only; harder ones are too rare to aim at)");
    generate.size = "9x9";
    generate.grade = "extreme";
    CHECK(t::input_error_of([&] { run_generate(generate, out); }) ==
          "--grade: killer 9x9 puzzles are not made at extreme (easy, medium, hard or evil; harder ones are too rare "
          "to aim at)");
    generate.grade = "tough";
    CHECK(t::input_error_of([&] { run_generate(generate, out); }).rfind("--grade: unknown grade 'tough'", 0) == 0);
    generate.size = "6x6";
    generate.grade = "";
    generate.allow_trial = true;
    CHECK(t::input_error_of([&] { run_generate(generate, out); }) ==
          "--allow-trial: is not taken with --kind killer (a killer no technique finishes is graded evil)");
    // Flags a killer ignores still take only good values.
    generate.allow_trial = false;
    generate.symmetry = "bogus";
    CHECK(t::input_error_of([&] { run_generate(generate, out); }).rfind("--symmetry: unknown symmetry 'bogus'", 0) ==
          0);
    generate.symmetry = "none";
    generate.attempts = 0;
    CHECK(t::input_error_of([&] { run_generate(generate, out); }) == "--attempts: must be at least 1, got 0");
    generate.attempts = 1;
    generate.grading = "zz";
    CHECK(t::input_error_of([&] { run_generate(generate, out); }).rfind("--grading: ", 0) == 0);
    BenchArgs bench;
    bench.kind = "killer";
    bench.grade = "tough";
    CHECK(t::input_error_of([&] { run_bench(bench, out); }).rfind("--grade: unknown grade 'tough'", 0) == 0);
    bench.grade = "hard";
    bench.size = "6x6";
    CHECK(t::input_error_of([&] { run_bench(bench, out); }) == "--grade: killer 6x6 puzzles are not made at hard");
    bench.grade = "all";
    bench.size = "4x4";
    CHECK(t::input_error_of([&] { run_bench(bench, out); }) == "--size: kind 'killer' takes 6x6 or 9x9, not 4x4");
    BenchArgs node;
    node.against_node = "/nowhere";
    CHECK(t::input_error_of([&] { run_bench(node, out); }) == "--against-node: needs --kind killer");
    // A folder without the package: refused before any timing, nothing printed.
    node.kind = "killer";
    node.boards = 1;
    std::ostringstream before;
    CHECK(t::input_error_of([&] { run_bench(node, before); }) ==
          "--against-node: /nowhere holds no node_modules/killer-sudoku-generator and is no package folder "
          "(install it there with: npm install killer-sudoku-generator@1.1.2)");
    CHECK(before.str().empty());
  }

  TEST_CASE("the killer: prefix is read in any case, as --kind killer is") {
    std::string out;
    CHECK(solve_with({"Killer:" + kEmpty6 + "/" + kRows6 + "/21,21,21,21,21,21"}, "classic", out) != kExitMalformed);
    CHECK(out.rfind("multiple", 0) == 0);
    CHECK(solve_with({" KILLER:" + kEmpty6 + "/" + kRows6}, "classic", out) == kExitMalformed);
    CHECK(out == "malformed: a killer is 'grid/cages/sums' (3 parts separated by '/'), got 2 parts\n");
  }

  // grade reads killers as solve does and answers as the generator graded them; a killer with
  // more than one solution is reported as solve reports it.
  TEST_CASE("generate --grade aims killers at a tier; grade agrees, step by step") {
    for (const auto& [size, tier] :
         std::vector<std::pair<std::string, std::string>>{{"6x6", "easy"}, {"9x9", "medium"}, {"9x9", "hard"}}) {
      const auto rows = csv_rows(generated(size, 2, 2, "csv", tier));
      REQUIRE(rows.size() == 2u);
      for (const auto& row : rows) {
        REQUIRE(row.size() == 8);
        CHECK(row[2] == tier);
        CHECK(row[6] == "true");
        CHECK(ref::count_solutions(data_of(row[4]), 2, nullptr) == 1);
        GradeArgs grade;
        grade.puzzles = {row[4]};
        grade.steps = true;
        std::istringstream in;
        std::ostringstream out;
        CHECK(run_grade(grade, in, out) == kExitOk);
        CHECK(out.str().rfind(tier + " rating " + row[7], 0) == 0);
        CHECK(out.str().find("\n  1. ") != std::string::npos);
      }
    }
    GradeArgs grade;
    grade.kind = "Killer";
    grade.puzzles = {kEmpty6 + "/" + kRows6 + "/21,21,21,21,21,21"};
    std::istringstream in;
    std::ostringstream out;
    CHECK(run_grade(grade, in, out) == kExitMultiple);
    CHECK(out.str().rfind("multiple", 0) == 0);
  }

  TEST_CASE("bench --kind killer: a row per size and tier, every puzzle valid and unique") {
    BenchArgs bench;
    bench.kind = "killer";
    bench.boards = 3;
    bench.size = "6x6";
    std::ostringstream out;
    CHECK(run_bench(bench, out) == kExitOk);
    CHECK(out.str().find("\n6x6\teasy\t") != std::string::npos);
    CHECK(out.str().find("\n6x6\tmedium\t") == std::string::npos);
    CHECK(out.str().find("\t3/3\t3/3\t") != std::string::npos);
  }

  TEST_CASE("bench --kind killer refuses the flags of other modes") {
    std::ostringstream out;
    const auto refused = [&](auto set) {
      BenchArgs bench;
      bench.kind = "killer";
      set(bench);
      return t::input_error_of([&] { run_bench(bench, out); });
    };
    CHECK(refused([](BenchArgs& b) { b.canonical = true; }) == "--canonical: is not taken with --kind killer");
    CHECK(refused([](BenchArgs& b) { b.book = "a.yaml"; }) == "--book: is not taken with --kind killer");
    CHECK(refused([](BenchArgs& b) { b.against = "/bin/true"; }) == "--against: is not taken with --kind killer");
    CHECK(refused([](BenchArgs& b) { b.rounds = 3; }) == "--rounds: is not taken with --kind killer");
    CHECK(refused([](BenchArgs& b) { b.reference = "x.mjs"; }) == "--reference: is not taken with --kind killer");
    CHECK(refused([](BenchArgs& b) { b.grading = "clues"; }) == "--grading: is not taken with --kind killer");
    CHECK(out.str().empty());
  }

  // The --against-node path end to end with a stand-in package (the real one is never part of the
  // tests): node runs the compiled-in driver, which converts the stand-in's puzzle (one of our own
  // killers, written as the package writes them: '-' cells, areas of [row, column] cells) to our
  // text form; our solve finds it unique. A package printing without end is cut at the cap.
  TEST_CASE("bench --kind killer --against-node runs node with a stand-in package") {
    if (std::system("node --version >/dev/null 2>&1") != 0) {
      MESSAGE("skipped: no node");
      return;
    }
    namespace engine = puzzlepress::engine;
    engine::KillerOptions options;
    options.seed = 5;
    const engine::KillerPuzzle puzzle = engine::generate_killer(options);
    REQUIRE(puzzle.valid);
    std::string areas;
    for (const engine::Cage& cage : puzzle.killer.cages) {
      areas += areas.empty() ? "{cells:[" : ",{cells:[";
      for (std::size_t i = 0; i < cage.cells.size(); ++i) {
        areas += (i ? ",[" : "[") + std::to_string(cage.cells[i] / 9) + "," + std::to_string(cage.cells[i] % 9) + "]";
      }
      areas += "],sum:" + std::to_string(cage.sum) + "}";
    }
    const t::TempDir dir("killer-node");
    std::ofstream(dir / "package.json") << R"({"name":"killer-sudoku-generator","version":"9.9.9","main":"index.js"})";
    std::ofstream(dir / "index.js") << "exports.generateKillerSudoku = () => ({puzzle: \"-\".repeat(81), areas: ["
                                    << areas << "]});\n";
    BenchArgs bench;
    bench.kind = "killer";
    bench.boards = 2;
    bench.size = "6x6";
    bench.against_node = dir.path.string();
    std::ostringstream out;
    CHECK(run_bench(bench, out) == kExitOk);
    CHECK(out.str().find("killer-sudoku-generator 9.9.9 (node, 9x9; 2 puzzles a difficulty;") != std::string::npos);
    CHECK(out.str().find("\nexpert\t") != std::string::npos);
    CHECK(out.str().find("\t0.0\t0-0\tunique(2)\n") != std::string::npos);

    std::ofstream(dir / "index.js") << "process.stdout.write(\"x\".repeat(200000));\n"
                                    << "exports.generateKillerSudoku = () => ({puzzle: \"\", areas: []});\n";
    std::ostringstream flood;
    CHECK(t::error_kind_of([&] {
            run_bench(bench, flood);
          }).rfind("environment|--against-node: node printed more than", 0) == 0);
  }
}
