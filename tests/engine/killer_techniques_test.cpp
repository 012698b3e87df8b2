// The killer techniques (logic_killer_cages.cpp, logic_killer_45.cpp, logic_killer_subsets.cpp) on hand-built 9x9
// positions: each where it must fire and where it must not, the expected eliminations and
// placements derived here by brute force over the cage's (or the innies') assignments, with
// this file's own idea of which cells see each other and of the rule of 45. The cages are laid
// over a pattern solution S; their sums come from S.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <vector>

#include "engine/killer.h"
#include "engine/logic_cages.h"
#include "engine/logic_techniques.h"
#include "engine/rng.h"
#include "support/sampling.h"

using namespace puzzlepress::engine;
using logic::Board;
using logic::CageTable;
using logic::Query;
using logic::TableView;

namespace {

// The pattern solution: a valid 9x9 grid.
int S(int cell) {
  const int r = cell / 9, c = cell % 9;
  return ((r % 3) * 3 + r / 3 + c) % 9 + 1;
}

bool sees(int a, int b) {
  return a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3));
}

// The cages `special`, and every other cell in a cage of the cells of its row inside one box.
Killer layout(const std::vector<std::vector<int>>& special) {
  Killer k;
  std::set<int> taken;
  for (const auto& cells : special) {
    k.cages.push_back({cells, 0});
    taken.insert(cells.begin(), cells.end());
  }
  for (int r = 0; r < 9; ++r)
    for (int b = 0; b < 3; ++b) {
      std::vector<int> cells;
      for (int c = 3 * b; c < 3 * b + 3; ++c)
        if (!taken.count(9 * r + c)) cells.push_back(9 * r + c);
      if (!cells.empty()) k.cages.push_back({cells, 0});
    }
  for (Cage& cage : k.cages)
    for (int c : cage.cells) cage.sum += S(c);
  k = killer_normalized(k);
  REQUIRE(killer_problem(k) == "");
  return k;
}

// A position: every cell placed at S but those of `open`, which hold their marks (bit v-1).
struct Position {
  Killer killer;
  CageTable table;
  Board<TableView> b;
  Position(const std::vector<std::vector<int>>& special, const std::map<int, unsigned>& open)
      : killer(layout(special)), table(logic::make_cage_table(killer, killer_geometry(kShape9x9))) {
    b.geo = TableView{&killer_geometry(kShape9x9).tables(), &table};
    b.unsolved = 0;
    for (int c = 0; c < 81; ++c) {
      const auto m = open.find(c);
      b.value[c] = m == open.end() ? static_cast<std::uint8_t>(S(c)) : 0;
      b.cand[c] = m == open.end() ? 0 : static_cast<logic::Mask>(m->second);
      b.unsolved += b.value[c] == 0;
    }
    b.reindex();
  }
  const Cage& cage_of(int cell) const {
    for (const Cage& cage : killer.cages)
      if (std::find(cage.cells.begin(), cage.cells.end(), cell) != cage.cells.end()) return cage;
    FAIL("no cage");
    return killer.cages[0];
  }
  // A cell's possibilities: its value, or its marks.
  std::vector<int> options(int cell) const {
    if (b.value[cell]) return {b.value[cell]};
    std::vector<int> out;
    for (int v = 1; v <= 9; ++v)
      if (b.cand[cell] & (1u << (v - 1))) out.push_back(v);
    return out;
  }
};

unsigned marks(std::initializer_list<int> digits) {
  unsigned m = 0;
  for (int v : digits) m |= 1u << (v - 1);
  return m;
}

// Every assignment of `cells` from the position's options adding up to `sum`, where cells that
// must differ (`apart`) do, and `keep` accepts it.
std::vector<std::vector<int>> assignments(const Position& p, const std::vector<int>& cells, int sum,
                                          const std::function<bool(int, int)>& apart,
                                          const std::function<bool(const std::vector<int>&)>& keep = {}) {
  std::vector<std::vector<int>> out;
  std::vector<int> values;
  std::function<void(std::size_t)> go = [&](std::size_t i) {
    if (i == cells.size()) {
      int total = 0;
      for (int v : values) total += v;
      if (total == sum && (!keep || keep(values))) out.push_back(values);
      return;
    }
    for (int v : p.options(cells[i])) {
      bool clash = false;
      for (std::size_t j = 0; j < i; ++j) clash = clash || (apart(cells[i], cells[j]) && values[j] == v);
      if (clash) continue;
      values.push_back(v);
      go(i + 1);
      values.pop_back();
    }
  };
  go(0);
  return out;
}

