// The only file that includes libharu (hpdf.h).
//
// libharu 2.3.0 faults worked around here:
//  - The ToUnicode CMap it writes for UTF-8 TrueType fonts uses `begincidrange`, which is not
//    valid in a ToUnicode map (poppler warns, text extraction is unreliable). The text codes are
//    Unicode values (CID = code point, mapped to glyphs by CIDToGIDMap), so the map is replaced
//    with an identity `beginbfrange` map.
//  - Document information strings are written as raw bytes (PDFDocEncoding), which garbles
//    UTF-8. They are written here as UTF-16BE hex strings with a byte-order mark.
//  - A page with nothing drawn gets an empty (zero-length) content stream; some readers and
//    preflight tools reject that, so such a page gets a harmless `q Q`.
//  - There is no API for TrimBox/BleedBox: they are added to the page dictionary directly.
//  - It loads TrueType fonts only from a file, and reads the file again when it saves. A font
//    held in memory (the built-in ones) is handed over as an anonymous in-memory file
//    (memfd_create) by its /proc/self/fd path; the descriptor lives as long as the document.
//  - No /ID and no dates are written unless asked for (encryption, HPDF_SetInfoDateAttr); neither
//    is used, so output depends only on the Document.
#include "render/pdf_writer.h"

#include <hpdf.h>
#include <hpdf_utils.h>  // HPDF_FToA: libharu's number format
#include <zlib.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <cmath>
#include <numbers>
#include <optional>
#include <span>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <system_error>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

#include "util/text.h"

namespace puzzlepress::render {
namespace {

struct ErrorState {
  HPDF_STATUS code = HPDF_OK;
  HPDF_STATUS detail = 0;
};

void on_error(HPDF_STATUS code, HPDF_STATUS detail, void* user) {
  auto* state = static_cast<ErrorState*>(user);
  if (state->code == HPDF_OK) {
    state->code = code;
    state->detail = detail;
  }
}

std::string haru_error(const ErrorState& e) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "libharu error 0x%04X (detail %u)", static_cast<unsigned>(e.code),
                static_cast<unsigned>(e.detail));
  return buf;
}

std::size_t role_index(FontRole role) { return static_cast<std::size_t>(role); }

// One libharu document with the four role fonts loaded. Not movable: libharu keeps a pointer
// to `errors`.
struct Haru {
  ErrorState errors;
  HPDF_Doc doc = nullptr;
  std::array<HPDF_Font, kAllFontRoles.size()> fonts{};         ///< FontUse::paint
  std::array<HPDF_FontDef, kAllFontRoles.size()> font_defs{};  ///< FontUse::measure
  std::map<std::filesystem::path, HPDF_Image> images;  ///< nullptr: could not be loaded
  std::string failed_file;                             ///< an image that could not be loaded
  std::vector<int> memory_files;                       ///< in-memory fonts' descriptors
  std::uintmax_t font_file_bytes = 0;                  ///< the loaded fonts' files, together

  Haru() : doc(HPDF_New(on_error, &errors)) {}
  ~Haru() {
    if (doc != nullptr) HPDF_Free(doc);
    for (int fd : memory_files) close(fd);
  }
  Haru(const Haru&) = delete;
  Haru& operator=(const Haru&) = delete;
  bool failed() const { return doc == nullptr || errors.code != HPDF_OK; }
};

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
  auto* map = static_cast<HPDF_Dict>(
      HPDF_Dict_GetItem(static_cast<HPDF_Dict>(font), "ToUnicode", HPDF_OCLASS_DICT));
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
      std::snprintf(line, sizeof line, "<%02X00> <%02XFF> <%02X00>\n", highs[k], highs[k],
                    highs[k]);
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

void pack_font_file_when_saved(HPDF_Font font);  // below, with the page deflater

// What a document's fonts are loaded for. `paint`: PDF fonts (HPDF_GetFont), which libharu
// builds with a 65,536-entry glyph map each (about half of a small book's instructions).
// `measure`: only the font definitions (the parsed TrueType tables), enough for widths.
enum class FontUse { paint, measure };

