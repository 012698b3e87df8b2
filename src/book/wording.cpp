#include "book/wording.h"

#include <algorithm>

namespace puzzlepress::book::wording {

namespace {
/// The copyright page's promise for a book without allow_trial.
constexpr const char* kLogicAlone = "Every puzzle can be solved by logic alone, without guessing.";
}  // namespace

std::string puzzle_label(int number) { return "Puzzle " + std::to_string(number); }

std::string puzzle_range(int first, int last) {
  return first == last ? "Puzzle " + std::to_string(first)
                       : "Puzzles " + std::to_string(first) + "\u2013" + std::to_string(last);
}

std::string grade_name(engine::Grade grade) { return std::string(engine::grade_label(grade)); }

std::string cover_section_line(int count, engine::Grade grade) {
  return std::to_string(count) + " " + grade_name(grade) + (count == 1 ? " puzzle" : " puzzles");
}

std::vector<std::string> how_to_play() {
  // "\xC2\xA0" is a no-break space: "3 x 3" never breaks across lines.
  return {
      "A sudoku is a grid of 9\xC2\xA0\xC3\x97\xC2\xA0"
      "9 cells, divided into nine boxes "
      "of 3\xC2\xA0\xC3\x97\xC2\xA0"
      "3 cells. Some cells already hold a digit: these are "
      "the givens.",
      "Fill every empty cell with a digit from 1 to 9 so that each row, each column and each "
      "3\xC2\xA0\xC3\x97\xC2\xA0"
      "3 box contains every digit exactly once. No arithmetic "
      "is needed; it is a puzzle of pure logic, and every puzzle in this book has exactly one "
      "solution.",
      "Start with a row, column or box that is nearly full and ask which digits are missing "
      "and where they can go. Pencilling small candidates into the cells helps with the harder "
      "puzzles.",
      "Each puzzle is marked with its difficulty, from Easy (one star) to Evil (five stars). "
      "The solutions are at the back of the book.",
  };
}

namespace {

constexpr const char* kTimes = "\xC2\xA0\xC3\x97\xC2\xA0";  // " × " with no-break spaces

std::string by(int a, int b) { return std::to_string(a) + kTimes + std::to_string(b); }

// "a", "a and b", "a, b and c".
std::string listed(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  }
  return out;
}

std::string star_count(int stars) {
  static constexpr const char* kWords[] = {"no stars", "one star", "two stars", "three stars", "four stars",
                                           "five stars"};
  return kWords[std::clamp(stars, 0, 5)];
}

}  // namespace

std::string rules_grid(engine::Shape shape, std::string_view noun) {
  const int n = shape.size();
  std::string text = "A sudoku is a grid of " + by(n, n) + " cells, divided into " + std::to_string(n) +
                     " boxes of " + by(shape.box_rows, shape.box_cols) + " cells";
  if (shape.box_rows != shape.box_cols) {
    text += " (" + std::to_string(shape.box_rows) + " rows by " + std::to_string(shape.box_cols) + " columns)";
  }
  return text + ". Some cells already hold a " + std::string(noun) + ": these are the givens.";
}

std::string symbol_noun(Skin skin, engine::Shape shape) {
  switch (skin) {
    case Skin::digits: return shape.size() > 9 ? "symbol" : "digit";
    case Skin::letters: return "letter";
    case Skin::shapes: return "shape";
  }
  return "symbol";
}

std::string symbol_noun_plural(Skin skin, engine::Shape shape) { return symbol_noun(skin, shape) + "s"; }

std::string shape_name(render::Mark mark) {
  switch (mark) {
    case render::Mark::circle: return "circle";
    case render::Mark::triangle: return "triangle";
    case render::Mark::square: return "square";
    case render::Mark::star: return "star";
    case render::Mark::heart: return "heart";
    case render::Mark::cross: return "cross";
    case render::Mark::diamond: return "diamond";
    case render::Mark::crescent: return "crescent moon";
    case render::Mark::hexagon: return "hexagon";
  }
  return "shape";
}

