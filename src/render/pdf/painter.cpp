// The PDF painter (render/pdf_writer.h): PdfPainter and render_pdf. A document's pages are
// created in page order, sized (points) and boxed (TrimBox/BleedBox added to the page
// dictionary, which libharu has no call for), painted item by item (paint.cpp) and their content
// streams compressed at once; the document information is written as UTF-16BE; the save goes
// straight into a string. Compression: one zlib stream per document for page content, and the
// font files libharu makes during the save packed at the same low level, each bytes depending
// only on the bytes given.
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "render/pdf/pdf_internal.h"
#include "render/pdf_writer.h"
#include "util/text.h"

namespace puzzlepress::render::pdf {
namespace {

// UTF-8 to UTF-16BE with a byte-order mark; malformed bytes become U+FFFD.
std::string utf16be(std::string_view s) {
  std::string out = "\xFE\xFF";
  auto put = [&](char32_t u) {
    out.push_back(static_cast<char>(u >> 8));
    out.push_back(static_cast<char>(u & 0xFF));
  };
  for (char32_t cp : util::decode_utf8_lenient(s)) {
    if (cp >= 0x10000) {
      cp -= 0x10000;
      put(0xD800 + (cp >> 10));
      put(0xDC00 + (cp & 0x3FF));
    } else {
      put(cp);
    }
  }
  return out;
}

void set_info(Haru& h, HPDF_InfoType type, const char* key, const std::string& value) {
  if (value.empty()) return;
  if (h.doc->info == nullptr) HPDF_SetInfoAttr(h.doc, type, "");  // creates the dictionary
  if (h.doc->info == nullptr) return;
  const std::string bytes = utf16be(value);
  HPDF_Dict_Add(h.doc->info, key,
                HPDF_Binary_New(h.doc->mmgr, reinterpret_cast<HPDF_BYTE*>(const_cast<char*>(bytes.data())),
                                static_cast<HPDF_UINT>(bytes.size())));
}

void add_box(Haru& h, HPDF_Page page, const char* key, const Box& b) {
  const HPDF_Box box{static_cast<HPDF_REAL>(b.left), static_cast<HPDF_REAL>(b.bottom), static_cast<HPDF_REAL>(b.right),
                     static_cast<HPDF_REAL>(b.top)};
  HPDF_Dict_Add(static_cast<HPDF_Dict>(page), key, HPDF_Box_Array_New(h.doc->mmgr, box));
}

// Deflates page content streams with one zlib stream for the whole document: set up on first
// use, reset (not set up again) for each page. libharu's own deflate sets up and tears down a
// stream of some 260 KB for every page, which cost about as much as the compressing. Output
// depends only on the bytes given and the level (zlib format, memLevel 8, 32 KiB window, as
// libharu's deflate). Not for two threads at once (nor is the painter).
class PageDeflater {
 public:
  /// `level`: zlib's 1 (fastest) .. 9 (smallest).
  explicit PageDeflater(int level) : level_(level) {}
  ~PageDeflater() {
    if (ready_) deflateEnd(&z_);
  }
  PageDeflater(const PageDeflater&) = delete;
  PageDeflater& operator=(const PageDeflater&) = delete;

  /// The zlib stream of memory stream `in`'s bytes (all of them, whatever its read position),
  /// valid until the next call; or nullopt when zlib fails (out of memory).
  std::optional<std::span<const Bytef>> deflate_stream(HPDF_Stream in) {
    if (!ready_) {
      z_ = z_stream{};
      if (deflateInit(&z_, level_) != Z_OK) return std::nullopt;
      ready_ = true;
    } else if (deflateReset(&z_) != Z_OK) {
      return std::nullopt;
    }
    out_.resize(deflateBound(&z_, HPDF_Stream_Size(in)));
    z_.next_out = out_.data();
    z_.avail_out = static_cast<uInt>(out_.size());
    const HPDF_UINT chunks = HPDF_MemStream_GetBufCount(in);
    for (HPDF_UINT i = 0; i < chunks; ++i) {
      HPDF_UINT length = 0;
      HPDF_BYTE* bytes = HPDF_MemStream_GetBufPtr(in, i, &length);
      if (bytes == nullptr) return std::nullopt;
      z_.next_in = bytes;
      z_.avail_in = length;
      const int flush = i + 1 == chunks ? Z_FINISH : Z_NO_FLUSH;
      const int status = deflate(&z_, flush);
      // deflateBound leaves room for everything: the last chunk ends the stream, others are
      // taken whole.
      if (flush == Z_FINISH ? status != Z_STREAM_END : (status != Z_OK || z_.avail_in != 0)) return std::nullopt;
    }
    if (chunks == 0) return std::nullopt;
    return std::span<const Bytef>(out_.data(), out_.size() - z_.avail_out);
  }