std::optional<std::string> load_fonts(Haru& h, const FontFiles& files, FontUse use = FontUse::paint) {
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
      if (HPDF_GetError(h.doc) != HPDF_OK) return refused + haru_error({HPDF_GetError(h.doc), HPDF_GetErrorDetail(h.doc)});
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
  HPDF_Dict_Add(
      h.doc->info, key,
      HPDF_Binary_New(h.doc->mmgr, reinterpret_cast<HPDF_BYTE*>(const_cast<char*>(bytes.data())),
                      static_cast<HPDF_UINT>(bytes.size())));
}

void add_box(Haru& h, HPDF_Page page, const char* key, const Box& b) {
  const HPDF_Box box{static_cast<HPDF_REAL>(b.left), static_cast<HPDF_REAL>(b.bottom),
                     static_cast<HPDF_REAL>(b.right), static_cast<HPDF_REAL>(b.top)};
  HPDF_Dict_Add(static_cast<HPDF_Dict>(page), key, HPDF_Box_Array_New(h.doc->mmgr, box));
}

HPDF_REAL real(double v) { return static_cast<HPDF_REAL>(v); }

// State setters that write their operator only when it changes what libharu says the page's
// graphics state holds (it tracks width, join, inks and font for the page, through q and Q,
// from PDF's own initial state: width 1, miter joins, black DeviceGray inks, no font). The
// printed page is the same; its content stream is shorter, and quicker to write and deflate.
void set_line_width(HPDF_Page p, double width_pt) {
  if (HPDF_Page_GetLineWidth(p) != real(width_pt)) HPDF_Page_SetLineWidth(p, real(width_pt));
}

void set_line_join(HPDF_Page p, HPDF_LineJoin join) {
  if (HPDF_Page_GetLineJoin(p) != join) HPDF_Page_SetLineJoin(p, join);
}

// libharu's getters and setters of one ink, stroke or fill.
struct InkCalls {
  HPDF_ColorSpace (*space)(HPDF_Page);
  HPDF_REAL (*gray)(HPDF_Page);
  HPDF_RGBColor (*rgb)(HPDF_Page);
  HPDF_CMYKColor (*cmyk)(HPDF_Page);
  HPDF_STATUS (*set_gray)(HPDF_Page, HPDF_REAL);
  HPDF_STATUS (*set_rgb)(HPDF_Page, HPDF_REAL, HPDF_REAL, HPDF_REAL);
  HPDF_STATUS (*set_cmyk)(HPDF_Page, HPDF_REAL, HPDF_REAL, HPDF_REAL, HPDF_REAL);
};
constexpr InkCalls kStrokeInk{HPDF_Page_GetStrokingColorSpace, HPDF_Page_GetGrayStroke, HPDF_Page_GetRGBStroke,
                              HPDF_Page_GetCMYKStroke, HPDF_Page_SetGrayStroke, HPDF_Page_SetRGBStroke,
                              HPDF_Page_SetCMYKStroke};
constexpr InkCalls kFillInk{HPDF_Page_GetFillingColorSpace, HPDF_Page_GetGrayFill, HPDF_Page_GetRGBFill,
                            HPDF_Page_GetCMYKFill, HPDF_Page_SetGrayFill, HPDF_Page_SetRGBFill,
                            HPDF_Page_SetCMYKFill};

