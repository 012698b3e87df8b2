// Fixtures for the suites that link puzzlepress_render (header only: the support library links
// no render): the source tree's fonts and their metrics, a plain page frame, and what a page holds.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "render/layout.h"
#include "render/page.h"
#include "render/pdf_writer.h"

namespace puzzlepress::testing {

/// The four fonts of the source tree's fonts/ folder.
inline render::FontFiles source_fonts() {
  return render::default_font_files(std::filesystem::path(PUZZLEPRESS_SOURCE_DIR) / "fonts");
}

/// The metrics of the source tree's fonts (PdfFontMetrics::load, which must succeed).
inline std::unique_ptr<render::PdfFontMetrics> source_font_metrics() {
  auto metrics = render::PdfFontMetrics::load(source_fonts());
  REQUIRE_MESSAGE(metrics.ok(), metrics.error());
  return std::move(*metrics);
}

/// A US Letter page (612 x 792 pt), no bleed, content half an inch (36 pt) inside each edge.
inline render::PageFrame letter_frame() {
  render::PageFrame f;
  f.width_pt = 612;
  f.height_pt = 792;
  f.trim_box = render::Box{0, 0, 612, 792};
  f.content = render::Box{36, 36, 576, 756};
  return f;
}

/// The items of type T (render::Line, render::TextRun, …) of `page`, in drawing order.
template <class T>
std::vector<T> items_of(const render::Page& page) {
  std::vector<T> out;
  for (const render::Item& item : page.items) {
    if (const T* t = std::get_if<T>(&item)) out.push_back(*t);
  }
  return out;
}

/// The text of every text run of `page`, in drawing order.
inline std::vector<std::string> texts_of(const render::Page& page) {
  std::vector<std::string> out;
  for (const render::TextRun& run : items_of<render::TextRun>(page)) out.push_back(run.text);
  return out;
}

}  // namespace puzzlepress::testing