const auto all_differ = [](int, int) { return true; };

// The open cells' marks no assignment gives them: (cell, digit), sorted.
std::vector<CellDigit> unsupported(const Position& p, const std::vector<int>& cells,
                                   const std::vector<std::vector<int>>& found) {
  std::vector<CellDigit> out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (p.b.value[cells[i]]) continue;
    for (int v : p.options(cells[i])) {
      const bool used = std::any_of(found.begin(), found.end(), [&](const auto& a) { return a[i] == v; });
      if (!used) out.push_back({cells[i], v});
    }
  }
  return out;
}

std::vector<CellDigit> sorted(std::vector<CellDigit> v) {
  std::sort(v.begin(), v.end(), [](const CellDigit& a, const CellDigit& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
  });
  return v;
}

using Finder = bool (*)(const Board<TableView>&, const Query<TableView>&, LogicStep&);

bool finds(const Position& p, Technique technique, Finder finder, LogicStep& step) {
  step = LogicStep{};
  step.technique = technique;
  return finder(p.b, Query<TableView>{}, step);
}

// Every completion of the open cells from their marks in which cells that see each other or share
// a cage differ and every cage adds up (placed cells at their values): per cell, the digits some
// completion gives it (bit v-1). Placed cells are not held against open ones: a killer subset
// reasons with the marks alone, and distinct digits in a house.
std::map<int, unsigned> completions_support(const Position& p) {
  std::vector<int> open;
  for (int c = 0; c < 81; ++c)
    if (!p.b.value[c]) open.push_back(c);
  std::vector<int> cage_of(81, -1);
  for (std::size_t k = 0; k < p.killer.cages.size(); ++k)
    for (int c : p.killer.cages[k].cells) cage_of[static_cast<std::size_t>(c)] = static_cast<int>(k);
  std::map<int, unsigned> support;
  std::vector<int> value(81, 0);
  for (int c = 0; c < 81; ++c) value[static_cast<std::size_t>(c)] = p.b.value[c];
  const auto cage_fits = [&](int k) {  // complete and adding up, or not complete yet
    int total = 0;
    for (int c : p.killer.cages[static_cast<std::size_t>(k)].cells) {
      if (!value[static_cast<std::size_t>(c)]) return true;
      total += value[static_cast<std::size_t>(c)];
    }
    return total == p.killer.cages[static_cast<std::size_t>(k)].sum;
  };
  std::function<void(std::size_t)> go = [&](std::size_t i) {
    if (i == open.size()) {
      for (int c : open) support[c] |= 1u << (value[static_cast<std::size_t>(c)] - 1);
      return;
    }
    const int c = open[i];
    for (int v : p.options(c)) {
      bool clash = false;
      for (std::size_t j = 0; j < i && !clash; ++j) {
        const int o = open[j];
        clash = value[static_cast<std::size_t>(o)] == v &&
                (sees(c, o) || cage_of[static_cast<std::size_t>(c)] == cage_of[static_cast<std::size_t>(o)]);
      }
      for (int x : p.cage_of(c).cells) clash = clash || (x != c && p.b.value[x] == v);
      if (clash) continue;
      value[static_cast<std::size_t>(c)] = v;
      if (cage_fits(cage_of[static_cast<std::size_t>(c)])) go(i + 1);
      value[static_cast<std::size_t>(c)] = 0;
    }
  };
  go(0);
  return support;
}

// The eliminations of `step` that some completion contradicts (puts the digit in the cell).
std::vector<CellDigit> contradicted(const Position& p, const LogicStep& step) {
  const std::map<int, unsigned> support = completions_support(p);
  std::vector<CellDigit> out;
  for (const CellDigit& e : step.eliminations) {
    const auto it = support.find(e.cell);
    if (it != support.end() && (it->second & (1u << (e.digit - 1)))) out.push_back(e);
  }
  return out;
}

// Rows 1-3 open, each cell with the digits no placed cell it sees holds (its column's three),
// under vertical cages of three in every column of the band: a consistent position where no
// killer technique finds anything (each cage is its column's three digits in some order; a
// row's places for a digit lie in three cages; the band is tiled by its cages).
Position settled_band() {
  std::vector<std::vector<int>> columns;
  for (int c = 0; c < 9; ++c) columns.push_back({c, 9 + c, 18 + c});
  std::map<int, unsigned> open;
  for (int c = 0; c < 27; ++c) {
    unsigned m = 0;
    for (int v = 1; v <= 9; ++v) {
      bool held = false;
      for (int x = 27; x < 81; ++x) held = held || (sees(c, x) && S(x) == v);
      if (!held) m |= 1u << (v - 1);
    }
    open[c] = m;
  }
  return Position(columns, open);
}