// Sets the ink `calls` name to `c`, unless libharu's page state holds it already.
void set_ink(HPDF_Page p, const InkCalls& calls, const Colour& c) {
  const HPDF_ColorSpace now = calls.space(p);
  switch (c.space) {
    case Colour::Space::gray:
      if (now == HPDF_CS_DEVICE_GRAY && calls.gray(p) == real(c.c[0])) return;
      calls.set_gray(p, real(c.c[0]));
      break;
    case Colour::Space::rgb: {
      const HPDF_RGBColor ink = calls.rgb(p);
      if (now == HPDF_CS_DEVICE_RGB && ink.r == real(c.c[0]) && ink.g == real(c.c[1]) && ink.b == real(c.c[2])) return;
      calls.set_rgb(p, real(c.c[0]), real(c.c[1]), real(c.c[2]));
      break;
    }
    case Colour::Space::cmyk: {
      const HPDF_CMYKColor ink = calls.cmyk(p);
      if (now == HPDF_CS_DEVICE_CMYK && ink.c == real(c.c[0]) && ink.m == real(c.c[1]) && ink.y == real(c.c[2]) &&
          ink.k == real(c.c[3])) {
        return;
      }
      calls.set_cmyk(p, real(c.c[0]), real(c.c[1]), real(c.c[2]), real(c.c[3]));
      break;
    }
  }
}

void set_stroke(HPDF_Page p, const Colour& c) { set_ink(p, kStrokeInk, c); }
void set_fill(HPDF_Page p, const Colour& c) { set_ink(p, kFillInk, c); }

// The font and size persist from one text object to the next (PDF's text state is part of the
// graphics state, not reset by BT).
void set_font(HPDF_Page p, HPDF_Font font, double size_pt) {
  if (HPDF_Page_GetCurrentFont(p) == font && HPDF_Page_GetCurrentFontSize(p) == real(size_pt)) return;
  HPDF_Page_SetFontAndSize(p, font, real(size_pt));
}

// Loads each image file once per document (libharu embeds it once, however often drawn).
HPDF_Image load_image(Haru& h, const std::filesystem::path& file) {
  if (auto it = h.images.find(file); it != h.images.end()) return it->second;
  std::string head(8, '\0');
  {
    std::ifstream in(file, std::ios::binary);
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
  }
  HPDF_Image image = nullptr;
  if (head.rfind("\x89PNG", 0) == 0) {
    image = HPDF_LoadPngImageFromFile(h.doc, file.c_str());
  } else if (head.rfind("\xFF\xD8", 0) == 0) {
    image = HPDF_LoadJpegImageFromFile(h.doc, file.c_str());
  }
  h.images.emplace(file, image);
  return image;
}

// Operators written straight into a page's content stream, in the bytes libharu's calls would
// write (numbers in its own format, HPDF_FToA), without the 512-byte buffer each of those calls
// clears first, and leaving libharu's state as they do. Each writer is false (nothing written)
// unless the page is in the mode it needs, with no error: the caller then makes those calls.
//
// append_number writes HPDF_FToA's text (libharu 2.3) with its arithmetic, types included, but
// not its digit-by-digit buffer: clamped to +-32767, the integer part and five decimals each
// rounded by adding 0.000005 (in double) and cut, trailing zeros and a bare point dropped, a
// minus sign kept even before 0 ("-0"). number_text_reference is HPDF_FToA itself; a test holds
// the two to the same text for every number (NaN, which HPDF_FToA garbles, is written as 0).
void append_number(std::string& ops, double v) {
  // Not a number: 0 (HPDF_FToA casts NaN to an int, which is undefined; on x86 it wrote
  // "-2147483648.(-*,(", no PDF number, and too long for `text`).
  HPDF_REAL val = std::isnan(v) ? HPDF_REAL{0} : real(v);
  if (val > HPDF_LIMIT_MAX_REAL) {
    val = HPDF_LIMIT_MAX_REAL;
  } else if (val < HPDF_LIMIT_MIN_REAL) {
    val = HPDF_LIMIT_MIN_REAL;
  }
  if (val < 0) {
    ops += '-';
    val = -val;
  }
  const auto int_part = static_cast<HPDF_INT32>(val + 0.000005);
  auto fraction = static_cast<HPDF_INT32>(static_cast<HPDF_REAL>(val - int_part + 0.000005) * 100000);
  char text[16];  // at most "32767.99999"
  char* end = std::to_chars(text, text + sizeof text, int_part).ptr;
  char decimals[5];  // the fraction's last five digits, as libharu writes them
  for (int i = 4; i >= 0; --i) {
    decimals[i] = static_cast<char>('0' + fraction % 10);
    fraction /= 10;
  }
  int kept = 5;
  while (kept > 0 && decimals[kept - 1] == '0') --kept;
  if (kept > 0) {
    *end++ = '.';
    for (int i = 0; i < kept; ++i) *end++ = decimals[i];
  }
  ops.append(text, end);
}

