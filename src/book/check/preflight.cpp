#include "book/check/preflight.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "book/check/verify.h"

namespace puzzlepress::book {
namespace {

/// Boxes closer than this (points) are the same box.
constexpr double kBoxTolerancePt = 0.01;
/// Ink closer than this to a margin (points) is inside it: the scan's text boxes use the font's
/// ascent and descent, a little more than the glyphs' ink.
constexpr double kInkTolerancePt = 0.5;

RectPt to_rect(const render::Box& b) { return {b.left, b.bottom, b.width(), b.height()}; }
std::string box_text(const render::Box& b) { return format_rect(to_rect(b)); }

bool same_box(const render::Box& a, const render::Box& b) {
  return std::abs(a.left - b.left) <= kBoxTolerancePt && std::abs(a.bottom - b.bottom) <= kBoxTolerancePt &&
         std::abs(a.right - b.right) <= kBoxTolerancePt && std::abs(a.top - b.top) <= kBoxTolerancePt;
}

std::string describe(const PdfMark& mark) {
  switch (mark.kind) {
    case PdfMark::Kind::text: return "text '" + mark.text + "'";
    case PdfMark::Kind::fill: return "a fill";
    case PdfMark::Kind::stroke: return "a line";
    case PdfMark::Kind::image: return "an image";
    case PdfMark::Kind::shading: return "a shading";
  }
  return "a mark";
}

std::string percent(double ink) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%.0f", ink * 100);
  return buffer;
}

/// Lines of one kind of problem: the first kMaxPagesPerProblem pages, then a count.
struct Reporter {
  explicit Reporter(std::string rest_words) : rest(std::move(rest_words)) {}
  std::string rest;  ///< "with ink outside the margins"
  std::vector<std::string> lines;
  int pages = 0;

  void page(int number, const std::string& text) {
    if (++pages <= kMaxPagesPerProblem) lines.push_back("page " + std::to_string(number) + ": " + text);
  }
  /// The first of `count` marks of one page.
  void marks(int number, const std::string& first, int count) {
    if (count == 0) return;
    page(number, first + (count > 1 ? " (and " + std::to_string(count - 1) + " more)" : ""));
  }
  void flush(std::vector<std::string>& out) const {
    out.insert(out.end(), lines.begin(), lines.end());
    if (pages > kMaxPagesPerProblem) {
      const int more = pages - kMaxPagesPerProblem;
      out.push_back("… and " + std::to_string(more) + (more == 1 ? " more page " : " more pages ") + rest);
    }
  }
};

/// With bleed: a fill, image or shading that runs past the trim is art meant to bleed.
bool bleed_art(const PdfMark& mark, const render::Box& trim) {
  if (mark.kind == PdfMark::Kind::text || mark.kind == PdfMark::Kind::stroke) return false;
  return mark.box.left < trim.left || mark.box.right > trim.right || mark.box.bottom < trim.bottom ||
         mark.box.top > trim.top;
}

// The document's own facts: encryption, outlines, JavaScript, the page count, fonts.
void check_document(const PdfScan& scan, const PreflightTarget& target, const PreflightChecks& checks,
                    std::vector<std::string>& out) {
  if (checks.encryption && scan.encrypted) out.push_back("PDF is encrypted");
  if (scan.outlines) out.push_back("PDF has outlines (bookmarks)");
  if (scan.javascript) out.push_back("PDF has JavaScript");
  const int page_count = static_cast<int>(scan.pages.size());
  if (checks.page_count) {
    if (page_count % 2 != 0) out.push_back("page count " + std::to_string(page_count) + " is odd");
    const PageCountRange range = page_count_range(target.trim, target.paper);
    if (page_count < range.min) {
      out.push_back("page count " + std::to_string(page_count) + " is below KDP's minimum of " +
                    std::to_string(range.min));
    } else if (page_count > range.max) {
      out.push_back("page count " + std::to_string(page_count) + " is above KDP's limit of " +
                    std::to_string(range.max) + " for " + std::string(target.trim.name) + " on " +
                    std::string(paper_id(target.paper)) + " paper");
    }
  }
  if (checks.fonts) {
    for (const auto& [name, page] : scan.unembedded_fonts) {
      out.push_back("font " + name + " is not embedded (first on page " + std::to_string(page) + ")");
    }
  }
}

/// One reporter per kind of page problem, in the order they are listed.
struct PageReporters {
  Reporter sizes{"with another MediaBox"}, trims{"with another TrimBox"}, bleeds{"with another BleedBox"};
  Reporter annotations{"with annotations"}, deep{"with forms nested too deep"}, crowded{"with too many marks"};
  Reporter laborious{"with too much to follow"}, glyphs{"with characters their font has no glyph for"};
  Reporter margins{"with ink outside the margins"}, lines{"with lines thinner than 0.75 pt"};
  Reporter greys{"with grey fills lighter than 10 %"}, small{"with text smaller than 7 pt"};