 private:
  int level_;
  bool ready_ = false;
  z_stream z_{};
  std::vector<Bytef> out_;  ///< reused: as large as the largest page's bound so far
};

// zlib's level for page content. Chosen by measurement on the 368 pages of a 1000-puzzle book
// (8 MB of operators): level 2 deflates them in 40% of level 6's time (libharu's, 34 ms
// against 82) to 17% more bytes (1.51 MB against 1.29); level 1 saves 3 ms more for 80 KB more.
constexpr int kPageDeflateLevel = 2;

// Deflates the memory stream of stream dictionary `dict` now and has libharu's save copy the
// bytes as they are: the dictionary keeps its FlateDecode filter until the save has written
// /Filter, then (write_fn, called just before the stream is copied) says "no filter" so the
// bytes are not compressed twice. Left alone (libharu's save compresses it) when the stream is
// empty (the save writes nothing for it), not a memory stream, already hooked, or zlib fails.
void pack_stream(HPDF_MMgr mmgr, PageDeflater& deflater, HPDF_Dict dict) {
  if (dict == nullptr || dict->stream == nullptr || dict->write_fn != nullptr) return;
  if (!(dict->filter & HPDF_STREAM_FILTER_FLATE_DECODE)) return;
  if (dict->stream->type != HPDF_STREAM_MEMORY || HPDF_Stream_Size(dict->stream) == 0) return;
  const std::optional<std::span<const Bytef>> deflated = deflater.deflate_stream(dict->stream);
  if (!deflated) return;
  // One buffer holding the whole stream (libharu's save copies it out buffer by buffer).
  const auto size = static_cast<HPDF_UINT>(deflated->size());
  HPDF_Stream packed = HPDF_MemStream_New(mmgr, std::max<HPDF_UINT>(size, 1));
  if (packed == nullptr) return;  // the document's error says why; the stream stays as it is
  if (HPDF_Stream_Write(packed, deflated->data(), size) != HPDF_OK) {
    HPDF_Stream_Free(packed);
    return;
  }
  HPDF_Stream_Free(dict->stream);
  dict->stream = packed;
  dict->write_fn = [](HPDF_Dict d, HPDF_Stream) -> HPDF_STATUS {
    d->filter = HPDF_STREAM_FILTER_NONE;  // /Filter is written; copy the packed bytes
    return HPDF_OK;
  };
}

// Compresses page `p`'s content stream now (with `deflater`, see pack_stream). Left alone when
// the page's stream is not its contents' or a save (q) is left open: libharu's save closes it
// with a Q written into the stream, which must still be the uncompressed one then. Our pages
// close every save; this keeps it so.
void compress_now(Haru& h, PageDeflater& deflater, HPDF_Page p) {
  auto* attr = static_cast<HPDF_PageAttr>(p->attr);
  HPDF_Dict contents = attr->contents;
  if (contents == nullptr || contents->stream != attr->stream || attr->gmode != HPDF_GMODE_PAGE_DESCRIPTION) return;
  if (attr->gstate != nullptr && attr->gstate->prev != nullptr) return;
  pack_stream(h.doc->mmgr, deflater, contents);
  attr->stream = contents->stream;
}

// zlib's level for the embedded font files. libharu makes each (FontFile2) while the document
// is saved and deflates it at zlib's default, level 6: about half of the save's instructions.
// Level 2, as for pages, takes them in about 40 % of the time for a few per cent more bytes.
constexpr int kFontDeflateLevel = 2;

// libharu's before-write function of a Type0 font with a TrueType (CIDFontType2) descendant,
// the same for every such font, which makes the font file; set when the first font is hooked.
std::atomic<HPDF_Dict_BeforeWriteFunc> cid_font_before_write{nullptr};

// The hook put in its place: libharu's function, then the font file it made packed at
// kFontDeflateLevel (pack_stream). Runs inside a save, on the saving thread.
HPDF_STATUS make_font_file_then_pack(HPDF_Dict font) {
  const HPDF_STATUS status = cid_font_before_write.load()(font);
  if (status != HPDF_OK) return status;
  const auto* attr = static_cast<HPDF_FontAttr>(font->attr);
  if (attr == nullptr || attr->fontdef == nullptr || attr->fontdef->descriptor == nullptr) return HPDF_OK;
  auto file = static_cast<HPDF_Dict>(HPDF_Dict_GetItem(attr->fontdef->descriptor, "FontFile2", HPDF_OCLASS_DICT));
  thread_local PageDeflater deflater(kFontDeflateLevel);
  pack_stream(font->mmgr, deflater, file);
  // The glyph map (CIDToGIDMap: two bytes for every code up to the font's last, 128 KB for
  // most) and the ToUnicode map, which the function just gave the font's filter.
  pack_stream(font->mmgr, deflater, attr->map_stream);
  pack_stream(font->mmgr, deflater, attr->cmap_stream);
  return HPDF_OK;
}

}  // namespace

// Puts make_font_file_then_pack in place of `font`'s before-write function (libharu's own is
// kept to call). Does nothing for a font with another one.
void pack_font_file_when_saved(HPDF_Font font) {
  if (font == nullptr || font->before_write_fn == nullptr || font->before_write_fn == make_font_file_then_pack) return;
  HPDF_Dict_BeforeWriteFunc expected = nullptr;
  cid_font_before_write.compare_exchange_strong(expected, font->before_write_fn);
  if (cid_font_before_write.load() != font->before_write_fn) return;  // not libharu's usual one
  font->before_write_fn = make_font_file_then_pack;
}

}  // namespace puzzlepress::render::pdf

