// Wording: every word a book prints that is not the user's own (headings, labels, grade names,
// the rules of sudoku, the copyright notice, the cover's lines, the sample sheet's footer).
// Layout receives these strings; it never makes up text.
//
// The strings live in one table per language, locales/<language>.yaml (built into the binary;
// book/text/resources.h). Every table has exactly the ids of locales/en.yaml with the same
// {placeholders} (tests/book/wording_test.cpp: a missing translation fails the tests; there is
// no fallback to English at run time). A spec may override any string by id
// (`text: { solutions_heading: Answers }`). The functions below put sentences together from
// those strings; how to word a sentence is the table's business, which pieces go in is theirs.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "book/text/skin.h"
#include "engine/grade.h"
#include "engine/shape.h"
#include "engine/technique.h"
#include "engine/variant.h"
#include "render/layout.h"
#include "render/marks.h"

namespace puzzlepress::book {

struct CopyrightFacts {
  std::string title;
  std::string author;
  std::string year;  ///< empty = not printed
  std::string publisher;
  std::string isbn;
  std::string version;  ///< puzzlepress version
  std::uint32_t seed = 0;
  /// The spec's credit_line: the tool, its version and the seed are named (copyright_made);
  /// otherwise only that every puzzle has one solution (copyright_unique).
  bool credit = false;
  /// Every puzzle was graded and none needs trial and error (a book without allow_trial):
  /// the page says every puzzle can be solved by logic alone.
  bool logic_only = false;
};

/// A hint's facts with every name already in the puzzle's own faces (book/make/hints.h fills it):
/// cells as "r4c2", units as "row 4", symbols as printed ("7", "G", "circle").
struct HintFacts {
  enum class Kind { step, singles_only, needs_trial, invalid };
  Kind kind = Kind::step;
  engine::Technique technique = engine::Technique::full_house;
  std::string unit;       ///< the step's unit, "row 4"; empty when none
  std::string unit_kind;  ///< "row", "column" or "box" as printed ("the rest of the row"); empty when none
  /// Pointing: the line the box's places lie on; claiming: the box the line's places lie in.
  std::string target;
  std::vector<std::string> cells;    ///< the pattern's cells, in the step's order
  std::vector<std::string> symbols;  ///< the pattern's symbols
  /// Fish: the base lines ("rows 2 and 7") and the cover lines; empty otherwise.
  std::string base_lines;
  std::string cover_lines;
  std::vector<std::string> fins;  ///< finned fish: the fins
  /// What the step removes: groups of (symbols, cells) that lose them, symbols in order.
  std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> removals;
  std::vector<std::pair<std::string, std::string>> placements;  ///< (cell, symbol)
  // Killer techniques (engine::Hint::sum, combinations, extra_cells):
  std::string sum;  ///< the cage's sum, or what the innies or outies add up to
  /// The cage's cells (cage combination, cage/house intersection, killer pairs and triples).
  std::vector<std::string> cage;
  std::vector<std::string> combinations;  ///< cage combinations: "1+2", "1+3" (symbols joined by '+')
  /// Rule of 45: its houses, one part ("row 4", "rows 4 and 5") or several ("box 1", "box 2").
  std::vector<std::string> region;
  bool outies = false;      ///< rule of 45: the cells are outies (else innies)
  bool from_house = false;  ///< cage/house intersection: the house's places lie in the cage
};

/// The languages a book may be printed in (`language:`), English first (the default).
/// "en" is US English; "en-GB" the same words with British spellings (locales/en-GB.yaml).
inline constexpr std::string_view kLanguages[] = {"en", "en-GB", "de", "fr", "es", "it", "nl", "pt"};

/// The string ids, in locales/en.yaml's order.
const std::vector<std::string>& wording_ids();

/// The placeholders ("n", "first", …) English's string `id` uses, sorted; empty for an
/// unknown id.
std::vector<std::string> wording_placeholders(std::string_view id);

/// The placeholders of string `id` that an override must keep, because without them the page
/// loses what tells one thing from another: {n} of "Puzzle {n}" (no puzzle would show its
/// number), a range's ends, a cell's row and column, a unit's number, a hint line's puzzle and
/// hint, a cover line's count and grade, the copyright holder, the ISBN. Empty for the others.
std::vector<std::string> required_placeholders(std::string_view id);

/// The table of `language` as written in locales/<language>.yaml (id -> string). Throws
/// EnvironmentError when the language is not built in or its table is broken (a YAML error, an
/// id missing or unknown: the tests keep that from happening).
std::map<std::string, std::string> locale_table(std::string_view language);

/// The words of one book: a language's table with the spec's overrides.
class Wording {
 public:
  /// English, no overrides.
  Wording();
  /// `language`'s table with `overrides` (id -> string) applied. Throws EnvironmentError as
  /// locale_table does; the overrides' ids were checked by the spec reader (an unknown one is a
  /// std::invalid_argument here).
  explicit Wording(std::string_view language, const std::map<std::string, std::string>& overrides = {});