std::string symbols_phrase(Skin skin, engine::Shape shape, std::string_view word) {
  const int n = shape.size();
  const std::string last(1, engine::symbol_char(n));
  switch (skin) {
    case Skin::digits:
      if (n <= 9) return "a digit from 1 to " + last;
      return "a symbol from 1 to 9 or A to " + last;
    case Skin::letters:
      if (!word.empty()) return "one of the letters of " + std::string(word);
      return "a letter from A to " + std::string(1, static_cast<char>('A' + n - 1));
    case Skin::shapes: {
      std::vector<std::string> names;
      for (render::Mark m : shape_marks(shape)) names.push_back(shape_name(m));
      return "one of the " + std::to_string(n) + " shapes: " + listed(names);
    }
  }
  return "";
}

std::string rules_fill(engine::Shape shape, std::string_view phrase, std::string_view noun) {
  return "Fill every empty cell with " + std::string(phrase) + " so that each row, each column and each " +
         by(shape.box_rows, shape.box_cols) + " box contains every " + std::string(noun) +
         " exactly once. No arithmetic is needed; it is a puzzle of pure logic, and every puzzle in "
         "this book has exactly one solution.";
}

std::string rules_word(const std::vector<std::string>& words) {
  const std::string tail = "; the solutions at the back of the book shade it.";
  if (words.size() == 1) return "When a puzzle is solved, one of its rows spells " + words[0] + tail;
  std::string list;
  for (std::size_t i = 0; i < words.size(); ++i) {
    list += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  }
  return "When a puzzle of letters is solved, one of its rows spells a word: " + list + tail;
}

std::string rules_tips(std::string_view noun_plural) {
  return "Start with a row, column or box that is nearly full and ask which " + std::string(noun_plural) +
         " are missing and where they can go. Pencilling small candidates into the cells helps with "
         "the harder puzzles.";
}

std::string rules_grades(engine::Grade easiest, engine::Grade hardest) {
  const auto named = [](engine::Grade g) { return grade_name(g) + " (" + star_count(engine::grade_stars(g)) + ")"; };
  const std::string marks = easiest == hardest
                                ? "Each puzzle is marked with its difficulty: " + named(easiest) + "."
                                : "Each puzzle is marked with its difficulty, from " + named(easiest) + " to " +
                                      named(hardest) + ".";
  return marks + " The solutions are at the back of the book.";
}

std::string rules_mixed(const std::vector<engine::Shape>& sizes, const std::vector<Skin>& skins) {
  std::vector<std::string> size_names;
  for (engine::Shape s : sizes) size_names.push_back(by(s.size(), s.size()));
  std::vector<std::string> skin_names;
  for (Skin k : skins) skin_names.push_back(symbol_noun_plural(k, engine::kShape9x9));
  std::string text = "This book has " + listed(size_names) + " grids";
  if (skins.size() > 1) text += ", with " + listed(skin_names);
  return text + ". The rules are the same for all of them; the example shows the first kind.";
}

std::string how_to_play_caption(Skin skin, engine::Shape shape) {
  const std::string lead = "The shaded box, like every row and column, holds ";
  const int n = shape.size();
  switch (skin) {
    case Skin::digits:
      if (n <= 9) return lead + "1 to " + std::to_string(n) + " once each.";
      return lead + "1 to 9 and A to " + std::string(1, engine::symbol_char(n)) + " once each.";
    case Skin::letters: return lead + "every letter once.";
    case Skin::shapes: return lead + "every shape once.";
  }
  return lead + "every symbol once.";
}

std::string sample_title(std::uint32_t seed) { return "Sudoku sample, seed " + std::to_string(seed); }

std::string sample_footer(std::uint32_t seed, const std::string& command) {
  return "puzzlepress sample, seed " + std::to_string(seed) + " \u2014 " + command;
}

