// The one file that uses poppler-cpp: text with positions (pdf_reader.h).
#include "book/check/pdf_reader.h"

#include <poppler/cpp/poppler-document.h>
#include <poppler/cpp/poppler-global.h>
#include <poppler/cpp/poppler-page.h>

#include <algorithm>
#include <climits>
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