  const std::string& language() const { return language_; }
  /// String `id` as the table has it, placeholders unfilled.
  const std::string& text(std::string_view id) const;
  /// String `id` with each {name} replaced by its value.
  std::string format(std::string_view id, const std::vector<std::pair<std::string_view, std::string>>& values) const;

  /// "Puzzle 17"
  std::string puzzle_label(int number) const;
  /// Under a puzzle: "Solution on page 87" (`page`: the physical page number as printed).
  std::string solution_on_page(int page) const;
  /// Over a solution: "Puzzle 12, page 14" (the puzzle's number and physical page).
  std::string solution_of_puzzle(int number, int page) const;
  /// "Puzzle 1" or "Puzzles 1–200" (en dash)
  std::string puzzle_range(int first, int last) const;
  /// "Easy" … "Evil"
  std::string grade_name(engine::Grade grade) const;
  std::string solutions_heading() const { return text("solutions_heading"); }
  /// "Sudoku Puzzles, Volume 2": the printed title of a volume of a series.
  std::string volume_title(const std::string& title, int volume) const {
    return format("volume_title", {{"title", title}, {"volume", std::to_string(volume)}});
  }
  std::string notes_heading() const { return text("notes_heading"); }
  std::string blank_page() const { return text("blank_page"); }
  std::string how_to_play_heading() const { return text("how_to_play_heading"); }

  /// The rules of a 9x9 digits book, in paragraphs ("3 × 3" joined by no-break spaces), naming
  /// exactly `grades` (the book's grades, easiest first, no repeats; rules_grades).
  std::vector<std::string> how_to_play(const std::vector<engine::Grade>& grades) const;
  /// Under the 9x9 example grid, whose first box is shaded.
  std::string how_to_play_caption() const { return how_to_play_caption(Skin::digits, engine::kShape9x9); }

  // The how-to-play page of a book that is not all 9x9 digits (sizes, skins; README "Sizes and
  // skins"). The page is the paragraphs below in this order, those that apply, then the example
  // figure of the book's first section with its caption. "N × N" uses no-break spaces.