  void flush(std::vector<std::string>& out) const {
    for (const Reporter* r : {&sizes, &trims, &bleeds, &annotations, &deep, &crowded, &laborious, &glyphs, &margins,
                              &lines, &greys, &small}) {
      r->flush(out);
    }
  }
};

// A page's boxes, annotations and what the scan could not follow.
void check_page_frame(const PdfPageScan& page, const render::Box& trim, const PreflightTarget& target,
                      const PreflightChecks& checks, PageReporters& r) {
  const int n = page.number;
  const PageSizePt size = page_size_pt(target.trim, target.bleed);
  const std::string trim_words = std::string(target.trim.name) + (target.bleed ? " with bleed" : "");
  if (checks.page_sizes && (std::abs(page.media.width() - size.width) > kBoxTolerancePt ||
                            std::abs(page.media.height() - size.height) > kBoxTolerancePt)) {
    r.sizes.page(n, "MediaBox " + format_pt(page.media.width()) + " x " + format_pt(page.media.height()) +
                        " pt but trim " + trim_words + " makes " + format_pt(size.width) + " x " +
                        format_pt(size.height) + " pt");
  }
  if (page.trim && !same_box(*page.trim, trim)) {
    r.trims.page(n, "TrimBox " + box_text(*page.trim) + " is not the trim " + box_text(trim));
  }
  if (page.bleed && !same_box(*page.bleed, page.media)) {
    r.bleeds.page(n, "BleedBox " + box_text(*page.bleed) + " is not the MediaBox " + box_text(page.media));
  }
  if (!page.annotations.empty()) {
    std::vector<std::string> distinct;  // each kind once, in order of first appearance
    for (const std::string& a : page.annotations) {
      if (std::find(distinct.begin(), distinct.end(), a) == distinct.end()) distinct.push_back(a);
    }
    std::string kinds;
    for (const std::string& a : distinct) kinds += (kinds.empty() ? "" : ", ") + a;
    const std::size_t count = page.annotations.size();
    r.annotations.page(n, std::to_string(count) + (count == 1 ? " annotation (" : " annotations (") + kinds + ")");
  }
  if (page.too_deep) {
    r.deep.page(n, "form XObjects nested more than " + std::to_string(kMaxFormDepth) + " deep were not looked into");
  }
  if (page.too_many_marks) {
    r.crowded.page(n, "more than " + std::to_string(kMaxMarksPerPage) + " marks; the rest were not looked into");
  }
  if (page.too_much_work) r.laborious.page(n, too_much_to_follow(page));
  if (!page.missing_glyphs.empty()) {
    std::string list;
    for (const std::string& m : page.missing_glyphs) list += (list.empty() ? "" : ", ") + m;
    r.glyphs.page(n, "prints " + list + ", which its font has no glyph for (an empty box)");
  }
}

// A page's marks against the print floors: ink inside the margins (or bleeding art), lines,
// greys and type sizes; the first of each kind is described, the rest counted.
void check_page_marks(const PdfPageScan& page, const render::Box& trim, const render::Box& content,
                      const PreflightTarget& target, PageReporters& r) {
  int outside = 0, thin = 0, light = 0, tiny = 0;
  std::string first_outside, first_thin, first_light, first_tiny;
  for (const PdfMark& mark : page.marks) {
    const bool inks = mark.ink > 1e-3 || mark.kind == PdfMark::Kind::image || mark.kind == PdfMark::Kind::shading;
    if (inks && !content.contains(mark.box, kInkTolerancePt) && !(target.bleed && bleed_art(mark, trim))) {
      if (outside++ == 0) {
        first_outside = describe(mark) + " at " + box_text(mark.box) + " is outside the margins " + box_text(content);
      }
    }
    if (mark.kind == PdfMark::Kind::stroke && inks && mark.line_width_pt < kMinLineWidthPt - 1e-3) {
      if (thin++ == 0) {
        first_thin = "a line " + format_pt(mark.line_width_pt) + " pt wide at " + box_text(mark.box) +
                     " (thinner than " + format_pt(kMinLineWidthPt) + " pt)";
      }
    }
    if (mark.kind == PdfMark::Kind::fill && mark.ink > 1e-3 && mark.ink < kMinGreyInk - 5e-4) {
      if (light++ == 0) {
        first_light = "a grey fill of " + percent(mark.ink) + " % at " + box_text(mark.box) + " (lighter than " +
                      percent(kMinGreyInk) + " %)";
      }
    }
    if (mark.kind == PdfMark::Kind::text && mark.text_size_pt < kMinTextSizePt - 1e-3) {
      if (tiny++ == 0) {
        first_tiny = describe(mark) + " of " + format_pt(mark.text_size_pt) + " pt at " + box_text(mark.box) +
                     " (smaller than " + format_pt(kMinTextSizePt) + " pt)";
      }
    }
  }
  r.margins.marks(page.number, first_outside, outside);
  r.lines.marks(page.number, first_thin, thin);
  r.greys.marks(page.number, first_light, light);
  r.small.marks(page.number, first_tiny, tiny);
}

}  // namespace

std::vector<std::string> preflight(const PdfScan& scan, const PreflightTarget& target, const PreflightChecks& checks) {
  std::vector<std::string> out;
  check_document(scan, target, checks, out);
  const int page_count = static_cast<int>(scan.pages.size());
  PageReporters reporters;
  for (const PdfPageScan& page : scan.pages) {
    // Boxes relative to the MediaBox's corner (a file may place its pages anywhere).
    const auto shifted = [&](const RectPt& r) {
      return render::Box{page.media.left + r.x, page.media.bottom + r.y, page.media.left + r.x + r.width,
                         page.media.bottom + r.y + r.height};
    };
    const render::Box trim = shifted(trim_box_pt(page.number, target.trim, target.bleed));
    check_page_frame(page, trim, target, checks, reporters);
    const render::Box content =
        shifted(content_box_pt(page.number, page_count, target.trim, target.bleed, MarginsIn{}));
    check_page_marks(page, trim, content, target, reporters);
  }
  reporters.flush(out);
  return out;
}

}  // namespace puzzlepress::book
