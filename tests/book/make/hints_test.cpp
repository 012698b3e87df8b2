// Hints: the words of a hint (exact text for a known puzzle, in every skin), the Hints and
// glossary pages (plan and layout), the manifest's hints and verify's recomputation, and
// allow_trial with the copyright line.
#include "book/make/hints.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include "book/make/build.h"
#include "book/make/plan.h"
#include "book/check/verify.h"
#include "book/text/skin.h"
#include "book/text/wording.h"
#include "engine/logic.h"
#include "render/layout.h"
#include "support/book_fixtures.h"
#include "support/render_fixtures.h"
#include "support/rule_checker.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
namespace fs = std::filesystem;

namespace {

// A Medium puzzle (seed 42, puzzle 11 of tests' classic spec) whose first step beyond the
// singles is a naked pair in row 8.
constexpr const char* kNakedPairPuzzle =
    "71349....2...1.....8.7..9..97..81....38.6.72....97..13..4..7.9.....3...5....49367";

engine::Grid grid_of(const std::string& text) { return *engine::parse_grid(text, engine::kShape9x9).grid; }

BookSpec spec_of(const std::string& extra, const std::string& trim = "6x9", const std::string& layout = "two-up") {
  return testing::load_test_spec("title: Hints Test\nauthor: Ann Example\ntrim: " + trim + "\nlayout: " + layout +
                                     "\nseed: 42\n" + extra +
                                     "puzzles:\n  - { grade: easy, count: 3 }\n  - { grade: medium, count: 12 }\n"
                                     "  - { grade: hard, count: 10 }\n  - { grade: extreme, count: 10 }\n"
                                     "  - { grade: evil, count: 5 }\n",
                                 "hints-test.yaml");
}

const Book& hints_book() {
  static const Book book = make_book(spec_of("hints: true\nglossary: true\n"), testing::built_in_settings());
  return book;
}

std::vector<const BookPage*> pages_of(const Book& book, PageKind kind) {
  std::vector<const BookPage*> out;
  for (const BookPage& p : book.pages) {
    if (p.planned.kind == kind) out.push_back(&p);
  }
  return out;
}

// The page's text runs, one a line.
std::string page_text(const render::Page& page) {
  std::string text;
  for (const std::string& run : testing::texts_of(page)) text += run + "\n";
  return text;
}

}  // namespace

