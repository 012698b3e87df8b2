// The front's designs (cover.design, issue 26): each builds at every trim for every printer and
// passes what verify --cover checks and the thumbnail check; IngramSpark's stays CMYK; each
// draws the puzzle it names, in every skin and kind; and at thumbnail size they differ by their
// composition, not only their colours.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "book/check/pdf_reader.h"
#include "book/check/thumbnail.h"
#include "book/check/verify_pdf.h"
#include "book/cover/cover.h"
#include "book/manifest/manifest.h"
#include "render/layout.h"
#include "render/pdf_writer.h"
#include "cover/cover_support.h"
#include "support/files.h"
#include "support/errors.h"
#include "support/image_writer.h"
#include "support/sampling.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
using namespace puzzlepress::book::cover_testing;

namespace {

const std::vector<std::string> kDesigns{"card", "band", "giant", "pattern", "photo"};

/// The cover lines choosing `design`; photo's picture is `dir`/photo.jpg (write_photo).
std::string design_lines(const std::string& design) {
  return "  design: " + design + "\n" + (design == "photo" ? "  front_image: photo.jpg\n" : "");
}

/// The photo design's picture: a CMYK JPEG (IngramSpark takes no RGB) of one colour, 1725 x
/// 2250 pixels: 209 dpi over an 8.5x11 front with its bleed, 272 dpi over 5x8's.
void write_photo(const fs::path& dir) {
  testing::write_file(dir / "photo.jpg", testing::jpeg_bytes(1725, 2250, 4, {200, 40, 10, 0}));
}

struct Built {
  BookSpec spec;
  Book book;
  std::vector<util::Output> outputs;  ///< pdf, manifest, cover
};

/// The book of spec `text`, its spec file in `dir` (so front_image: photo.jpg is dir's).
Built build(const std::string& text, const fs::path& dir) {
  Built b{spec_of(text, dir / "book.yaml"), {}, {}};
  b.book = make_book(b.spec, test_settings());
  b.outputs = outputs_of(b.book, dir);
  REQUIRE(b.outputs.size() == 3);
  return b;
}

/// The colours of the cover's items that are RGB (none for a PDF/X-1a cover).
int rgb_colours(const render::Page& page) {
  int count = 0;
  const auto rgb = [&](const render::Colour& c) { count += c.space == render::Colour::Space::rgb; };
  for (const render::Item& item : page.items) {
    std::visit(
        [&](const auto& i) {
          using T = std::decay_t<decltype(i)>;
          if constexpr (std::is_same_v<T, render::Rect> || std::is_same_v<T, render::Polygon> ||
                        std::is_same_v<T, render::Path>) {
            if (i.fill) rgb(*i.fill);
            if (i.stroke_width_pt > 0) rgb(i.stroke);
          } else if constexpr (std::is_same_v<T, render::Line> || std::is_same_v<T, render::TextRun>) {
            rgb(i.colour);
          }
        },
        item);
  }
  return count;
}

/// The front panel of a cover PDF rendered kThumbnailHeightPx tall, and its thumbnail report.
struct Thumbnail {
  PdfRaster raster;
  ThumbnailReport report;
};

Thumbnail thumbnail_of(const Built& b) {
  const util::Result<PdfTextReader> reader = PdfTextReader::open(b.outputs[2].bytes);
  REQUIRE(reader.ok());
  const RectPt& f = b.book.manifest.cover->front;
  return {reader->raster(1, {f.x, f.y, f.x + f.width, f.y + f.height}, kThumbnailHeightPx),
          check_thumbnail(*reader, f, b.book.manifest.title)};
}

/// Share of the pixels (0..1) whose colours differ clearly: some channel by more than 64 of
/// 255, far beyond anti-aliasing's half-covered edges and the rounding of one ink.
double differing_share(const PdfRaster& a, const PdfRaster& b) {
  REQUIRE(a.width == b.width);
  REQUIRE(a.height == b.height);
  int differ = 0;
  for (std::size_t i = 0; i < a.rgb.size(); ++i) {
    for (int shift : {0, 8, 16}) {
      const int x = static_cast<int>((a.rgb[i] >> shift) & 0xFFu), y = static_cast<int>((b.rgb[i] >> shift) & 0xFFu);
      if (std::abs(x - y) > 64) {
        ++differ;
        break;
      }
    }
  }
  return static_cast<double>(differ) / static_cast<double>(a.rgb.size());
}

}  // namespace