std::vector<render::Paragraph> copyright(const CopyrightFacts& f) {
  std::vector<render::Paragraph> paras;
  if (!f.title.empty()) paras.push_back({f.title, true});
  if (!f.author.empty()) paras.push_back({"by " + f.author});
  std::string notice = "Copyright \xC2\xA9";  // ©
  if (!f.year.empty()) notice += " " + f.year;
  if (!f.author.empty()) notice += " " + f.author;
  paras.push_back({notice + ". All rights reserved."});
  paras.push_back(
      {"No part of this book may be reproduced in any form without written "
       "permission from the copyright holder."});
  if (!f.publisher.empty()) paras.push_back({"Published by " + f.publisher});
  if (!f.isbn.empty()) paras.push_back({"ISBN " + f.isbn});
  paras.push_back({"Puzzles generated by puzzlepress " + f.version + " from base seed " +
                  std::to_string(f.seed) + ". Every puzzle has exactly one solution." +
                  (f.logic_only ? std::string(" ") + kLogicAlone : std::string())});
  return paras;
}

std::string cell_name(int row, int column) { return "r" + std::to_string(row) + "c" + std::to_string(column); }

std::string unit_name(int kind, int number) {
  static constexpr const char* kKinds[3] = {"row ", "column ", "box "};
  return kKinds[std::clamp(kind, 0, 2)] + std::to_string(number);
}

std::string lines_name(int kind, const std::vector<int>& numbers) {
  std::vector<std::string> names;
  for (int n : numbers) names.push_back(std::to_string(n));
  return (kind == 0 ? "rows " : "columns ") + listed(names);
}

