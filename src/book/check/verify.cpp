#include "book/check/verify.h"

#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>

#include "book/kdp/cover_geometry.h"
#include "book/kdp/geometry.h"
#include "book/make/hints.h"
#include "engine/sized_generator.h"
#include "engine/sized_logic.h"
#include "engine/sized_solver.h"
#include "util/numbers.h"

namespace puzzlepress::book {
namespace {

/// Sizes closer than this (points) are the same size.
constexpr double kSizeTolerancePt = 0.01;
/// A recorded spine closer than this to the formula's (inches) is the formula's: the manifest
/// keeps 4 decimals.
constexpr double kSpineToleranceIn = 0.0001;

std::string puzzle_prefix(const ManifestPuzzle& p) { return "puzzle " + std::to_string(p.number) + ": "; }

}  // namespace

std::vector<std::string> verify_manifest(const Manifest& m) {
  std::vector<std::string> problems;
  if (m.puzzles.empty()) problems.push_back("the manifest lists no puzzles");
  const engine::Grading grading = engine::parse_grading(m.grading).value_or(engine::Grading::techniques);
  const std::string book_pages = "(1-" + std::to_string(m.page_count) + ")";
  // The hints are recomputed in the book's words (its language and overrides).
  std::optional<Wording> words;
  try {
    words.emplace(m.language, m.text);
  } catch (const std::exception& e) {
    problems.push_back("language '" + m.language + "' or its text overrides: " + e.what());
  }

  for (const ManifestPuzzle& mp : m.puzzles) {
    const engine::SizedPuzzle p = to_engine_puzzle(mp, grading);
    const std::string prefix = puzzle_prefix(mp);
    const std::vector<std::string> puzzle_problems = engine::validate_sized(p);
    for (const std::string& message : puzzle_problems) problems.push_back(prefix + message);
    if (const auto symbols = symbols_problem(mp.symbols, mp.givens.shape)) {
      problems.push_back(prefix + "symbols: " + *symbols);
    }
    if (!mp.valid) problems.push_back(prefix + "marked not valid");
    const bool no_trial = m.allow_trial == false;
    // The trial check needs only one solution (a clue count outside the band is reported above).
    const bool unique =
        puzzle_problems.empty() || (no_trial && engine::count_solutions_sized(mp.givens, 2) == 1);
    if ((grading == engine::Grading::techniques || no_trial) && unique) {
      const engine::SizedLogicResult logic = engine::solve_logically_sized(mp.givens);
      if (no_trial && logic.needs_trial) {
        problems.push_back(prefix + "needs trial and error, but the book does not allow trial (allow_trial: false)");
      }
      if (grading == engine::Grading::techniques && puzzle_problems.empty()) {
        // Re-grade: the label must be the tier of the hardest technique the puzzle needs.
        if (logic.tier != mp.grade) {
          problems.push_back(prefix + "labelled " + std::string(engine::grade_id(mp.grade)) +
                             " but needs " + std::string(engine::grade_id(logic.tier)) +
                             " techniques (rating " + util::format_fixed(logic.rating, 1) + ")");
        }
        if (mp.rating > 0 && std::fabs(logic.rating - mp.rating) > 0.05) {
          problems.push_back(prefix + "recorded rating " + util::format_fixed(mp.rating, 1) +
                             " but the puzzle rates " + util::format_fixed(logic.rating, 1));
        }
      }
    }
    if (mp.hint && words && puzzle_problems.empty() && !symbols_problem(mp.symbols, mp.givens.shape)) {
      // The hint again, from the givens: the engine's first step beyond singles, in words.
      const BookHint again = book_hint(mp.givens, mp.symbols, *words);
      const auto technique = again.technique();
      const std::string name = technique ? std::string(engine::technique_name(*technique)) : "";
      if (again.sentence != mp.hint->text) {
        problems.push_back(prefix + "hint '" + mp.hint->text + "' but the first step beyond singles is '" +
                           again.sentence + "'");
      } else if (name != mp.hint->technique) {
        problems.push_back(prefix + "hint technique '" + mp.hint->technique + "' but the step is '" + name + "'");
      }
    }
    if (mp.hint && (mp.hint->page < 1 || mp.hint->page > m.page_count)) {
      problems.push_back(prefix + "hint page " + std::to_string(mp.hint->page) + " is outside the book " + book_pages);
    }
    const bool page_ok = mp.page >= 1 && mp.page <= m.page_count;
    const bool solution_ok = mp.solution_page >= 1 && mp.solution_page <= m.page_count;
    if (!page_ok) {
      problems.push_back(prefix + "page " + std::to_string(mp.page) + " is outside the book " + book_pages);
    }
    if (!solution_ok) {
      problems.push_back(prefix + "solution page " + std::to_string(mp.solution_page) +
                         " is outside the book " + book_pages);
    }
    if (page_ok && solution_ok && mp.solution_page <= mp.page) {
      problems.push_back(prefix + "solution page " + std::to_string(mp.solution_page) +
                         " is not after its page " + std::to_string(mp.page));
    }
  }

  for (std::size_t i = 0; i < m.puzzles.size(); ++i) {
    // 64-bit: a manifest may say 2147483647, and the next number must not overflow.
    const long long expected = i == 0 ? 1 : static_cast<long long>(m.puzzles[i - 1].number) + 1;
    const long long found = m.puzzles[i].number;
    if (found == expected) continue;
    problems.push_back("puzzle numbers: expected " + std::to_string(expected) +
                       (i == 0 ? std::string(" first") : " after " + std::to_string(expected - 1)) +
                       ", found " + std::to_string(found));
  }

  if (m.page_count % 2 != 0) problems.push_back("page count " + std::to_string(m.page_count) + " is odd");
  const TrimResult trim = parse_trim(m.trim);
  if (!trim.trim) {
    if (m.page_count < 24) {
      problems.push_back("page count " + std::to_string(m.page_count) + " is below KDP's minimum of 24");
    }
    problems.push_back("trim '" + m.trim + "' is not a trim: " + trim.error);
    return problems;
  }
  const PageCountRange range = page_count_range(*trim.trim, m.paper);
  if (m.page_count < range.min) {
    problems.push_back("page count " + std::to_string(m.page_count) + " is below KDP's minimum of " +
                       std::to_string(range.min));
  } else if (m.page_count > range.max) {
    problems.push_back("page count " + std::to_string(m.page_count) + " is above KDP's limit of " +
                       std::to_string(range.max) + " for " + m.trim + " on " +
                       std::string(paper_id(m.paper)) + " paper");
  }
  const PageSizePt size = page_size_pt(*trim.trim, m.bleed);
  if (std::abs(size.width - m.page_width_pt) > kSizeTolerancePt ||
      std::abs(size.height - m.page_height_pt) > kSizeTolerancePt) {
    problems.push_back("page size " + format_pt(m.page_width_pt) + " x " + format_pt(m.page_height_pt) +
                       " pt does not match trim " + m.trim + (m.bleed ? " with bleed" : "") + " (" +
                       format_pt(size.width) + " x " + format_pt(size.height) + " pt)");
  }
  // Every grid inside KDP's minimum margins of its page (a layout may keep wider ones).
  const auto check_rect = [&](const ManifestPuzzle& mp, int page, const RectPt& r, const char* what) {
    if (page < 1 || page > m.page_count) return;  // reported above
    const RectPt box = content_box_pt(page, m.page_count, *trim.trim, m.bleed, MarginsIn{});
    const double e = kSizeTolerancePt;
    if (r.width <= 0 || r.height <= 0 || r.x < box.x - e || r.y < box.y - e ||
        r.x + r.width > box.x + box.width + e || r.y + r.height > box.y + box.height + e) {
      problems.push_back(puzzle_prefix(mp) + what + " " + format_rect(r) +
                         " is not inside the margins of page " + std::to_string(page));
    }
  };
  // The gutter depends on the page count; with a page count already reported as wrong, every
  // grid would be reported again, so the grids are checked only when it is right.
  const bool page_count_ok =
      m.page_count % 2 == 0 && m.page_count >= range.min && m.page_count <= range.max;
  for (const ManifestPuzzle& mp : m.puzzles) {
    if (!page_count_ok) break;
    check_rect(mp, mp.page, mp.rect, "grid");
    check_rect(mp, mp.solution_page, mp.solution_rect, "solution grid");
  }
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
  if (!(c.spine_in > 0 && c.spine_in <= kMaxSpineIn)) {
    problems.push_back("cover: spine " + format_in(c.spine_in) + " in is not a paperback spine (more than 0, at most " +
                       format_in(kMaxSpineIn) + " in)");
    return problems;
  }
  const std::string pages = std::to_string(m.page_count) + " pages of " + paper + " paper";
  if (const std::optional<double> formula = formula_spine_in(c.printer, c.paper, m.page_count)) {
    const double off = std::abs(*formula - c.spine_in);
    if (!c.spine_in_from_spec && off > kSpineToleranceIn) {
      problems.push_back("cover: spine " + format_in(c.spine_in) + " in does not match " + printer + "'s " +
                         format_in(*formula) + " in for " + pages);
    } else if (c.spine_in_from_spec && c.printer == Printer::kdp && off > kKdpSpineToleranceIn) {
      // KDP states its tolerance; for Lulu a spec's own spine is the author's call (build warns).
      problems.push_back("cover: spine " + format_in(c.spine_in) + " in (from the spec) is " + format_in(off, 3) +
                         " in off " + printer + "'s " + format_in(*formula) + " in for " + pages +
                         "; more than " + format_in(kKdpSpineToleranceIn) + " in is rejected");
    }
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
