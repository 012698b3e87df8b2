#include "book/check/pdf_words.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>

#include "book/check/pdf_cage_table.h"
#include "book/check/verify.h"
#include "book/text/wording.h"
#include "render/marks.h"

namespace puzzlepress::book {
namespace {

/// Page `page` (1-based) is in the file and the scan followed it to the end.
bool followed(const PdfScan& scan, int page) {
  if (page < 1 || page > static_cast<int>(scan.pages.size())) return false;
  const PdfPageScan& scanned = scan.pages[static_cast<std::size_t>(page - 1)];
  return !scanned.too_much_work && !scanned.too_deep;
}

std::string glyphs_text(const std::vector<PdfGlyph>& glyphs) {
  std::string out;
  for (const PdfGlyph& g : glyphs) out += g.text;
  return out;
}

/// The text of page `page`: the scan's glyphs when it mapped them all, else poppler's (`text`);
/// nullopt when the page cannot be read (absent, not followed, poppler not given or short).
std::optional<std::string> page_text(const PdfScan& scan, const PdfTextReader* text, int page) {
  if (!followed(scan, page)) return std::nullopt;
  const PdfPageScan& scanned = scan.pages[static_cast<std::size_t>(page - 1)];
  if (scanned.glyphs_complete) return glyphs_text(scanned.glyphs);
  if (text == nullptr || page > text->page_count()) return std::nullopt;
  return glyphs_text(text->glyphs(page));
}

/// "easy and hard".
std::string grade_ids(const std::vector<engine::Grade>& grades) {
  std::string out;
  for (std::size_t i = 0; i < grades.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == grades.size() ? " and " : ", ") + std::string(engine::grade_id(grades[i]));
  }
  return out;
}

void check_how_to_play(const Manifest& m, const Wording& words, const PdfScan& scan, const PdfTextReader* text,
                       std::vector<std::string>& out) {
  if (!m.how_to_play || m.puzzles.empty()) return;
  const int page = m.how_to_play->page;
  const std::optional<std::string> page_words = page_text(scan, text, page);
  if (!page_words) return;  // verify_manifest reports the page, preflight the scan
  const std::vector<engine::Grade> grades = manifest_grades(m);
  const std::string expected = m.kids ? words.kids_rules_grades(grades) : words.rules_grades(grades);
  const std::string printed = without_spaces(*page_words);
  std::vector<std::string> named;  // each shape once, at the first puzzle that uses it
  for (const ManifestPuzzle& p : m.puzzles) {
    if (p.symbols.skin != Skin::shapes) continue;
    for (const std::string& id : p.symbols.names) {
      const auto mark = render::parse_mark(id);
      if (!mark || std::find(named.begin(), named.end(), id) != named.end()) continue;
      named.push_back(id);
      if (printed.find(without_spaces(words.shape_name(*mark))) == std::string::npos) {
        out.push_back("PDF page " + std::to_string(page) + " (how to play): does not name the shape '" +
                      words.shape_name(*mark) + "', which puzzle " + std::to_string(p.number) + " uses");
      }
    }
  }
  if (printed.find(without_spaces(expected)) == std::string::npos) {
    out.push_back("PDF page " + std::to_string(page) + " (how to play): does not print '" + expected +
                  "' (the book's grades: " + grade_ids(grades) + ")");
  }
}

void check_copyright(const Manifest& m, const Wording& words, const PdfScan& scan, const PdfTextReader* text,
                     std::vector<std::string>& out) {
  if (!m.copyright) return;
  const int page = m.copyright->page;
  const std::optional<std::string> page_words = page_text(scan, text, page);
  if (!page_words) return;
  const std::string credit = words.format("copyright_made", {{"version", m.version}, {"seed", std::to_string(m.seed)}});
  const bool printed = without_spaces(*page_words).find(without_spaces(credit)) != std::string::npos;
  if (printed == m.copyright->credit_line) return;
  const std::string where = "PDF page " + std::to_string(page) + " (copyright): ";
  out.push_back(where + (printed ? "prints" : "does not print") + " the credit line '" + credit +
                "' but the manifest says credit_line: " + (m.copyright->credit_line ? "true" : "false"));
}

/// The glyphs among `glyphs` whose centres lie in `band`, in reading order (top line first, left
/// to right; with `one_line`, left to right only), as one string.
std::string text_in_band(const std::vector<PdfGlyph>& glyphs, const render::Box& band, bool one_line) {
  std::vector<const PdfGlyph*> inside;
  for (const PdfGlyph& g : glyphs) {
    const double x = (g.box.left + g.box.right) / 2, y = (g.box.bottom + g.box.top) / 2;
    if (x >= band.left && x <= band.right && y >= band.bottom && y <= band.top) inside.push_back(&g);
  }
  // Lines top down (a glyph joins the line whose first glyph's bottom is within 2 pt of its own),
  // each left to right, a space where two glyphs stand apart; with `one_line`, one line.
  std::stable_sort(inside.begin(), inside.end(),
                   [](const PdfGlyph* a, const PdfGlyph* b) { return a->box.bottom > b->box.bottom; });
  std::vector<std::vector<const PdfGlyph*>> lines;
  for (const PdfGlyph* g : inside) {
    if (lines.empty() || (!one_line && lines.back().front()->box.bottom - g->box.bottom > 2)) lines.emplace_back();
    lines.back().push_back(g);
  }
  std::string out;
  for (std::vector<const PdfGlyph*>& line : lines) {
    std::stable_sort(line.begin(), line.end(),
                     [](const PdfGlyph* a, const PdfGlyph* b) { return a->box.left < b->box.left; });
    for (std::size_t i = 0; i < line.size(); ++i) {
      const double height = line[i]->box.top - line[i]->box.bottom;
      if (i > 0 && line[i]->box.left - line[i - 1]->box.right > 0.15 * height) out += ' ';
      out += line[i]->text;
    }
    if (&line != &lines.back()) out += ' ';
  }
  return out;
}

/// The glyphs of `page`: the scan's when it mapped them all, else poppler's (`text`); nullopt
/// when the page cannot be read (as page_text).
std::optional<std::vector<PdfGlyph>> page_glyphs(const PdfScan& scan, const PdfTextReader* text, int page) {
  if (!followed(scan, page)) return std::nullopt;
  const PdfPageScan& scanned = scan.pages[static_cast<std::size_t>(page - 1)];
  if (scanned.glyphs_complete) return scanned.glyphs;
  if (text != nullptr && page <= text->page_count()) return text->glyphs(page);
  return std::nullopt;
}

/// The glyphs of `page` (scan, else poppler as page_text) whose centres lie in `band`, in reading
/// order (top line first, left to right; with `one_line`, left to right only), as one string;
/// nullopt when the page cannot be read.
std::optional<std::string> text_in_band(const PdfScan& scan, const PdfTextReader* text, int page,
                                        const render::Box& band, bool one_line = false) {
  const std::optional<std::vector<PdfGlyph>> glyphs = page_glyphs(scan, text, page);
  if (!glyphs) return std::nullopt;
  return text_in_band(*glyphs, band, one_line);
}

/// `printed` (without spaces) holds `expected` (without spaces) as a whole: a number in it is
/// not the start or the end of a longer number ("page 18" is not in "page 189").
bool holds_phrase(const std::string& printed, const std::string& expected) {
  const std::string text = without_spaces(printed), phrase = without_spaces(expected);
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  for (std::size_t at = text.find(phrase); at != std::string::npos; at = text.find(phrase, at + 1)) {
    const bool clean_start = at == 0 || !digit(text[at - 1]) || !digit(phrase.front());
    const std::size_t end = at + phrase.size();
    const bool clean_end = end == text.size() || !digit(text[end]) || !digit(phrase.back());
    if (clean_start && clean_end) return true;
  }
  return false;
}

/// Each puzzle's "Solution on page N" under its grid and each solution's "Puzzle N, page M"
/// over its grid, when the manifest says the book prints them: each must name the page the
/// manifest records (which verify holds to the printed grids).
void check_cross_references(const Manifest& m, const Wording& words, const PdfScan& scan, const PdfTextReader* text,
                            std::vector<std::string>& out) {
  if (!m.cross_references) return;
  // A footnote's glyphs have their centres within about 0.8 of its size (at most 16 pt) under the
  // grid, a label's within 1.3 of its size (at most 18 pt) over it; the next row's label is
  // further off, past a puzzle slot gap (20 pt or more).
  constexpr double kUnderPt = 16;
  constexpr double kOverPt = 24;
  for (const ManifestPuzzle& p : m.puzzles) {
    if (p.page <= 0 || p.solution_page <= 0) continue;  // verify_manifest reports it
    const render::Box under{p.rect.x, p.rect.y - kUnderPt, p.rect.x + p.rect.width, p.rect.y};
    const std::string expected = words.solution_on_page(p.solution_page);
    if (const auto printed = text_in_band(scan, text, p.page, under)) {
      if (!holds_phrase(*printed, expected)) {
        out.push_back("PDF page " + std::to_string(p.page) + ": puzzle " + std::to_string(p.number) +
                      " does not print '" + expected + "' under its grid" +
                      (printed->empty() ? std::string() : " (it prints '" + *printed + "')"));
      }
    }
    const RectPt& s = p.solution_rect;
    const render::Box over{s.x, s.y + s.height, s.x + s.width, s.y + s.height + kOverPt};
    const std::string label = words.solution_of_puzzle(p.number, p.page);
    if (const auto printed = text_in_band(scan, text, p.solution_page, over)) {
      if (!holds_phrase(*printed, label)) {
        out.push_back("PDF page " + std::to_string(p.solution_page) + ": the solution of puzzle " +
                      std::to_string(p.number) + " does not print '" + label + "' over its grid" +
                      (printed->empty() ? std::string() : " (it prints '" + *printed + "')"));
      }
    }
  }
}

/// Each puzzle's row numbers left of its grid and column numbers over it, when the manifest
/// says the grids carry them (a hint's "r4c2" is found by them). The numbers print at the
/// layout's smallest type (7 to 36 pt), so the places looked at grow with the glyphs found.
void check_grid_labels(const Manifest& m, const PdfScan& scan, const PdfTextReader* text,
                       std::vector<std::string>& out) {
  if (!m.grid_labels) return;
  // Column numbers are the lowest line over the grid (the label line is further up). Row
  // numbers sit right-aligned left of the grid, their centres within kSidePt or kSideEm of the
  // column numbers' glyph height ("1" of "16" at about 1.1 of it); the next grid to the left is
  // further off, past a slot gap and the band of 1.7 label sizes kept for the numbers.
  constexpr double kSidePt = 14;
  constexpr double kSideEm = 1.3;
  for (const ManifestPuzzle& p : m.puzzles) {
    if (p.page <= 0) continue;
    const std::optional<std::vector<PdfGlyph>> glyphs = page_glyphs(scan, text, p.page);
    if (!glyphs) continue;  // not read: preflight and the grids' check say why
    std::string expected;
    for (int k = 1; k <= p.givens.shape.size(); ++k) expected += std::to_string(k);
    const double top = p.rect.y + p.rect.height;
    const PdfGlyph* lowest = nullptr;  // over the grid, the glyph with the lowest centre
    for (const PdfGlyph& g : *glyphs) {
      const double x = (g.box.left + g.box.right) / 2, y = (g.box.bottom + g.box.top) / 2;
      if (x < p.rect.x || x > p.rect.x + p.rect.width || y <= top || y > top + p.rect.height) continue;
      if (lowest == nullptr || y < (lowest->box.bottom + lowest->box.top) / 2) lowest = &g;
    }
    std::string columns, rows;
    if (lowest != nullptr) {
      const double side = std::max(kSidePt, kSideEm * (lowest->box.top - lowest->box.bottom));
      columns = text_in_band(*glyphs, {p.rect.x, top, p.rect.x + p.rect.width, lowest->box.top}, true);
      rows = text_in_band(*glyphs, {p.rect.x - side, p.rect.y, p.rect.x, top}, false);
    }
    if (without_spaces(rows) != expected || without_spaces(columns) != expected) {
      out.push_back("PDF page " + std::to_string(p.page) + ": puzzle " + std::to_string(p.number) +
                    " has no row and column numbers 1-" + std::to_string(p.givens.shape.size()) +
                    " beside its grid, which the manifest says it carries (grid_labels: true)");
    }
  }
}

/// The legend at the foot of each page of shapes or letters: its caption ("Shapes:", "Letters:"
/// in the book's words) and, for letters, every letter of the puzzle once.
void check_legends(const Manifest& m, const Wording& words, const PdfScan& scan, const PdfTextReader* text,
                   std::vector<std::string>& out) {
  int last_page = 0;
  for (const ManifestPuzzle& p : m.puzzles) {
    if (p.symbols.skin == Skin::digits || p.page <= 0 || p.page == last_page) continue;
    last_page = p.page;
    const std::optional<std::string> printed = page_text(scan, text, p.page);
    if (!printed) continue;
    const std::string caption = words.text(p.symbols.skin == Skin::shapes ? "legend_shapes" : "legend_letters");
    const std::string page_words = without_spaces(*printed);
    const std::size_t at = page_words.find(without_spaces(caption));
    bool whole = at != std::string::npos;
    if (whole && p.symbols.skin == Skin::letters) {  // the letters follow the caption, as the word spells them
      std::string letters = page_words.substr(at + without_spaces(caption).size(), p.symbols.names.size());
      std::string names;
      for (const std::string& name : p.symbols.names) names += name;
      std::sort(letters.begin(), letters.end());
      std::sort(names.begin(), names.end());
      whole = letters == names;
    }
    if (!whole) {
      out.push_back("PDF page " + std::to_string(p.page) + ": puzzle " + std::to_string(p.number) + "'s page has no '" +
                    caption + "' legend naming its " + (p.symbols.skin == Skin::shapes ? "shapes" : "letters"));
    }
  }
}

/// The book's words (its language and overrides); nullopt when the manifest names ones that do not load.
std::optional<Wording> wording_of(const Manifest& manifest) {
  try {
    return Wording(manifest.language, manifest.text);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

std::string without_spaces(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xA0) {
      ++i;  // U+00A0
      continue;
    }
    if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
        static_cast<unsigned char>(text[i + 2]) == 0xAF) {
      i += 2;  // U+202F
      continue;
    }
    out += text[i];
  }
  return out;
}

