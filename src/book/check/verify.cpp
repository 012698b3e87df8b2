#include "book/check/verify.h"

#include "engine/killer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>

#include "book/check/pdf_cage_table.h"
#include "book/kdp/cover_geometry.h"
#include "book/kdp/geometry.h"
#include "book/make/hints.h"
#include "engine/generator.h"
#include "engine/killer_grade.h"
#include "engine/logic.h"
#include "engine/solver.h"
#include "engine/variant_solver.h"
#include "util/numbers.h"

namespace puzzlepress::book {
namespace {

/// Sizes closer than this (points) are the same size.
constexpr double kSizeTolerancePt = 0.01;

std::string puzzle_prefix(const ManifestPuzzle& p) { return "puzzle " + std::to_string(p.number) + ": "; }

/// What every puzzle's check shares.
struct PuzzleChecks {
  const Manifest& manifest;
  engine::Grading grading;
  const Wording* words;    ///< the book's words, for the hints; null when they cannot be made
  std::string book_pages;  ///< "(1-N)"
};

/// The steps of each technique in `logic`, as the manifest records them (solver's order, unused
/// ones left out).
std::vector<std::pair<std::string, int>> technique_counts(const engine::LogicResult& logic) {
  std::vector<std::pair<std::string, int>> out;
  for (const engine::Technique t : engine::kTechniqueOrder) {
    if (const int n = logic.count(t)) out.emplace_back(engine::technique_name(t), n);
  }
  return out;
}

/// "naked single 12, hidden single (box) 30".
std::string describe_counts(const std::vector<std::pair<std::string, int>>& counts) {
  std::string out;
  for (const auto& [name, n] : counts) out += (out.empty() ? "" : ", ") + name + " " + std::to_string(n);
  return out.empty() ? "none" : out;
}

// Re-grade: the label must be `tier`, the tier of the hardest technique the puzzle needs
// (`logic`: its logical solve); the recorded rating, tier and techniques must be the solve's.
void check_grade(const ManifestPuzzle& mp, const engine::LogicResult& logic, engine::Grade tier,
                 std::vector<std::string>& problems) {
  const std::string prefix = puzzle_prefix(mp);
  if (tier != mp.grade) {
    problems.push_back(prefix + "labelled " + std::string(engine::grade_id(mp.grade)) + " but needs " +
                       std::string(engine::grade_id(tier)) + " techniques (rating " +
                       util::format_fixed(logic.rating, 1) + ")");
  }
  if (mp.rating > 0 && std::fabs(logic.rating - mp.rating) > 0.05) {
    problems.push_back(prefix + "recorded rating " + util::format_fixed(mp.rating, 1) + " but the puzzle rates " +
                       util::format_fixed(logic.rating, 1));
  }
  if (mp.rating > 0 && mp.tier != tier) {
    problems.push_back(prefix + "recorded tier " + std::string(engine::grade_id(mp.tier)) +
                       " but the puzzle's tier is " + std::string(engine::grade_id(tier)));
  }
  if (mp.rating > 0) {
    const auto counts = technique_counts(logic);
    if (mp.techniques != counts) {
      problems.push_back(prefix + "recorded techniques (" + describe_counts(mp.techniques) + ") but the solve takes " +
                         describe_counts(counts));
    }
  }
}

// The grade, rating, tier and techniques again from the givens (a unique puzzle only), and the
// trial rule.
void check_logic(const PuzzleChecks& c, const ManifestPuzzle& mp, bool valid, std::vector<std::string>& problems) {
  const std::string prefix = puzzle_prefix(mp);
  const bool no_trial = c.manifest.allow_trial == false;
  // The trial check needs only one solution (a clue count outside the band is reported already).
  const bool classic = mp.layout.kind == engine::Kind::classic;
  const bool unique = valid || (no_trial && (classic ? engine::count_solutions(mp.givens, 2)
                                                     : engine::count_solutions(mp.layout, mp.givens, 2)) == 1);
  if (!(c.grading == engine::Grading::techniques || no_trial) || !unique) return;
  const engine::GeometryBuild geometry = engine::variant_geometry(mp.layout);
  if (!geometry.geometry) return;  // validate reported it
  // A variant under its kind's houses (the grader leaves out what they rule out).
  const engine::LogicResult logic =
      classic ? engine::solve_logically(mp.givens) : engine::solve_logically(mp.givens, *geometry.geometry);
  if (no_trial && logic.needs_trial) {
    problems.push_back(prefix + "needs trial and error, but the book does not allow trial (allow_trial: false)");
  }
  if (c.grading != engine::Grading::techniques || !valid) return;
  check_grade(mp, logic, logic.tier, problems);
}

// The hint again, from the givens: the engine's first step beyond singles, in the book's words.
void check_hint(const PuzzleChecks& c, const ManifestPuzzle& mp, bool valid, std::vector<std::string>& problems) {
  if (!mp.hint) return;
  const std::string prefix = puzzle_prefix(mp);
  if (c.words && valid && !symbols_problem(mp.symbols, mp.givens.shape)) {
    const engine::KillerParse killer =
        mp.killer_text.empty() ? engine::KillerParse{} : engine::parse_killer(mp.killer_text);
    if (!mp.killer_text.empty() && !killer.killer) return;  // check_killer reported it
    const BookHint again = killer.killer ? book_hint(*killer.killer, mp.givens, mp.symbols, *c.words)
                                         : book_hint(mp.givens, mp.layout, mp.symbols, *c.words);
    const auto technique = again.technique();
    const std::string name = technique ? std::string(engine::technique_name(*technique)) : "";
    if (again.sentence != mp.hint->text) {
      problems.push_back(prefix + "hint '" + mp.hint->text + "' but the first step beyond singles is '" +
                         again.sentence + "'");
    } else if (name != mp.hint->technique) {
      problems.push_back(prefix + "hint technique '" + mp.hint->technique + "' but the step is '" + name + "'");
    }
  }
  if (mp.hint->page < 1 || mp.hint->page > c.manifest.page_count) {
    problems.push_back(prefix + "hint page " + std::to_string(mp.hint->page) + " is outside the book " + c.book_pages);
  }
}

// The puzzle's and its solution's pages: inside the book, the solution after the puzzle.
void check_pages(const PuzzleChecks& c, const ManifestPuzzle& mp, std::vector<std::string>& problems) {
  const std::string prefix = puzzle_prefix(mp);
  const bool page_ok = mp.page >= 1 && mp.page <= c.manifest.page_count;
  const bool solution_ok = mp.solution_page >= 1 && mp.solution_page <= c.manifest.page_count;
  if (!page_ok) problems.push_back(prefix + "page " + std::to_string(mp.page) + " is outside the book " + c.book_pages);
  if (!solution_ok) {
    problems.push_back(prefix + "solution page " + std::to_string(mp.solution_page) + " is outside the book " +
                       c.book_pages);
  }
  if (page_ok && solution_ok && mp.solution_page <= mp.page) {
    problems.push_back(prefix + "solution page " + std::to_string(mp.solution_page) + " is not after its page " +
                       std::to_string(mp.page));
  }
}

// A shapes or letters puzzle shows every symbol among its givens: a reader cannot infer a shape or
// a letter the puzzle never shows (digits are known from 1 to N).
void check_every_symbol_given(const ManifestPuzzle& mp, std::vector<std::string>& problems) {
  const int n = mp.givens.shape.size();
  if (mp.symbols.skin == Skin::digits || static_cast<int>(mp.symbols.names.size()) != n) return;
  for (int v = 1; v <= n; ++v) {
    if (std::find(mp.givens.cells.begin(), mp.givens.cells.end(), v) == mp.givens.cells.end()) {
      problems.push_back(puzzle_prefix(mp) + "its givens never show '" +
                         mp.symbols.names[static_cast<std::size_t>(v - 1)] +
                         "', so a reader cannot know the puzzle uses it");
    }
  }
}

// A killer (ManifestPuzzle::killer_text): its text read again, the givens and solution the
// manifest records the text's, the solution complete, every row, column and box holding each
// digit once, every cage's digits different and adding up to its sum, and no other solution
// (engine solve under the cages); its grade, rating, tier and techniques again from the killer
// grader (engine::killer_tier: evil when no technique finishes it), and its hint.
void check_killer(const PuzzleChecks& c, const ManifestPuzzle& mp, std::vector<std::string>& problems) {
  const std::string prefix = puzzle_prefix(mp);
  const engine::KillerParse parsed = engine::parse_killer(mp.killer_text);
  if (!parsed.killer) {
    problems.push_back(prefix + "killer: " + parsed.error);
    return;
  }
  const engine::Killer& killer = *parsed.killer;
  const engine::Grid& s = mp.solution;
  const int n = killer.shape.size();
  if (*parsed.givens != mp.givens) problems.push_back(prefix + "givens differ from its killer text's");
  if (s.shape != killer.shape ||
      std::any_of(s.cells.begin(), s.cells.begin() + n * n, [&](int v) { return v < 1 || v > n; })) {
    problems.push_back(prefix + "solution is not a complete " + engine::shape_id(killer.shape) + " grid");
    return;
  }
  const auto cell = [&](int r, int col) { return s.cells[static_cast<std::size_t>(r * n + col)]; };
  for (int h = 0; h < n; ++h) {  // row h, column h, box h
    std::vector<int> row(static_cast<std::size_t>(n + 1)), column(row), box(row);
    const int top = (h / (n / killer.shape.box_cols)) * killer.shape.box_rows;
    const int left = (h % (n / killer.shape.box_cols)) * killer.shape.box_cols;
    for (int k = 0; k < n; ++k) {
      ++row[static_cast<std::size_t>(cell(h, k))];
      ++column[static_cast<std::size_t>(cell(k, h))];
      ++box[static_cast<std::size_t>(cell(top + k / killer.shape.box_cols, left + k % killer.shape.box_cols))];
    }
    for (const auto* house : {&row, &column, &box})
      if (std::count(house->begin() + 1, house->end(), 1) != n) {
        problems.push_back(prefix + "solution repeats a digit in " +
                           (house == &row      ? "row "
                            : house == &column ? "column "
                                               : "box ") +
                           std::to_string(h + 1));
      }
  }
  for (std::size_t k = 0; k < killer.cages.size(); ++k) {
    const engine::Cage& cage = killer.cages[k];
    std::vector<bool> seen(static_cast<std::size_t>(n + 1), false);
    int sum = 0;
    bool repeats = false;
    for (const int i : cage.cells) {
      const int v = s.cells[static_cast<std::size_t>(i)];
      repeats = repeats || seen[static_cast<std::size_t>(v)];
      seen[static_cast<std::size_t>(v)] = true;
      sum += v;
    }
    if (repeats || sum != cage.sum) {
      problems.push_back(
          prefix + "solution breaks " + engine::cage_name(killer, static_cast<int>(k)) + ": its digits " +
          (repeats ? "repeat" : "add up to " + std::to_string(sum) + ", not " + std::to_string(cage.sum)));
    }
  }
  const engine::SolveResult solved = engine::solve(killer, *parsed.givens);
  if (solved.status != engine::SolveStatus::unique) {
    problems.push_back(prefix + "killer does not have exactly one solution (" +
                       std::string(engine::status_name(solved.status)) + ")");
  } else if (solved.solutions.empty() || solved.solutions.front() != s) {
    problems.push_back(prefix + "recorded solution is not the killer's solution");
  } else {
    const engine::LogicResult logic = engine::solve_logically(killer, *parsed.givens);
    if (c.manifest.allow_trial == false && !logic.solved)
      problems.push_back(prefix + "needs trial and error, but the book does not allow trial (allow_trial: false)");
    check_grade(mp, logic, engine::killer_tier(logic), problems);
    check_hint(c, mp, true, problems);
  }
  if (!mp.valid) problems.push_back(prefix + "marked not valid");
  check_pages(c, mp, problems);
}

void check_puzzle(const PuzzleChecks& c, const ManifestPuzzle& mp, std::vector<std::string>& problems) {
  if (!mp.killer_text.empty()) {
    check_killer(c, mp, problems);
    return;
  }
  const engine::Puzzle p = to_engine_puzzle(mp, c.grading);
  const std::string prefix = puzzle_prefix(mp);
  // Under the puzzle's kind: its houses, its clue bands.
  const std::vector<std::string> puzzle_problems = mp.layout.kind == engine::Kind::classic
                                                       ? engine::validate(p)
                                                       : engine::validate(engine::VariantPuzzle{mp.layout, p});
  for (const std::string& message : puzzle_problems) problems.push_back(prefix + message);
  if (const auto symbols = symbols_problem(mp.symbols, mp.givens.shape))
    problems.push_back(prefix + "symbols: " + *symbols);
  if (!mp.valid) problems.push_back(prefix + "marked not valid");
  check_every_symbol_given(mp, problems);
  check_logic(c, mp, puzzle_problems.empty(), problems);
  check_hint(c, mp, puzzle_problems.empty(), problems);
  check_pages(c, mp, problems);
}

// Numbers 1, 2, 3 … in order.
void check_numbering(const Manifest& m, std::vector<std::string>& problems) {
  for (std::size_t i = 0; i < m.puzzles.size(); ++i) {
    // 64-bit: a manifest may say 2147483647, and the next number must not overflow.
    const long long expected = i == 0 ? 1 : static_cast<long long>(m.puzzles[i - 1].number) + 1;
    const long long found = m.puzzles[i].number;
    if (found == expected) continue;
    problems.push_back("puzzle numbers: expected " + std::to_string(expected) +
                       (i == 0 ? std::string(" first") : " after " + std::to_string(expected - 1)) + ", found " +
                       std::to_string(found));
  }
}

// The page count against KDP's range for the trim and paper (the trim must read); true when it
// is right.
bool check_page_count(const Manifest& m, const Trim& trim, std::vector<std::string>& problems) {
  const PageCountRange range = page_count_range(trim, m.paper);
  if (m.page_count < range.min) {
    problems.push_back("page count " + std::to_string(m.page_count) + " is below KDP's minimum of " +
                       std::to_string(range.min));
  } else if (m.page_count > range.max) {
    problems.push_back("page count " + std::to_string(m.page_count) + " is above KDP's limit of " +
                       std::to_string(range.max) + " for " + m.trim + " on " + std::string(paper_id(m.paper)) +
                       " paper");
  }
  return m.page_count % 2 == 0 && m.page_count >= range.min && m.page_count <= range.max;
}

// Every grid inside KDP's minimum margins of its page (a layout may keep wider ones).
void check_grid_boxes(const Manifest& m, const Trim& trim, std::vector<std::string>& problems) {
  const auto check_rect = [&](const ManifestPuzzle& mp, int page, const RectPt& r, const char* what) {
    if (page < 1 || page > m.page_count) return;  // reported by check_pages
    const RectPt box = content_box_pt(page, m.page_count, trim, m.bleed, MarginsIn{});
    const double e = kSizeTolerancePt;
    if (r.width <= 0 || r.height <= 0 || r.x < box.x - e || r.y < box.y - e || r.x + r.width > box.x + box.width + e ||
        r.y + r.height > box.y + box.height + e) {
      problems.push_back(puzzle_prefix(mp) + what + " " + format_rect(r) + " is not inside the margins of page " +
                         std::to_string(page));
    }
  };
  for (const ManifestPuzzle& mp : m.puzzles) {
    check_rect(mp, mp.page, mp.rect, "grid");
    check_rect(mp, mp.solution_page, mp.solution_rect, "solution grid");
  }
}

/// "easy, medium and evil" (grade ids).
std::string grade_ids(const std::vector<engine::Grade>& grades) {
  std::string out;
  for (std::size_t i = 0; i < grades.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == grades.size() ? " and " : ", ") + std::string(engine::grade_id(grades[i]));
  }
  return out.empty() ? "none" : out;
}

// The how-to-play page names exactly the grades the puzzles have.
void check_how_to_play(const Manifest& m, std::vector<std::string>& problems) {
  if (!m.how_to_play || m.puzzles.empty()) return;  // no puzzles: reported on its own
  const std::string page = "how to play (page " + std::to_string(m.how_to_play->page) + ")";
  if (m.how_to_play->page < 1 || m.how_to_play->page > m.page_count) {
    problems.push_back(page + " is outside the book (1-" + std::to_string(m.page_count) + ")");
  }
  const std::vector<engine::Grade> grades = manifest_grades(m);
  if (m.how_to_play->grades != grades) {
    problems.push_back(page + " names the grades " + grade_ids(m.how_to_play->grades) + " but the puzzles are " +
                       grade_ids(grades));
  }
}

}  // namespace

