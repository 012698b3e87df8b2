#include "book/verify.h"

#include <cmath>
#include <cstdio>

#include "book/geometry.h"
#include "engine/sized_generator.h"
#include "engine/sized_logic.h"

namespace puzzlepress::book {
namespace {

/// Sizes closer than this (points) are the same size.
constexpr double kSizeTolerancePt = 0.01;

std::string puzzle_prefix(const ManifestPuzzle& p) { return "puzzle " + std::to_string(p.number) + ": "; }

std::string format_rating(double rating) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%.1f", rating);
  return buffer;
}

}  // namespace

std::string format_pt(double points) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.2f", points);
  std::string text = buffer;
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

std::vector<std::string> verify_manifest(const Manifest& m) {
  std::vector<std::string> problems;
  if (m.puzzles.empty()) problems.push_back("the manifest lists no puzzles");
  const engine::Grading grading = engine::parse_grading(m.grading).value_or(engine::Grading::techniques);
  const std::string book_pages = "(1-" + std::to_string(m.page_count) + ")";

  for (const ManifestPuzzle& mp : m.puzzles) {
    const engine::SizedPuzzle p = to_engine_puzzle(mp, grading);
    const std::string prefix = puzzle_prefix(mp);
    const std::vector<std::string> puzzle_problems = engine::validate_sized(p);
    for (const std::string& message : puzzle_problems) problems.push_back(prefix + message);
    if (const auto symbols = symbols_problem(mp.symbols, mp.givens.shape)) {
      problems.push_back(prefix + "symbols: " + *symbols);
    }
    if (!mp.valid) problems.push_back(prefix + "marked not valid");
    if (grading == engine::Grading::techniques && puzzle_problems.empty()) {
      // Re-grade: the label must be the tier of the hardest technique the puzzle needs.
      const engine::SizedLogicResult logic = engine::solve_logically_sized(mp.givens);
      if (logic.tier != mp.grade) {
        problems.push_back(prefix + "labelled " + std::string(engine::grade_id(mp.grade)) +
                           " but needs " + std::string(engine::grade_id(logic.tier)) +
                           " techniques (rating " + format_rating(logic.rating) + ")");
      }
      if (mp.rating > 0 && std::fabs(logic.rating - mp.rating) > 0.05) {
        problems.push_back(prefix + "recorded rating " + format_rating(mp.rating) +
                           " but the puzzle rates " + format_rating(logic.rating));
      }
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
    const int expected = i == 0 ? 1 : m.puzzles[i - 1].number + 1;
    const int found = m.puzzles[i].number;
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
      problems.push_back(puzzle_prefix(mp) + what + " [" + format_pt(r.x) + ", " + format_pt(r.y) +
                         ", " + format_pt(r.width) + ", " + format_pt(r.height) +
                         "] is not inside the margins of page " + std::to_string(page));
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
  return problems;
}

}  // namespace puzzlepress::book
