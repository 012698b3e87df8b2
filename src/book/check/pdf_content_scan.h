// The content-stream scan (internal to book/check): follows a page's content stream, and the
// forms it draws, like a painter (graphics state, clipping, text matrices, font widths) and
// records each mark into the page's PdfPageScan, within the budgets of pdf_scan.h. pdf_scan.cpp
// runs it page by page.
#pragma once

#include <qpdf/QPDFObjGen.hh>
#include <qpdf/QPDFObjectHandle.hh>

#include <cstddef>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "book/check/pdf_fonts.h"
#include "book/check/pdf_geometry.h"
#include "book/check/pdf_scan.h"

namespace puzzlepress::book::pdf {

/// A form's content stream as parsed: its objects (operands, operators, inline images) in order.
using ParsedContent = std::vector<QPDFObjectHandle>;

/// How much of parsed forms a scan keeps to replay, in objects (an array or dictionary charged
/// by its length in the stream, see ContentRecorder; qpdf's objects take 300 to 400 bytes each:
/// at most about 8 MB in all). A form that does not fit is parsed again at each drawing.
constexpr std::size_t kMaxRememberedFormObjects = 20'000;

/// The charge (see kMaxRememberedFormObjects) of the forms a scan keeps and of those being
/// recorded (a form drawn inside a form being recorded may be recorded too); together at most
/// kMaxRememberedFormObjects.
struct FormMemory {
  std::size_t kept = 0;
  std::size_t recording = 0;
};

/// Everything a scan of one page shares across the forms it follows.
struct PageSink {
  PdfPageScan* page = nullptr;
  std::map<std::string, int>* first_use_of_unembedded = nullptr;  ///< font name -> page
  std::set<QPDFObjGen> checked_fonts;
  /// Fonts read so far (a page sets its fonts often; the file keeps them as indirect objects).
  std::map<QPDFObjGen, std::shared_ptr<const FontMetrics>> fonts;
  std::size_t glyphs_left = 0;      ///< glyphs the scan may still keep (0: none kept, pages incomplete)
  std::size_t page_operations = 0;  ///< operators followed on this page (reset per page)
  std::size_t file_operations = 0;
  std::size_t page_form_draws = 0;  ///< forms drawn on this page (reset per page)
  std::size_t file_form_draws = 0;
  std::size_t file_form_bytes = 0;  ///< encoded bytes of the form streams drawn so far
  /// Forms drawn so far, by object, with their parse_cost. A form more than a scan parses
  /// (parse_cost: nothing) is never parsed: it is in `unparseable_forms` instead.
  std::map<QPDFObjGen, std::size_t> drawn_forms;
  std::map<QPDFObjGen, std::string> unparseable_forms;  ///< why not
  /// Drawn a second time, a form's parsed objects are kept here and replayed at later drawings
  /// rather than parsed again (the budgets above and below count each drawing all the same); a
  /// form drawn once is never kept, one too big to keep (form_memory) is here as null.
  std::map<QPDFObjGen, std::shared_ptr<const ParsedContent>> parsed_forms;
  FormMemory form_memory;
  std::size_t file_content_bytes = 0;                   ///< parse_cost of the content read so far, each reading counted
  std::size_t content_budget = kMinContentBudgetBytes;  ///< set per file (kContentBudgetPerFileByte)

  /// Counts drawing a form of `bytes` (its stream's /Length); false (and the page flagged) once
  /// a budget is spent.
  bool spend_form(std::size_t bytes) {
    if (page->too_much_work) return false;
    file_form_bytes += bytes;
    if (++page_form_draws > kMaxFormDrawsPerPage)
      return give_up("more than " + std::to_string(kMaxFormDrawsPerPage) + " forms drawn on the page");
    if (++file_form_draws > kMaxFormDrawsPerFile)
      return give_up("more than " + std::to_string(kMaxFormDrawsPerFile) + " forms drawn in the file");
    if (file_form_bytes > kMaxFormBytesPerFile)
      return give_up("more than " + std::to_string(kMaxFormBytesPerFile >> 20) + " MiB of forms drawn in the file");
    return true;
  }

  /// Flags the page (the first reason stays); false, for `return give_up(…)`.
  bool give_up(std::string why) {
    if (!page->too_much_work) page->too_much_why = std::move(why);
    page->too_much_work = true;
    return false;
  }

  /// Counts reading content of parse_cost `bytes`; false (and the page flagged) once the file's
  /// budget is spent.
  bool spend_content(std::size_t bytes) {
    if (page->too_much_work) return false;
    file_content_bytes += bytes;
    if (file_content_bytes > content_budget) {
      return give_up("more than " + std::to_string(kMinContentBudgetBytes >> 20) +
                     " MiB of strings, spaces and comments read (" + std::to_string(kContentBudgetPerFileByte) +
                     " times the file's size if that is more)");
    }
    return true;
  }

  /// Counts one operator; false (and the page flagged) once a budget is spent.
  bool spend() {
    if (page->too_much_work) return false;
    if (++page_operations > kMaxOperationsPerPage) {
      return give_up("more than " + std::to_string(kMaxOperationsPerPage) + " operators and operands on the page");
    }
    if (++file_operations > kMaxOperationsPerFile) {
      return give_up("more than " + std::to_string(kMaxOperationsPerFile) + " operators and operands in the file");
    }
    return true;
  }
};

struct GraphicsState {
  Matrix ctm;
  render::Box clip;
  double line_width = 1;
  double fill_ink = 1;
  double stroke_ink = 1;
  int fill_components = 1;  ///< of the current fill colour space (for sc/scn)
  int stroke_components = 1;
  int text_render_mode = 0;  ///< 3 = invisible
  // Text state (part of the graphics state in PDF).
  std::shared_ptr<const FontMetrics> font = std::make_shared<const FontMetrics>();
  double size = 0, tc = 0, tw = 0, th = 1, tl = 0, rise = 0;
};

/// Follows `page`'s content stream with `start` as the graphics state (its clip the page's
/// media box) and `resources` as the page's resources, recording into sink.page; a budget that
/// runs out flags the page and stops the reading.
void scan_page_content(QPDFObjectHandle page, QPDFObjectHandle resources, const GraphicsState& start, PageSink& sink);

}  // namespace puzzlepress::book::pdf