namespace {

struct TechniqueWords {
  const char* name;
  const char* definition;
};

// Indexed by engine::Technique's value.
constexpr TechniqueWords kTechniqueWords[engine::kTechniqueCount] = {
    {"full house", "The last empty cell of a row, column or box takes the one symbol missing there."},
    {"hidden single (box)", "A symbol has only one place left in a box, so it goes there."},
    {"hidden single (line)", "A symbol has only one place left in a row or column, so it goes there."},
    {"naked single", "A cell has only one candidate left, so it takes it."},
    {"pointing",
     "In a box, every place for a symbol lies on one row or column: the symbol is in that line "
     "inside the box, so it leaves the rest of the line."},
    {"naked pair",
     "Two cells of a unit hold the same two candidates and nothing else: those two symbols go in "
     "those two cells, so they leave the rest of the unit."},
    {"claiming",
     "In a row or column, every place for a symbol lies in one box: the symbol is in that box on "
     "this line, so it leaves the rest of the box."},
    {"hidden pair",
     "Two symbols can only go in the same two cells of a unit: those cells hold them, so every "
     "other candidate leaves those cells."},
    {"naked triple",
     "Three cells of a unit hold candidates from the same three symbols only: the three symbols "
     "leave the rest of the unit."},
    {"hidden triple",
     "Three symbols can only go in the same three cells of a unit: every other candidate leaves "
     "those cells."},
    {"naked quad",
     "Four cells of a unit hold candidates from the same four symbols only: the four symbols "
     "leave the rest of the unit."},
    {"hidden quad",
     "Four symbols can only go in the same four cells of a unit: every other candidate leaves "
     "those cells."},
    {"x-wing",
     "In two rows a symbol can only go in the same two columns (or the other way round): it "
     "fills those columns there, so it leaves the rest of the two columns."},
    {"finned x-wing",
     "An x-wing with extra places (fins) in one box: either a fin holds the symbol or the x-wing "
     "does, so cells that are in a cover line and see every fin lose it."},
    {"sashimi x-wing",
     "A finned x-wing one of whose corners is missing: it works as the finned x-wing does."},
    {"swordfish",
     "In three rows a symbol can only go in the same three columns (or the other way round): it "
     "leaves the rest of those columns."},
    {"finned swordfish",
     "A swordfish with fins in one box: cells in a cover line that see every fin lose the symbol."},
    {"sashimi swordfish", "A finned swordfish with a corner missing: it works as the finned swordfish does."},
    {"skyscraper",
     "Two parallel lines where a symbol has exactly two places each, joined at one end: one of "
     "the two other ends holds it, so cells seeing both ends lose it."},
    {"two-string kite",
     "A row and a column where a symbol has exactly two places each, joined in a box: one of the "
     "two free ends holds it, so cells seeing both lose it."},
    {"turbot fish",
     "A chain strong-weak-strong on one symbol: one of its two ends holds it, so cells seeing "
     "both ends lose it."},
    {"empty rectangle",
     "A box whose places for a symbol lie on one row and one column, with a line where the "
     "symbol has two places: together they remove the symbol from one cell."},
    {"xy-wing",
     "A cell with two candidates xy sees one cell xz and one cell yz: one of those holds z, so "
     "cells seeing both lose z."},
    {"xyz-wing",
     "A cell xyz sees cells xz and yz: one of the three holds z, so cells seeing all three lose z."},
    {"wxyz-wing",
     "Four cells with four symbols between them, only one symbol not confined: one of its cells "
     "holds it, so cells seeing all of those lose it."},
    {"w-wing",
     "Two cells with the same two candidates, bridged by a line where one of the symbols has two "
     "places: one of the cells holds the other symbol, so cells seeing both lose it."},
    {"unique rectangle type 1",
     "Four cells in two rows, two columns and two boxes would swap their two symbols, giving two "
     "solutions; since there is one, the fourth corner cannot hold only those two."},
    {"unique rectangle type 2",
     "A rectangle of two symbols whose two corners share one extra candidate: one of them holds "
     "it, so cells seeing both lose it (otherwise two solutions)."},
    {"unique rectangle type 3",
     "A rectangle whose extra candidates act as one cell forming a naked subset with other cells "
     "of a unit (otherwise two solutions)."},
    {"unique rectangle type 4",
     "A rectangle where one of its symbols must go in the two extra corners: the other symbol "
     "leaves both (otherwise two solutions)."},
    {"unique rectangle type 5",
     "A rectangle whose corners share one extra candidate on a diagonal or three corners: one of "
     "them holds it (otherwise two solutions)."},
    {"unique rectangle type 6",
     "A rectangle whose symbol lies only in its corners in both rows: it must sit on the "
     "corners holding just the pair (otherwise two solutions)."},
    {"bug+1",
     "Every empty cell holds two candidates but one: that cell must take the symbol that would "
     "otherwise leave the puzzle with more than one solution."},
    {"jellyfish",
     "In four rows a symbol can only go in the same four columns (or the other way round): it "
     "leaves the rest of those columns."},
    {"simple colouring",
     "Colour a symbol's places linked by two-place lines in two colours: one colour is true, so "
     "a colour clash or a cell seeing both colours loses it."},
    {"x-chain",
     "A chain on one symbol, alternating lines where it has two places and cells that see each "
     "other: one of its ends holds it, so cells seeing both ends lose it."},
    {"grouped x-chain",
     "An x-chain that may pass through a group: a symbol's places in one box on one line."},
    {"xy-chain",
     "A chain of two-candidate cells, each sharing a symbol with the next: one end holds the "
     "chain's symbol, so cells seeing both ends lose it."},
    {"aligned pair exclusion",
     "Two cells that see each other: the pairs of symbols that would empty a two-candidate cell "
     "both see are ruled out, and with them some candidates."},
    {"alternating inference chain",
     "A chain alternating 'if not this, then that' and 'if this, then not that' through cells "
     "and units: one of its ends is true, which removes what sees both."},
    {"grouped alternating inference chain",
     "An alternating inference chain that may pass through groups of cells in one box and line."},
    {"forcing chain",
     "Follow each choice of a cell or unit through the singles it forces: what every choice "
     "gives is true, and a choice leading to a contradiction is false."},
};

// "a", "a and b", "a, b and c" — long cell lists of chains keep their ends.
std::string cells_listed(const std::vector<std::string>& cells) {
  if (cells.size() <= 6) return listed(cells);
  return cells[0] + ", " + cells[1] + " \u2026 " + cells[cells.size() - 2] + ", " + cells.back() + " (" +
         std::to_string(cells.size()) + " cells)";
}

std::string joined(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
  return out;
}

std::string subset_noun(std::size_t size) { return size == 2 ? "pair" : size == 3 ? "triple" : "quad"; }

// "removes 2 from r4c5 and r4c6, and 7 from r4c9"; placements: "places 7 in r3c4".
std::string effect(const HintFacts& f) {
  std::string text;
  for (const auto& [cell, symbol] : f.placements) {
    text += (text.empty() ? "places " : ", ") + symbol + " in " + cell;
  }
  if (!f.removals.empty()) {
    if (!text.empty()) text += "; ";
    text += "removes ";
    for (std::size_t i = 0; i < f.removals.size(); ++i) {
      if (i) text += i + 1 == f.removals.size() ? ", and " : ", ";
      text += listed(f.removals[i].first) + " from " + listed(f.removals[i].second);
    }
  }
  return text;
}

std::vector<std::string> removed_symbols(const HintFacts& f) {
  std::vector<std::string> out;
  for (const auto& group : f.removals) out.insert(out.end(), group.first.begin(), group.first.end());
  return out;
}

}  // namespace