bool write_ops(HPDF_PageAttr attr, const std::string& ops) {
  return HPDF_Stream_Write(attr->stream, reinterpret_cast<const HPDF_BYTE*>(ops.data()),
                           static_cast<HPDF_UINT>(ops.size())) == HPDF_OK;
}

thread_local std::string scratch_ops;  // reused: one allocation for all pages

// A closed or open polyline, painted with `paint_op` (S, f or B): HPDF_Page_MoveTo, _LineTo,
// _ClosePath and _Stroke/_Fill/_FillStroke's bytes; after them libharu is back in page
// description mode with no current point.
bool write_polyline(HPDF_Page p, std::span<const Point> points, bool close, const char* paint_op) {
  auto* attr = static_cast<HPDF_PageAttr>(p->attr);
  if (points.size() < 2 || attr->gmode != HPDF_GMODE_PAGE_DESCRIPTION || HPDF_Error_GetCode(p->error) != HPDF_OK) {
    return false;
  }
  std::string& ops = scratch_ops;
  ops.clear();
  for (std::size_t i = 0; i < points.size(); ++i) {
    append_number(ops, points[i].x);
    ops += ' ';
    append_number(ops, points[i].y);
    ops += i == 0 ? " m\n" : " l\n";
  }
  if (close) ops += "h\n";
  ops += paint_op;
  ops += '\n';
  return write_ops(attr, ops);
}

// The move to `origin` that starts a text object just begun (BT; its text matrix the identity,
// so the move is to the absolute position): HPDF_Page_TextOut's Td, and the text matrix and
// position it leaves.
bool write_text_start(HPDF_Page p, Point origin) {
  auto* attr = static_cast<HPDF_PageAttr>(p->attr);
  const HPDF_TransMatrix& m = attr->text_matrix;
  if (attr->gmode != HPDF_GMODE_TEXT_OBJECT || HPDF_Error_GetCode(p->error) != HPDF_OK || m.a != 1 || m.b != 0 ||
      m.c != 0 || m.d != 1 || m.x != 0 || m.y != 0) {
    return false;
  }
  std::string& ops = scratch_ops;
  ops.clear();
  append_number(ops, origin.x);
  ops += ' ';
  append_number(ops, origin.y);
  ops += " Td\n";
  if (!write_ops(attr, ops)) return false;
  attr->text_matrix.x = real(origin.x);
  attr->text_matrix.y = real(origin.y);
  attr->text_pos.x = attr->text_matrix.x;
  attr->text_pos.y = attr->text_matrix.y;
  return true;
}

