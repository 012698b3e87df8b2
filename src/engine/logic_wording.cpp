// LogicStep::describe: a step in words a solver understands, for `grade --steps` and hints.
// Cells are named rRcC, rows, columns and boxes 1-based, as everywhere in the engine's text.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/technique.h"

namespace puzzlepress::engine {

namespace {

std::string cell_name(int cell) {
  return "r" + std::to_string(cell / 9 + 1) + "c" + std::to_string(cell % 9 + 1);
}

std::string unit_name(int unit) {
  static constexpr const char* kinds[3] = {"row ", "column ", "box "};
  return kinds[unit / 9] + std::to_string(unit % 9 + 1);
}

// "row", "column" or "box".
std::string unit_kind(int unit) {
  static constexpr const char* kinds[3] = {"row", "column", "box"};
  return kinds[unit / 9];
}

// "a", "a and b", "a, b and c".
std::string join(const std::vector<std::string>& items) {
  std::string s;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) s += i + 1 == items.size() ? " and " : ", ";
    s += items[i];
  }
  return s;
}

std::string cells_text(const std::vector<int>& cells) {
  std::vector<std::string> names;
  for (int c : cells) names.push_back(cell_name(c));
  return join(names);
}

std::string digits_text(const std::vector<int>& digits, const char* separator = nullptr) {
  std::vector<std::string> names;
  for (int d : digits) names.push_back(std::to_string(d));
  if (!separator) return join(names);
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) s += (i ? separator : "") + names[i];
  return s;
}

// Lines (rows 0..8, columns 9..17) as "rows 2 and 7" or "columns 3, 5 and 8".
std::string lines_text(const std::vector<int>& lines) {
  if (lines.empty()) return "";
  std::vector<std::string> numbers;
  for (int l : lines) numbers.push_back(std::to_string(l % 9 + 1));
  return (lines[0] < 9 ? "rows " : "columns ") + join(numbers);
}

// "removes 2 from r4c5 and r4c6, and 7 from r4c9": eliminations grouped by digit (digits that
// leave the same cells together: "removes 1 and 2 from r2c4"), digits in increasing order.
std::string removes(const std::vector<CellDigit>& eliminations) {
  std::vector<int> digits;
  for (const auto& e : eliminations)
    if (std::find(digits.begin(), digits.end(), e.digit) == digits.end()) digits.push_back(e.digit);
  std::sort(digits.begin(), digits.end());
  std::vector<std::pair<std::vector<int>, std::vector<int>>> groups;  // (digits, cells)
  for (int d : digits) {
    std::vector<int> cells;
    for (const auto& e : eliminations)
      if (e.digit == d) cells.push_back(e.cell);
    std::sort(cells.begin(), cells.end());
    auto same = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.second == cells; });
    if (same != groups.end()) same->first.push_back(d);
    else groups.push_back({{d}, cells});
  }
  std::string s = "removes ";
  for (size_t i = 0; i < groups.size(); ++i) {
    if (i) s += i + 1 == groups.size() ? ", and " : ", ";
    s += digits_text(groups[i].first) + " from " + cells_text(groups[i].second);
  }
  return s;
}

// The digits removed, "2 and 7".
std::string removed_digits(const std::vector<CellDigit>& eliminations) {
  std::vector<int> digits;
  for (const auto& e : eliminations)
    if (std::find(digits.begin(), digits.end(), e.digit) == digits.end()) digits.push_back(e.digit);
  std::sort(digits.begin(), digits.end());
  return digits_text(digits);
}

// What a step does: "removes ..." or "r1c1 = 5".
std::string effect(const LogicStep& s) {
  std::string text;
  for (const auto& p : s.placements) {
    if (!text.empty()) text += ", ";
    text += cell_name(p.cell) + " = " + std::to_string(p.digit);
  }
  if (!s.eliminations.empty()) {
    if (!text.empty()) text += "; ";
    text += removes(s.eliminations);
  }
  return text;
}

std::string subset_name(size_t size) {
  return size == 2 ? "pair" : size == 3 ? "triple" : "quad";
}

// The line (row or column unit) all `cells` share, or -1.
int shared_line(const std::vector<int>& cells) {
  if (cells.empty()) return -1;
  bool row = true, col = true;
  for (int c : cells) {
    row &= c / 9 == cells[0] / 9;
    col &= c % 9 == cells[0] % 9;
  }
  return row ? cells[0] / 9 : col ? 9 + cells[0] % 9 : -1;
}

std::string chain_text(const std::vector<int>& cells) {
  if (cells.size() <= 6) return cells_text(cells);
  return cell_name(cells.front()) + ", " + cell_name(cells[1]) + " ... " + cell_name(cells[cells.size() - 2]) +
         ", " + cell_name(cells.back()) + " (" + std::to_string(cells.size()) + " cells)";
}