std::string technique_name(engine::Technique technique) {
  return kTechniqueWords[static_cast<int>(technique)].name;
}

std::string technique_definition(engine::Technique technique) {
  return kTechniqueWords[static_cast<int>(technique)].definition;
}

std::string hint_sentence(const HintFacts& f) {
  using engine::Technique;
  using Kind = HintFacts::Kind;
  switch (f.kind) {
    case Kind::singles_only: return "singles only";
    case Kind::needs_trial: return "after the singles no technique of this book applies: trial and error";
    case Kind::invalid: return "not a valid puzzle";
    case Kind::step: break;
  }
  const std::string name = wording::technique_name(f.technique);
  const std::string first = f.symbols.empty() ? "" : f.symbols[0];
  switch (f.technique) {
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad:
      return f.unit + ": the " + subset_noun(f.cells.size()) + " " + joined(f.symbols, "/") + " in " +
             listed(f.cells) + " removes " + listed(removed_symbols(f)) + " from the rest of the " + f.unit_kind;
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad:
      return f.unit + ": " + listed(f.symbols) + " can only go in " + listed(f.cells) +
             ", so those cells hold nothing else; " + effect(f);
    case Technique::pointing:
    case Technique::claiming:
      if (!f.target.empty()) {
        return f.unit + ": the places for " + first + " lie in " + f.target + " (" + listed(f.cells) +
               "), which removes " + first + " from the rest of " + f.target;
      }
      break;
    case Technique::x_wing:
    case Technique::swordfish:
    case Technique::jellyfish:
      if (!f.base_lines.empty()) {
        return name + " on " + first + ": in " + f.base_lines + " the places for " + first + " lie only in " +
               f.cover_lines + ", which " + effect(f);
      }
      break;
    case Technique::finned_x_wing:
    case Technique::sashimi_x_wing:
    case Technique::finned_swordfish:
    case Technique::sashimi_swordfish:
      if (!f.base_lines.empty()) {
        return name + " on " + first + ": in " + f.base_lines + " the places for " + first + " lie in " +
               f.cover_lines + " apart from the fin" + (f.fins.size() > 1 ? "s " : " ") + listed(f.fins) +
               ", which " + effect(f);
      }
      break;
    default: break;
  }
  std::string text = name;
  if (!f.symbols.empty()) text += " on " + joined(f.symbols, "/");
  if (!f.cells.empty()) text += " in " + cells_listed(f.cells);
  if (!f.unit.empty()) text += " (" + f.unit + ")";
  return text + ": " + effect(f);
}

std::string hint_line(int number, std::string_view sentence) {
  return puzzle_label(number) + " \u2014 " + std::string(sentence);
}

std::string glossary_caption(int number) { return puzzle_label(number) + ", after the singles"; }

}  // namespace puzzlepress::book::wording