// Paints one item; an image that cannot be loaded makes h.failed() (and names its file).
void paint_item(Haru& h, HPDF_Page p, const Item& item) {
  if (const auto* line = std::get_if<Line>(&item)) {
    set_line_width(p, line->width_pt);  // one segment: no join
    set_stroke(p, line->colour);
    const Point ends[] = {line->from, line->to};
    if (write_polyline(p, ends, false, "S")) return;
    HPDF_Page_MoveTo(p, real(line->from.x), real(line->from.y));
    HPDF_Page_LineTo(p, real(line->to.x), real(line->to.y));
    HPDF_Page_Stroke(p);
  } else if (const auto* rect = std::get_if<Rect>(&item)) {
    const bool stroke = rect->stroke_width_pt > 0;
    if (!stroke && !rect->fill) return;
    if (stroke) {
      set_line_width(p, rect->stroke_width_pt);
      set_stroke(p, rect->stroke);
      set_line_join(p, HPDF_MITER_JOIN);
    }
    if (rect->fill) set_fill(p, *rect->fill);
    HPDF_Page_Rectangle(p, real(rect->box.left), real(rect->box.bottom), real(rect->box.width()),
                        real(rect->box.height()));
    if (stroke && rect->fill) {
      HPDF_Page_FillStroke(p);
    } else if (stroke) {
      HPDF_Page_Stroke(p);
    } else {
      HPDF_Page_Fill(p);
    }
  } else if (const auto* poly = std::get_if<Polygon>(&item)) {
    const bool stroke = poly->stroke_width_pt > 0;
    if (poly->points.size() < 2 || (!stroke && !poly->fill)) return;
    if (stroke) {  // joins matter only to a stroke
      set_line_width(p, poly->stroke_width_pt);
      set_stroke(p, poly->stroke);
      set_line_join(p, HPDF_ROUND_JOIN);
    }
    if (poly->fill) set_fill(p, *poly->fill);
    if (write_polyline(p, poly->points, true, stroke && poly->fill ? "B" : stroke ? "S" : "f")) return;
    HPDF_Page_MoveTo(p, real(poly->points[0].x), real(poly->points[0].y));
    for (std::size_t i = 1; i < poly->points.size(); ++i) {
      HPDF_Page_LineTo(p, real(poly->points[i].x), real(poly->points[i].y));
    }
    HPDF_Page_ClosePath(p);
    if (stroke && poly->fill) {
      HPDF_Page_FillStroke(p);
    } else if (stroke) {
      HPDF_Page_Stroke(p);
    } else {
      HPDF_Page_Fill(p);
    }
  } else if (const auto* path = std::get_if<Path>(&item)) {
    const bool stroke = path->stroke_width_pt > 0;
    if (path->segments.empty() || (!stroke && !path->fill)) return;
    if (stroke) {  // joins matter only to a stroke
      set_line_width(p, path->stroke_width_pt);
      set_stroke(p, path->stroke);
      set_line_join(p, HPDF_ROUND_JOIN);
    }
    if (path->fill) set_fill(p, *path->fill);
    for (const Path::Segment& s : path->segments) {
      switch (s.verb) {
        case Path::Verb::move: HPDF_Page_MoveTo(p, real(s.to.x), real(s.to.y)); break;
        case Path::Verb::line: HPDF_Page_LineTo(p, real(s.to.x), real(s.to.y)); break;
        case Path::Verb::curve:
          HPDF_Page_CurveTo(p, real(s.c1.x), real(s.c1.y), real(s.c2.x), real(s.c2.y), real(s.to.x),
                            real(s.to.y));
          break;
        case Path::Verb::close: HPDF_Page_ClosePath(p); break;
      }
    }
    if (stroke && path->fill) {
      HPDF_Page_FillStroke(p);
    } else if (stroke) {
      HPDF_Page_Stroke(p);
    } else {
      HPDF_Page_Fill(p);
    }
  } else if (const auto* text = std::get_if<TextRun>(&item)) {
    if (text->text.empty()) return;
    HPDF_Page_BeginText(p);
    set_font(p, h.fonts[role_index(text->role)], text->size_pt);
    set_fill(p, text->colour);
    if (text->angle_deg == 0) {
      if (write_text_start(p, text->origin)) {
        HPDF_Page_ShowText(p, text->text.c_str());
      } else {
        HPDF_Page_TextOut(p, real(text->origin.x), real(text->origin.y), text->text.c_str());
      }
    } else {
      const double a = text->angle_deg * std::numbers::pi / 180;
      HPDF_Page_SetTextMatrix(p, real(std::cos(a)), real(std::sin(a)), real(-std::sin(a)),
                              real(std::cos(a)), real(text->origin.x), real(text->origin.y));
      HPDF_Page_ShowText(p, text->text.c_str());
    }
    HPDF_Page_EndText(p);
  } else if (const auto* image = std::get_if<Image>(&item)) {
    HPDF_Image loaded = load_image(h, image->file);
    if (loaded == nullptr) {
      if (h.errors.code == HPDF_OK) h.errors.code = HPDF_INVALID_IMAGE;
      h.failed_file = image->file.string();
      return;
    }
    HPDF_Page_GSave(p);
    if (image->clip) {
      HPDF_Page_Rectangle(p, real(image->clip->left), real(image->clip->bottom),
                          real(image->clip->width()), real(image->clip->height()));
      HPDF_Page_Clip(p);
      HPDF_Page_EndPath(p);
    }
    HPDF_Page_DrawImage(p, loaded, real(image->box.left), real(image->box.bottom),
                        real(image->box.width()), real(image->box.height()));
    HPDF_Page_GRestore(p);
  }
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

// Puts make_font_file_then_pack in place of `font`'s before-write function (libharu's own is
// kept to call). Does nothing for a font with another one.
void pack_font_file_when_saved(HPDF_Font font) {
  if (font == nullptr || font->before_write_fn == nullptr || font->before_write_fn == make_font_file_then_pack) return;
  HPDF_Dict_BeforeWriteFunc expected = nullptr;
  cid_font_before_write.compare_exchange_strong(expected, font->before_write_fn);
  if (cid_font_before_write.load() != font->before_write_fn) return;  // not libharu's usual one
  font->before_write_fn = make_font_file_then_pack;
}

}  // namespace

