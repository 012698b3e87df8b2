#include "book/check/pdf_cage_table.h"

#include <algorithm>
#include <optional>

#include "book/check/pdf_words.h"
#include "book/make/cage_table.h"

namespace puzzlepress::book {
namespace {

/// The largest digit of each part, from the manifest's killers, in book order.
std::vector<int> killer_digits(const Manifest& m) {
  std::vector<int> digits;
  for (const ManifestPuzzle& p : m.puzzles) {
    const int n = p.givens.shape.size();
    if (!p.killer_text.empty() && std::find(digits.begin(), digits.end(), n) == digits.end()) digits.push_back(n);
  }
  return digits;
}

std::string pages_named(const ManifestCageTable& table) {
  return table.pages <= 1 ? "page " + std::to_string(table.page)
                          : "pages " + std::to_string(table.page) + "-" + std::to_string(table.page + table.pages - 1);
}

bool followed(const PdfScan& scan, int page) {
  if (page < 1 || page > static_cast<int>(scan.pages.size())) return false;
  const PdfPageScan& scanned = scan.pages[static_cast<std::size_t>(page - 1)];
  return !scanned.too_much_work && !scanned.too_deep;
}

}  // namespace

void check_cage_table_record(const Manifest& m, std::vector<std::string>& problems) {
  if (!m.cage_table) return;
  const std::string where = "cage table (" + pages_named(*m.cage_table) + ")";
  if (m.cage_table->pages < 1 || m.cage_table->page < 1 || m.cage_table->page + m.cage_table->pages - 1 > m.page_count)
    problems.push_back(where + " is outside the book (1-" + std::to_string(m.page_count) + ")");
  if (killer_digits(m).empty()) problems.push_back(where + ": the book has no killer puzzles");
}

std::vector<std::string> check_printed_cage_table(const Manifest& m, const Wording& words, const PdfScan& scan,
                                                  const PdfTextReader* text) {
  if (!m.cage_table || m.cage_table->pages < 1) return {};
  const std::string where = "PDF " + pages_named(*m.cage_table) + " (cage table): ";
  const int pages = static_cast<int>(scan.pages.size());
  std::string printed;
  for (int page = m.cage_table->page; page < m.cage_table->page + m.cage_table->pages; ++page) {
    if (page < 1 || page > pages) {
      return {"PDF page " + std::to_string(page) + " (cage table): the PDF has no such page (" + std::to_string(pages) +
              (pages == 1 ? " page)" : " pages)")};
    }
    if (!followed(scan, page)) return {};  // preflight names the page
    const PdfPageScan& scanned = scan.pages[static_cast<std::size_t>(page - 1)];
    std::vector<PdfGlyph> glyphs;
    if (scanned.glyphs_complete) {
      glyphs = scanned.glyphs;
    } else if (text != nullptr && page <= text->page_count()) {
      glyphs = text->glyphs(page);
    } else {
      return {};
    }
    for (const PdfGlyph& g : glyphs) printed += g.text;
  }
  printed = without_spaces(printed);
  // The pieces in the order they print, each with how a message names it.
  std::vector<std::pair<std::string, std::string>> pieces{{words.cage_table_heading(), words.cage_table_heading()},
                                                          {words.cage_table_intro(), words.cage_table_intro()}};
  std::string part;  // the part a row is in, for messages
  for (const render::TableGroup& group : cage_table_groups(killer_digits(m), words)) {
    if (!group.part.empty()) pieces.emplace_back(part = group.part, group.part);
    pieces.emplace_back(group.title, group.title);
    for (const render::TableRow& row : group.rows) {
      std::string joined = row.label, shown = (part.empty() ? "" : part + ", ") + group.title + ", " + row.label + ":";
      for (const std::string& e : row.entries) {
        joined += e;
        shown += " " + e;
      }
      pieces.emplace_back(joined, shown);
    }
  }
  // Each piece follows the one before directly, but for what the layout repeats or adds between
  // them: a part's and a group's title again at the top of a column, a page's number at its foot.
  std::vector<std::string> fillers;
  for (int page = m.cage_table->page; page < m.cage_table->page + m.cage_table->pages; ++page)
    fillers.push_back(std::to_string(page));
  for (const render::TableGroup& group : cage_table_groups(killer_digits(m), words)) {
    if (!group.part.empty()) fillers.push_back(without_spaces(group.part));
    fillers.push_back(without_spaces(group.title));
  }
  const auto starts = [&](std::size_t at, const std::string& text) {
    return printed.compare(at, text.size(), text) == 0;
  };
  std::size_t at = 0;
  for (const auto& [piece, shown] : pieces) {
    const std::string wanted = without_spaces(piece);
    std::vector<std::size_t> tries{at};  // where the piece may start: here, or past up to 3 fillers
    std::optional<std::size_t> found;
    for (std::size_t k = 0; k < tries.size() && !found; ++k) {
      if (starts(tries[k], wanted)) {
        found = tries[k];
      } else if (tries.size() < 40) {
        for (const std::string& filler : fillers)
          if (starts(tries[k], filler)) tries.push_back(tries[k] + filler.size());
      }
    }
    if (!found) return {where + "does not print '" + shown + "'"};
    at = *found + wanted.size();
  }
  return {};
}

std::vector<int> cage_table_pages_needing_poppler(const Manifest& m, const PdfScan& scan) {
  std::vector<int> out;
  if (!m.cage_table) return out;
  for (int page = m.cage_table->page; page < m.cage_table->page + m.cage_table->pages && page <= m.page_count; ++page)
    if (followed(scan, page) && !scan.pages[static_cast<std::size_t>(page - 1)].glyphs_complete) out.push_back(page);
  return out;
}

}  // namespace puzzlepress::book
