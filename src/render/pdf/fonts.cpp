// The PDF painter's fonts: loading the four role fonts into a libharu document (from their
// files, or from memory through an anonymous file), replacing libharu's invalid ToUnicode map,
// and PdfFontMetrics, which measures text as libharu's HPDF_Font_TextWidth would (from the
// TrueType tables alone, or, as the tests' reference, with libharu's own call). Font metrics are
// in 1/1000 em inside, in points (or em) at PdfFontMetrics' surface.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

#include "render/pdf/pdf_internal.h"
#include "render/pdf_writer.h"

namespace puzzlepress::render::pdf {
namespace {

std::optional<std::string> check_font_file(const std::filesystem::path& file) {
  std::error_code ec;
  if (file.empty()) return "no font file given";
  if (!std::filesystem::exists(file, ec)) return "font file not found: " + file.string();
  if (!std::filesystem::is_regular_file(file, ec)) {
    return "font file is not a regular file: " + file.string();
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return "cannot read font file " + file.string() + ": " + std::strerror(errno);
  return std::nullopt;
}

// Replaces libharu's invalid ToUnicode CMap with an identity map from 2-byte codes (= Unicode
// code points of the BMP) to UTF-16.
void fix_to_unicode(HPDF_Font font) {
  auto* map = static_cast<HPDF_Dict>(HPDF_Dict_GetItem(static_cast<HPDF_Dict>(font), "ToUnicode", HPDF_OCLASS_DICT));
  if (map == nullptr || map->stream == nullptr) return;
  std::string cmap =
      "/CIDInit /ProcSet findresource begin\n"
      "12 dict begin\n"
      "begincmap\n"
      "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
      "/CMapName /Adobe-Identity-UCS def\n"
      "/CMapType 2 def\n"
      "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n";
  // 256 ranges <hh00> <hhFF> <hh00>, at most 100 to a block; surrogates (D8..DF) are skipped.
  std::vector<int> highs;
  for (int h = 0; h < 256; ++h) {
    if (h < 0xD8 || h > 0xDF) highs.push_back(h);
  }
  for (std::size_t i = 0; i < highs.size(); i += 100) {
    const std::size_t n = std::min<std::size_t>(100, highs.size() - i);
    cmap += std::to_string(n) + " beginbfrange\n";
    for (std::size_t k = i; k < i + n; ++k) {
      char line[40];
      std::snprintf(line, sizeof line, "<%02X00> <%02XFF> <%02X00>\n", highs[k], highs[k], highs[k]);
      cmap += line;
    }
    cmap += "endbfrange\n";
  }
  cmap += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n";
  HPDF_MemStream_FreeData(map->stream);
  HPDF_Stream_WriteStr(map->stream, cmap.c_str());
}

// The path libharu may open `bytes` by: an anonymous in-memory file that `h` keeps open, or an
// error.
util::Result<std::string> memory_file(Haru& h, const FontSource& source) {
  using R = util::Result<std::string>;
  const int fd = memfd_create("puzzlepress-font", MFD_CLOEXEC);
  if (fd < 0) return R::failure("cannot hold " + source.name + " in memory: " + std::strerror(errno));
  h.memory_files.push_back(fd);
  std::string_view rest = source.bytes;
  while (!rest.empty()) {
    const ssize_t n = write(fd, rest.data(), rest.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return R::failure("cannot hold " + source.name + " in memory: " + std::strerror(errno));
    rest.remove_prefix(static_cast<std::size_t>(n));
  }
  return R::success("/proc/self/fd/" + std::to_string(fd));
}

}  // namespace

std::optional<std::string> load_fonts(Haru& h, const FontFiles& files, FontUse use) {
  if (h.doc == nullptr) return "libharu could not start (out of memory?)";
  HPDF_SetCompressionMode(h.doc, HPDF_COMP_ALL);
  HPDF_UseUTFEncodings(h.doc);
  std::map<std::string, std::size_t> loaded;  // by FontSource::describe(): the first role with it
  for (FontRole role : kAllFontRoles) {
    const FontSource& source = files.for_role(role);
    const std::string key = source.describe();
    if (auto it = loaded.find(key); it != loaded.end()) {
      h.fonts[role_index(role)] = h.fonts[it->second];
      h.font_defs[role_index(role)] = h.font_defs[it->second];
      continue;
    }
    std::string path = source.file.string();
    if (source.in_memory()) {
      util::Result<std::string> memory = memory_file(h, source);
      if (!memory) return memory.error();
      path = *memory;
    } else if (auto error = check_font_file(source.file)) {
      return error;
    }
    const std::string refused = "cannot load font " + key + " (is it a glyf-based TrueType .ttf?): ";
    const char* name = HPDF_LoadTTFontFromFile(h.doc, path.c_str(), HPDF_TRUE);
    if (use == FontUse::measure) {
      HPDF_FontDef def = name != nullptr ? HPDF_GetFontDef(h.doc, name) : nullptr;
      // Defensive: a glyph lookup notes a broken character map in the document (with no
      // handler call), as HPDF_GetFont's 65,536 lookups would. libharu 2.3.0 already refuses
      // such a font in HPDF_LoadTTFontFromFile, so this only guards other versions.
      if (def != nullptr) HPDF_TTFontDef_GetGlyphid(def, 'H');
      if (def == nullptr || h.failed()) return refused + haru_error(h.errors);
      if (HPDF_GetError(h.doc) != HPDF_OK)
        return refused + haru_error({HPDF_GetError(h.doc), HPDF_GetErrorDetail(h.doc)});
      h.font_defs[role_index(role)] = def;
    } else {
      HPDF_Font font = name != nullptr ? HPDF_GetFont(h.doc, name, "UTF-8") : nullptr;
      if (font == nullptr || h.failed()) return refused + haru_error(h.errors);
      fix_to_unicode(font);
      pack_font_file_when_saved(font);
      h.fonts[role_index(role)] = font;
      std::error_code ignored;  // a size only to reserve the saved PDF's memory with
      const std::uintmax_t size = std::filesystem::file_size(path, ignored);
      if (!ignored) h.font_file_bytes += size;
    }
    loaded.emplace(key, role_index(role));
  }
  return std::nullopt;
}

namespace {

// HPDF_Font_TextWidth(font, text).width for a font HPDF_GetFont(def's font, "UTF-8") made, from
// the font definition alone, step for step as libharu 2.3 computes it (hpdf_font_cid.c's
// TextWidth with hpdf_encoder_utf.c's UTF-8 parse): a lead byte opens a character of 1-4
// bytes, continuation bytes are taken as they come, a byte that can open nothing is skipped,
// an unfinished character at the end counts nothing, and a character above U+FFFF counts as a
// space. Units: 1/1000 em.
HPDF_UINT utf8_text_width(HPDF_FontDef def, std::string_view text) {
  if (text.size() > HPDF_LIMIT_MAX_STRING_LEN) return 0;  // libharu refuses such a string: 0
  HPDF_UINT width = 0;
  HPDF_BYTE bytes[4] = {};
  int current = 0, last = 0;  // the next byte's index in the character, and its last index
  for (const char c : text) {
    const auto b = static_cast<HPDF_BYTE>(c);
    if (current == 0) {
      bytes[0] = b;
      current = 1;
      if (!(b & 0x80)) {
        current = 0;
        last = 0;
      } else {
        if ((b & 0xf8) == 0xf0) {
          last = 3;
        } else if ((b & 0xf0) == 0xe0) {
          last = 2;
        } else if ((b & 0xe0) == 0xc0) {
          last = 1;
        } else {
          current = 0;  // no lead byte: skipped
        }
        continue;
      }
    } else {
      bytes[current] = b;
      if (current != last) {
        ++current;
        continue;
      }
      current = 0;
    }
    unsigned code = 32;
    switch (last) {
      case 3:  // libharu does not mask the second byte: always above U+FFFF, so a space
        code = ((bytes[0] & 0x7u) << 18) + (static_cast<unsigned>(bytes[1]) << 12) + ((bytes[2] & 0x3fu) << 6) +
               (bytes[3] & 0x3fu);
        break;
      case 2: code = ((bytes[0] & 0xfu) << 12) + ((bytes[1] & 0x3fu) << 6) + (bytes[2] & 0x3fu); break;
      case 1: code = ((bytes[0] & 0x1fu) << 6) + (bytes[1] & 0x3fu); break;
      default: code = bytes[0]; break;
    }
    if (code > 65535) code = 32;
    const HPDF_UINT w = HPDF_TTFontDef_GetCharWidth(def, static_cast<HPDF_UINT16>(code));  // as libharu: INT16 to UINT
    width += w;
  }
  return width;
}

}  // namespace
}  // namespace puzzlepress::render::pdf

namespace puzzlepress::render {

using pdf::FontUse;
using pdf::role_index;

struct PdfFontMetrics::Impl {
  pdf::Haru haru;
  FontUse use = FontUse::measure;  // paint: the reference, measured by HPDF_Font_TextWidth
  std::array<double, kAllFontRoles.size()> cap{};
  std::array<double, kAllFontRoles.size()> ascent{};
  std::array<double, kAllFontRoles.size()> descent{};
  /// Advance widths (1/1000 em) of single ASCII characters, filled on first use: layout asks
  /// for every digit of every grid, and libharu's glyph lookup is a linear search.
  mutable std::array<std::array<double, 128>, kAllFontRoles.size()> ascii_width{};
  mutable std::array<std::array<bool, 128>, kAllFontRoles.size()> ascii_known{};
};

PdfFontMetrics::PdfFontMetrics(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
PdfFontMetrics::~PdfFontMetrics() = default;

util::Result<std::unique_ptr<PdfFontMetrics>> PdfFontMetrics::load_as(const FontFiles& fonts, bool full_pdf_fonts) {
  using R = util::Result<std::unique_ptr<PdfFontMetrics>>;
  auto impl = std::make_unique<Impl>();
  impl->use = full_pdf_fonts ? FontUse::paint : FontUse::measure;
  if (auto e = pdf::load_fonts(impl->haru, fonts, impl->use)) return R::failure(*e);
  for (FontRole role : kAllFontRoles) {
    const std::size_t i = role_index(role);
    // The fields HPDF_Font_GetCapHeight, GetAscent and GetDescent read (1/1000 em).
    const HPDF_FontDef def =
        full_pdf_fonts ? ((HPDF_FontAttr)impl->haru.fonts[i]->attr)->fontdef : impl->haru.font_defs[i];
    impl->cap[i] = def->cap_height / 1000.0;
    impl->ascent[i] = def->ascent / 1000.0;
    impl->descent[i] = -def->descent / 1000.0;
  }
  return R::success(std::unique_ptr<PdfFontMetrics>(new PdfFontMetrics(std::move(impl))));
}

util::Result<std::unique_ptr<PdfFontMetrics>> PdfFontMetrics::load(const FontFiles& fonts) {
  return load_as(fonts, false);
}

util::Result<std::unique_ptr<PdfFontMetrics>> PdfFontMetrics::load_reference(const FontFiles& fonts) {
  return load_as(fonts, true);
}

double PdfFontMetrics::width_pt(FontRole role, std::string_view text, double size_pt) const {
  if (text.empty()) return 0;
  const std::size_t r = role_index(role);
  const auto measure = [&] {
    if (impl_->use == FontUse::measure) {
      return static_cast<double>(pdf::utf8_text_width(impl_->haru.font_defs[r], text));
    }
    return static_cast<double>(HPDF_Font_TextWidth(impl_->haru.fonts[r],
                                                   reinterpret_cast<const HPDF_BYTE*>(text.data()),
                                                   static_cast<HPDF_UINT>(text.size()))
                                   .width);
  };
  const auto c = static_cast<unsigned char>(text[0]);
  if (text.size() != 1 || c >= 128) return measure() / 1000.0 * size_pt;
  if (!impl_->ascii_known[r][c]) {
    impl_->ascii_width[r][c] = measure();
    impl_->ascii_known[r][c] = true;
  }
  return impl_->ascii_width[r][c] / 1000.0 * size_pt;
}

double PdfFontMetrics::cap_height_em(FontRole role) const { return impl_->cap[role_index(role)]; }
double PdfFontMetrics::ascent_em(FontRole role) const { return impl_->ascent[role_index(role)]; }
double PdfFontMetrics::descent_em(FontRole role) const { return impl_->descent[role_index(role)]; }

}  // namespace puzzlepress::render