struct PdfPainter::Impl {
  Haru h;
  PageDeflater deflater{kPageDeflateLevel};
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
  if (auto error = load_fonts(h, info.fonts)) return R::failure(*error);
  set_info(h, HPDF_INFO_TITLE, "Title", info.title);
  set_info(h, HPDF_INFO_AUTHOR, "Author", info.author);
  set_info(h, HPDF_INFO_SUBJECT, "Subject", info.subject);
  set_info(h, HPDF_INFO_CREATOR, "Creator", info.creator);
  set_info(h, HPDF_INFO_KEYWORDS, "Keywords", info.keywords);
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
  if (page.trim_box) add_box(h, p, "TrimBox", *page.trim_box);
  if (page.bleed_box) add_box(h, p, "BleedBox", *page.bleed_box);
  for (const Item& item : page.items) paint_item(h, p, item);
  if (page.items.empty()) {  // never leave a zero-length content stream
    HPDF_Page_GSave(p);
    HPDF_Page_GRestore(p);
  }
  if (!h.failed_file.empty()) {
    return s.failure = "cannot load image " + h.failed_file + " (on page " + std::to_string(index + 1) +
                       "; is it a readable PNG or JPEG?)";
  }
  if (h.failed()) return s.failure = "cannot draw page " + std::to_string(index + 1) + ": " + haru_error(h.errors);
  compress_now(h, s.deflater, p);
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

struct PdfFontMetrics::Impl {
  Haru haru;
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
  if (auto e = load_fonts(impl->haru, fonts, impl->use)) return R::failure(*e);
  for (FontRole role : kAllFontRoles) {
    const std::size_t i = role_index(role);
    // The fields HPDF_Font_GetCapHeight, GetAscent and GetDescent read (1/1000 em).
    const HPDF_FontDef def = full_pdf_fonts ? ((HPDF_FontAttr)impl->haru.fonts[i]->attr)->fontdef : impl->haru.font_defs[i];
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
    if (impl_->use == FontUse::measure) return static_cast<double>(utf8_text_width(impl_->haru.font_defs[r], text));
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

namespace puzzlepress::render {

std::string libharu_version() { return HPDF_GetVersion(); }

std::string number_text(double v) {
  std::string text;
  append_number(text, v);
  return text;
}

std::string number_text_reference(double v) {
  char digits[HPDF_REAL_LEN + 4] = {};
  const char* end = HPDF_FToA(digits, real(v), digits + sizeof digits - 2);  // returns the end
  return std::string(digits, static_cast<std::size_t>(end - digits));
}

}  // namespace puzzlepress::render
