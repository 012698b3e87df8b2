// libharu's side of the PDF painter (internal to render/pdf): the document and its fonts, the
// painting of one item, and the content-stream writers, shared by the files of render/pdf/.
// Only those files include libharu (hpdf.h); the public face is render/pdf_writer.h.
// Units: points (1/72 in), y up, origin bottom-left, as page.h; font metrics in 1/1000 em where
// named so.
//
// The files, one concern each:
//  - painter.cpp: PdfPainter and render_pdf (pages, boxes, document information), the page
//    content's and the font files' compression, and the save;
//  - paint.cpp:   one item onto a page, one function per item kind, writing state operators
//    only where they change;
//  - fonts.cpp:   loading the role fonts (files or in-memory), the ToUnicode fix,
//    PdfFontMetrics and libharu's text width computed from the font definition alone;
//  - numbers.cpp: libharu's number format (number_text, its reference) and the operators
//    written straight into a page's content stream.
//
// libharu 2.3.0 faults worked around here:
//  - The ToUnicode CMap it writes for UTF-8 TrueType fonts uses `begincidrange`, which is not
//    valid in a ToUnicode map (poppler warns, text extraction is unreliable). The text codes are
//    Unicode values (CID = code point, mapped to glyphs by CIDToGIDMap), so the map is replaced
//    with an identity `beginbfrange` map (fonts.cpp).
//  - Document information strings are written as raw bytes (PDFDocEncoding), which garbles
//    UTF-8. They are written as UTF-16BE hex strings with a byte-order mark (painter.cpp).
//  - A page with nothing drawn gets an empty (zero-length) content stream; some readers and
//    preflight tools reject that, so such a page gets a harmless `q Q` (painter.cpp).
//  - There is no API for TrimBox/BleedBox: they are added to the page dictionary directly
//    (painter.cpp).
//  - It loads TrueType fonts only from a file, and reads the file again when it saves. A font
//    held in memory (the built-in ones) is handed over as an anonymous in-memory file
//    (memfd_create) by its /proc/self/fd path; the descriptor lives as long as the document
//    (fonts.cpp).
//  - No /ID and no dates are written unless asked for (encryption, HPDF_SetInfoDateAttr); neither
//    is used, so output depends only on the Document.
#pragma once

#include <hpdf.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <unistd.h>

#include "render/page.h"

namespace puzzlepress::render::pdf {

/// The first error libharu reported for a document (HPDF_OK: none).
struct ErrorState {
  HPDF_STATUS code = HPDF_OK;
  HPDF_STATUS detail = 0;
};

/// libharu's error handler: keeps the first error in the ErrorState `user` points at.
inline void on_error(HPDF_STATUS code, HPDF_STATUS detail, void* user) {
  auto* state = static_cast<ErrorState*>(user);
  if (state->code == HPDF_OK) {
    state->code = code;
    state->detail = detail;
  }
}

/// "libharu error 0x1234 (detail 5)".
inline std::string haru_error(const ErrorState& e) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "libharu error 0x%04X (detail %u)", static_cast<unsigned>(e.code),
                static_cast<unsigned>(e.detail));
  return buf;
}

inline std::size_t role_index(FontRole role) { return static_cast<std::size_t>(role); }

/// libharu's REAL (a float) of a double.
inline HPDF_REAL real(double v) { return static_cast<HPDF_REAL>(v); }

/// One libharu document with the four role fonts loaded. Not movable: libharu keeps a pointer
/// to `errors`.
struct Haru {
  ErrorState errors;
  HPDF_Doc doc = nullptr;
  std::array<HPDF_Font, kAllFontRoles.size()> fonts{};         ///< FontUse::paint
  std::array<HPDF_FontDef, kAllFontRoles.size()> font_defs{};  ///< FontUse::measure
  std::map<std::filesystem::path, HPDF_Image> images;          ///< nullptr: could not be loaded
  std::string failed_file;                                     ///< an image that could not be loaded
  std::vector<int> memory_files;                               ///< in-memory fonts' descriptors
  std::uintmax_t font_file_bytes = 0;                          ///< the loaded fonts' files, together

  Haru() : doc(HPDF_New(on_error, &errors)) {}
  ~Haru() {
    if (doc != nullptr) HPDF_Free(doc);
    for (int fd : memory_files) close(fd);
  }
  Haru(const Haru&) = delete;
  Haru& operator=(const Haru&) = delete;
  bool failed() const { return doc == nullptr || errors.code != HPDF_OK; }
};

// ---------------------------------------------------------------------------------------------
// fonts.cpp

/// What a document's fonts are loaded for. `paint`: PDF fonts (HPDF_GetFont), which libharu
/// builds with a 65,536-entry glyph map each (about half of a small book's instructions).
/// `measure`: only the font definitions (the parsed TrueType tables), enough for widths.
enum class FontUse { paint, measure };

/// Sets `h` up for UTF-8 text and compression and loads `files`' four role fonts (a font shared
/// by several roles once) into h.fonts (paint) or h.font_defs (measure); or says which font could
/// not be loaded and why.
std::optional<std::string> load_fonts(Haru& h, const FontFiles& files, FontUse use = FontUse::paint);

// ---------------------------------------------------------------------------------------------
// painter.cpp

/// Has the font file libharu makes for `font` when the document is saved packed at the level
/// of page content (see painter.cpp). Does nothing for a font libharu makes some other way.
void pack_font_file_when_saved(HPDF_Font font);

// ---------------------------------------------------------------------------------------------
// paint.cpp

/// Paints one item (points) onto page `p`; an image that cannot be loaded makes h.failed() (and
/// names its file in h.failed_file).
void paint_item(Haru& h, HPDF_Page p, const Item& item);

// ---------------------------------------------------------------------------------------------
// numbers.cpp: operators written straight into a page's content stream, in the bytes libharu's
// calls would write (numbers in its own format, HPDF_FToA), without the 512-byte buffer each of
// those calls clears first, and leaving libharu's state as they do. Each writer is false
// (nothing written) unless the page is in the mode it needs, with no error: the caller then
// makes those calls.

/// Appends `v` as HPDF_FToA writes it (libharu 2.3): at most five decimals, no trailing zeros,
/// clamped to +-32767; NaN as 0.
void append_number(std::string& ops, double v);

/// A closed or open polyline (points), painted with `paint_op` (S, f or B): HPDF_Page_MoveTo,
/// _LineTo, _ClosePath and _Stroke/_Fill/_FillStroke's bytes; after them libharu is back in page
/// description mode with no current point.
bool write_polyline(HPDF_Page p, std::span<const Point> points, bool close, const char* paint_op);

/// The move to `origin` (points) that starts a text object just begun (BT; its text matrix the
/// identity, so the move is to the absolute position): HPDF_Page_TextOut's Td, and the text
/// matrix and position it leaves.
bool write_text_start(HPDF_Page p, Point origin);

}  // namespace puzzlepress::render::pdf