std::string describe_unique_rectangle(const LogicStep& s) {
  const std::string head = "unique rectangle on " + digits_text(s.digits, "/") + " in " + cells_text(s.cells) + ": ";
  const std::string why = " (otherwise the puzzle would have two solutions)";
  switch (s.technique) {
    case Technique::unique_rectangle_1:
      return head + cells_text(s.extra_cells) + " cannot be " + digits_text(s.digits, " or ") + why + "; " +
             effect(s);
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_5: {
      const int extra = s.eliminations.empty() ? 0 : s.eliminations[0].digit;
      return head + "one of " + cells_text(s.extra_cells) + " must be " + std::to_string(extra) + why + "; " +
             effect(s);
    }
    case Technique::unique_rectangle_3: {
      const std::vector<int> roof(s.extra_cells.begin(), s.extra_cells.begin() + 2);
      const std::vector<int> others(s.extra_cells.begin() + 2, s.extra_cells.end());
      const int unit = s.units.empty() ? -1 : s.units[0];
      return head + "one of " + cells_text(roof) + " holds an extra digit" + why + ", so they act as one cell" +
             " forming a naked " + subset_name(others.size() + 1) + " with " + cells_text(others) +
             (unit >= 0 ? " in " + unit_name(unit) : "") + "; " + effect(s);
    }
    case Technique::unique_rectangle_4: {
      const int unit = s.units.empty() ? -1 : s.units[0];
      return head + std::to_string(s.digits[0]) + " must be in " + cells_text(s.extra_cells) +
             (unit >= 0 ? " (its only places in " + unit_name(unit) + ")" : "") + ", so neither can be " +
             std::to_string(s.digits[1]) + why + "; " + effect(s);
    }
    case Technique::unique_rectangle_6:
      return head + std::to_string(s.digits[0]) + " lies only in the rectangle in " + lines_text(s.units) +
             ", so it must sit on the corners holding just " + digits_text(s.digits, "/") + why + "; " + effect(s);
    default: return head + effect(s);
  }
}

std::string describe_forcing_chain(const LogicStep& s) {
  const std::string result = effect(s);
  if (s.unit >= 0 && !s.digits.empty())
    return "forcing chain: wherever " + std::to_string(s.digits[0]) + " goes in " + unit_name(s.unit) + " (" +
           join([&] {
             std::vector<std::string> v;
             for (int c : s.cells) v.push_back(cell_name(c));
             return v;
           }()) +
           "), the singles that follow give the same result: " + result;
  if (!s.digits.empty() && s.cells.size() == 1)
    return "forcing chain: " + std::to_string(s.digits[0]) + " in " + cell_name(s.cells[0]) +
           " leads through singles to a contradiction, so " + result;
  return "forcing chain: whichever digit " + (s.cells.empty() ? std::string("the cell") : cell_name(s.cells[0])) +
         " holds, the singles that follow give the same result: " + result;
}

}  // namespace