namespace puzzlepress::render {

using pdf::Haru;
using pdf::haru_error;
using pdf::real;

struct PdfPainter::Impl {
  Haru h;
  pdf::PageDeflater deflater{pdf::kPageDeflateLevel};
  std::size_t count = 0;
  std::vector<HPDF_Page> pages;  ///< created so far, in page order
  std::vector<char> painted;
  std::optional<std::string> failure;
  std::uintmax_t content_bytes = 0;  ///< the painted pages' content streams, packed
};

PdfPainter::PdfPainter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
PdfPainter::~PdfPainter() = default;

util::Result<std::unique_ptr<PdfPainter>> PdfPainter::start(const DocumentInfo& info, std::size_t page_count) {
  using R = util::Result<std::unique_ptr<PdfPainter>>;
  if (page_count == 0) return R::failure("the document has no pages");
  auto impl = std::make_unique<Impl>();
  Haru& h = impl->h;
  if (auto error = pdf::load_fonts(h, info.fonts)) return R::failure(*error);
  pdf::set_info(h, HPDF_INFO_TITLE, "Title", info.title);
  pdf::set_info(h, HPDF_INFO_AUTHOR, "Author", info.author);
  pdf::set_info(h, HPDF_INFO_SUBJECT, "Subject", info.subject);
  pdf::set_info(h, HPDF_INFO_CREATOR, "Creator", info.creator);
  pdf::set_info(h, HPDF_INFO_KEYWORDS, "Keywords", info.keywords);
  impl->count = page_count;
  impl->painted.assign(page_count, 0);
  return R::success(std::unique_ptr<PdfPainter>(new PdfPainter(std::move(impl))));
}

std::optional<std::string> PdfPainter::paint(std::size_t index, const Page& page) {
  Impl& s = *impl_;
  Haru& h = s.h;
  if (s.failure) return s.failure;
  if (index >= s.count || s.painted[index]) {
    return s.failure = "page " + std::to_string(index + 1) + " painted twice or beyond the document's " +
                       std::to_string(s.count) + " pages";
  }
  while (s.pages.size() <= index) {
    HPDF_Page created = HPDF_AddPage(h.doc);
    if (created == nullptr) return s.failure = "cannot assemble the PDF: " + haru_error(h.errors);
    s.pages.push_back(created);
  }
  const bool has_image =
      std::any_of(page.items.begin(), page.items.end(), [](const Item& i) { return std::holds_alternative<Image>(i); });
  if (has_image && s.pages.size() > index + 1) {
    return s.failure = "page " + std::to_string(index + 1) + " holds an image and was painted after a later page";
  }
  HPDF_Page p = s.pages[index];
  HPDF_Page_SetWidth(p, real(page.width_pt));
  HPDF_Page_SetHeight(p, real(page.height_pt));
  if (page.trim_box) pdf::add_box(h, p, "TrimBox", *page.trim_box);
  if (page.bleed_box) pdf::add_box(h, p, "BleedBox", *page.bleed_box);
  for (const Item& item : page.items) pdf::paint_item(h, p, item);
  if (page.items.empty()) {  // never leave a zero-length content stream
    HPDF_Page_GSave(p);
    HPDF_Page_GRestore(p);
  }
  if (!h.failed_file.empty()) {
    return s.failure = "cannot load image " + h.failed_file + " (on page " + std::to_string(index + 1) +
                       "; is it a readable PNG or JPEG?)";
  }
  if (h.failed()) return s.failure = "cannot draw page " + std::to_string(index + 1) + ": " + haru_error(h.errors);
  pdf::compress_now(h, s.deflater, p);
  s.content_bytes += HPDF_Stream_Size(static_cast<HPDF_PageAttr>(p->attr)->stream);
  s.painted[index] = 1;
  return std::nullopt;
}

util::Result<std::string> PdfPainter::finish(std::size_t max_bytes) {
  using R = util::Result<std::string>;
  Impl& s = *impl_;
  Haru& h = s.h;
  if (s.failure) return R::failure(*s.failure);
  const auto missing = std::find(s.painted.begin(), s.painted.end(), 0);
  if (missing != s.painted.end()) {
    return R::failure("page " + std::to_string(missing - s.painted.begin() + 1) + " was never painted");
  }
  // libharu saves into a stream of ours that appends to `sink.bytes` (its own would hold a second
  // copy, in 4 KB pieces). Reserved for the pages' packed contents and the fonts' whole files
  // (their packed form is smaller), with room for every object besides: memory reserved but
  // never written costs nothing.
  // libharu's callback writer reports a failed write by its return value only: HPDF_SaveToStream
  // still answers HPDF_OK (nothing reaches the document's error), so the sink keeps its own flag.
  struct Sink {
    std::string bytes;
    std::size_t max_bytes;
    std::optional<std::string> failure;
  } sink{{}, max_bytes, std::nullopt};
  sink.bytes.reserve(std::min<std::uintmax_t>(
      max_bytes, s.content_bytes + h.font_file_bytes + 2048 * s.count + (std::uintmax_t{1} << 20)));
  const auto append = [](HPDF_Stream stream, const HPDF_BYTE* data, HPDF_UINT size) -> HPDF_STATUS {
    Sink& to = *static_cast<Sink*>(stream->attr);
    if (to.failure) return HPDF_FAILD_TO_ALLOC_MEM;
    if (size > to.max_bytes - to.bytes.size()) {
      to.failure = "it would be larger than " + std::to_string(to.max_bytes) + " bytes";
      return HPDF_FAILD_TO_ALLOC_MEM;
    }
    try {
      to.bytes.append(reinterpret_cast<const char*>(data), size);
    } catch (const std::exception&) {  // no exception may cross libharu's C frames
      to.failure = "out of memory";
      return HPDF_FAILD_TO_ALLOC_MEM;
    }
    return HPDF_OK;
  };
  if (h.doc->stream == nullptr) h.doc->stream = HPDF_CallbackWriter_New(h.doc->mmgr, append, &sink);
  if (h.doc->stream == nullptr || h.doc->stream->attr != &sink) {
    return R::failure("cannot assemble the PDF: " + haru_error(h.errors));
  }
  const HPDF_STATUS saved = HPDF_SaveToStream(h.doc);
  // The stream points at `sink`: gone with the document, never written to again.
  HPDF_Stream_Free(h.doc->stream);
  h.doc->stream = nullptr;
  // A document is saved once: a second save gives other bytes, and a failed one leaves libharu
  // midway. Later calls (paint too) give this failure, or say the PDF was assembled.
  if (sink.failure) s.failure = "cannot assemble the PDF: " + *sink.failure;
  else if (saved != HPDF_OK || h.failed()) s.failure = "cannot assemble the PDF: " + haru_error(h.errors);
  if (s.failure) return R::failure(*s.failure);
  s.failure = "the PDF was already assembled";
  return R::success(std::move(sink.bytes));
}

util::Result<std::string> render_pdf(const DocumentInfo& info, std::span<const Page* const> pages) {
  using R = util::Result<std::string>;
  auto painter = PdfPainter::start(info, pages.size());
  if (!painter) return R::failure(painter.error());
  for (std::size_t i = 0; i < pages.size(); ++i) {
    if (auto error = (*painter)->paint(i, *pages[i])) return R::failure(*error);
  }
  return (*painter)->finish();
}

util::Result<std::string> render_pdf(const Document& doc) {
  const std::vector<const Page*> pages = doc.page_list();
  return render_pdf(doc.info, pages);
}

std::string libharu_version() { return HPDF_GetVersion(); }

}  // namespace puzzlepress::render
