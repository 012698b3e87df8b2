#include "book/spec/spec_keys.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <stdexcept>

#include "book/kdp/cover_geometry.h"
#include "book/spec/spec.h"
#include "book/kdp/trim.h"
#include "book/text/wording.h"
#include "engine/generator9.h"
#include "engine/grade.h"
#include "engine/shape.h"
#include "engine/variant.h"
#include "book/text/skin.h"
#include "util/text.h"

namespace puzzlepress::book {
namespace {

template <class List, class Name>
std::vector<std::string> names_of(const List& list, Name name) {
  std::vector<std::string> out;
  for (const auto& v : list) out.emplace_back(name(v));
  return out;
}

SpecKey text(std::string name, std::string meaning, std::string example, bool required = false) {
  SpecKey k;
  k.name = std::move(name);
  k.type = ValueType::text;
  k.meaning = std::move(meaning);
  k.required = required;
  k.example = std::move(example);
  return k;
}

SpecKey integer(std::string name, std::string meaning, std::int64_t min, std::int64_t max, std::string example,
                std::string default_text = "", bool required = false) {
  SpecKey k;
  k.name = std::move(name);
  k.type = ValueType::integer;
  k.meaning = std::move(meaning);
  k.min = min;
  k.max = max;
  k.example = std::move(example);
  k.default_text = std::move(default_text);
  k.required = required;
  return k;
}

SpecKey choice(std::string name, std::string meaning, std::vector<std::string> choices, std::string default_text,
               std::string example) {
  SpecKey k;
  k.name = std::move(name);
  k.type = ValueType::choice;
  k.meaning = std::move(meaning);
  k.choices = std::move(choices);
  k.default_text = std::move(default_text);
  k.example = std::move(example);
  return k;
}

SpecKey colour(std::string name, std::string meaning, std::string default_text, std::string example) {
  SpecKey k;
  k.name = std::move(name);
  k.type = ValueType::colour;
  k.meaning = std::move(meaning);
  k.default_text = "\"" + default_text + "\"";
  k.example = std::move(example);
  return k;
}

SpecKey boolean(std::string name, std::string meaning, std::string default_text, std::string example) {
  SpecKey k;
  k.name = std::move(name);
  k.type = ValueType::boolean;
  k.meaning = std::move(meaning);
  k.default_text = std::move(default_text);
  k.example = std::move(example);
  return k;
}

SpecKey path(std::string name, std::string meaning, std::string example) {
  SpecKey k;
  k.name = std::move(name);
  k.type = ValueType::path;
  k.meaning = std::move(meaning);
  k.example = std::move(example);
  return k;
}

std::vector<SpecKey> make_keys() {
  std::vector<SpecKey> keys;
  keys.push_back(text("title", "on the title and copyright pages and in the PDF metadata", "Sudoku for Adults", true));
  keys.push_back(text("subtitle", "under the title", "200 Puzzles, Easy to Evil"));
  keys.push_back(text("author", "title page, copyright page, PDF metadata", "Jane Doe", true));
  keys.push_back(text("publisher", "copyright page", "Puzzlepress Example Books"));
  keys.push_back(integer("year", "copyright year", 1, 9999, "2026"));
  keys.push_back(text("isbn",
                      "copyright page, printed as \"ISBN <isbn>\"; an ISBN-10 or ISBN-13 with its right check digit",
                      "978-1-23456-789-7"));

  SpecKey trim = text("trim", "one of KDP's trims or a custom \"WxH in\" / \"WxH mm\"", "6x9");
  trim.default_text = "8.5x11";
  keys.push_back(trim);

  SpecKey bleed;
  bleed.name = "bleed";
  bleed.type = ValueType::boolean;
  bleed.meaning = "page = trim + 0.125 in wide, + 0.25 in tall; TrimBox and BleedBox set";
  bleed.default_text = "false";
  bleed.example = "true";
  keys.push_back(bleed);

  keys.push_back(choice("paper", "KDP's page-count limits differ by paper",
                        names_of(kAllPapers, [](Paper p) { return std::string(paper_id(p)); }), "white", "cream"));

  SpecKey layout = text("layout",
                        "a preset from layouts/ or a path to a layout file (relative to the spec); a kids book "
                        "(audience) without it is one-up",
                        "four-up");
  layout.default_text = "two-up";
  keys.push_back(layout);
  keys.push_back(choice("audience",
                        "kids: short sentences without \"givens\" or \"candidates\", text of 14 pt or more, "
                        "stars for the book's own levels, large grids (one-up unless layout: says otherwise); "
                        "by default kids exactly when every section is 4x4 or 6x6 or of shapes",
                        {"adults", "kids"}, "", "kids"));

  keys.push_back(integer("seed", "base seed; puzzle k gets seed + k * 0x9E3779B9", 0,
                         std::numeric_limits<std::uint32_t>::max(), "42", "", true));
  keys.push_back(
      choice("symmetry", "which cells are removed together",
             names_of(engine::kAllSymmetries, [](engine::Symmetry s) { return std::string(engine::symmetry_id(s)); }),
             "rotational", "mirror"));
  keys.push_back(text("catalogue",
                      "a catalogue of the publisher's books (relative to the spec) or a postgresql:// "
                      "address: build places no puzzle another book of it holds, and registers this one",
                      "books.catalogue"));
  keys.push_back(text("series", "the series this book is a volume of (with volume: the catalogue records both)",
                      "Sudoku for Commuters"));
  keys.push_back(integer("volume",
                         "this book is volume N of its series: printed after the title (\"Sudoku, Volume 2\") on "
                         "the title page, cover and spine; its puzzles are seeded from the seed and N",
                         1, 999, "2"));
  keys.push_back(choice("unique_by", "with catalogue: what counts as the same puzzle in another book",
                        {"form", "solution"}, "form", "solution"));
  keys.push_back(
      choice("grading",
             "techniques: a grade is the hardest technique a puzzle needs (inside its clue "
             "band); clues: the clue band alone",
             names_of(engine::kAllGradings, [](engine::Grading g) { return std::string(engine::grading_id(g)); }),
             "techniques", "clues"));

  keys.push_back(boolean("allow_trial",
                         "also place puzzles our techniques cannot finish (they need trial and error); by "
                         "default every puzzle can be solved by logic alone, and the copyright page says so",
                         "false", "true"));
  keys.push_back(boolean("credit_line",
                         "the copyright page also says \"Puzzles generated by puzzlepress <version> from base "
                         "seed <seed>\" (off: a retail book does not print its tool)",
                         "false", "true"));
  keys.push_back(boolean("hints",
                         "a Hints section before the solutions: per puzzle, the first step beyond singles "
                         "(technique, unit and cells)",
                         "false", "true"));
  keys.push_back(boolean("grid_labels",
                         "row numbers left of and column numbers above every puzzle grid (small, grey), so "
                         "that a hint's r4c2 can be found; by default on exactly when hints is",
                         "", "true"));
  keys.push_back(boolean("glossary",
                         "a \"Techniques used in this book\" page after the puzzles (before any hints): each "
                         "technique the puzzles' first steps beyond singles use, with a small figure",
                         "false", "true"));

  SpecKey grade = choice("grade",
                         "the section's difficulty (required; kind: killer takes easy at 6x6, and easy, medium, "
                         "hard or, with allow_trial: true, evil at 9x9)",
                         names_of(engine::kAllGrades, [](engine::Grade g) { return std::string(engine::grade_id(g)); }),
                         "", "hard");
  grade.aliases = {{"expert", "extreme"}};
  grade.required = true;
  SpecKey count = integer("count", "puzzles in the section", 1, kMaxPuzzles, "40", "", true);
  SpecKey size =
      choice("size", "the grid: 4x4 (2x2 boxes), 6x6 (2x3), 8x8 (2x4), 9x9, 12x12 (3x4), 16x16 (4x4)",
             names_of(engine::kAllShapes, [](engine::Shape s) { return engine::shape_id(s); }), "9x9", "6x6");
  SpecKey skin = choice("skin", "what the symbols look like: digits (1-9, A-G), letters, or shapes (up to 9x9)",
                        names_of(kAllSkins, [](Skin k) { return std::string(skin_id(k)); }), "digits", "letters");
  SpecKey letters = text("letters",
                         "letters skin: N distinct letters A-Z (any case, printed in capitals); one row of "
                         "each solution spells them",
                         "GARDEN");
  std::vector<std::string> kinds =
      names_of(engine::kAllKinds, [](engine::Kind k) { return std::string(engine::kind_id(k)); });
  kinds.push_back(std::string(kKillerKindId));  // a book-side kind: cages are no engine::Kind
  SpecKey kind = choice("kind",
                        "the puzzle form: classic; x (the two diagonals are houses too: 6x6, 8x8, 9x9); hyper "
                        "(four extra 3x3 windows: 9x9); jigsaw (irregular regions: 6x6, 8x8, 9x9); killer "
                        "(cages with sums, no givens: 6x6, 9x9, digits)",
                        kinds, "classic", "jigsaw");
  kind.aliases = {{"diagonal", "x"}, {"windoku", "hyper"}};
  SpecKey tint = boolean("tint", "jigsaw: regions tinted (paper and up to three light greys, no two neighbours alike)",
                         "false", "true");
  SpecKey section;
  section.type = ValueType::mapping;
  section.meaning = "one section: a grade and a count, and optionally a size, skin and kind";
  section.fields = {grade, count, size, skin, letters, kind, tint};
  SpecKey puzzles;
  puzzles.name = "puzzles";
  puzzles.type = ValueType::list;
  puzzles.meaning = "sections in book order; " + std::to_string(kMaxPuzzles) + " puzzles in all at most";
  puzzles.required = true;
  puzzles.fields = {section};
  puzzles.example = "[{ grade: easy, count: 40 }, { grade: hard, count: 40 }]";
  keys.push_back(puzzles);

  SpecKey solutions;
  solutions.name = "solutions";
  solutions.type = ValueType::mapping;
  solutions.meaning = "the answer pages";
  solutions.fields = {
      integer("per_page", "solutions per answer page; the arrangement with the largest grids is chosen", 1,
              kMaxSolutionsPerPage, "6"),
      boolean("cross_references",
              "\"Solution on page N\" under each puzzle and \"Puzzle N, page M\" over each solution", "true", "false")};
  solutions.example = "{ per_page: 4 }";
  keys.push_back(solutions);

  SpecKey page = choice("", "a front-matter page", {"title", "copyright", "how_to_play"}, "", "title");
  SpecKey front;
  front.name = "front_matter";
  front.type = ValueType::list;
  front.meaning = "front-matter pages, always printed in the order title, copyright, how_to_play";
  front.default_text = "[title, copyright, how_to_play]";
  front.fields = {page};
  front.unique_items = true;
  front.example = "[title, how_to_play]";
  keys.push_back(front);
  keys.push_back(boolean("killer_table",
                         "a book with killer sections: the cage combination table after How to Play (cages of 2 "
                         "to 6 cells, every sum and its sets of digits, the sums of one set in bold); refused "
                         "without killers",
                         "false", "true"));

  SpecKey fonts;
  fonts.name = "fonts";
  fonts.type = ValueType::mapping;
  fonts.meaning = "TrueType (glyf) .ttf files replacing the shipped fonts, relative to the spec";
  fonts.fields = {path("text", "body text and headings' regular face", "fonts/MySerif.ttf"),
                  path("bold", "headings, titles, puzzle labels", "fonts/MySerif-Bold.ttf"),
                  path("digits", "every digit and letter in the grids (shapes are drawn, not set in a font)",
                       "fonts/MyDigits.ttf")};
  fonts.example = "{ text: fonts/MySerif.ttf }";
  keys.push_back(fonts);

  SpecKey printer = choice("printer", "who prints the paperback: sets the spine formula, barcode box and colours",
                           names_of(kAllPrinters, [](Printer p) { return std::string(printer_id(p)); }), "kdp", "lulu");
  SpecKey cover_paper =
      choice("paper", "the paper the spine is sized for; default: the book's paper",
             names_of(kAllCoverPapers, [](CoverPaper p) { return std::string(cover_paper_id(p)); }), "", "cream");
  SpecKey background = colour("background", "one colour over the whole wrap, bleed included", "#1d3557", "\"#264653\"");
  SpecKey text_color = colour("text_color", "title, subtitle, author, spine and blurb", "#ffffff", "\"#f1faee\"");
  SpecKey front_image =
      path("front_image",
           "a PNG or JPEG filling the front, bleed included (300 dpi at that size; design: photo refuses "
           "under 200)",
           "art/front.png");
  SpecKey front_grid;
  front_grid.name = "front_grid";
  front_grid.type = ValueType::boolean;
  front_grid.meaning = "a real puzzle of the book, with its stars, as cover art (default: true without front_image)";
  front_grid.example = "false";
  SpecKey design = choice("design",
                          "the front's composition: card (title, the hardest puzzle on a card, author), band (the "
                          "title on a full-width accent band, the puzzle large below), giant (the puzzle's grid "
                          "cut off at the front's edges behind a title panel), pattern (a field of the book's own "
                          "symbols around a solid title block) or photo (front_image over the whole front, the "
                          "title on a panel at the foot)",
                          {std::begin(kCoverDesignIds), std::end(kCoverDesignIds)}, "card", "band");
  SpecKey badges;
  badges.name = "badges";
  badges.type = ValueType::list;
  badges.meaning =
      "up to 3 short texts on the front where its design sets them (each must fit its badge), or auto: the "
      "book's own, all true of it (its puzzle count, large print, its grades)";
  badges.fields = {text("", "a badge's words", "with solutions")};
  badges.max = static_cast<std::int64_t>(kMaxBadges);
  badges.or_words = {"auto"};
  badges.example = "[large print, \"400 puzzles\"]";
  SpecKey back_text = text("back_text", "the blurb on the back cover, wrapped inside the safe zone",
                           "200 brand-new puzzles, from gentle warm-ups to evil.");
  SpecKey barcode = choice("barcode",
                           "keep_clear keeps the printer's barcode box free of text and art (the background runs "
                           "under it; KDP and Lulu print their barcode on white there)",
                           {"keep_clear", "none"}, "keep_clear", "none");
  SpecKey barcode_image =
      path("barcode_image",
           "your own barcode as a PNG or JPEG, fitted into the barcode box on white (300 dpi or more at that size)",
           "art/isbn-barcode.png");
  SpecKey spine_text = choice("spine_text", "auto prints title and author on a spine wide enough for 7 pt",
                              {"auto", "never"}, "auto", "never");
  SpecKey spine_in;
  spine_in.name = "spine_in";
  spine_in.type = ValueType::number;
  spine_in.meaning =
      "spine width in inches, more than 0 and at most 3: required for ingramspark, "
      "an override of the printer's formula otherwise";
  spine_in.example = "0.4504";
  SpecKey cover;
  cover.name = "cover";
  cover.type = ValueType::mapping;
  cover.meaning = "a print-ready full-wrap cover PDF, sized from the book's page count";
  cover.fields = {printer, cover_paper, background, text_color,    front_image, front_grid, design,
                  badges,  back_text,   barcode,    barcode_image, spine_text,  spine_in};
  cover.example = "{ printer: lulu, background: \"#264653\" }";
  keys.push_back(cover);

  keys.push_back(choice("language",
                        "every word the book prints: how to play, headings, labels, grade names, "
                        "copyright, cover lines",
                        names_of(kLanguages, [](std::string_view code) { return std::string(code); }), "en", "de"));
  SpecKey words;
  words.name = "text";
  words.type = ValueType::mapping;
  words.meaning =
      "any printed string by its id, replacing the language's (README \"Languages\"); "
      "{placeholders} as in English";
  const std::map<std::string, std::string> english = locale_table("en");
  for (const std::string& id : wording_ids()) {
    words.fields.push_back(text(id, "in English: \"" + english.at(id) + "\"", "\"" + english.at(id) + "!\""));
  }
  words.example = "{ solutions_heading: Answers }";
  keys.push_back(words);
  return keys;
}

}  // namespace

const std::vector<SpecKey>& spec_keys() {
  static const std::vector<SpecKey> keys = make_keys();
  return keys;
}

std::vector<std::string_view> key_names(const std::vector<SpecKey>& keys) {
  std::vector<std::string_view> names;
  for (const SpecKey& k : keys) names.push_back(k.name);
  return names;
}

const SpecKey& key_named(const std::vector<SpecKey>& keys, std::string_view name) {
  for (const SpecKey& k : keys) {
    if (k.name == name) return k;
  }
  throw std::logic_error("no spec key '" + std::string(name) + "'");
}

std::string choice_list(const SpecKey& key) {
  std::string out;
  for (const std::string& c : key.choices) {
    if (!out.empty()) out += ", ";
    out += c;
    for (const auto& [alias, name] : key.aliases) {
      if (name == c) out += " (or " + alias + ")";
    }
  }
  return out;
}

std::string match_choice(const SpecKey& key, std::string_view text) {
  const std::string wanted = util::ascii_lower(text);
  for (const std::string& c : key.choices) {
    if (util::ascii_lower(c) == wanted) return c;
  }
  for (const auto& [alias, name] : key.aliases) {
    if (util::ascii_lower(alias) == wanted) return name;
  }
  return {};
}

}  // namespace puzzlepress::book