std::vector<engine::Grade> manifest_grades(const Manifest& m) {
  std::vector<engine::Grade> grades;
  for (const ManifestPuzzle& p : m.puzzles) grades.push_back(p.grade);
  std::sort(grades.begin(), grades.end());
  grades.erase(std::unique(grades.begin(), grades.end()), grades.end());
  return grades;
}

std::vector<std::string> verify_manifest(const Manifest& m) {
  std::vector<std::string> problems;
  if (m.puzzles.empty()) problems.push_back("the manifest lists no puzzles");
  // The hints are recomputed in the book's words (its language and overrides).
  std::optional<Wording> words;
  try {
    words.emplace(m.language, m.text);
  } catch (const std::exception& e) {
    problems.push_back("language '" + m.language + "' or its text overrides: " + e.what());
  }
  const PuzzleChecks checks{m, engine::parse_grading(m.grading).value_or(engine::Grading::techniques),
                            words ? &*words : nullptr, "(1-" + std::to_string(m.page_count) + ")"};
  for (const ManifestPuzzle& mp : m.puzzles) check_puzzle(checks, mp, problems);
  check_numbering(m, problems);
  check_how_to_play(m, problems);
  check_cage_table_record(m, problems);

  if (m.page_count % 2 != 0) problems.push_back("page count " + std::to_string(m.page_count) + " is odd");
  const TrimResult trim = parse_trim(m.trim);
  if (!trim.trim) {
    if (m.page_count < kMinPageCount) {
      problems.push_back("page count " + std::to_string(m.page_count) + " is below KDP's minimum of " +
                         std::to_string(kMinPageCount));
    }
    problems.push_back("trim '" + m.trim + "' is not a trim: " + trim.error);
    return problems;
  }
  const bool page_count_ok = check_page_count(m, *trim.trim, problems);
  const PageSizePt size = page_size_pt(*trim.trim, m.bleed);
  if (std::abs(size.width - m.page_width_pt) > kSizeTolerancePt ||
      std::abs(size.height - m.page_height_pt) > kSizeTolerancePt) {
    problems.push_back("page size " + format_pt(m.page_width_pt) + " x " + format_pt(m.page_height_pt) +
                       " pt does not match trim " + m.trim + (m.bleed ? " with bleed" : "") + " (" +
                       format_pt(size.width) + " x " + format_pt(size.height) + " pt)");
  }
  // The gutter depends on the page count; with a page count already reported as wrong, every
  // grid would be reported again, so the grids are checked only when it is right.
  if (page_count_ok) check_grid_boxes(m, *trim.trim, problems);
  const std::vector<std::string> cover = verify_cover_record(m);
  problems.insert(problems.end(), cover.begin(), cover.end());
  return problems;
}