  /// "A sudoku is a grid of 6 × 6 cells, divided into 6 boxes of 2 × 3 cells (2 rows by 3
  /// columns). Some cells already hold a shape: these are the givens."
  std::string rules_grid(engine::Shape shape, Skin skin) const;
  /// What to write in a cell: "a digit from 1 to 6", "a symbol from 1 to 9 or A to C", "a
  /// letter from A to F", "one of the letters of GARDEN", "one of the 4 shapes: circle,
  /// triangle, square and star". `word`: the section's letters word (empty: none).
  std::string symbols_phrase(Skin skin, engine::Shape shape, std::string_view word) const;
  /// The plural noun: "digits", "symbols" (digits beyond 9), "letters", "shapes".
  std::string symbol_noun_plural(Skin skin, engine::Shape shape) const;
  /// "circle", "triangle", … : a mark's printed name.
  std::string shape_name(render::Mark mark) const;
  /// "Fill every empty cell with <phrase> so that each row, each column and each 2 × 3 box
  /// contains every <noun> exactly once. No arithmetic is needed; …"
  std::string rules_fill(engine::Shape shape, Skin skin, std::string_view phrase) const;
  /// In a book with shapes in several sizes, for a size other than the first section's: "The 6 ×
  /// 6 grids use 6 shapes: circle, triangle, square, star, heart and cross." (every shape a
  /// puzzle of the book uses is named on the page; verify --pdf checks it).
  std::string rules_shapes_of_size(engine::Shape shape) const;
  /// "When a puzzle is solved, one of its rows spells GARDEN; the solutions at the back of the
  /// book shade it." With several words: "When a puzzle of letters is solved, one of its rows
  /// spells a word: WORD, GARDEN or WORDPUZLE; …".
  std::string rules_word(const std::vector<std::string>& words) const;
  /// "Start with a row, column or box that is nearly full and ask which shapes are missing …"
  std::string rules_tips(Skin skin, engine::Shape shape) const;
  /// Names exactly `grades` (sorted and made unique here), no grade the book does not have:
  /// "Each puzzle is marked with its difficulty: Easy (one star), Medium (two stars) or Evil
  /// (five stars). The solutions are at the back of the book." (one grade: "…: Easy (one
  /// star). …"). verify --pdf looks for this sentence on the how-to-play page.
  std::string rules_grades(std::vector<engine::Grade> grades) const;
  /// For a book of several sizes or skins: "This book has 4 × 4 and 6 × 6 grids, with shapes and
  /// digits. The rules are the same for all of them; the example shows the first kind."
  /// `sizes` and `skins` in book order, without repeats; either may hold one entry.
  std::string rules_mixed(const std::vector<engine::Shape>& sizes, const std::vector<Skin>& skins) const;
  /// The kids register of How to Play (audience: kids): short sentences, no "givens" or
  /// "candidates". "Each puzzle is a grid of 4 rows and 4 columns. Thick lines split it into 4
  /// boxes. Some squares already show a shape."
  std::string kids_rules_grid(engine::Shape shape, Skin skin) const;
  /// "Fill every empty square with one of the 4 shapes: …. Each row, each column and each box
  /// needs every shape just once."
  std::string kids_rules_fill(engine::Shape shape, Skin skin, std::string_view phrase) const;
  /// "Look for a row, column or box with just one empty square. …"
  std::string kids_rules_tips() const;
  /// "This book has 4 × 4 and 6 × 6 grids. The rules are the same for all of them."
  std::string kids_rules_mixed(const std::vector<engine::Shape>& sizes) const;
  /// The book's own level scale: grade k of the book's n grades (easiest first) has k stars of n.
  /// "The stars show how hard a puzzle is: one star for Easy and two stars for Medium. The
  /// answers are at the back of the book." (one grade: "All the puzzles are Easy. …").
  /// verify --pdf looks for this sentence on a kids book's how-to-play page.
  std::string kids_rules_grades(std::vector<engine::Grade> grades) const;
  /// The caption under the example: "The shaded box, like every row and column, holds 1 to 6
  /// once each." / "… holds every letter once." / "… holds every shape once."
  std::string how_to_play_caption(Skin skin, engine::Shape shape) const;
  /// "every digit", "every letter", "every shape" (every_*) for a book of `skin` on `shape`.
  std::string every_symbol(Skin skin, engine::Shape shape) const;

