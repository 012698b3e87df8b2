// The front's designs (cover.design, issue 26): each builds at every trim for every printer and
// passes what verify --cover checks and the thumbnail check; IngramSpark's stays CMYK; each
// draws the puzzle it names, in every skin and kind; and at thumbnail size they differ by their
// composition, not only their colours.
#include <doctest/doctest.h>

#include <cstdlib>
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
#include "support/sampling.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
using namespace puzzlepress::book::cover_testing;

namespace {

const std::vector<std::string> kDesigns{"card", "band", "giant"};

struct Built {
  Book book;
  std::vector<util::Output> outputs;  ///< pdf, manifest, cover
};

Built build(const std::string& text, const fs::path& dir) {
  Built b{make_book(spec_of(text), test_settings()), {}};
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
  TEST_CASE("every design at every trim for every printer passes verify --cover and the thumbnail check") {
    const testing::TempDir dir("cover-designs");
    const std::vector<std::string> trims{"5x8", "6x9", "8.5x11"};
    const std::vector<std::string> printers{"kdp", "lulu", "ingramspark"};
    int index = 0;
    for (const std::string& design : kDesigns) {
      for (const std::string& trim : trims) {
        for (const std::string& printer : printers) {
          // Under AddressSanitizer: each design once, each trim and each printer at least once.
          if (!testing::taken(index++, {0, 13, 26})) continue;
          INFO(design << " " << trim << " " << printer);
          const std::string spine = printer == "ingramspark" ? "  spine_in: 0.25\n" : "";
          const Built b = build(spec_text(trim, "  back_text: A short blurb.\n  design: " + design +
                                                    "\n  printer: " + printer + "\n" + spine),
                                dir);
          const BookCover& cover = *b.book.cover;
          CHECK(cover.warnings.empty());
          CHECK(cover.front_puzzle == 17);  // the first evil puzzle: 9 easy and 7 hard before it
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

  TEST_CASE("at thumbnail size the designs differ by composition: over a fifth of the pixels, pairwise") {
    // The floor: two books of one design and one palette, told apart only by their titles,
    // differ in a few per cent of a 200 px thumbnail's pixels (the control below); a design
    // must change at least a fifth of them (a band over a third of the front, a grid over all
    // of it) to read as another book at a glance.
    constexpr double kFloor = 0.2;
    const testing::TempDir dir("cover-design-pixels");
    std::vector<PdfRaster> fronts;
    for (const std::string& design : kDesigns) {
      fronts.push_back(thumbnail_of(build(spec_text("6x9", "  design: " + design + "\n"), dir)).raster);
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
