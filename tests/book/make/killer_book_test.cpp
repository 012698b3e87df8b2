// Issue 30 (book): sections of kind killer. The spec's refusals at their places, a small killer
// book (its puzzles at the asked grades, pages with grades and stars, the manifest's killer texts
// and grades), the same puzzles at any thread count and trim, verify holding a killer to its
// cages and its grade, hints and the glossary in killer terms, and the cage sums' legibility
// floor. The rules a solution must keep are checked here on plain vectors, apart from the
// engine; the engine's killer solver only says whether a printed killer has one solution.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "book/check/verify.h"
#include "book/make/build.h"
#include "book/make/hints.h"
#include "book/manifest/manifest.h"
#include "book/spec/spec.h"
#include "book/text/wording.h"
#include "engine/killer.h"
#include "engine/killer_grade.h"
#include "support/book_fixtures.h"
#include "support/errors.h"
#include "support/render_fixtures.h"
#include "support/sampling.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

std::string spec_with(const std::string& sections, const std::string& extra = "") {
  return "title: Killers\nauthor: Ann Example\nyear: 2026\ntrim: 6x9\nlayout: two-up\nseed: 30\n" + extra +
         "puzzles:\n" + sections;
}

std::string error_of(const std::string& yaml) {
  return testing::input_error_of([&] { load_spec(yaml, "spec.yaml", testing::any_file_exists); });
}

constexpr const char* kKillers =
    "  - { kind: killer, size: 6x6, grade: easy, count: 2 }\n"
    "  - { kind: killer, grade: medium, count: 2 }\n";

Book killer_book(int jobs, const std::string& extra = "") {
  return make_book(testing::load_test_spec(spec_with(kKillers, extra)), testing::test_settings(jobs));
}

const Book& the_book() {
  static const Book book = killer_book(2);
  return book;
}

// A killer text read here, apart from the engine: n, each cell's cage (numbered by first
// appearance in reading order, as the sums are listed) and the sums.
struct ReadKiller {
  int n = 0;
  std::string grid;
  std::vector<int> cage;
  std::vector<int> sums;
};

ReadKiller read_killer(const std::string& text) {
  REQUIRE(text.rfind("killer:", 0) == 0);
  const std::string body = text.substr(7);
  const std::size_t a = body.find('/'), b = body.find('/', a + 1);
  REQUIRE(b != std::string::npos);
  ReadKiller k;
  k.grid = body.substr(0, a);
  const std::string cages = body.substr(a + 1, b - a - 1);
  k.n = k.grid.size() == 81 ? 9 : 6;
  REQUIRE(cages.size() == k.grid.size());
  std::map<char, int> number;
  for (const char ch : cages) {
    const auto it = number.emplace(ch, static_cast<int>(number.size())).first;
    k.cage.push_back(it->second);
  }
  std::string sums = body.substr(b + 1);
  for (std::size_t at = 0; at <= sums.size();) {
    const std::size_t comma = std::min(sums.find(',', at), sums.size());
    k.sums.push_back(std::stoi(sums.substr(at, comma - at)));
    at = comma + 1;
  }
  REQUIRE(k.sums.size() == number.size());
  return k;
}