TEST_SUITE("hints") {
  TEST_CASE("the issue's example, word for word") {
    engine::Hint hint;
    hint.technique = engine::Technique::naked_pair;
    hint.unit = 3;          // row 4
    hint.cells = {28, 34};  // r4c2, r4c8
    hint.digits = {2, 7};
    hint.eliminations = {{30, 2}, {30, 7}, {35, 7}};
    hint.values.assign(81, 0);
    const SymbolSet digits = default_symbols(Skin::digits, engine::kShape9x9);
    const Wording english;
    CHECK(english.hint_sentence(hint_facts(hint, engine::kShape9x9, digits, english)) ==
          "row 4: the pair 2/7 in r4c2 and r4c8 removes 2 and 7 from the rest of the row");
    CHECK(english.hint_line(57, "x") == "Puzzle 57 \u2014 x");
    hint.singles_only = true;
    CHECK(english.hint_sentence(hint_facts(hint, engine::kShape9x9, digits, english)) == "singles only");
  }

  TEST_CASE("a known puzzle's hint: exact text, and what it claims holds in the solution") {
    const engine::Grid givens = grid_of(kNakedPairPuzzle);
    const BookHint hint = book_hint(givens, default_symbols(Skin::digits, engine::kShape9x9), Wording());
    CHECK(hint.sentence == "row 8: the pair 6/8 in r8c1 and r8c6 removes 6 and 8 from the rest of the row");
    REQUIRE(hint.technique() == engine::Technique::naked_pair);
    // Checked apart from the engine: the pair's cells hold 6 and 8 in the solution, and no
    // removed candidate is the solution's digit there.
    const std::string solution = testing::first_solution_exact_cover(kNakedPairPuzzle);
    REQUIRE(solution.size() == 81);
    std::string pair{solution[63], solution[68]};  // r8c1, r8c6
    std::sort(pair.begin(), pair.end());
    CHECK(pair == "68");
    CHECK_FALSE(hint.step.eliminations.empty());
    for (const auto& e : hint.step.eliminations) {
      CHECK(e.cell / 9 == 7);
      CHECK(solution[static_cast<std::size_t>(e.cell)] != static_cast<char>('0' + e.digit));
    }
  }

  TEST_CASE("hints name the skin's faces: letters, and shapes by name") {
    const engine::Grid givens = grid_of(kNakedPairPuzzle);
    SymbolSet letters = default_symbols(Skin::letters, engine::kShape9x9);  // 1 -> A ... 9 -> I
    CHECK(book_hint(givens, letters, Wording()).sentence ==
          "row 8: the pair F/H in r8c1 and r8c6 removes F and H from the rest of the row");
    const SymbolSet shapes = default_symbols(Skin::shapes, engine::kShape9x9);
    const std::string six = Wording().shape_name(*render::parse_mark(shapes.names[5]));
    const std::string eight = Wording().shape_name(*render::parse_mark(shapes.names[7]));
    CHECK(book_hint(givens, shapes, Wording()).sentence == "row 8: the pair " + six + "/" + eight +
                                                               " in r8c1 and r8c6 removes " + six + " and " + eight +
                                                               " from the rest of the row");
  }

  TEST_CASE("other sizes: cells and units in the shape's numbering") {
    const Book book =
        make_book(load_spec("title: T\nauthor: A\nseed: 7\nlayout: four-up\nhints: true\nglossary: true\npuzzles:\n"
                            "  - { grade: medium, count: 2, size: 6x6, skin: shapes }\n"
                            "  - { grade: hard, count: 2, size: 16x16 }\n",
                            "spec.yaml", testing::any_file_exists),
                  testing::built_in_settings());
    REQUIRE(book.hints.size() == 4);
    for (std::size_t k = 0; k < book.hints.size(); ++k) {
      const BookHint& h = book.hints[k];
      CHECK(h.sentence == book_hint(book.puzzles[k].givens, book.symbols[k], Wording()).sentence);
      if (k < 2) {
        // shapes print by name: no symbol index appears after "places for "
        const auto at = h.sentence.find("places for ");
        if (at != std::string::npos) CHECK(std::isalpha(static_cast<unsigned char>(h.sentence[at + 11])));
      }
      for (const auto& e : h.step.eliminations) CHECK(e.cell < book.puzzles[k].shape.cells());
    }
    CHECK_FALSE(pages_of(book, PageKind::glossary).empty());
  }

  TEST_CASE("fish hints on 8x8, 12x12 and 16x16 name their base and cover lines, as on 9x9") {
    // The first fish step of each solve, as a hint: the engine gives its lines on every size
    // (before one grader served all sizes, only 9x9 did, and these fell back to the generic
    // sentence).
    const std::pair<engine::Shape, const char*> boards[] = {
        {engine::kShape9x9, "..6....3..5...19.2..295....8...1.......4.5.......7...4....932..1.38...7..2....6.."},
        {engine::kShape8x8, "...57....74...5...82...6....41....61....8...32...6...37....36..."},
        {engine::kShape12x12,
         "...5...3..7.1.4.7.5...9...B.9C6...25.3A9.6.......6..C....3..81.7.5...9.4A.1...7.B.39..6"
         "....8..5.......A.261.92...347.A...5...A.2.B.7.B..5...1..."},
        {engine::kShape16x16,
         ".D93..6....E.....A...G.9.3.7.E4C.....7..49..G8D.F74.ECD.G..A.6...E.2A37G8.41B......7..."
         ".9G.D...E....C5...A.392...3....1..2.56..A7..EG.C..6....F...5B3.F...89....3...8.A5....D."
         ".....AD4.E5F1B3.7...1.6..3.BEG.427.B35..GF..A.....D4E.1.B.7.9...6.....9....D..E1B."},
    };
    const Wording words;
    for (const auto& board : boards) {
      const engine::Shape shape = board.first;  // a plain variable: doctest's INFO captures it
      const auto& text = board.second;
      INFO(engine::shape_id(shape));
      engine::LogicOptions record;
      record.record_steps = true;
      const engine::Grid givens = *engine::parse_grid(text, shape).grid;
      const auto r = engine::solve_logically(givens, record);
      const auto fish = std::find_if(r.steps.begin(), r.steps.end(), [](const engine::LogicStep& s) {
        return s.technique == engine::Technique::x_wing || s.technique == engine::Technique::swordfish ||
               s.technique == engine::Technique::jellyfish || s.technique == engine::Technique::finned_x_wing ||
               s.technique == engine::Technique::finned_swordfish || s.technique == engine::Technique::sashimi_x_wing ||
               s.technique == engine::Technique::sashimi_swordfish;
      });
      REQUIRE(fish != r.steps.end());
      engine::Hint hint;
      hint.technique = fish->technique;
      hint.technique_name = std::string(engine::technique_name(fish->technique));
      hint.unit = fish->unit;
      hint.cells = fish->cells;
      hint.digits = fish->digits;
      hint.eliminations = fish->eliminations;
      hint.units = fish->units;
      hint.extra_cells = fish->extra_cells;
      hint.values.assign(givens.cells.begin(), givens.cells.begin() + shape.cells());
      const HintFacts facts = hint_facts(hint, shape, default_symbols(Skin::digits, shape), words);
      const std::string sentence = words.hint_sentence(facts);
      INFO(sentence);
      CHECK_FALSE(facts.base_lines.empty());
      CHECK_FALSE(facts.cover_lines.empty());
      CHECK(sentence.find(": in " + facts.base_lines + " the places for ") != std::string::npos);
      CHECK(sentence.find(" in " + facts.cover_lines) != std::string::npos);
      const bool rows = fish->units[0] < shape.size();
      CHECK(facts.base_lines.rfind(rows ? "rows " : "columns ", 0) == 0);
      CHECK(facts.cover_lines.rfind(rows ? "columns " : "rows ", 0) == 0);
    }
  }

  TEST_CASE("plan: glossary and hints pages after the puzzles, solutions still on a recto") {
    PlanInput input;
    input.sections = {{engine::Grade::easy, 10}, {engine::Grade::hard, 10}};
    input.puzzles_per_page = 2;
    input.glossary_pages = {3, 1};
    input.hint_pages = {12, 6};
    for (int k = 0; k < 20; ++k) {
      if (k != 3 && k != 15) input.hint_puzzles.push_back(k);  // 3 and 15: singles only
    }
    const auto pages = plan_pages(input);
    std::vector<PageKind> kinds;
    for (const auto& p : pages) kinds.push_back(p.kind);
    const auto last_puzzles = std::find(kinds.rbegin(), kinds.rend(), PageKind::puzzles);
    const std::size_t after = static_cast<std::size_t>(kinds.rend() - last_puzzles);
    REQUIRE(after + 4 <= pages.size());
    CHECK(pages[after].kind == PageKind::glossary);
    CHECK(pages[after].entries == std::vector<int>{0, 1, 2});
    CHECK(pages[after + 1].entries == std::vector<int>{3});
    CHECK(pages[after + 2].kind == PageKind::hints);
    CHECK(pages[after + 2].puzzles.size() == 12);
    CHECK(pages[after + 2].puzzles.front() == 0);
    CHECK(pages[after + 2].entries.front() == 0);
    CHECK(pages[after + 3].puzzles == std::vector<int>{13, 14, 16, 17, 18, 19});
    CHECK(pages[after + 3].entries == std::vector<int>{12, 13, 14, 15, 16, 17});
    CHECK(pages[after + 3].shows_number);
    const auto heading = std::find(kinds.begin(), kinds.end(), PageKind::solutions_heading);
    REQUIRE(heading != kinds.end());
    CHECK(static_cast<std::size_t>(heading - kinds.begin()) > after + 3);
    CHECK(pages[static_cast<std::size_t>(heading - kinds.begin())].number % 2 == 1);
    CHECK(page_kind_id(PageKind::hints) == "hints");
    CHECK(page_kind_id(PageKind::glossary) == "glossary");
  }

  TEST_CASE("the Hints section: a line per puzzle that needs more than singles, in order, compact") {
    const Book& book = hints_book();
    const auto hint_pages = pages_of(book, PageKind::hints);
    REQUIRE_FALSE(hint_pages.empty());
    std::vector<int> listed, left_out;  // left_out 1-based, as printed
    for (const BookPage* p : hint_pages)
      listed.insert(listed.end(), p->planned.puzzles.begin(), p->planned.puzzles.end());
    std::size_t next = 0;
    for (std::size_t k = 0; k < book.hints.size(); ++k) {
      if (book.hints[k].step.singles_only) {
        left_out.push_back(static_cast<int>(k) + 1);
      } else {
        REQUIRE(next < listed.size());
        CHECK(listed[next++] == static_cast<int>(k));
      }
    }
    CHECK(next == listed.size());
    REQUIRE_FALSE(left_out.empty());  // the book's Easy section needs singles only
    REQUIRE_FALSE(listed.empty());
    CHECK(hint_pages.front()->planned.puzzles.size() >= 10);  // many hints a page at 6x9
    const std::string first = page_text(hint_pages.front()->page);
    CHECK(first.find(Wording().hints_heading()) == 0);
    CHECK(first.find("Puzzle " + std::to_string(listed.front() + 1) + "\n") != std::string::npos);
    CHECK(first.find("singles only") != std::string::npos);  // the paragraph, not a line
    CHECK(first.find("Puzzle " + std::to_string(left_out.front()) + "\n") == std::string::npos);
    CHECK(first.find(book.hints[5].sentence.substr(0, 20)) != std::string::npos);
    // Right after the puzzles (after the glossary), before the solutions.
    const auto glossary = pages_of(book, PageKind::glossary);
    REQUIRE_FALSE(glossary.empty());
    CHECK(glossary.back()->planned.number + 1 == hint_pages.front()->planned.number);
    CHECK(page_text(glossary.front()->page).find("Techniques used\nin this book") == 0);  // balanced at 6x9
    // The type size comes from the preset.
    for (const auto& item : hint_pages.front()->page.items) {
      if (const auto* run = std::get_if<render::TextRun>(&item); run && run->text.rfind("Puzzle", 0) == 0) {
        CHECK(run->size_pt == doctest::Approx(book.layout.style.list_text_pt));
      }
    }
  }

  TEST_CASE("the glossary: one entry per technique the hints use, in the solver's order") {
    const Book& book = hints_book();
    std::vector<engine::Technique> used;
    for (const BookHint& h : book.hints) {
      if (h.technique() && std::find(used.begin(), used.end(), *h.technique()) == used.end())
        used.push_back(*h.technique());
    }
    REQUIRE(book.glossary.size() == used.size());
    std::size_t entries = 0;
    for (const BookPage* p : pages_of(book, PageKind::glossary)) entries += p->planned.entries.size();
    CHECK(entries == used.size());
    int last = -1;
    for (const GlossaryEntry& e : book.glossary) {
      const auto at = std::find(engine::kTechniqueOrder.begin(), engine::kTechniqueOrder.end(), e.technique);
      CHECK(static_cast<int>(at - engine::kTechniqueOrder.begin()) > last);
      last = static_cast<int>(at - engine::kTechniqueOrder.begin());
      CHECK(book.hints[static_cast<std::size_t>(e.puzzle)].technique() == e.technique);
      // The figure shades the pattern and the cells the step changes, and shows the position
      // after the singles: every given, and no cell the step changes already filled.
      const render::Figure f = glossary_figure(
          book.hints[static_cast<std::size_t>(e.puzzle)], book.puzzles[static_cast<std::size_t>(e.puzzle)].shape,
          book.puzzles[static_cast<std::size_t>(e.puzzle)].givens, book.symbols[static_cast<std::size_t>(e.puzzle)]);
      CHECK_FALSE(f.shaded_cells.empty());
      for (const auto& [cell, grey] : f.shaded_cells)
        CHECK(f.cells[static_cast<std::size_t>(cell)].ink == render::Ink::blank);
    }
  }

  TEST_CASE("the manifest records each hint; verify recomputes it and catches a tampered one") {
    const Book& book = hints_book();
    Manifest m = book.manifest;
    const auto hint_pages = pages_of(book, PageKind::hints);
    for (std::size_t k = 0; k < m.puzzles.size(); ++k) {
      REQUIRE(m.puzzles[k].hint.has_value());
      CHECK(m.puzzles[k].hint->text == book.hints[k].sentence);
      const auto t = book.hints[k].technique();
      CHECK(m.puzzles[k].hint->technique == (t ? std::string(engine::technique_name(*t)) : ""));
      const auto on = std::find_if(hint_pages.begin(), hint_pages.end(), [&](const BookPage* p) {
        return std::find(p->planned.puzzles.begin(), p->planned.puzzles.end(), static_cast<int>(k)) !=
               p->planned.puzzles.end();
      });
      // A puzzle that needs singles only is named by the first page's paragraph.
      const BookPage* expected =
          book.hints[k].step.singles_only ? hint_pages.front() : (on == hint_pages.end() ? nullptr : *on);
      REQUIRE(expected != nullptr);
      CHECK(m.puzzles[k].hint->page == expected->planned.number);
    }
    CHECK(m.allow_trial == false);
    const Manifest read = parse_manifest(manifest_to_json(m), "m.json");
    CHECK(read.allow_trial == m.allow_trial);
    for (std::size_t k = 0; k < m.puzzles.size(); ++k) CHECK(read.puzzles[k].hint == m.puzzles[k].hint);
    CHECK(verify_manifest(m).empty());

    const std::string honest = m.puzzles[20].hint->text;
    m.puzzles[20].hint->text = "row 1: the pair 1/2 in r1c1 and r1c2 removes 1 and 2 from the rest of the row";
    const auto problems = verify_manifest(m);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0] ==
          "puzzle 21: hint '" + m.puzzles[20].hint->text + "' but the first step beyond singles is '" + honest + "'");
    m.puzzles[20].hint->text = honest;
    m.puzzles[20].hint->page = 0;
    CHECK(verify_manifest(m) == std::vector<std::string>{"puzzle 21: hint page 0 is outside the book (1-" +
                                                         std::to_string(m.page_count) + ")"});
  }

  TEST_CASE("hints in the book's language: the table's words; the manifest keeps the language for verify") {
    const engine::Grid givens = grid_of(kNakedPairPuzzle);
    const SymbolSet digits = default_symbols(Skin::digits, engine::kShape9x9);
    CHECK(book_hint(givens, digits, Wording("de")).sentence ==
          "Zeile 8: das Paar 6/8 in Z8S1 und Z8S6 entfernt 6 und 8 aus dem Rest der Zeile");
    CHECK(book_hint(givens, digits, Wording("fr")).sentence ==
          "ligne 8\u00A0: la paire 6/8 en L8C1 et L8C6 retire 6 et 8 du reste de la ligne");
    CHECK(Wording("es").hint_line(3, "x") == "Sudoku 3 \u2014 x");
    CHECK(Wording("it").technique_name(engine::Technique::swordfish) == "pesce spada");
    // An override reaches the hints too.
    CHECK(book_hint(givens, digits, Wording("en", {{"unit_row", "line {n}"}})).sentence.rfind("line 8: ", 0) == 0);

    Manifest m = make_book(spec_of("hints: true\nlanguage: de\n"), testing::built_in_settings()).manifest;
    CHECK(m.language == "de");
    const std::string& first_hint = m.puzzles[0].hint->text;
    CHECK((first_hint.find("Zeile") != std::string::npos || first_hint == "nur Einer"));
    const Manifest read = parse_manifest(manifest_to_json(m), "m.json");
    CHECK(read.language == "de");
    CHECK(verify_manifest(read).empty());
    m.language = "en";  // the same hints read as English no longer match
    CHECK_FALSE(verify_manifest(m).empty());
  }

  TEST_CASE("no puzzle needing trial by default; the copyright page says so") {
    const Book& book = hints_book();
    for (const auto& p : book.puzzles) {
      const engine::LogicResult r = engine::solve_logically(p.givens);
      CHECK(r.solved);
      CHECK_FALSE(r.needs_trial);
    }
    const auto copyright = pages_of(book, PageKind::copyright);
    REQUIRE(copyright.size() == 1);
    CHECK(page_text(copyright[0]->page).find("logic alone") != std::string::npos);
  }

  TEST_CASE("copyright wording: the logic line only when it holds") {
    CopyrightFacts facts;
    facts.title = "T";
    facts.author = "A";
    facts.version = "1";
    const auto last = [](const std::vector<render::Paragraph>& p) { return p.back().text; };
    CHECK(last(Wording().copyright(facts)).find("logic alone") == std::string::npos);
    facts.logic_only = true;
    CHECK(last(Wording().copyright(facts)).find("Every puzzle can be solved by logic alone, without guessing.") !=
          std::string::npos);
  }

  TEST_CASE("allow_trial reaches every request; a verify of a no-trial book catches a trial puzzle") {
    for (const auto& r : generate_requests(spec_of(""))) CHECK_FALSE(r.base.allow_trial);
    for (const auto& r : generate_requests(spec_of("allow_trial: true\n"))) CHECK(r.base.allow_trial);
    BookSpec spec = spec_of("");
    apply_overrides(spec, {.allow_trial = true});
    CHECK(spec.allow_trial);

    // A board no technique of ours finishes (the "Easter monster"), put into a no-trial book.
    constexpr const char* kTrial = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    REQUIRE(engine::solve_logically(grid_of(kTrial)).needs_trial);
    Manifest m = hints_book().manifest;
    m.puzzles.resize(1);
    m.grading = "clues";
    m.puzzles[0].givens = grid_of(kTrial);
    m.puzzles[0].solution = grid_of(testing::first_solution_exact_cover(kTrial));
    m.puzzles[0].clues = m.puzzles[0].givens.clue_count();
    m.puzzles[0].grade = engine::Grade::evil;
    m.puzzles[0].hint.reset();
    const auto problems = verify_manifest(m);
    CHECK(std::find(problems.begin(), problems.end(),
                    "puzzle 1: needs trial and error, but the book does not allow trial (allow_trial: false)") !=
          problems.end());
    m.allow_trial = true;
    const auto allowed = verify_manifest(m);
    CHECK(std::none_of(allowed.begin(), allowed.end(),
                       [](const std::string& s) { return s.find("trial") != std::string::npos; }));
  }
}
