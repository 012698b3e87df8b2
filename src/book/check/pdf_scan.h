// pdf_scan: what a PDF prints, read from its bytes with qpdf's content-stream parser (only
// pdf_scan.cpp, pdf_check.cpp and pdfx.cpp include qpdf). Every page's content stream is
// followed like a painter follows it (graphics state, clipping, text matrices, font widths,
// form XObjects), so every mark is known by the box its ink covers, its line width, its ink
// coverage and its type size; with the document facts a print preflight needs (encryption,
// annotations, outlines, JavaScript, fonts, page boxes). No library type appears here: the
// preflight (book/check/preflight.h) and verify's grid reading (book/check/pdf_grids.h) work on these
// values, and a fuzz harness can call scan_pdf on any bytes.
//
// Units: PDF points, origin at the bottom-left of the page's MediaBox as the file gives it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "render/page.h"
#include "util/result.h"

namespace puzzlepress::book {

/// Form XObjects followed this deep (a form drawn by a form drawn by …); deeper ones are not
/// looked into and the page says so (PdfPageScan::too_deep).
inline constexpr int kMaxFormDepth = 32;
/// Marks recorded per page; a page with more is flagged (PdfPageScan::too_many_marks) and the
/// rest are not recorded (a hostile file cannot make the scan hold unbounded memory).
inline constexpr std::size_t kMaxMarksPerPage = 200000;
/// How much a scan follows. Content-stream operators and operands per page and per file, a
/// form counting each time it is drawn; forms drawn per page and per file; bytes of form
/// streams parsed per file (each drawing counts its form's bytes again). Past any of them the
/// page is flagged (PdfPageScan::too_much_work) and qpdf stops reading it, so forms that draw
/// each other many times cannot make the scan run for ever: without forms a file's operators
/// are bounded by its size. Ours use no forms; a 1000-puzzle book has about 923,000 operators
/// in all (2,500 a page), the 16x16 example at most 6,800 on a page (about 3 operands each).
inline constexpr std::size_t kMaxOperationsPerPage = 1'000'000;
inline constexpr std::size_t kMaxOperationsPerFile = 20'000'000;
inline constexpr std::size_t kMaxFormDrawsPerPage = 1'000;
inline constexpr std::size_t kMaxFormDrawsPerFile = 20'000;
inline constexpr std::size_t kMaxFormBytesPerFile = std::size_t{64} << 20;
/// A content stream (a page's, all its parts together, or a form's) is looked into only if it
/// decodes to at most kMaxContentStreamBytes, no operand in it (an array or dictionary, all it
/// nests) holds more than kMaxOperandObjects objects (qpdf builds an operand whole before handing
/// it over, about 300 bytes an object: a 1 KB compressed array of 500,000 numbers took 150 MB),
/// and at most kMaxStrayTokens of its tokens are bad or out of place (qpdf keeps a warning for
/// each; poppler, reading text for verify, takes minutes over millions). Otherwise the page is
/// flagged (PdfPageScan::too_much_work) and poppler does not read it.
inline constexpr std::size_t kMaxContentStreamBytes = std::size_t{64} << 20;
/// Characters without a glyph listed for one page at most.
inline constexpr std::size_t kMaxMissingGlyphsPerPage = 8;
inline constexpr std::size_t kMaxOperandObjects = 100'000;
inline constexpr std::size_t kMaxStrayTokens = 1'000;
/// Operands an operator takes before the rest count as stray (PDF's take at most 33: scn in a
/// DeviceN space of 32 colorants).
inline constexpr std::size_t kMaxOperandsPerOperator = 64;
/// Content read per file beyond what its operators and operands explain (kContentBytesPerOperator
/// bytes each, up to a page's kMaxOperationsPerPage; ours take about 15), a form counting each
/// time it is parsed and the check above too: at most the larger of kMinContentBudgetBytes and
/// kContentBudgetPerFileByte times the file's size. Long strings, spaces, comments and streams
/// longer than a page follows are what it counts: a 100 KB file of compressed forms of long
/// strings must not keep qpdf busy for minutes (it parses them at about 25 MB a second). Past
/// it the page is flagged.
inline constexpr std::size_t kContentBytesPerOperator = 16;
inline constexpr std::size_t kMinContentBudgetBytes = std::size_t{64} << 20;
inline constexpr std::size_t kContentBudgetPerFileByte = 32;
/// PDF/X-1a problems recorded per page (PdfPageScan::pdfx_problems).
inline constexpr std::size_t kMaxPdfxProblems = 32;
/// Largest PDF read whole: KDP takes interior files up to 650 MB.
inline constexpr std::size_t kMaxPdfBytes = std::size_t{650} << 20;

/// One mark on a page: the box its ink covers (inside the clip), a little generously for lines
/// (half the stroke width on every side) and text (the font's ascent and descent).
struct PdfMark {
  enum class Kind { fill, stroke, text, image, shading };
  Kind kind = Kind::fill;
  render::Box box;
  /// fill, stroke, text: how much ink the colour lays down, 0 (white) .. 1 (full ink), from
  /// the grey level, RGB (1 - luminance) or CMYK (the largest component); 1 for colours it
  /// cannot tell (patterns, separations).
  double ink = 1;
  double line_width_pt = 0;  ///< stroke: the width on the page (0 = thinnest line the device can draw)
  double text_size_pt = 0;   ///< text: the type size on the page
  std::string text;          ///< text: what it says (codes read as Latin-1/Unicode; at most 60 bytes)
  /// fill: the path as drawn, for small paths (a shape in a cell): one letter a segment
  /// ('m' move, 'l' line, 'c' curve, 'h' close, 'r' rectangle) and its points on the page
  /// (m, l: 1; c: 3 — control points then end; r: 2 corners; h: none).
  std::string verbs;
  std::vector<render::Point> points;
};

/// One printed character: its text (UTF-8, usually one code point) and its glyph box.
struct PdfGlyph {
  std::string text;
  render::Box box;
};

/// Glyphs a scan keeps at most on a page and in a file; past that the pages' text is left to
/// poppler (about 70 bytes a glyph: 140 MiB at most).
inline constexpr std::size_t kMaxGlyphsPerPage = 50'000;
inline constexpr std::size_t kMaxGlyphsPerFile = 2'000'000;

struct PdfPageScan {
  int number = 0;  ///< 1-based
  render::Box media;
  std::optional<render::Box> trim;   ///< TrimBox when the page has one
  std::optional<render::Box> bleed;  ///< BleedBox when the page has one
  std::vector<PdfMark> marks;
  /// Every visible character the page shows, in content order, its text from its font's
  /// /ToUnicode map and its box from the text state and the font's widths, ascent and descent
  /// (as poppler boxes it). glyphs_complete is false when a character could not be mapped (no
  /// /ToUnicode, a code it lacks, kMaxGlyphsPerPage passed): the page's text is then read by poppler.
  std::vector<PdfGlyph> glyphs;
  bool glyphs_complete = true;
  std::vector<std::string> annotations;  ///< each annotation's /Subtype without the slash ("Link")
  /// What PDF/X-1a forbids, found on the page and in the forms it draws, each once and in the
  /// order found (at most kMaxPdfxProblems): "RGB colour (rg) on the page" (likewise RG),
  /// "RGB colour (cs /DeviceRGB) on the page" (likewise CS), "image Im1 is DeviceRGB" (also
  /// Indexed over DeviceRGB), "transparency (image Im1 has a soft mask)", "transparency
  /// (graphics state GS1)" (a soft mask, or CA or ca under 1).
  std::vector<std::string> pdfx_problems;
  /// Characters shown in a font that has no glyph for them (its /CIDToGIDMap gives glyph 0: an
  /// empty box), each once, at most kMaxMissingGlyphsPerPage: "'7' (U+0037) in font ABCDEF+Font".
  std::vector<std::string> missing_glyphs;
  bool too_deep = false;        ///< a form XObject nested deeper than kMaxFormDepth (or drawing itself)
  bool too_many_marks = false;  ///< more than kMaxMarksPerPage marks
  bool too_much_work = false;   ///< a budget above ran out on this page: the rest was not followed
  /// Which, when too_much_work: "more than 500000 operators on the page" (see too_much_to_follow).
  std::string too_much_why;
};

struct PdfScan {
  std::vector<PdfPageScan> pages;
  bool encrypted = false;
  bool outlines = false;  ///< a document outline (bookmarks) with entries
  bool javascript =
      false;  ///< document JavaScript (names tree) or a JavaScript action anywhere the catalog or a page starts one
  /// Fonts used and not embedded, each once with the first page that uses it ("Helvetica").
  std::vector<std::pair<std::string, int>> unembedded_fonts;
};

/// What a page flagged too_much_work says, with the budget it ran out of ("more than 500000
/// operators on the page", "more than 10000000 operators in the file", "more than 1000 forms
/// drawn on the page", "more than 20000 forms drawn in the file", "more than 64 MiB of forms
/// drawn in the file", "a content stream that decodes to more than 64 MiB", "an operand of more
/// than 100000 objects in a content stream", "more than 1000 bad or stray tokens in a content
/// stream", "more than 64 MiB of strings, spaces and comments read (32 times the file's size if
/// that is more)"): "too much to follow (WHY); the rest was not looked into".
std::string too_much_to_follow(const PdfPageScan& page);

/// Scans `bytes` as a PDF. Fails with why when they are not a readable PDF ("not a PDF: <qpdf's
/// reason>"; "encrypted with a password: cannot read its pages"; a page tree too deep or too
/// large, in page_tree_problem's words: book/check/pdf_pages.h). An encrypted file that opens
/// without a password is read and flagged.
/// With `keep_glyphs`, each page's glyphs (PdfPageScan::glyphs), at most kMaxGlyphsPerFile in
/// all: the pages past that are left incomplete.
util::Result<PdfScan> scan_pdf(std::string_view bytes, bool keep_glyphs = false);

/// The bytes of the regular file `path` (at most kMaxPdfBytes), or why not: util's
/// read_regular_file reasons ("no such file", "is not a regular file", …).
util::Result<std::string> read_pdf_file(const std::string& path);

}  // namespace puzzlepress::book
