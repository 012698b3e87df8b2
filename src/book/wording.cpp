#include "book/wording.h"

#include <algorithm>

namespace puzzlepress::book::wording {

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
                  std::to_string(f.seed) + ". Every puzzle has exactly one solution."});
  return paras;
}

}  // namespace puzzlepress::book::wording
