// The one file that uses poppler-cpp: text with positions (pdf_reader.h).
#include "book/check/pdf_reader.h"

#include <poppler/cpp/poppler-document.h>
#include <poppler/cpp/poppler-global.h>
#include <poppler/cpp/poppler-image.h>
#include <poppler/cpp/poppler-page-renderer.h>
#include <poppler/cpp/poppler-page.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <system_error>
#include <thread>

#include "util/text.h"

namespace puzzlepress::book {
namespace {

/// poppler reports damaged files on stderr; the checks report what matters themselves.
void quiet(const std::string&, void*) {}

}  // namespace

struct PdfTextReader::Impl {
  std::string bytes;  // poppler reads from these; they live as long as the document
  std::unique_ptr<poppler::document> document;
};

PdfTextReader::PdfTextReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
PdfTextReader::PdfTextReader(PdfTextReader&&) noexcept = default;
PdfTextReader& PdfTextReader::operator=(PdfTextReader&&) noexcept = default;
PdfTextReader::~PdfTextReader() = default;

util::Result<PdfTextReader> PdfTextReader::open(std::string_view bytes) {
  using R = util::Result<PdfTextReader>;
  poppler::set_debug_error_function(quiet, nullptr);
  if (bytes.size() > static_cast<std::size_t>(INT_MAX)) return R::failure("too large for poppler");
  auto impl = std::make_unique<Impl>();
  impl->bytes.assign(bytes);
  impl->document.reset(poppler::document::load_from_raw_data(impl->bytes.data(), static_cast<int>(impl->bytes.size())));
  if (!impl->document) return R::failure("not a PDF poppler can read");
  if (impl->document->is_locked()) return R::failure("locked with a password");
  return R::success(PdfTextReader(std::move(impl)));
}

int PdfTextReader::page_count() const { return impl_->document->pages(); }

namespace {

std::vector<PdfGlyph> glyphs_of(const poppler::document& document, int number) {
  std::vector<PdfGlyph> out;
  if (number < 1 || number > document.pages()) return out;
  std::unique_ptr<poppler::page> page(document.create_page(number - 1));
  if (!page) return out;
  // poppler measures from the top-left of the media box; flip to bottom-left.
  const poppler::rectf media = page->page_rect(poppler::media_box);
  const double height = media.height();
  for (const poppler::text_box& word : page->text_list()) {
    const poppler::ustring text = word.text();
    for (std::size_t i = 0; i < text.size(); ++i) {
      const poppler::rectf r = word.char_bbox(i);
      PdfGlyph glyph;
      util::append_utf8(glyph.text, static_cast<char32_t>(text[i]));
      glyph.box = {r.left(), height - r.bottom(), r.right(), height - r.top()};
      out.push_back(std::move(glyph));
    }
  }
  return out;
}

}  // namespace

std::vector<PdfGlyph> PdfTextReader::glyphs(int number) const { return glyphs_of(*impl_->document, number); }

PdfRaster PdfTextReader::raster(int number, const render::Box& area, int height_px) const {
  PdfRaster out;
  const poppler::document& document = *impl_->document;
  if (number < 1 || number > document.pages() || height_px < 1 || height_px > 4000 || !(area.height() > 0) ||
      !(area.width() > 0) || !poppler::page_renderer::can_render()) {
    return out;
  }
  std::unique_ptr<poppler::page> page(document.create_page(number - 1));
  if (!page) return out;
  const double page_height = page->page_rect(poppler::media_box).height();
  const double dpi = 72.0 * height_px / area.height();
  const double scale = dpi / 72.0;
  poppler::page_renderer renderer;
  renderer.set_render_hint(poppler::page_renderer::antialiasing, true);
  renderer.set_render_hint(poppler::page_renderer::text_antialiasing, true);
  renderer.set_image_format(poppler::image::format_argb32);
  // poppler counts pixels from the top-left of the media box.
  const int x = static_cast<int>(std::lround(area.left * scale));
  const int y = static_cast<int>(std::lround((page_height - area.top) * scale));
  const int w = std::max(1, static_cast<int>(std::lround(area.width() * scale)));
  const poppler::image image = renderer.render_page(page.get(), dpi, dpi, x, y, w, height_px);
  if (!image.is_valid() || image.format() != poppler::image::format_argb32) return out;
  out.width = image.width();
  out.height = image.height();
  out.rgb.resize(static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height));
  for (int row = 0; row < out.height; ++row) {
    const char* line = image.const_data() + static_cast<std::ptrdiff_t>(row) * image.bytes_per_row();
    for (int col = 0; col < out.width; ++col) {
      std::uint32_t argb = 0;
      std::memcpy(&argb, line + 4 * col, 4);  // native-endian 0xAARRGGBB
      out.rgb[static_cast<std::size_t>(row * out.width + col)] = argb & 0xFFFFFFu;
    }
  }
  return out;
}

std::map<int, std::vector<PdfGlyph>> PdfTextReader::glyphs_of_pages(const std::vector<int>& pages, int threads) const {
  const std::size_t workers = std::clamp<std::size_t>(static_cast<std::size_t>(std::max(threads, 1)), 1,
                                                      std::max<std::size_t>(pages.size(), 1));
  std::vector<std::vector<std::vector<PdfGlyph>>> read(workers);
  const auto work = [&](std::size_t w, const poppler::document& document) {
    for (std::size_t i = w; i < pages.size(); i += workers) read[w].push_back(glyphs_of(document, pages[i]));
  };
  std::vector<std::thread> running;
  for (std::size_t w = 1; w < workers; ++w) {
    // A thread that cannot start (no memory under a ceiling) leaves its pages to the loop below.
    try {
      running.emplace_back([&, w] {
        // Its own document over the same bytes (poppler copies nothing; the bytes outlive it).
        std::unique_ptr<poppler::document> own(
            poppler::document::load_from_raw_data(impl_->bytes.data(), static_cast<int>(impl_->bytes.size())));
        if (own) work(w, *own);
      });
    } catch (const std::system_error&) {
      break;
    }
  }
  work(0, *impl_->document);
  for (std::thread& t : running) t.join();
  std::map<int, std::vector<PdfGlyph>> out;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    std::vector<std::vector<PdfGlyph>>& mine = read[i % workers];
    const std::size_t k = i / workers;
    out[pages[i]] = k < mine.size() ? std::move(mine[k]) : glyphs(pages[i]);
  }
  return out;
}

}  // namespace puzzlepress::book
