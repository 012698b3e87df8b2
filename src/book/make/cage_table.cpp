#include "book/make/cage_table.h"

#include <algorithm>

#include "engine/cage_combinations.h"

namespace puzzlepress::book {

std::vector<int> cage_table_digits(const std::vector<Section>& sections) {
  std::vector<int> digits;
  for (const Section& s : sections) {
    const int n = s.shape.size();
    if (s.killer && std::find(digits.begin(), digits.end(), n) == digits.end()) digits.push_back(n);
  }
  return digits;
}

std::vector<render::TableGroup> cage_table_groups(const std::vector<int>& digits, const Wording& words) {
  std::vector<render::TableGroup> groups;
  for (const int n : digits) {
    for (int cells = kCageTableFewestCells; cells <= kCageTableMostCells && cells <= n; ++cells) {
      render::TableGroup group;
      if (digits.size() > 1 && cells == kCageTableFewestCells) group.part = words.cage_table_digits(n);
      group.title = words.cage_table_cells(cells);
      for (const engine::CageSumRow& sum : engine::cage_sum_rows(n, cells)) {
        render::TableRow row;
        row.label = std::to_string(sum.sum);
        for (const std::vector<int>& set : sum.combinations) {
          std::string entry;
          for (const int d : set) entry += std::to_string(d);
          row.entries.push_back(std::move(entry));
        }
        row.bold = sum.combinations.size() == 1;
        group.rows.push_back(std::move(row));
      }
      groups.push_back(std::move(group));
    }
  }
  return groups;
}

std::vector<int> cage_table_pages(const BookSpec& spec, const render::LayoutStyle& style,
                                  const render::PageFrame& frame) {
  if (!spec.killer_table) return {};
  const Wording words(spec.language, spec.text);
  const std::vector<render::TableGroup> groups = cage_table_groups(cage_table_digits(spec.sections), words);
  if (groups.empty()) return {};
  const std::string intro = words.cage_table_intro();
  const auto chars = static_cast<std::size_t>(
      std::count_if(intro.begin(), intro.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
  return render::paginate_table(frame, style, chars, groups);
}

LaidPage cage_table_page(const PageContext& c, const PlannedPage& planned, const render::PageFrame& frame) {
  const std::vector<render::TableGroup> groups = cage_table_groups(cage_table_digits(c.spec.sections), c.words);
  const int first = planned.entries.empty() ? 0 : planned.entries.front();
  const auto count = static_cast<int>(planned.entries.size());
  return LaidPage{render::layout_table_page(frame, c.style, c.words.cage_table_heading(), c.words.cage_table_intro(),
                                            groups, first, count, c.measure),
                  {}};
}

}  // namespace puzzlepress::book