// The first rule `solution` (row-major digits) breaks under `k`, or "": rows, columns and boxes
// (2x3 on 6x6, 3x3 on 9x9) hold each digit once; each cage is connected, its digits differ and
// add up to its sum.
std::string broken_rule(const ReadKiller& k, const std::vector<int>& solution) {
  const int n = k.n, box_rows = n == 9 ? 3 : 2, box_cols = 3;
  for (int h = 0; h < n; ++h) {
    std::set<int> row, column, box;
    for (int i = 0; i < n; ++i) {
      row.insert(solution[static_cast<std::size_t>(h * n + i)]);
      column.insert(solution[static_cast<std::size_t>(i * n + h)]);
      const int r = (h / (n / box_cols)) * box_rows + i / box_cols, c = (h % (n / box_cols)) * box_cols + i % box_cols;
      box.insert(solution[static_cast<std::size_t>(r * n + c)]);
    }
    for (const auto* house : {&row, &column, &box})
      if (static_cast<int>(house->size()) != n || *house->begin() != 1 || *house->rbegin() != n)
        return "house " + std::to_string(h) + " repeats a digit";
  }
  for (std::size_t id = 0; id < k.sums.size(); ++id) {
    std::vector<int> cells;
    for (int i = 0; i < n * n; ++i)
      if (k.cage[static_cast<std::size_t>(i)] == static_cast<int>(id)) cells.push_back(i);
    std::set<int> digits;
    int sum = 0;
    for (const int i : cells) {
      digits.insert(solution[static_cast<std::size_t>(i)]);
      sum += solution[static_cast<std::size_t>(i)];
    }
    if (digits.size() != cells.size()) return "cage " + std::to_string(id) + " repeats a digit";
    if (sum != k.sums[id]) return "cage " + std::to_string(id) + " sums to " + std::to_string(sum);
    std::set<int> reached{cells.front()};  // a flood fill over side-by-side cells
    std::vector<int> todo{cells.front()};
    while (!todo.empty()) {
      const int c = todo.back();
      todo.pop_back();
      for (const int next : {c - n, c + n, c % n ? c - 1 : -1, c % n != n - 1 ? c + 1 : -1}) {
        if (next < 0 || next >= n * n || k.cage[static_cast<std::size_t>(next)] != static_cast<int>(id)) continue;
        if (reached.insert(next).second) todo.push_back(next);
      }
    }
    if (reached.size() != cells.size()) return "cage " + std::to_string(id) + " is not connected";
  }
  return "";
}

std::vector<std::string> killer_texts(const Book& book) {
  std::vector<std::string> out;
  for (const ManifestPuzzle& p : book.manifest.puzzles) out.push_back(p.killer_text);
  return out;
}

}  // namespace

TEST_CASE("killer spec: kind killer per section, and what it refuses, at its place") {
  const BookSpec spec = load_spec(spec_with(kKillers), "spec.yaml", testing::any_file_exists);
  REQUIRE(spec.sections.size() == 2);
  CHECK(spec.sections[0].killer);
  CHECK(spec.sections[0].kind == engine::Kind::classic);  // a killer is no engine::Kind
  CHECK(spec.sections[0].shape == engine::kShape6x6);
  CHECK(spec.sections[1].shape == engine::kShape9x9);
  CHECK(spec.sections[0].grade == engine::Grade::easy);
  CHECK(spec.sections[1].grade == engine::Grade::medium);
  CHECK(book_grades(spec.sections) == std::vector<engine::Grade>{engine::Grade::easy, engine::Grade::medium});
  CHECK(has_killers(spec.sections));
  CHECK_FALSE(mixes_kinds(spec.sections));
  CHECK(mixes_kinds(load_spec(spec_with("  - { grade: easy, count: 1 }\n  - { kind: killer, grade: hard, count: 1 }\n"),
                              "spec.yaml", testing::any_file_exists)
                        .sections));

  // A killer section needs its grade, one the engine aims killers of its size at.
  CHECK(error_of(spec_with("  - { kind: killer, count: 2 }\n")) ==
        "spec.yaml:8:5: missing required key 'grade' in 'puzzles[1]'");
  CHECK(error_of(spec_with("  - { kind: killer, grade: extreme, count: 2 }\n")) ==
        "spec.yaml:8:28: grade 'extreme' is not offered for kind 'killer' at 9x9 (offered: easy, medium, hard, "
        "evil)");
  CHECK(error_of(spec_with("  - { kind: killer, grade: Expert, count: 2 }\n")) ==
        "spec.yaml:8:28: grade 'Expert' (extreme) is not offered for kind 'killer' at 9x9 (offered: easy, medium, "
        "hard, evil)");
  CHECK(error_of(spec_with("  - { kind: killer, size: 6x6, grade: medium, count: 2 }\n")) ==
        "spec.yaml:8:39: grade 'medium' is not offered for kind 'killer' at 6x6 (offered: easy)");
  // Nearly every Evil killer needs trial: the spec, or --allow-trial, must allow it. The spec
  // loads; asking for its killers is refused at the grade.
  const BookSpec evil =
      load_spec(spec_with("  - { kind: killer, grade: evil, count: 2 }\n"), "spec.yaml", testing::any_file_exists);
  CHECK(testing::input_error_of([&] { killer_requests(evil); }) ==
        "spec.yaml:8:28: 'puzzles[1].grade': nearly every Evil killer needs trial and error (no technique finishes "
        "it); add allow_trial: true to the spec (or build --allow-trial), or choose easy, medium or hard");
  CHECK_NOTHROW(
      killer_requests(load_spec(spec_with("  - { kind: killer, grade: evil, count: 2 }\n", "allow_trial: true\n"),
                                "spec.yaml", testing::any_file_exists)));
  BookSpec flagged = evil;
  Overrides allow;
  allow.allow_trial = true;
  apply_overrides(flagged, allow);
  CHECK(killer_requests(flagged).size() == 2);
  CHECK(error_of(spec_with("  - { kind: killer, grade: easy, size: 8x8, count: 2 }\n")) ==
        "spec.yaml:8:40: 'puzzles[1].size': kind 'killer' takes size 6x6 or 9x9, not 8x8");
  CHECK(error_of(spec_with("  - { kind: killer, grade: easy, size: 4x4, count: 2 }\n")) ==
        "spec.yaml:8:40: 'puzzles[1].size': kind 'killer' takes size 6x6 or 9x9, not 4x4");
  CHECK(error_of(spec_with("  - { kind: killer, grade: easy, skin: shapes, count: 2 }\n")) ==
        "spec.yaml:8:40: 'puzzles[1].skin': kind 'killer' prints digits only (its cage sums are numbers); "
        "remove skin");
  CHECK(error_of(spec_with("  - { kind: killer, grade: easy, letters: GARDEN, size: 6x6, count: 2 }\n")) ==
        "spec.yaml:8:43: 'puzzles[1].letters': kind 'killer' prints digits only (its cage sums are numbers); "
        "remove letters");
  CHECK(error_of(spec_with("  - { kind: killer, grade: easy, tint: true, count: 2 }\n")) ==
        "spec.yaml:8:40: 'puzzles[1].tint' tints a jigsaw's regions, but this section's kind is killer");
  // Hints, the glossary and a cover are a killer book's as any book's.
  CHECK(error_of(spec_with(kKillers, "hints: true\nglossary: true\n") + "cover: { back_text: Killers }\n") ==
        "no error");
  // Digits said outright are fine; every other section still needs its grade.
  CHECK(error_of(spec_with("  - { kind: killer, grade: easy, skin: digits, count: 2 }\n")) == "no error");
  CHECK(error_of(spec_with("  - { kind: x, count: 2 }\n")) ==
        "spec.yaml:8:5: missing required key 'grade' in 'puzzles[1]'");
}