  // Sudoku kinds (puzzles[].kind). The book's kinds other than classic each have a How to Play
  // page of their own after the first.
  /// "Classic Sudoku", "X Sudoku", "hipersudoku", … (kind_classic, kind_x …).
  std::string kind_name(engine::Kind kind) const;
  /// kind_name with a capital: the heading of the kind's How to Play page.
  std::string kind_heading(engine::Kind kind) const;
  /// The first How to Play page's pointer to the kinds' pages (rules_kinds).
  /// `killer`: the book has killers too, named last.
  std::string rules_kinds(const std::vector<engine::Kind>& kinds, bool kids = false, bool killer = false) const;
  /// The fill rule of a book of jigsaws alone (rows, columns and regions; kids: short).
  std::string rules_fill_regions(engine::Shape shape, Skin skin, std::string_view phrase, bool kids) const;
  /// The kind's rule (rules_x, rules_hyper, rules_jigsaw; kids: kids_rules_…, short sentences)
  /// for a grid of `shape` in `skin`.
  std::string rules_kind(engine::Kind kind, engine::Shape shape, Skin skin, bool kids = false) const;
  /// The caption of the kind's example, puzzle `puzzle_number` with one of the kind's houses
  /// filled in (caption_x …).
  std::string kind_caption(engine::Kind kind, int puzzle_number, engine::Shape shape, Skin skin) const;

  // Killer sudoku (puzzles[].kind: killer; no engine::Kind): a How to Play page of its own.
  /// "Killer Sudoku" (kind_killer), and with a capital: its page's heading and its puzzles'
  /// kind label in a book of several kinds.
  std::string killer_name() const;
  std::string killer_heading() const;
  /// The killer rule (rules_killer; kids: kids_rules_killer) for a grid of `shape` in digits.
  std::string rules_killer(engine::Shape shape, bool kids = false) const;
  /// The caption of the killer example, puzzle `puzzle_number` with its first cage filled in.
  std::string killer_caption(int puzzle_number) const;

  /// A sample sheet's PDF title: "Sudoku sample, seed 7".
  std::string sample_title(std::uint32_t seed) const;
  /// A sample sheet's footer: "puzzlepress sample, seed 7 — <command>".
  std::string sample_footer(std::uint32_t seed, const std::string& command) const;

  /// On the back cover, one line per section: "40 Easy puzzles" ("1 Easy puzzle").
  std::string cover_section_line(int count, engine::Grade grade) const;
  /// One puzzle or section as the back cover counts it.
  struct ContentsEntry {
    int count = 0;
    engine::Grade grade = engine::Grade::easy;
    engine::Shape shape = engine::kShape9x9;
    Skin skin = Skin::digits;
    engine::Kind kind = engine::Kind::classic;
    bool killer = false;  ///< killer sudoku (kind stays classic): named as the killer kind
  };
  /// The back cover's contents, a (grade, line) per kind of puzzle in order of first appearance:
  /// entries of the same grade, size, skin and kind are counted together (two Easy sections are
  /// one line, never two that read alike); each line names its size and symbols: "40 Easy
  /// puzzles (6 × 6, shapes)" (cover_section_kind), and in a book of several kinds its kind too:
  /// "20 Hard puzzles (Jigsaw Sudoku, 9 × 9, digits)" (cover_section_kind_variant). verify
  /// --cover recomputes them from the manifest's puzzles and looks for each on the cover.
  std::vector<std::pair<engine::Grade, std::string>> cover_contents(const std::vector<ContentsEntry>& entries) const;
  /// The heading over the back's contents list ("Inside this book").
  std::string cover_inside() const { return text("cover_inside"); }
  /// The back cover's last line of contents.
  std::string cover_solutions_line() const { return text("cover_solutions_line"); }

  /// The copyright page's paragraphs, in order: the title (bold), "by" the author, the notice,
  /// the publisher and ISBN when given, and how the puzzles were made.
  std::vector<render::Paragraph> copyright(const CopyrightFacts& facts) const;