std::vector<std::string> verify_cover_record(const Manifest& m) {
  std::vector<std::string> problems;
  if (!m.cover) return problems;
  const ManifestCover& c = *m.cover;
  const TrimResult trim = parse_trim(m.trim);
  if (!trim.trim) return problems;  // verify_manifest reports the trim
  const std::string printer(printer_name(c.printer));
  const std::string paper(cover_paper_id(c.paper));
  if (const auto problem = spine_problem(c.spine_in, c.spine_in_from_spec, c.printer, c.paper, m.page_count)) {
    problems.push_back("cover: " + *problem);
    if (!(c.spine_in > 0 && c.spine_in <= kMaxSpineIn)) return problems;  // no geometry to check against
  }
  const CoverGeometry g = cover_geometry(*trim.trim, c.spine_in, c.printer, c.barcode.has_value());
  if (std::abs(g.width_pt - c.width_pt) > kSizeTolerancePt || std::abs(g.height_pt - c.height_pt) > kSizeTolerancePt) {
    problems.push_back("cover: size " + format_pt(c.width_pt) + " x " + format_pt(c.height_pt) +
                       " pt does not match trim " + m.trim + " with a " + format_in(c.spine_in) + " in spine (" +
                       format_pt(g.width_pt) + " x " + format_pt(g.height_pt) + " pt)");
  }
  const auto check_rect = [&](const char* what, const RectPt& r, const render::Box& b) {
    const RectPt expected{b.left, b.bottom, b.width(), b.height()};
    const double e = kSizeTolerancePt;
    if (std::abs(r.x - expected.x) > e || std::abs(r.y - expected.y) > e || std::abs(r.width - expected.width) > e ||
        std::abs(r.height - expected.height) > e) {
      problems.push_back(std::string("cover: ") + what + " " + format_rect(r) + " does not match the geometry " +
                         format_rect(expected));
    }
  };
  check_rect("front panel", c.front, g.front);
  check_rect("back panel", c.back, g.back);
  check_rect("spine", c.spine, g.spine);
  if (c.barcode && g.barcode) check_rect("barcode box", *c.barcode, *g.barcode);
  if (c.spine_text) {
    const int least = spine_text_min_pages(c.printer);
    if (m.page_count < least) {
      problems.push_back("cover: spine text on a " + std::to_string(m.page_count) + "-page book; " + printer +
                         " prints it from " + std::to_string(least) + " pages");
    } else if (spine_band_pt(c.spine_in) < kCoverMinTextPt) {
      problems.push_back("cover: spine text on a " + format_in(c.spine_in) +
                         " in spine, whose band between the folds is under " + format_pt(kCoverMinTextPt) + " pt");
    }
  }
  return problems;
}

}  // namespace puzzlepress::book