TEST_CASE("killer book: its puzzles, their cages in the manifest, kept and unique") {
  const Book& book = the_book();
  REQUIRE(book.puzzles.size() == 4);
  REQUIRE(book.manifest.puzzles.size() == 4);
  std::set<std::string> distinct;
  for (std::size_t k = 0; k < 4; ++k) {
    const ManifestPuzzle& p = book.manifest.puzzles[k];
    INFO("puzzle " << k + 1 << ": " << p.killer_text);
    REQUIRE_FALSE(p.killer_text.empty());
    distinct.insert(p.killer_text);
    const ReadKiller read = read_killer(p.killer_text);
    CHECK(read.n == (k < 2 ? 6 : 9));
    CHECK(read.grid == std::string(static_cast<std::size_t>(read.n * read.n), '.'));  // a pure killer
    CHECK(broken_rule(read, std::vector<int>(p.solution.cells.begin(), p.solution.cells.end())) == "");
    CHECK(std::all_of(p.givens.cells.begin(), p.givens.cells.end(), [](int v) { return v == 0; }));
    CHECK(p.valid);
    // One solution: the engine's killer solver (the test is of the book, not of the solver).
    const engine::KillerParse parsed = engine::parse_killer(p.killer_text);
    REQUIRE(parsed.killer);
    CHECK(engine::count_solutions(*parsed.killer, *parsed.givens, 2) == 1);
    // At its section's grade, by the engine's killer grader; the manifest records the grading.
    const engine::LogicResult logic = engine::solve_logically(*parsed.killer, *parsed.givens);
    const engine::Grade asked = k < 2 ? engine::Grade::easy : engine::Grade::medium;
    CHECK(logic.solved);
    CHECK(engine::killer_tier(logic) == asked);
    CHECK(p.grade == asked);
    CHECK(p.tier == asked);
    CHECK(p.rating == doctest::Approx(logic.rating));
    CHECK(std::any_of(p.techniques.begin(), p.techniques.end(),
                      [](const auto& t) { return t.first == "cage combinations" && t.second > 0; }));
  }
  CHECK(distinct.size() == 4);
  // The manifest's JSON says kind killer and its grading, and reads back the same.
  const std::string json = manifest_to_json(book.manifest);
  CHECK(json.find("\"kind\": \"killer\"") != std::string::npos);
  CHECK(json.find("\"grade\": \"medium\"") != std::string::npos);
  CHECK(json.find("\"tier\": \"medium\"") != std::string::npos);
  const Manifest read = parse_manifest(json, "manifest.json");
  REQUIRE(read.puzzles.size() == 4);
  for (std::size_t k = 0; k < 4; ++k) {
    CHECK(read.puzzles[k].killer_text == book.manifest.puzzles[k].killer_text);
    CHECK(read.puzzles[k].solution == book.manifest.puzzles[k].solution);
    CHECK(read.puzzles[k].grade == book.manifest.puzzles[k].grade);
    CHECK(read.puzzles[k].techniques == book.manifest.puzzles[k].techniques);
  }
}

