// LogicStep::describe: a step in words a solver understands, for `grade --steps` and hints.
// Each technique's sentence is in its finder file (describe_<id>); the phrases they share are
// here. Cells are named rRcC, houses "row 4", "box 7", 1-based, as everywhere in the engine.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/logic_techniques.h"

namespace puzzlepress::engine {

namespace logic {

std::string Naming::house_kind(int h) const {
  const std::string name = house(h);
  return name.substr(0, name.find(' '));
}

std::string Naming::symbol(int d) const {
  if (d >= 1 && d <= 9) return std::to_string(d);
  return std::string(1, symbol_char(d));
}

int Naming::shared_line(const std::vector<int>& cells) const {
  if (cells.empty()) return -1;
  const int size = n();
  bool row = true, col = true;
  for (int c : cells) {
    row &= c / size == cells[0] / size;
    col &= c % size == cells[0] % size;
  }
  return row ? cells[0] / size : col ? size + cells[0] % size : -1;
}

std::string Naming::join(const std::vector<std::string>& items) {
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) s += i + 1 == items.size() ? " and " : ", ";
    s += items[i];
  }
  return s;
}

std::string Naming::cells(const std::vector<int>& list) const {
  std::vector<std::string> names;
  for (int c : list) names.push_back(cell(c));
  return join(names);
}

std::string Naming::symbols(const std::vector<int>& digits, const char* separator) const {
  std::vector<std::string> names;
  for (int d : digits) names.push_back(symbol(d));
  if (!separator) return join(names);
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i) s += (i ? separator : "") + names[i];
  return s;
}

std::string Naming::lines(const std::vector<int>& houses) const {
  if (houses.empty()) return "";
  std::vector<std::string> numbers;
  for (int h : houses) numbers.push_back(std::to_string(g.tables().house_index[h] + 1));
  return (g.house_kind(houses[0]) == HouseKind::row ? "rows " : "columns ") + join(numbers);
}

std::string Naming::removes(const std::vector<CellDigit>& eliminations) const {
  std::vector<int> digits;
  for (const auto& e : eliminations)
    if (std::find(digits.begin(), digits.end(), e.digit) == digits.end()) digits.push_back(e.digit);
  std::sort(digits.begin(), digits.end());
  std::vector<std::pair<std::vector<int>, std::vector<int>>> groups;  // (digits, cells)
  for (int d : digits) {
    std::vector<int> list;
    for (const auto& e : eliminations)
      if (e.digit == d) list.push_back(e.cell);
    std::sort(list.begin(), list.end());
    auto same = std::find_if(groups.begin(), groups.end(), [&](const auto& group) { return group.second == list; });
    if (same != groups.end()) same->first.push_back(d);
    else groups.push_back({{d}, list});
  }
  std::string s = "removes ";
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (i) s += i + 1 == groups.size() ? ", and " : ", ";
    s += symbols(groups[i].first) + " from " + cells(groups[i].second);
  }
  return s;
}

std::string Naming::removed_symbols(const std::vector<CellDigit>& eliminations) const {
  std::vector<int> digits;
  for (const auto& e : eliminations)
    if (std::find(digits.begin(), digits.end(), e.digit) == digits.end()) digits.push_back(e.digit);
  std::sort(digits.begin(), digits.end());
  return symbols(digits);
}

std::string Naming::effect(const LogicStep& s) const {
  std::string text;
  for (const auto& p : s.placements) {
    if (!text.empty()) text += ", ";
    text += cell(p.cell) + " = " + symbol(p.digit);
  }
  if (!s.eliminations.empty()) {
    if (!text.empty()) text += "; ";
    text += removes(s.eliminations);
  }
  return text;
}

std::string Naming::chain(const std::vector<int>& list) const {
  if (list.size() <= 6) return cells(list);
  return cell(list.front()) + ", " + cell(list[1]) + " ... " + cell(list[list.size() - 2]) + ", " + cell(list.back()) +
         " (" + std::to_string(list.size()) + " cells)";
}

std::string Naming::generic(const LogicStep& s) const {
  return std::string(technique_name(s.technique)) + " in " + cells(s.cells) + ": " + effect(s);
}

}  // namespace logic

std::string LogicStep::describe(const Geometry& geometry) const {
  const logic::Naming names{geometry};
  switch (technique) {
#define TECHNIQUE(id, name, rating, tier, scope, rule) \
  case Technique::id:                                  \
    return logic::describe_##id(*this, names);
#include "engine/techniques.def"
#undef TECHNIQUE
  }
  return names.generic(*this);
}

std::string LogicStep::describe() const { return describe(classic_geometry(kShape9x9)); }

}  // namespace puzzlepress::engine