// r1c1, r1c2, r1c3 open: one 3-cell cage (sum S = 1 + 2 + 3 = 6).
const std::vector<int> kRow1Box1 = {0, 1, 2};

}  // namespace

TEST_SUITE("killer techniques") {
  TEST_CASE("cage combinations: removes exactly what no assignment of the cage uses") {
    const Position p({}, {{0, marks({1, 2, 4})}, {1, marks({1, 3, 5})}, {2, marks({2, 3, 4, 9})}});
    const std::vector<CellDigit> expected =
        unsupported(p, kRow1Box1, assignments(p, kRow1Box1, p.cage_of(0).sum, all_differ));
    REQUIRE_FALSE(expected.empty());
    LogicStep step;
    REQUIRE(finds(p, Technique::cage_combination, logic::find_cage_combination<TableView>, step));
    CHECK(step.cells == kRow1Box1);
    CHECK(step.sum == p.cage_of(0).sum);
    CHECK(sorted(step.eliminations) == expected);
    CHECK(step.describe(killer_geometry(kShape9x9)).find("the cage r1c1, r1c2 and r1c3 (sum 6)") == 0);

    // Marks every one of which some assignment uses: nothing to remove.
    const Position settled({}, {{0, marks({1, 2, 3})}, {1, marks({1, 2, 3})}, {2, marks({1, 2, 3})}});
    REQUIRE(unsupported(settled, kRow1Box1, assignments(settled, kRow1Box1, 6, all_differ)).empty());
    CHECK_FALSE(finds(settled, Technique::cage_combination, logic::find_cage_combination<TableView>, step));
  }

  TEST_CASE("cage combinations: random marks on an L-shaped cage, against brute force") {
    // Cage r1c1, r1c2, r2c1 (an L across a row and a column), its cells' marks drawn at random.
    const std::vector<int> cage = {0, 1, 9};
    Mulberry32 rng(7);
    int fired = 0;
    for (int round = 0; round < 300; ++round) {
      std::map<int, unsigned> open;
      for (int c : cage) open[c] = rng.below(15) + 1;  // marks among 1-4, never none
      const Position p({cage}, open);
      const std::vector<CellDigit> expected = unsupported(p, cage, assignments(p, cage, p.cage_of(0).sum, all_differ));
      LogicStep step;
      const bool found = finds(p, Technique::cage_combination, logic::find_cage_combination<TableView>, step);
      CAPTURE(round);
      CHECK(found == !expected.empty());
      if (found) CHECK(sorted(step.eliminations) == expected);
      fired += found;
    }
    CHECK(fired > 100);  // the draw exercises both outcomes
    CHECK(fired < 300);
  }

  TEST_CASE("innies and outies: a lone innie is placed, a pair of innies is a cage") {
    // Cage r1c9 + r2c9 crosses row 1; the rest of row 1 is in cages inside it, so the row's
    // innie r1c9 takes 45 less their sums.
    const std::vector<std::vector<int>> special = {{8, 17}};
    const Position p(special, {{8, marks({1, 2, 3, 4, 5, 6, 7, 8, 9})}, {17, marks({1, 2, 3, 4, 5, 6, 7, 8, 9})}});
    int inside = 0;  // sums of the cages wholly in row 1
    for (const Cage& cage : p.killer.cages)
      if (std::all_of(cage.cells.begin(), cage.cells.end(), [](int c) { return c / 9 == 0; })) inside += cage.sum;
    LogicStep step;
    REQUIRE(finds(p, Technique::innies_outies, logic::find_innies_outies<TableView>, step));
    CHECK(step.units == std::vector<int>{0});
    CHECK(step.placements == std::vector<CellDigit>{{8, 45 - inside}});
    CHECK(step.placements[0].digit == S(8));
    CHECK(step.describe(killer_geometry(kShape9x9)) ==
          "row 1: its open innie r1c9 is " + std::to_string(45 - inside) + ", so r1c9 = " + std::to_string(S(8)));

    // Two innies of row 1 (r1c8 and r1c9, in cages reaching row 2): their sum, as a cage of
    // cells that see each other, against brute force.
    const std::vector<std::vector<int>> two = {{7, 16}, {8, 17}};
    const Position q(two, {{7, marks({1, 2, 3, 4, 5, 6, 7, 8, 9})},
                           {8, marks({1, 2, 3, 4, 5, 6, 7, 8, 9})},
                           {16, marks({1, 2, 3})},
                           {17, marks({4, 5, 6})}});
    int rest = 0;
    for (int c = 0; c < 7; ++c) rest += S(c);
    const std::vector<int> innies = {7, 8};
    const std::vector<CellDigit> expected = unsupported(q, innies, assignments(q, innies, 45 - rest, sees));
    REQUIRE_FALSE(expected.empty());
    REQUIRE(finds(q, Technique::innies_outies, logic::find_innies_outies<TableView>, step));
    CHECK(step.units == std::vector<int>{0});
    CHECK(step.cells == innies);
    CHECK(sorted(step.eliminations) == expected);

    // Every cell open on a layout of cages inside rows and boxes: a row or a box has no innies,
    // a column nine, more than the technique reads.
    std::map<int, unsigned> all;
    for (int c = 0; c < 81; ++c) all[c] = 0x1FF;
    const Position start({}, all);
    CHECK_FALSE(finds(start, Technique::innies_outies, logic::find_innies_outies<TableView>, step));
    CHECK_FALSE(finds(start, Technique::innies_outies_several, logic::find_innies_outies_several<TableView>, step));
  }

  TEST_CASE("innies and outies over several houses: rows 1 and 2 together") {
    // Vertical cages pair rows 1 and 2 in columns 1-8, and r1c9 + r2c9 + r3c9 reaches row 3:
    // rows 1-2 have the innies r1c9 and r2c9 and the one outie r3c9.
    std::vector<std::vector<int>> special;
    for (int c = 0; c < 8; ++c) special.push_back({c, 9 + c});
    special.push_back({8, 17, 26});
    std::map<int, unsigned> open;
    for (int c : {0, 1, 9, 10, 8, 17, 26}) open[c] = 0x1FF;
    const Position p(special, open);
    int inside = 0;  // the cages wholly in rows 1-2
    int crossing = 0;
    for (const Cage& cage : p.killer.cages) {
      const auto in = std::count_if(cage.cells.begin(), cage.cells.end(), [](int c) { return c < 18; });
      if (in == static_cast<long>(cage.cells.size())) inside += cage.sum;
      else if (in > 0) crossing += cage.sum;
    }
    const int outie = crossing - (90 - inside);  // the crossing cages' sums less the innies'
    LogicStep step;
    REQUIRE(finds(p, Technique::innies_outies_several, logic::find_innies_outies_several<TableView>, step));
    CHECK(step.units == std::vector<int>{0, 1});
    // The innies r1c9 + r2c9 come first (two open cells of a column): their sum's assignments.
    const std::vector<int> innies = {8, 17};
    const std::vector<CellDigit> expected = unsupported(p, innies, assignments(p, innies, 90 - inside, sees));
    if (step.cells == innies) {
      CHECK(sorted(step.eliminations) == expected);
    } else {
      CHECK(expected.empty());
      CHECK(step.placements == std::vector<CellDigit>{{26, outie}});
      CHECK(outie == S(26));
    }
  }

  TEST_CASE("cage/house intersection: a digit the cage needs leaves the cells seeing its places") {
    // Cage r1c1 r1c2 r1c3 (sum 6: 1+2+3, so it needs 1), its 1s in r1c1 and r1c2; r1c5 and r2c2
    // are open with a 1.
    const Position p({}, {{0, marks({1, 2, 3})},
                          {1, marks({1, 2, 3})},
                          {2, marks({2, 3})},
                          {4, marks({1, S(4)})},
                          {10, marks({1, S(10)})},
                          {30, marks({1, S(30)})}});
    const auto found = assignments(p, kRow1Box1, 6, all_differ);
    REQUIRE(std::all_of(found.begin(), found.end(),
                        [](const auto& a) { return std::find(a.begin(), a.end(), 1) != a.end(); }));
    LogicStep step;
    REQUIRE(finds(p, Technique::cage_house_intersection, logic::find_cage_house_intersection<TableView>, step));
    CHECK(step.digits == std::vector<int>{1});
    CHECK(step.cells == std::vector<int>{0, 1});
    // The cells outside the cage with a 1 that see both r1c1 and r1c2: r1c5 (row), r2c2 (box);
    // r4c4 sees neither.
    std::vector<CellDigit> expected;
    for (int x : {4, 10, 30})
      if (sees(x, 0) && sees(x, 1)) expected.push_back({x, 1});
    CHECK(expected.size() == 2);
    CHECK(sorted(step.eliminations) == expected);
  }

  TEST_CASE("killer pairs and triples: a cage that needs 1 or 2 and a cell of 1/2 make a pair") {
    // Row 1: the cage r1c2 + r1c3 (sum 2 + 3 = 5: 1+4 or 2+3) holds 1 or 2 in every combination,
    // and r1c1 (in the cage r1c1 + r2c1, also 5) only 1 or 2; no two cells of the row are within
    // {1, 2}, and no single digit is in every combination of the cage.
    const Position p({{1, 2}, {0, 9}}, {{0, marks({1, 2})},
                                        {1, marks({1, 2, 3, 4})},
                                        {2, marks({1, 2, 3, 4})},
                                        {9, marks({3, 4})},
                                        {3, marks({1, 4, 5})},
                                        {6, marks({2, 7})}});
    LogicStep step;
    REQUIRE(finds(p, Technique::killer_subset, logic::find_killer_subset<TableView>, step));
    CHECK(step.unit == 0);
    CHECK(step.digits == std::vector<int>{1, 2});
    CHECK(step.cells == std::vector<int>{0});
    CHECK(step.extra_cells == std::vector<int>{1, 2});
    CHECK(step.sum == 5);
    // Row 1's other open cells lose 1 and 2.
    CHECK(sorted(step.eliminations) == std::vector<CellDigit>{{3, 1}, {6, 2}});
    CHECK(contradicted(p, step).empty());
    CHECK(step.describe(killer_geometry(kShape9x9)) ==
          "row 1: every combination of the cage r1c2 and r1c3 (sum 5) holds at least 1 of 1 and 2, and r1c1 can "
          "hold only 1 and 2, so 1 and 2 all lie in these cells, which removes 1 from r1c4, and 2 from r1c7");
    // The plain candidates show no naked pair or triple, and the cage's combinations remove nothing.
    CHECK_FALSE(finds(p, Technique::naked_pair, logic::find_naked_pair<TableView>, step));
    CHECK_FALSE(finds(p, Technique::naked_triple, logic::find_naked_triple<TableView>, step));
    CHECK(unsupported(p, {1, 2}, assignments(p, {1, 2}, 5, all_differ)).empty());

    // r1c1 with a 3 as well (and r2c1 with a 5, so box 1 has no pair on 3/4 either): nothing
    // beside the cage is within {1, 2}, so no pair.
    const Position q({{1, 2}, {0, 9}}, {{0, marks({1, 2, 3})},
                                        {1, marks({1, 2, 3, 4})},
                                        {2, marks({1, 2, 3, 4})},
                                        {9, marks({3, 4, 5})},
                                        {3, marks({1, 4, 5})},
                                        {6, marks({2, 7})}});
    CHECK_FALSE(finds(q, Technique::killer_subset, logic::find_killer_subset<TableView>, step));
    // A second cell within {1, 2}: a naked pair on plain candidates, which is not this technique's
    // (a triple on 1/2/3 with the cage may still be found: the naked pair comes first).
    const Position n({{1, 2}, {0, 9}}, {{0, marks({1, 2})},
                                        {1, marks({1, 2, 3, 4})},
                                        {2, marks({1, 2, 3, 4})},
                                        {9, marks({3, 4, 5})},
                                        {3, marks({1, 2})},
                                        {6, marks({2, 7})}});
    CHECK(finds(n, Technique::naked_pair, logic::find_naked_pair<TableView>, step));
    CHECK(step.digits == std::vector<int>{1, 2});
    const bool found = finds(n, Technique::killer_subset, logic::find_killer_subset<TableView>, step);
    CHECK((!found || step.digits.size() == 3));
  }

  TEST_CASE("killer pairs and triples: random marks over row 1, every elimination true") {
    // Row 1 open, tiled by random runs of 2 to 4 cells; each cell's marks its digit of S and each
    // other digit with chance 1/3. Every elimination is held to the completions found here.
    Mulberry32 rng(30);
    int fired = 0;
    int triples = 0;
    const int rounds = puzzlepress::testing::cases(400, 40);
    for (int round = 0; round < rounds; ++round) {
      std::vector<std::vector<int>> runs;
      for (int c = 0; c < 9;) {
        int length = 2 + static_cast<int>(rng.below(3));
        if (9 - c - length == 1) ++length;
        length = std::min(length, 9 - c);
        std::vector<int> run;
        for (int i = 0; i < length; ++i) run.push_back(c + i);
        runs.push_back(run);
        c += length;
      }
      std::map<int, unsigned> open;
      for (int c = 0; c < 9; ++c) {
        unsigned m = 1u << (S(c) - 1);
        for (int v = 1; v <= 9; ++v)
          if (rng.below(3) == 0) m |= 1u << (v - 1);
        open[c] = m;
      }
      const Position p(runs, open);
      LogicStep step;
      if (!finds(p, Technique::killer_subset, logic::find_killer_subset<TableView>, step)) continue;
      CAPTURE(round);
      ++fired;
      triples += step.digits.size() == 3;
      CHECK(contradicted(p, step).empty());
      // The step as defined: the cage in the unit, the cells within the digits, fewer than k cells
      // of the unit within them.
      const Geometry& g = killer_geometry(kShape9x9);
      const auto unit = g.house(step.unit);
      for (int c : step.extra_cells) CHECK(std::find(unit.begin(), unit.end(), c) != unit.end());
      unsigned digits = 0;
      for (int d : step.digits) digits |= 1u << (d - 1);
      int within = 0;
      for (int c : unit) within += !p.b.value[c] && (p.b.cand[c] & ~digits) == 0;
      CHECK(within < static_cast<int>(step.digits.size()));
      for (int c : step.cells) CHECK((p.b.cand[c] & ~digits) == 0);
    }
    MESSAGE("killer subsets fired in " << fired << " of " << rounds << " rounds, " << triples << " triples");
    CHECK(fired > rounds / 20);  // the draw exercises the technique, pairs and triples
    if (puzzlepress::testing::kEveryCase) CHECK(triples > 0);
  }

  TEST_CASE("a settled band: no killer technique finds anything") {
    const Position p = settled_band();
    for (int c = 0; c < 27; ++c) CHECK(p.options(c).size() == 3);
    for (const Cage& cage : p.killer.cages) {  // each cage's assignments give every cell all its marks
      if (cage.cells[0] >= 27) continue;
      CHECK(unsupported(p, cage.cells, assignments(p, cage.cells, cage.sum, all_differ)).empty());
    }
    LogicStep step;
    CHECK_FALSE(finds(p, Technique::cage_combination, logic::find_cage_combination<TableView>, step));
    CHECK_FALSE(finds(p, Technique::innies_outies, logic::find_innies_outies<TableView>, step));
    CHECK_FALSE(finds(p, Technique::innies_outies_several, logic::find_innies_outies_several<TableView>, step));
    CHECK_FALSE(finds(p, Technique::cage_house_intersection, logic::find_cage_house_intersection<TableView>, step));
    CHECK_FALSE(finds(p, Technique::killer_subset, logic::find_killer_subset<TableView>, step));
  }

  TEST_CASE("cage/house intersection, the converse: a house's places for a digit in one cage") {
    // L-shaped cage r1c1, r1c2, r2c1. Row 1 has only these two open cells, so its missing digits
    // lie in the cage there; against brute force with that constraint, for the house and digit
    // the step names.
    const std::vector<int> cage = {0, 1, 9};
    const Position p(
        {cage},
        {{0, marks({S(0), S(1), 4, 5})}, {1, marks({S(0), S(1), 4, 5})}, {9, marks({S(0), S(1), S(9), 4, 5, 8})}});
    LogicStep step;
    REQUIRE(finds(p, Technique::cage_house_intersection, logic::find_cage_house_intersection<TableView>, step));
    REQUIRE(step.unit >= 0);
    REQUIRE(step.digits.size() == 1);
    const int d = step.digits[0];
    const int h = step.unit;
    const Geometry& g = killer_geometry(kShape9x9);
    std::vector<int> places;  // the house's open cells holding d, found here
    for (int c : g.house(h))
      if (p.b.value[c] == 0 && (p.b.cand[c] & (1u << (d - 1)))) places.push_back(c);
    for (int c : places) CHECK(std::find(cage.begin(), cage.end(), c) != cage.end());
    CHECK(step.cells == places);
    const auto in_house = [&](const std::vector<int>& a) {
      for (std::size_t i = 0; i < cage.size(); ++i)
        if (a[i] == d && std::find(places.begin(), places.end(), cage[i]) != places.end()) return true;
      return false;
    };
    const std::vector<CellDigit> expected =
        unsupported(p, cage, assignments(p, cage, p.cage_of(0).sum, all_differ, in_house));
    REQUIRE_FALSE(expected.empty());
    CHECK(sorted(step.eliminations) == expected);
  }
}