TEST_CASE("killer book: pages print cages, grades and stars") {
  const Book& book = the_book();
  std::vector<std::string> kinds;
  int cage_figures = 0;
  for (const BookPage& page : book.pages) {
    kinds.push_back(std::string(page_kind_id(page.planned.kind)));
    const std::vector<std::string> texts = testing::texts_of(page.page);
    for (const char* grade : {"Hard", "Extreme", "Evil"})  // grades the book does not have
      CHECK(std::find(texts.begin(), texts.end(), grade) == texts.end());
    const auto dashed = testing::items_of<render::Line>(page.page);
    if (page.planned.kind == PageKind::puzzles) {
      CHECK(std::count_if(dashed.begin(), dashed.end(), [](const render::Line& l) { return l.dash_pt > 0; }) > 0);
      // Two puzzles a page, each labelled with its grade and its stars (kids: the book's 2 levels).
      const bool easy = page.planned.puzzles.front() < 2;
      CHECK(std::count(texts.begin(), texts.end(), easy ? "Easy" : "Medium") == 2);
      CHECK_FALSE(testing::items_of<render::Polygon>(page.page).empty());
      ++cage_figures;
    }
    if (page.planned.kind == PageKind::solutions)  // solutions: the solved grid alone
      CHECK(std::none_of(dashed.begin(), dashed.end(), [](const render::Line& l) { return l.dash_pt > 0; }));
  }
  CHECK(cage_figures == 2);
  // How to Play in a book of killers alone: the killer page only (its rule and an example with
  // cages). The rules of sudoku page would tell of givens and "no arithmetic", untrue here.
  CHECK(std::count(kinds.begin(), kinds.end(), "how_to_play") == 1);
  for (const BookPage& page : book.pages) {
    for (const std::string& text : testing::texts_of(page.page)) {
      CHECK(text.find("arithmetic") == std::string::npos);
      CHECK(text.find("givens") == std::string::npos);
    }
  }
  const auto killer_page = std::find_if(book.pages.begin(), book.pages.end(), [](const BookPage& p) {
    return p.planned.kind == PageKind::how_to_play && p.planned.section >= 0;
  });
  REQUIRE(killer_page != book.pages.end());
  const std::vector<std::string> texts = testing::texts_of(killer_page->page);
  CHECK(std::find(texts.begin(), texts.end(), "Killer Sudoku") != texts.end());
  const auto lines = testing::items_of<render::Line>(killer_page->page);
  CHECK(std::any_of(lines.begin(), lines.end(), [](const render::Line& l) { return l.dash_pt > 0; }));
}

TEST_CASE("killer book: the same puzzles at every thread count and trim") {
  const std::vector<std::string> expected = killer_texts(the_book());
  for (int jobs = 1; jobs <= testing::cases(4, 1); ++jobs) {
    INFO("jobs " << jobs);
    CHECK(killer_texts(killer_book(jobs)) == expected);
  }
  BookSpec letter = testing::load_test_spec(spec_with(kKillers));
  Overrides o;
  o.trim = "8.5x11";
  o.layout = "four-up";
  apply_overrides(letter, o);
  CHECK(killer_texts(make_book(letter, testing::test_settings(2))) == expected);
}

