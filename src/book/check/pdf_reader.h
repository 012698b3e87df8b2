// pdf_reader: the text a PDF prints, glyph by glyph with its position, read with poppler-cpp
// (pdf_reader.cpp is the only file that includes poppler). Verify reads a book's grids back from
// these glyphs (book/check/pdf_grids.h); a fuzz harness can open any bytes.
//
// Units: PDF points, origin at the bottom-left of the page (y up), as the rest of the project.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "book/check/pdf_scan.h"
#include "render/page.h"
#include "util/result.h"

namespace puzzlepress::book {

/// A region of a page rendered to pixels: rows top first, each pixel 0xRRGGBB.
struct PdfRaster {
  int width = 0;
  int height = 0;
  std::vector<std::uint32_t> rgb{};
  std::uint32_t at(int x, int y) const { return rgb[static_cast<std::size_t>(y * width + x)]; }
};

class PdfTextReader {
 public:
  /// Opens `bytes` (copied: the reader owns them). Fails with why for bytes poppler cannot open
  /// ("not a PDF poppler can read"), or a locked (password) file.
  static util::Result<PdfTextReader> open(std::string_view bytes);

  PdfTextReader(PdfTextReader&&) noexcept;
  PdfTextReader& operator=(PdfTextReader&&) noexcept;
  ~PdfTextReader();

  int page_count() const;
  /// The glyphs of 1-based page `number` (empty for a page outside the document), in poppler's
  /// reading order. Invisible text is included, as poppler reads it.
  std::vector<PdfGlyph> glyphs(int number) const;
  /// glyphs() of each page of `pages`, read on up to `threads` threads (each its own poppler
  /// document over the same bytes: a document is never shared between threads). The same
  /// result for any thread count.
  std::map<int, std::vector<PdfGlyph>> glyphs_of_pages(const std::vector<int>& pages, int threads) const;
  /// The part `area` (points, y up, as the glyphs) of 1-based page `number`, rendered by poppler
  /// anti-aliased on white paper and scaled so that `area` is `height_px` pixels tall (1 to
  /// 4000). Empty (0 x 0) for a page outside the document, an empty area or a failed render.
  PdfRaster raster(int number, const render::Box& area, int height_px) const;

 private:
  struct Impl;
  explicit PdfTextReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace puzzlepress::book