TEST_SUITE("cover designs") {
  TEST_CASE("every design at 32, 140 and 500 pages for every printer passes verify --cover and the thumbnail check") {
    const auto m = source_font_metrics();
    const testing::TempDir dir("cover-designs");
    write_photo(dir);
    // A thin book (no spine text anywhere), a middling one and a thick one, each at its trim.
    const std::vector<std::pair<std::string, int>> books{{"5x8", 32}, {"6x9", 140}, {"8.5x11", 500}};
    const std::vector<std::string> printers{"kdp", "lulu", "ingramspark"};
    static const Wording english;
    int index = 0;
    for (const std::string& design : kDesigns) {
      for (const auto& size : books) {
        const std::string& trim = size.first;
        for (const std::string& printer : printers) {
          // Under AddressSanitizer: each design once, each size and each printer at least once.
          if (!testing::taken(index++, {0, 13, 26, 29, 43})) continue;
          const int page_count = size.second;
          INFO(design << " " << trim << " " << page_count << " pages " << printer);
          // IngramSpark's spine comes from its template generator: about its own white paper's.
          const std::string spine =
              printer == "ingramspark" ? "  spine_in: " + std::to_string(page_count * 0.0025) + "\n" : "";
          Built b = build(spec_text(trim, "  back_text: A short blurb.\n  badges: auto\n" + design_lines(design) +
                                              "  printer: " + printer + "\n" + spine),
                          dir);
          // The cover laid out as for an interior of `pages` pages, the manifest saying so.
          const BookSpec& spec = b.spec;
          b.book.cover = make_cover(
              CoverContext{spec, *spec.cover, page_count, b.book.puzzles, b.book.symbols, b.book.layouts, *m, english});
          b.book.manifest.page_count = page_count;
          b.book.manifest.cover = cover_record(*b.book.cover);
          b.book.manifest_json_unhashed.clear();
          b.outputs = outputs_of(b.book, dir);
          const BookCover& cover = *b.book.cover;
          for (const std::string& warning : cover.warnings) {  // photo.jpg is 209 dpi at 8.5x11
            CHECK((warning.starts_with("cover.front_image photo.jpg prints at ") ||
                   (printer == "ingramspark" && warning.starts_with("IngramSpark prints no barcode of its own"))));
          }
          CHECK(cover.spine_text_shown == (page_count >= 100));
          CHECK(cover.front_puzzle.has_value() == (design != "pattern" && design != "photo"));
          if (cover.front_puzzle) CHECK(cover.front_puzzle == 17);  // the first evil puzzle
          // verify --cover's own checks, on the file and the manifest as written.
          const Manifest manifest = parse_manifest(b.outputs[1].bytes, "b.json");
          testing::write_file(dir / "b-cover.pdf", b.outputs[2].bytes);
          CHECK(verify_cover_file(manifest, (dir / "b-cover.pdf").string()) == std::vector<std::string>{});
          const Thumbnail t = thumbnail_of(b);
          CHECK(t.report.measured);
          CHECK(t.report.warnings == std::vector<std::string>{});
          if (printer == "ingramspark") {
            CHECK(rgb_colours(cover.page) == 0);
            CHECK(b.book.cover_pdfx.has_value());
          } else {
            CHECK(rgb_colours(cover.page) > 0);  // the check sees colours
          }
        }
      }
    }
  }

  TEST_CASE("band and giant draw the hardest puzzle of every kind and skin, and name it") {
    const testing::TempDir dir("cover-design-kinds");
    const std::vector<std::string> sections{
        "  - { grade: easy, count: 2, size: 4x4, skin: shapes }\n  - { grade: medium, count: 2, size: 6x6, skin: "
        "shapes }\n",
        "  - { grade: easy, count: 2, size: 6x6, skin: letters, letters: GARDEN }\n",
        "  - { grade: easy, count: 2, size: 16x16 }\n",
        "  - { grade: easy, count: 2 }\n  - { grade: hard, count: 2, kind: jigsaw, tint: true }\n",
        "  - { grade: easy, count: 2, kind: x }\n  - { grade: medium, count: 2, kind: hyper }\n"};
    for (const char* design : {"band", "giant"}) {
      for (std::size_t k = 0; k < sections.size(); ++k) {
        if (!testing::taken(static_cast<int>(k), {1, 2})) continue;
        INFO(std::string(design) << " " << sections[k]);
        std::string text = spec_text("8.5x11", "  design: " + std::string(design) + "\n");
        const std::size_t from = text.find("puzzles:\n") + 9;
        text.replace(from, text.find("cover:") - from, sections[k]);
        const Built b = build(text, dir);
        const BookCover& cover = *b.book.cover;
        REQUIRE(cover.front_puzzle.has_value());
        // The first puzzle of the book's hardest grade: the second section's first, if any.
        CHECK(cover.front_puzzle == (sections[k].find("\n  - ") == std::string::npos ? 1 : 3));
        const Manifest manifest = parse_manifest(b.outputs[1].bytes, "b.json");
        testing::write_file(dir / "b-cover.pdf", b.outputs[2].bytes);
        CHECK(verify_cover_file(manifest, (dir / "b-cover.pdf").string()) == std::vector<std::string>{});
        CHECK(thumbnail_of(b).report.warnings == std::vector<std::string>{});
      }
    }
  }

  TEST_CASE("giant: every symbol shows whole, inside the safe zone and clear of the title; too few: band") {
    const auto m = render::PdfFontMetrics::load(shipped_fonts(testing::source_resources()));
    REQUIRE(m.ok());
    const testing::TempDir dir("cover-design-giant");
    const std::vector<std::pair<std::string, std::string>> cases{
        {"5x8", "  - { grade: easy, count: 2, size: 4x4, skin: shapes }\n"},
        {"5x8", "  - { grade: hard, count: 2 }\n"},
        {"6x9", "  - { grade: hard, count: 2, kind: jigsaw }\n"},
        {"8.5x11", "  - { grade: easy, count: 2, size: 6x6, skin: shapes }\n"},
        {"8.5x11", "  - { grade: easy, count: 2, size: 16x16 }\n"}};
    int laid_out_as_band = 0;
    for (const auto& c : cases) {
      INFO(c.first << " " << c.second);
      std::string text = spec_text(c.first, "  design: giant\n");
      const std::size_t from = text.find("puzzles:\n") + 9;
      text.replace(from, text.find("cover:") - from, c.second);
      const Built b = build(text, dir);
      const BookCover& cover = *b.book.cover;
      const bool band = !cover.warnings.empty() && cover.warnings.front().find("laid out as band") != std::string::npos;
      laid_out_as_band += band;
      const render::Box& front = cover.geometry.front;
      const render::Box& safe = cover.geometry.front_safe;
      std::vector<render::Box> frames;  // the title panel's, ruled (a band's card frames its grid)
      for (const render::Item& item : cover.page.items) {
        if (const auto* r = std::get_if<render::Rect>(&item); r && r->stroke_width_pt > 0 && front.overlaps(r->box)) {
          CHECK(safe.contains(render::ink_bounds(item, **m), 0.01));  // the frame is art: in the safe zone
          if (!band) frames.push_back(r->box);
        }
      }
      int symbols = 0;
      for (const render::Item& item : cover.page.items) {
        const auto* t = std::get_if<render::TextRun>(&item);
        const bool symbol = std::holds_alternative<render::Path>(item) ||
                            (t && (t->role == render::FontRole::symbol || t->role == render::FontRole::solved_symbol));
        const render::Box ink = render::ink_bounds(item, **m);
        if (!symbol || !front.overlaps(ink)) continue;
        ++symbols;
        CHECK(safe.contains(ink, 0.01));
        for (const render::Box& f : frames) CHECK_FALSE(f.overlaps(ink));
      }
      CHECK(symbols >= 3);
      if (!band) CHECK(frames.size() == 1);
    }
    CHECK(laid_out_as_band < static_cast<int>(cases.size()));
  }

  TEST_CASE("pattern: the book's own symbols in its skin, whole, in the safe zone, never under the words") {
    const auto m = source_font_metrics();
    const testing::TempDir dir("cover-design-pattern");
    const std::vector<std::pair<std::string, std::string>> cases{
        {"5x8", "  - { grade: easy, count: 2, size: 4x4, skin: shapes }\n"},
        {"6x9", "  - { grade: easy, count: 2, size: 6x6, skin: letters, letters: GARDEN }\n"},
        {"8.5x11", "  - { grade: easy, count: 2, size: 16x16 }\n"},
        {"6x9", "  - { grade: hard, count: 2 }\n"}};
    for (std::size_t k = 0; k < cases.size(); ++k) {
      if (!testing::taken(static_cast<int>(k), {0, 2})) continue;
      INFO(cases[k].first << " " << cases[k].second);
      std::string text = spec_text(cases[k].first, "  design: pattern\n");
      const std::size_t from = text.find("puzzles:\n") + 9;
      text.replace(from, text.find("cover:") - from, cases[k].second);
      const Built b = build(text, dir);
      const BookCover& cover = *b.book.cover;
      CHECK(cover.warnings.empty());
      CHECK_FALSE(cover.front_puzzle.has_value());  // no puzzle: its symbols
      const render::Box& front = cover.geometry.front;
      const SymbolSet& skin = b.book.symbols.front();
      std::vector<render::Box> words;  // title, subtitle, author
      std::vector<std::pair<std::string, render::Box>> symbols;
      for (const render::Item& item : cover.page.items) {
        const render::Box ink = render::ink_bounds(item, *m);
        if (!front.overlaps(ink)) continue;
        const auto* t = std::get_if<render::TextRun>(&item);
        if (t && t->role != render::FontRole::symbol) words.push_back(ink);
        if (t && t->role == render::FontRole::symbol) symbols.push_back({t->text, ink});
        if (std::holds_alternative<render::Path>(item)) symbols.push_back({"", ink});
      }
      CHECK(words.size() >= 3);
      CHECK(symbols.size() >= 12);  // a field, not a few
      std::set<std::string> seen;
      for (const auto& [symbol, ink] : symbols) {
        CHECK(cover.geometry.front_safe.contains(ink, 0.01));
        for (const render::Box& w : words) CHECK_FALSE(w.overlaps(ink));
        if (skin.skin == Skin::shapes) {
          CHECK(symbol.empty());  // drawn marks, not text
        } else {
          CHECK(std::find(skin.names.begin(), skin.names.end(), symbol) != skin.names.end());
          seen.insert(symbol);
        }
      }
      if (skin.skin != Skin::shapes) CHECK(seen.size() >= std::min<std::size_t>(skin.names.size(), 6));
    }
  }

  TEST_CASE("badges: each design sets them whole in the safe zone, clear of its words; auto ones are true") {
    const auto m = source_font_metrics();
    const testing::TempDir dir("cover-design-badges");
    write_photo(dir);
    int index = 0;
    for (const std::string& design : kDesigns) {
      for (const char* trim : {"5x8", "8.5x11"}) {
        if (!testing::taken(index++, {0, 3, 4, 7, 9})) continue;  // each design once under ASan
        INFO(design << " " << trim);
        const Built b = build(spec_text(trim, design_lines(design) + "  badges: auto\n"), dir);
        const BookCover& cover = *b.book.cover;
        const render::Box& front = cover.geometry.front;
        std::vector<render::Box> plates, words, badges;
        std::vector<std::string> badge_texts;
        for (const render::Item& item : cover.page.items) {
          const render::Box ink = render::ink_bounds(item, *m);
          if (!front.overlaps(ink)) continue;
          const auto* t = std::get_if<render::TextRun>(&item);
          if (!t || t->role == render::FontRole::symbol) continue;
          // Badges are the bold words on plates; the title is bold too, but on none.
          bool on_plate = false;
          for (const render::Item& under : cover.page.items) {
            const auto* r = std::get_if<render::Rect>(&under);
            if (r && r->fill && r->box.contains(ink, 0.01) && r->box.height() < ink.height() * 2.5 &&
                r->box.width() < front.width() * 0.6)
              on_plate = true;
          }
          if (on_plate) {
            badges.push_back(ink);
            badge_texts.push_back(t->text);
          } else {
            words.push_back(ink);
          }
        }
        // 21 puzzles, easy to evil; the two-up layout is no large print.
        CHECK(badge_texts == std::vector<std::string>{"21 puzzles", "Easy to Evil"});
        for (const render::Box& badge : badges) {
          CHECK(cover.geometry.front_safe.contains(badge, 0.01));
          for (const render::Box& w : words) CHECK_FALSE(w.overlaps(badge));
        }
      }
    }
    // A large-print book says so.
    const Built large = build(spec_text("8.5x11", "  badges: auto\n", "large-print"), dir);
    std::vector<std::string> texts;
    for (const render::Item& item : large.book.cover->page.items) {
      if (const auto* t = std::get_if<render::TextRun>(&item); t && t->text == "Large print") texts.push_back(t->text);
    }
    CHECK(texts.size() == 1);
  }

  TEST_CASE("badges: one too long for its share of the front is refused at its place, measured in the font") {
    const testing::TempDir dir("cover-design-badge-long");
    write_photo(dir);
    const std::string lines = "  badges:\n    - Brand-new puzzles for long winter evenings\n    - Easy\n";
    CHECK(testing::input_error_of([&] { build(spec_text("6x9", "  design: band\n" + lines), dir); }) ==
          (dir / "book.yaml").string() +
              ":16:7: 'cover.badges[1]' \"Brand-new puzzles for long winter evenings\" is "
              "188 pt wide at 9 pt; a badge of 2 on the band front at 6x9 has 153 pt: shorten it "
              "or give fewer badges");
    // One badge alone has the whole column.
    CHECK_NOTHROW(build(spec_text("8.5x11", "  badges: [Brand-new puzzles for long winter evenings]\n"), dir));
  }

  TEST_CASE("the back: no headline repeating the front, one left edge, a smaller sample, sized contents") {
    const testing::TempDir dir("cover-design-back");
    write_photo(dir);
    for (const std::string& design : kDesigns) {
      CAPTURE(design);
      const Built b = build(spec_text("6x9", "  back_text: A short blurb.\n" + design_lines(design)), dir);
      const BookCover& cover = *b.book.cover;
      std::vector<std::string> texts;
      double left = 1e9;
      for (const render::Item& item : cover.page.items) {
        const auto* t = std::get_if<render::TextRun>(&item);
        if (!t || t->text.size() < 2 ||  // a given of the sample grid
            !cover.geometry.back.contains(render::Box{t->origin.x, t->origin.y, t->origin.x, t->origin.y}, 0))
          continue;
        texts.push_back(t->text);
        left = std::min(left, t->origin.x);
      }
      CHECK(std::find(texts.begin(), texts.end(), "Test Book") == texts.end());
      CHECK(std::find(texts.begin(), texts.end(), "Puzzles for Testing") == texts.end());
      CHECK(std::find(texts.begin(), texts.end(), "Inside this book") != texts.end());
      // No-break spaces around the times sign keep "9 × 9" on one line.
      CHECK(std::find(texts.begin(), texts.end(), "9 Easy puzzles (9\u00a0×\u00a09, digits)") != texts.end());
      // Every line starts at one left edge but the contents lines, which start after their stars.
      int flush = 0;
      for (const render::Item& item : cover.page.items) {
        const auto* t = std::get_if<render::TextRun>(&item);
        if (t && t->text.size() >= 2 &&
            cover.geometry.back.contains(render::Box{t->origin.x, t->origin.y, t->origin.x, t->origin.y}, 0))
          flush += std::abs(t->origin.x - left) < 0.01;
      }
      CHECK(flush >= static_cast<int>(texts.size()) - 3);  // three contents lines
      REQUIRE(cover.back_grid_side_pt > 0);
      if (cover.front_grid_side_pt > 0) CHECK(cover.back_grid_side_pt <= cover.front_grid_side_pt * 0.75 + 1e-9);
    }
  }

  TEST_CASE("badges: a hand-written one untrue of the book is refused at its place") {
    const testing::TempDir dir("cover-design-badge-claims");
    // The book: 21 puzzles, easy, hard and evil, not large print.
    const auto refusal = [&](const std::string& badge) {
      return testing::input_error_of([&] { build(spec_text("6x9", "  badges: [" + badge + "]\n"), dir); });
    };
    const std::string at = (dir / "book.yaml").string() + ":14:12: 'cover.badges[1]' ";
    const std::string fix = ": make it true of the book, or use badges: auto";
    CHECK(refusal("400 puzzles") == at + "\"400 puzzles\" claims 400 puzzles; the book has 21" + fix);
    CHECK(refusal("\"Over 1,000+ Puzzles\"") ==
          at + "\"Over 1,000+ Puzzles\" claims 1000 puzzles; the book has 21" + fix);
    CHECK(refusal("400 Sudoku") == at + "\"400 Sudoku\" claims 400 puzzles; the book has 21" + fix);
    CHECK(refusal("400 killer sudoku") == at + "\"400 killer sudoku\" claims 400 puzzles; the book has 21" + fix);
    CHECK(refusal("Large Print") == at +
                                        "\"Large Print\" claims large print; the interior prints type under 18 pt "
                                        "(the large-print layout keeps every size at or above it)" +
                                        fix);
    CHECK(refusal("Medium") ==
          at + "\"Medium\" names a grade the book has no puzzle of (its grades: Easy, Hard, Evil)" + fix);
    CHECK(refusal("Easy to Extreme") ==
          at + "\"Easy to Extreme\" names a grade the book has no puzzle of (its grades: Easy, Hard, Evil)" + fix);
    // True claims, and words that claim nothing, pass.
    for (const char* badge : {"21 puzzles", "20 puzzles", "Easy to Evil", "Hard", "With solutions", "Volume 400"}) {
      CAPTURE(badge);
      CHECK_NOTHROW(build(spec_text("6x9", std::string("  badges: [") + badge + "]\n"), dir));
    }
    // In the book's language too, capitals folded: a German and a French book of 21 puzzles.
    CHECK(testing::input_error_of([&] {
            build("language: de\n" + spec_text("6x9", "  badges: [400 RÄTSEL]\n"), dir);
          }) == (dir / "book.yaml").string() +
                    ":15:12: 'cover.badges[1]' \"400 RÄTSEL\" claims 400 puzzles; the book has 21" + fix);
    const std::string french = spec_text("6x9", "  badges: [500 grilles]\n");
    CHECK(testing::input_error_of([&] { build("language: fr\n" + french, dir); }) ==
          (dir / "book.yaml").string() +
              ":15:12: 'cover.badges[1]' \"500 grilles\" claims 500 puzzles; the book has 21" + fix);
  }

  TEST_CASE("at thumbnail size the designs differ by composition: over a fifth of the pixels, pairwise") {
    // The floor: two books of one design and one palette, told apart only by their titles,
    // differ in a few per cent of a 200 px thumbnail's pixels (the control below); a design
    // must change at least a fifth of them (a band over a third of the front, a grid over all
    // of it) to read as another book at a glance.
    constexpr double kFloor = 0.2;
    const testing::TempDir dir("cover-design-pixels");
    write_photo(dir);
    std::vector<PdfRaster> fronts;
    for (const std::string& design : kDesigns) {
      fronts.push_back(thumbnail_of(build(spec_text("6x9", design_lines(design)), dir)).raster);
    }
    for (std::size_t i = 0; i < fronts.size(); ++i) {
      for (std::size_t j = i + 1; j < fronts.size(); ++j) {
        const double share = differing_share(fronts[i], fronts[j]);
        INFO(kDesigns[i] << " vs " << kDesigns[j] << ": " << share);
        CHECK(share >= kFloor);
      }
    }
    std::string other = spec_text("6x9", "  design: card\n");
    other.replace(other.find("Test Book"), 9, "Other Title");
    const double control = differing_share(fronts[0], thumbnail_of(build(other, dir)).raster);
    INFO("card, another title: " << control);
    CHECK(control < kFloor / 2);
  }
}