std::string LogicStep::describe() const {
  const LogicStep& s = *this;
  const std::string name(technique_name(technique));
  const std::string d = digits.empty() ? "" : std::to_string(digits[0]);
  switch (technique) {
    case Technique::full_house:
    case Technique::hidden_single_box:
    case Technique::hidden_single_line:
    case Technique::naked_single: return explain();
    case Technique::pointing:
    case Technique::claiming: {
      // pointing: a box's places on one line; claiming: a line's places in one box
      const int target = technique == Technique::pointing
                             ? shared_line(cells)
                             : (cells.empty() ? -1 : 18 + (cells[0] / 27) * 3 + (cells[0] % 9) / 3);
      if (target < 0) break;
      std::vector<int> removed;
      for (const auto& e : eliminations) removed.push_back(e.cell);
      return unit_name(unit) + ": the " + d + "s lie in " + unit_name(target) + " (" + cells_text(cells) +
             "), which removes " + d + " from the rest of " + unit_name(target) + " (" + cells_text(removed) + ")";
    }
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad:
      return unit_name(unit) + ": the " + subset_name(cells.size()) + " " + digits_text(digits, "/") + " in " +
             cells_text(cells) + " removes " + removed_digits(eliminations) + " from the rest of the " + unit_kind(unit);
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad:
      return unit_name(unit) + ": " + digits_text(digits) + " can only go in " + cells_text(cells) +
             ", so those cells hold nothing else; " + effect(s);
    case Technique::x_wing:
    case Technique::swordfish:
    case Technique::jellyfish: {
      const size_t n = units.size() / 2;
      const std::vector<int> base(units.begin(), units.begin() + n), cover(units.begin() + n, units.end());
      return name + " on " + d + ": in " + lines_text(base) + " the " + d + "s lie only in " + lines_text(cover) +
             ", so " + d + " goes from the rest of those " + (cover.empty() || cover[0] < 9 ? "rows" : "columns") +
             "; " + effect(s);
    }
    case Technique::finned_x_wing:
    case Technique::sashimi_x_wing:
    case Technique::finned_swordfish:
    case Technique::sashimi_swordfish: {
      const size_t n = units.size() / 2;
      const std::vector<int> base(units.begin(), units.begin() + n), cover(units.begin() + n, units.end());
      return name + " on " + d + ": in " + lines_text(base) + " the " + d + "s lie in " + lines_text(cover) +
             " apart from the fin" + (extra_cells.size() > 1 ? "s " : " ") + cells_text(extra_cells) +
             "; either a fin is " + d + " or the fish holds, so cells that see the fin" +
             (extra_cells.size() > 1 ? "s" : "") + " lose " + d + ": " + effect(s);
    }
    case Technique::skyscraper:
    case Technique::two_string_kite:
    case Technique::turbot_fish:
      if (cells.size() == 4)
        return name + " on " + d + ": " + cell_name(cells[0]) + "=" + cell_name(cells[1]) + "-" + cell_name(cells[2]) +
               "=" + cell_name(cells[3]) + ", so " + cell_name(cells[0]) + " or " + cell_name(cells[3]) + " is " + d +
               "; " + effect(s);
      break;
    case Technique::empty_rectangle:
      if (units.size() == 2 && extra_cells.size() == 2)
        return name + " on " + d + ": in " + unit_name(units[0]) + " the " + d +
               "s lie on one row and one column, and " + unit_name(units[1]) + " holds " + d + " only in " +
               cells_text(extra_cells) + "; either way " + effect(s);
      break;
    case Technique::xy_wing:
      if (cells.size() == 3 && digits.size() == 3)
        return name + ": " + cell_name(cells[0]) + " (" + std::to_string(digits[0]) + "/" + std::to_string(digits[1]) +
               ") with " + cell_name(cells[1]) + " (" + std::to_string(digits[0]) + "/" + std::to_string(digits[2]) +
               ") and " + cell_name(cells[2]) + " (" + std::to_string(digits[1]) + "/" + std::to_string(digits[2]) +
               "): one of the two wings is " + std::to_string(digits[2]) + ", which " + effect(s);
      break;
    case Technique::xyz_wing:
    case Technique::wxyz_wing: {
      const std::string z = eliminations.empty() ? "" : std::to_string(eliminations[0].digit);
      return name + " on " + cells_text(cells) + " (" + digits_text(digits, "/") + "): one of them is " + z + ", which " +
             effect(s);
    }
    case Technique::w_wing:
      if (cells.size() == 4 && digits.size() == 2)
        return name + ": " + cell_name(cells[0]) + " and " + cell_name(cells[3]) + " both hold " +
               std::to_string(digits[0]) + "/" + std::to_string(digits[1]) + ", and " + std::to_string(digits[0]) +
               " in " + cell_name(cells[1]) + " or " + cell_name(cells[2]) + " rules it out of one of them, so one is " +
               std::to_string(digits[1]) + "; " + effect(s);
      break;
    case Technique::unique_rectangle_1:
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_3:
    case Technique::unique_rectangle_4:
    case Technique::unique_rectangle_5:
    case Technique::unique_rectangle_6: return describe_unique_rectangle(s);
    case Technique::bug_plus_one:
      if (!placements.empty())
        return "bug+1: every unsolved cell but " + cell_name(placements[0].cell) +
               " has two candidates, and without " + std::to_string(placements[0].digit) +
               " there the puzzle would not have one solution, so " + effect(s);
      break;
    case Technique::simple_colouring:
      return name + " on " + d + ": colouring the conjugate pairs through " + chain_text(cells) + " " + effect(s);
    case Technique::x_chain:
    case Technique::grouped_x_chain:
    case Technique::xy_chain:
    case Technique::aic:
    case Technique::grouped_aic:
      return name + " through " + chain_text(cells) + ": one of its ends is true, which " + effect(s);
    case Technique::aligned_pair_exclusion:
      return name + " on " + cells_text(cells) + ": some values for the pair would empty " + cells_text(extra_cells) +
             ", which " + effect(s);
    case Technique::forcing_chain: return describe_forcing_chain(s);
  }
  return name + " in " + cells_text(cells) + ": " + effect(s);
}

}  // namespace puzzlepress::engine