std::vector<std::string> check_cover_words(const Manifest& manifest, const PdfTextReader& cover) {
  std::vector<std::string> out;
  const std::optional<Wording> words = wording_of(manifest);
  if (!words) return out;  // verify_manifest reports the language or the overrides
  std::vector<Wording::ContentsEntry> entries;
  for (const ManifestPuzzle& p : manifest.puzzles) {
    entries.push_back({1, p.grade, p.givens.shape, p.symbols.skin, p.layout.kind, !p.killer_text.empty()});
  }
  const std::string printed = without_spaces(cover.page_count() >= 1 ? glyphs_text(cover.glyphs(1)) : std::string());
  for (const auto& [grade, line] : words->cover_contents(entries)) {
    if (printed.find(without_spaces(line)) == std::string::npos) {
      out.push_back("cover PDF: the back cover does not print '" + line + "'");
    }
  }
  return out;
}

std::vector<int> word_pages_needing_poppler(const Manifest& manifest, const PdfScan& scan) {
  std::vector<int> pages;
  for (const int page :
       {manifest.how_to_play ? manifest.how_to_play->page : 0, manifest.copyright ? manifest.copyright->page : 0}) {
    if (followed(scan, page) && !scan.pages[static_cast<std::size_t>(page - 1)].glyphs_complete) pages.push_back(page);
  }
  for (const int page : cage_table_pages_needing_poppler(manifest, scan)) pages.push_back(page);
  return pages;
}

std::vector<std::string> check_printed_words(const Manifest& manifest, const PdfScan& scan, const PdfTextReader* text) {
  std::vector<std::string> out;
  const std::optional<Wording> words = wording_of(manifest);
  if (!words) return out;  // verify_manifest reports the language or the overrides
  check_how_to_play(manifest, *words, scan, text, out);
  check_copyright(manifest, *words, scan, text, out);
  check_cross_references(manifest, *words, scan, text, out);
  check_grid_labels(manifest, scan, text, out);
  check_legends(manifest, *words, scan, text, out);
  for (std::string& line : check_printed_cage_table(manifest, *words, scan, text)) out.push_back(std::move(line));
  return out;
}

}  // namespace puzzlepress::book
