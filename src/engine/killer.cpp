// Killer layouts, their checks and their text form (killer.h). Solving: killer_solver.cpp.
#include "engine/killer.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "engine/check_parts.h"
#include "engine/variant_solver.h"

namespace puzzlepress::engine {
namespace {

std::string trim(std::string_view text) {
  std::size_t b = 0, e = text.size();
  while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
  return std::string(text.substr(b, e - b));
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The cell of `cells` (a cage's) that a walk over side-by-side cells from its first one does not
// reach, or -1 when it reaches them all.
int unreached_cell(int n, const std::vector<int>& cells) {
  std::array<bool, kMaxCells> in{}, seen{};
  for (int c : cells) in[static_cast<std::size_t>(c)] = true;
  std::vector<int> stack{cells.front()};
  seen[static_cast<std::size_t>(cells.front())] = true;
  while (!stack.empty()) {
    const int c = stack.back();
    stack.pop_back();
    const int row = c / n, col = c % n;
    const int next[4] = {row > 0 ? c - n : -1, row + 1 < n ? c + n : -1, col > 0 ? c - 1 : -1,
                         col + 1 < n ? c + 1 : -1};
    for (int x : next) {
      const auto i = static_cast<std::size_t>(x);
      if (x < 0 || !in[i] || seen[i]) continue;
      seen[i] = true;
      stack.push_back(x);
    }
  }
  for (int c : cells)
    if (!seen[static_cast<std::size_t>(c)]) return c;
  return -1;
}

// The classic tables of `shape` with houses_only = false, at compile time (as classic_geometry's).
constexpr detail::Tables256 caged_tables(Shape shape) {
  detail::Tables256 t = detail::classic_tables<detail::Tables256>(shape);
  t.houses_only = false;
  return t;
}
constexpr Geometry kKiller6x6{caged_tables(kShape6x6)};
constexpr Geometry kKiller9x9{caged_tables(kShape9x9)};

}  // namespace

bool killer_takes(Shape shape) { return shape == kShape6x6 || shape == kShape9x9; }

SumRange cage_sum_range(int n, int cells) {
  if (cells <= 0) return {};
  return {cells * (cells + 1) / 2, cells * (2 * n - cells + 1) / 2};
}

bool cage_sum_possible(int n, int cells, int sum) {
  // Every sum between the least and the greatest is reached: raising one symbol by one at a
  // time walks from the least set to the greatest.
  if (cells < 1 || cells > n) return false;
  const SumRange range = cage_sum_range(n, cells);
  return sum >= range.least && sum <= range.most;
}

Killer killer_normalized(Killer killer) {
  for (Cage& cage : killer.cages) std::sort(cage.cells.begin(), cage.cells.end());
  std::stable_sort(killer.cages.begin(), killer.cages.end(), [](const Cage& a, const Cage& b) {
    if (a.cells.empty() || b.cells.empty()) return !a.cells.empty() && b.cells.empty();
    return a.cells.front() < b.cells.front();
  });
  return killer;
}

std::string cage_name(const Killer& killer, int cage) {
  std::string name = "cage " + std::to_string(cage + 1);
  const Cage& c = killer.cages[static_cast<std::size_t>(cage)];
  int first = -1;  // the first cell inside the grid
  for (int cell : c.cells)
    if (cell >= 0 && cell < killer.shape.cells() && (first < 0 || cell < first)) first = cell;
  if (first >= 0) name += " (" + detail::cell_name(first, killer.shape.size()) + ")";
  return name;
}

std::string killer_problem(const Killer& killer) {
  const Shape shape = killer.shape;
  if (!killer_takes(shape)) return "kind 'killer' takes 6x6 or 9x9, not " + shape_id(shape);
  const int n = shape.size(), cells = shape.cells();
  auto name = [&](int k) { return cage_name(killer, k); };
  auto cell = [&](int c) { return detail::cell_name(c, n); };
  const int count = static_cast<int>(killer.cages.size());
  std::vector<int> owner(static_cast<std::size_t>(cells), -1);
  for (int k = 0; k < count; ++k) {
    const Cage& cage = killer.cages[static_cast<std::size_t>(k)];
    if (cage.cells.empty()) return name(k) + " has no cell";
    for (int c : cage.cells)
      if (c < 0 || c >= cells)
        return name(k) + " has cell " + std::to_string(c) + ", outside the " + std::to_string(cells) + " cells";
    std::vector<int> sorted = cage.cells;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 1; i < sorted.size(); ++i)
      if (sorted[i] == sorted[i - 1]) return name(k) + " holds " + cell(sorted[i]) + " twice";
  }
  for (int k = 0; k < count; ++k)
    for (int c : killer.cages[static_cast<std::size_t>(k)].cells) {
      int& o = owner[static_cast<std::size_t>(c)];
      if (o >= 0) return cell(c) + " is in " + name(o) + " and " + name(k);
      o = k;
    }
  for (int c = 0; c < cells; ++c)
    if (owner[static_cast<std::size_t>(c)] < 0) return cell(c) + " is in no cage";
  if (count > static_cast<int>(kCageSymbols.size()))
    return std::to_string(count) + " cages (the text form writes at most " + std::to_string(kCageSymbols.size()) + ")";
  for (int k = 0; k < count; ++k) {
    const Cage& cage = killer.cages[static_cast<std::size_t>(k)];
    const int size = static_cast<int>(cage.cells.size());
    if (size > n)
      return name(k) + " has " + std::to_string(size) + " cells, more than the " + std::to_string(n) + " symbols";
    std::vector<int> sorted = cage.cells;
    std::sort(sorted.begin(), sorted.end());
    if (const int lost = unreached_cell(n, sorted); lost >= 0)
      return name(k) + " is not connected (" + cell(lost) + " cannot be reached from " + cell(sorted.front()) + ")";
    if (!cage_sum_possible(n, size, cage.sum)) {
      const SumRange range = cage_sum_range(n, size);
      const std::string from = " from 1-" + std::to_string(n);
      const std::string reach = std::to_string(range.least) + (size == n ? "" : "-" + std::to_string(range.most));
      const std::string says = size == 1 ? ": one digit" + from + " is "
                                         : ": " + std::to_string(size) + " different digits" + from + " sum to ";
      return name(k) + says + reach + ", not " + std::to_string(cage.sum);
    }
  }
  return "";
}

const Geometry& killer_geometry(Shape shape) { return shape == kShape6x6 ? kKiller6x6 : kKiller9x9; }

std::string cages_text(const Killer& killer) {
  std::string text(static_cast<std::size_t>(killer.shape.cells()), '.');
  for (std::size_t k = 0; k < killer.cages.size() && k < kCageSymbols.size(); ++k)
    for (int c : killer.cages[k].cells)
      if (c >= 0 && c < killer.shape.cells()) text[static_cast<std::size_t>(c)] = kCageSymbols[k];
  return text;
}

std::string killer_text(const Killer& killer, const Grid& givens) {
  std::string text = "killer:" + to_string(givens) + "/" + cages_text(killer) + "/";
  for (std::size_t k = 0; k < killer.cages.size(); ++k) text += (k ? "," : "") + std::to_string(killer.cages[k].sum);
  return text;
}

KillerParse parse_killer(std::string_view input) {
  KillerParse out;
  std::string text = trim(input);
  if (text.rfind("killer:", 0) == 0) text.erase(0, 7);
  std::vector<std::string> parts{std::string()};
  for (char c : text) {
    if (c == '/') parts.emplace_back();
    else parts.back() += c;
  }
  if (parts.size() != 3) {
    out.error = "a killer is 'grid/cages/sums' (3 parts separated by '/'), got " + std::to_string(parts.size()) +
                (parts.size() == 1 ? " part" : " parts");
    return out;
  }
  ParseResult grid = parse_grid(parts[0]);
  if (!grid.ok()) {
    out.error = "grid: " + grid.error.message();
    return out;
  }
  const Shape shape = grid.grid->shape;
  const int cells = shape.cells();
  // Cages by symbol, in order of first appearance (the reading order of their first cells).
  std::array<int, 128> cage_of_symbol{};
  cage_of_symbol.fill(-1);
  Killer killer{shape, {}};
  int read = 0;
  for (std::size_t i = 0; i < parts[1].size(); ++i) {
    const char c = parts[1][i];
    if (is_space(c)) continue;
    const bool symbol = kCageSymbols.find(c) != std::string_view::npos;
    if (!symbol && c != '.') {
      out.error = "cages: bad character " + shown_character(c) + " at position " + std::to_string(i + 1) +
                  " (expected 0-9, a-z, A-Z or '.')";
      return out;
    }
    if (read < cells && symbol) {
      int& k = cage_of_symbol[static_cast<unsigned char>(c)];
      if (k < 0) {
        k = static_cast<int>(killer.cages.size());
        killer.cages.emplace_back();
      }
      killer.cages[static_cast<std::size_t>(k)].cells.push_back(read);
    }
    ++read;
  }
  if (read != cells) {
    out.error = "cages: expected " + std::to_string(cells) + " symbols, got " + std::to_string(read);
    return out;
  }
  std::vector<std::string> sums{std::string()};
  for (char c : parts[2]) {
    if (c == ',') sums.emplace_back();
    else sums.back() += c;
  }
  if (sums.size() == 1 && trim(sums[0]).empty()) sums.clear();
  if (sums.size() != killer.cages.size()) {
    out.error = "sums: expected " + std::to_string(killer.cages.size()) + " sums (one per cage), got " +
                std::to_string(sums.size());
    return out;
  }
  for (std::size_t k = 0; k < sums.size(); ++k) {
    const std::string sum = trim(sums[k]);
    const bool whole = !sum.empty() && sum.size() <= 4 &&
                       std::all_of(sum.begin(), sum.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!whole) {
      out.error = "sums: sum " + std::to_string(k + 1) + " is " + shown_text(sum) + " (expected a whole number)";
      return out;
    }
    killer.cages[k].sum = std::stoi(sum);
  }
  if (std::string problem = killer_problem(killer); !problem.empty()) {
    out.error = std::move(problem);
    return out;
  }
  out.killer = std::move(killer);
  out.givens = *grid.grid;
  return out;
}

std::optional<Conflict> find_killer_conflict(const Killer& killer, const Grid& givens) {
  if (auto conflict = find_conflict(killer_geometry(killer.shape), givens)) return conflict;
  const int n = killer.shape.size();
  for (int k = 0; k < static_cast<int>(killer.cages.size()); ++k) {
    unsigned seen = 0;
    for (int c : killer.cages[static_cast<std::size_t>(k)].cells) {
      const int v = givens.cells[static_cast<std::size_t>(c)];
      if (v < 1 || v > n) continue;
      if (seen & (1u << v)) return Conflict{UnitKind::box, k + 1, v, cage_name(killer, k)};
      seen |= 1u << v;
    }
  }
  return std::nullopt;
}

}  // namespace puzzlepress::engine