TEST_CASE("killer book: verify holds each killer to its cages") {
  const Book& book = the_book();
  CHECK(verify_manifest(book.manifest).empty());
  Manifest bad = book.manifest;
  std::string& text = bad.puzzles[2].killer_text;
  const std::size_t comma = text.rfind(',');
  text = text.substr(0, comma + 1) + std::to_string(std::stoi(text.substr(comma + 1)) + 1);  // last sum one more
  const std::vector<std::string> problems = verify_manifest(bad);
  CHECK(std::any_of(problems.begin(), problems.end(), [](const std::string& p) {
    return p.find("Puzzle 3") != std::string::npos || p.find("puzzle 3") != std::string::npos;
  }));
}

TEST_CASE("killer book: cage sums under 7 pt are refused at the layout") {
  const std::string error = testing::input_error_of([] {
    make_book(testing::load_test_spec(spec_with("  - { kind: killer, grade: easy, count: 6 }\n", "")
                                          .replace(spec_with("", "").find("layout: two-up"), 14, "layout: six-up")),
              testing::test_settings(2));
  });
  CHECK(error.find("killer cage sums would print at ") != std::string::npos);
  CHECK(error.find("under the 7 pt they need (choose fewer grids per page or a larger trim)") != std::string::npos);
  INFO(error);
  CHECK(error.find("test-book.yaml:5:9: ") != std::string::npos);  // the layout value
}

TEST_CASE("killer hints: each killer technique in killer terms, in the book's words") {
  const engine::Geometry& geometry = engine::killer_geometry(engine::kShape9x9);
  const SymbolSet digits = default_symbols(Skin::digits, engine::kShape9x9);
  const Wording en;
  // Row 4 (house 3) with one empty innie, r4c7 (cell 33), which the rule of 45 sets to 6.
  engine::Hint innie;
  innie.technique = engine::Technique::innies_outies;
  innie.unit = 3;
  innie.units = {3};
  innie.cells = {33};
  innie.sum = 6;
  innie.placements = {{33, 6}};
  innie.values.assign(81, 0);
  CHECK(en.hint_sentence(hint_facts(innie, geometry, digits, en)) == "row 4: the one empty innie, r4c7, must be 6");
  CHECK(Wording("de").hint_sentence(hint_facts(innie, geometry, digits, Wording("de"))) ==
        "Zeile 4: das einzige leere Innie, Z4S7, muss 6 sein");
  // Outies of rows 1 and 2 (their cells outside: r3c1 and r3c2 in row 3) summing to 7.
  engine::Hint outies = innie;
  outies.technique = engine::Technique::innies_outies_several;
  outies.unit = -1;
  outies.units = {0, 1};
  outies.cells = {18, 19};
  outies.sum = 7;
  outies.placements.clear();
  outies.eliminations = {{18, 7}, {19, 7}};
  CHECK(en.hint_sentence(hint_facts(outies, geometry, digits, en)) ==
        "rows 1 and 2: the empty outies r3c1 and r3c2 sum to 7, which removes 7 from r3c1 and r3c2");
  // A cage of r1c1 and r1c2 with sum 3: only 1+2.
  engine::Hint cage;
  cage.technique = engine::Technique::cage_combination;
  cage.cells = {0, 1};
  cage.digits = {1, 2};
  cage.sum = 3;
  cage.combinations = {0b11};
  cage.eliminations = {{0, 3}, {1, 3}};
  cage.values.assign(81, 0);
  CHECK(en.hint_sentence(hint_facts(cage, geometry, digits, en)) ==
        "the cage r1c1 and r1c2 (sum 3): only 1+2 fits the candidates, which removes 3 from r1c1 and r1c2");
  CHECK(Wording("fr").hint_sentence(hint_facts(cage, geometry, digits, Wording("fr"))) ==
        "la cage L1C1 et L1C2 (somme 3)\u00A0: seul 1+2 convient aux candidats, ce qui retire 3 de L1C1 et L1C2");
  // A cage of r1c1, r1c2, r2c1 (sum 9) needs 1, whose places lie in row 1: r1c3 loses 1.
  engine::Hint locked;
  locked.technique = engine::Technique::cage_house_intersection;
  locked.cells = {0, 1};
  locked.digits = {1};
  locked.unit = 0;
  locked.extra_cells = {0, 1, 9};
  locked.sum = 9;
  locked.eliminations = {{2, 1}};
  locked.values.assign(81, 0);
  CHECK(en.hint_sentence(hint_facts(locked, geometry, digits, en)) ==
        "the cage r1c1, r1c2 and r2c1 (sum 9) needs 1 in every combination, and its places for 1 lie in r1c1 and "
        "r1c2, which removes 1 from r1c3");
  // Killer pair in row 1: the cage r1c2 + r1c3 (sum 5: 1+4 or 2+3) holds 1 or 2, r1c1 holds
  // only 1 and 2: r1c4 loses 1, r1c7 loses 2.
  engine::Hint pair;
  pair.technique = engine::Technique::killer_subset;
  pair.unit = 0;
  pair.cells = {0};
  pair.digits = {1, 2};
  pair.extra_cells = {1, 2};
  pair.sum = 5;
  pair.combinations = {0b1001, 0b0110};
  pair.eliminations = {{3, 1}, {6, 2}};
  pair.values.assign(81, 0);
  CHECK(en.hint_sentence(hint_facts(pair, geometry, digits, en)) ==
        "row 1: every combination of the cage r1c2 and r1c3 (sum 5) holds at least 1 of 1 and 2, and r1c1 can "
        "hold only 1 and 2, so 1 and 2 all lie in these cells, which removes 1 from r1c4, and 2 from r1c7");
  const Wording de("de");
  CHECK(de.hint_sentence(hint_facts(pair, geometry, digits, de)).find("Zeile 1: jede Kombination des Käfigs") == 0);
}

