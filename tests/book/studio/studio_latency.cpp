// Preview latency harness (not a test: it prints times, it asserts nothing). Measures, for one
// spec, the studio's path from spec text to PNG bytes of one page and of the cover once the
// puzzles are cached, beside the PDF writer painting the same page:
//
//   ./build/tests/book/studio_latency [SPEC.yaml] [PAGE] [ROUNDS]
//
// default: examples/classic-6x9.yaml, page 5 (the first puzzle page), 20 rounds; reports the
// median of the rounds. Each round starts from the spec's text (the server's path: read, make
// the book through the cache, paint), so layout of the whole book is included.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "book/studio/studio_session.h"
#include "render/pdf_writer.h"

using namespace puzzlepress;
namespace fs = std::filesystem;

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const fs::path source(PUZZLEPRESS_SOURCE_DIR);
  const fs::path spec_path = argc > 1 ? fs::path(argv[1]) : source / "examples/classic-6x9.yaml";
  const int page = argc > 2 ? std::stoi(argv[2]) : 5;
  const int rounds = argc > 3 ? std::stoi(argv[3]) : 20;
  std::ifstream in(spec_path);
  std::stringstream text;
  text << in.rdbuf();
  book::StudioSession session(spec_path, {source / "layouts", source / "fonts"}, "latency", 0);

  auto start = std::chrono::steady_clock::now();
  book::Book book = session.make(session.read(text.str()));
  std::printf("%s: %zu pages, %zu puzzles; first make (generating every puzzle): %.0f ms\n",
              spec_path.filename().c_str(), book.pages.size(), book.puzzles.size(), ms_since(start));

  std::vector<double> read_ms, make_ms, png_ms, cover_ms, pdf_ms;
  std::size_t png_bytes = 0, cover_bytes = 0;
  std::string why;
  for (int r = 0; r < rounds; ++r) {
    start = std::chrono::steady_clock::now();
    const book::BookSpec spec = session.read(text.str());
    read_ms.push_back(ms_since(start));
    start = std::chrono::steady_clock::now();
    book = session.make_page(spec, page);
    make_ms.push_back(ms_since(start));
    start = std::chrono::steady_clock::now();
    const util::Result<std::string> png = session.preview_png(book, page, 96);
    png_ms.push_back(ms_since(start));
    if (png) png_bytes = png->size();
    else why = png.error();
    if (spec.cover) {
      start = std::chrono::steady_clock::now();
      const book::Book cover_book = session.make_page(spec, 0);
      const util::Result<std::string> cover = session.preview_png(cover_book, 0, 96);
      cover_ms.push_back(ms_since(start));
      if (cover) cover_bytes = cover->size();
    }
    start = std::chrono::steady_clock::now();
    const render::Page* one = &book.pages.at(page - 1).page;
    const util::Result<std::string> pdf = render::render_pdf(book.info, std::span(&one, 1));
    pdf_ms.push_back(ms_since(start));
  }
  std::printf("median of %d rounds, puzzles cached (each round: spec text -> page made -> painted):\n", rounds);
  std::printf("  read spec text          %7.2f ms\n", median(read_ms));
  std::printf("  make page %d (layout)   %7.2f ms\n", page, median(make_ms));
  if (why.empty()) {
    std::printf("  page %d as PNG, 96 dpi   %7.2f ms  (%zu bytes)\n", page, median(png_ms), png_bytes);
    if (!cover_ms.empty())
      std::printf("  spec text -> cover PNG  %7.2f ms  (%zu bytes)\n", median(cover_ms), cover_bytes);
  } else {
    std::printf("  page images: %s\n", why.c_str());
  }
  std::printf("  page %d as a PDF         %7.2f ms  (render_pdf of that one page)\n", page, median(pdf_ms));
  std::printf("  spec text -> page PNG   %7.2f ms\n", median(read_ms) + median(make_ms) + median(png_ms));
  return 0;
}