  // Hints (README "Hints"): the Hints section and the glossary page.
  std::string hints_heading() const { return text("hints_heading"); }
  std::string glossary_heading() const { return text("glossary_heading"); }
  /// Under the glossary heading: how to read its figures.
  /// The glossary's paragraph; in a book with kinds (`kinds`), glossary_kinds after it: regions
  /// and windows work as boxes do, diagonals as rows.
  std::string glossary_intro(bool kinds = false) const {
    return kinds ? text("glossary_intro") + " " + text("glossary_kinds") : text("glossary_intro");
  }
  /// Under the Hints heading: what a line gives and how cells are named (cell_name(4, 2) as the
  /// example), then, unless `left_out` is empty, that puzzles `left_out` (1-based, ascending) need
  /// singles only and have no line ("Puzzles 1–12, 15 and 17–20 need …").
  /// With `kinds` (the book has x, hyper or jigsaw puzzles) hints_kinds follows the notation: how
  /// regions, diagonals and windows are numbered; with `killers` (the book has killers)
  /// hints_killer: that a killer's line comes after its cage combinations (engine::first_hint).
  std::string hints_intro(const std::vector<int>& left_out, bool kinds = false, bool killers = false) const;
  /// "r4c2": row and column 1-based.
  std::string cell_name(int row, int column) const;
  /// "row 4", "column 2", "box 9": kind 0 row, 1 column, 2 box; number 1-based.
  std::string unit_name(int kind, int number) const;
  /// "row", "column", "box": kind 0, 1, 2 (as in "the rest of the row").
  std::string unit_kind_name(int kind) const;
  /// "rows 2 and 7", "columns 3, 5 and 8": kind 0 rows, 1 columns; numbers 1-based.
  std::string lines_name(int kind, const std::vector<int>& numbers) const;
  /// A technique's printed name: "naked pair", "x-wing", "unique rectangle type 2".
  std::string technique_name(engine::Technique technique) const;
  /// The name as a heading begins it, its first letter a capital: "Naked pair", "Nacktes Paar".
  std::string technique_heading(engine::Technique technique) const;
  /// The glossary's one or two sentences on a technique, its name not repeated.
  std::string technique_definition(engine::Technique technique) const;
  /// The hint in words, e.g. "row 4: the pair 2/7 in r4c2 and r4c8 removes 2 and 7 from the rest
  /// of the row"; "singles only"; long chains name their first two and last two cells.
  std::string hint_sentence(const HintFacts& facts) const;
  /// Test-only (the Hints page sets the label and the sentence apart): "Puzzle 57 — <sentence>"
  /// (em dash), one line of the Hints section.
  std::string hint_line(int number, std::string_view sentence) const;
  /// Under a glossary figure: "Puzzle 12, after the singles".
  std::string glossary_caption(int number) const;

  // The cage combination table of a killer book (spec killer_table; book/make/cage_table.h).
  std::string cage_table_heading() const { return text("cage_table_heading"); }
  /// What the table lists, and that a sum in bold has one combination only.
  std::string cage_table_intro() const { return text("cage_table_intro"); }
  /// "2 cells": a group of the table.
  std::string cage_table_cells(int cells) const { return format("cage_table_cells", {{"n", std::to_string(cells)}}); }
  /// "Digits 1 to 6": a part of the table, in a book of 6x6 and 9x9 killers.
  std::string cage_table_digits(int last) const {
    return format("cage_table_digits", {{"last", std::to_string(last)}});
  }

 private:
  std::string cells_listed(const std::vector<std::string>& cells) const;
  std::string hint_effect(const HintFacts& facts) const;
  std::string listed(const std::vector<std::string>& items, std::string_view last_joiner_id) const;

  std::string language_;
  std::map<std::string, std::string, std::less<>> strings_;
};

/// PDF keywords of books and sheets (metadata, not printed).
inline constexpr const char* kKeywords = "sudoku";

}  // namespace puzzlepress::book