TEST_CASE("killer book: hints and glossary in killer terms, verified") {
  const Book book = killer_book(2, "hints: true\nglossary: true\n");
  REQUIRE(book.hints.size() == 4);
  for (std::size_t k = 0; k < 4; ++k) {
    INFO("puzzle " << k + 1 << ": " << book.hints[k].sentence);
    // A pure killer starts from its cages: its first step is a killer technique, in cage words.
    const auto technique = book.hints[k].technique();
    REQUIRE(technique);
    CHECK((*technique == engine::Technique::cage_combination || *technique == engine::Technique::innies_outies));
    CHECK((book.hints[k].sentence.find("cage") != std::string::npos ||
           book.hints[k].sentence.find("innie") != std::string::npos ||
           book.hints[k].sentence.find("outie") != std::string::npos));
    REQUIRE(book.manifest.puzzles[k].hint);
    CHECK(book.manifest.puzzles[k].hint->text == book.hints[k].sentence);
  }
  REQUIRE_FALSE(book.glossary.empty());
  int glossary_pages = 0;
  for (const BookPage& page : book.pages) {
    if (page.planned.kind != PageKind::glossary) continue;
    ++glossary_pages;
    const std::vector<std::string> texts = testing::texts_of(page.page);
    const std::string all = [&] {
      std::string joined;
      for (const std::string& t : texts) joined += t + " ";
      return joined;
    }();
    for (const GlossaryEntry& e : book.glossary)
      CHECK(all.find(Wording().technique_heading(e.technique)) != std::string::npos);
    const auto lines = testing::items_of<render::Line>(page.page);  // the figures' cages
    CHECK(std::any_of(lines.begin(), lines.end(), [](const render::Line& l) { return l.dash_pt > 0; }));
  }
  CHECK(glossary_pages >= 1);
  CHECK(verify_manifest(book.manifest).empty());
  // A hint or a grade that is not the puzzle's is found.
  Manifest bad = book.manifest;
  bad.puzzles[3].hint->text = "row 1: nothing";
  bad.puzzles[2].grade = engine::Grade::hard;
  const std::vector<std::string> problems = verify_manifest(bad);
  CHECK(std::any_of(problems.begin(), problems.end(),
                    [](const std::string& p) { return p.find("puzzle 4: hint 'row 1: nothing'") == 0; }));
  CHECK(std::any_of(problems.begin(), problems.end(), [](const std::string& p) {
    return p.find("puzzle 3: labelled hard but needs medium techniques") == 0;
  }));
}
