// One of the files that use qpdf (with pdfx.cpp and pdf_scan.cpp): this one reads and checks
// PDFs. It sees the manifest only as a PdfExpectation and must stay valid C++17 (clang 14
// cannot compile qpdf's headers as C++20; src/book/CMakeLists.txt).
#include "book/check/pdf_check.h"
#include "book/check/pdf_fonts.h"
#include "book/check/pdf_pages.h"

#include "util/files.h"

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "book/kdp/cover_geometry.h"
#include "book/kdp/geometry.h"
#include "book/kdp/format_pt.h"
#include "render/page.h"

namespace puzzlepress::book {
namespace {

/// Sizes closer than this (points) are the same size.
constexpr double kSizeTolerancePt = 0.01;
/// MediaBox mismatches reported one by one before the rest are summed up.
constexpr int kMaxMediaBoxLines = 3;

struct FontScan {
  std::set<QPDFObjGen> seen_fonts;
  std::set<QPDFObjGen> seen_xobjects;
  std::vector<std::string> problems;

  // Fonts of `res` and of every form XObject reached from it. An explicit stack, not
  // recursion: a PDF may chain thousands of forms (each form is visited once).
  void resources(QPDFObjectHandle page_resources, int page_number) {
    std::vector<QPDFObjectHandle> pending{page_resources};
    while (!pending.empty()) {
      QPDFObjectHandle res = pending.back();
      pending.pop_back();
      if (!res.isDictionary()) continue;
      QPDFObjectHandle fonts = res.getKey("/Font");
      if (fonts.isDictionary()) {
        for (const std::string& key : fonts.getKeys()) {
          QPDFObjectHandle font = fonts.getKey(key);
          if (font.isIndirect() && !seen_fonts.insert(font.getObjGen()).second) continue;
          if (!font_embedded(font)) {
            problems.push_back("PDF font " + font_name(font) + " is not embedded (first on page " +
                               std::to_string(page_number) + ")");
          }
        }
      }
      QPDFObjectHandle xobjects = res.getKey("/XObject");
      if (xobjects.isDictionary()) {
        for (const std::string& key : xobjects.getKeys()) {
          QPDFObjectHandle x = xobjects.getKey(key);
          if (!x.isStream() || !x.getDict().getKey("/Subtype").isNameAndEquals("/Form")) continue;
          if (x.isIndirect() && !seen_xobjects.insert(x.getObjGen()).second) continue;
          pending.push_back(x.getDict().getKey("/Resources"));
        }
      }
    }
  }
};

std::vector<std::string> check(QPDF& qpdf, const PdfExpectation& manifest) {
  std::vector<std::string> problems;
  if (qpdf.isEncrypted())
    problems.push_back("PDF is encrypted: KDP refuses encrypted files (save it without a password or permissions)");
  const std::vector<QPDFObjectHandle>& pages = qpdf.getAllPages();
  if (static_cast<long long>(pages.size()) != manifest.page_count) {
    problems.push_back("PDF has " + std::to_string(pages.size()) + (pages.size() == 1 ? " page" : " pages") +
                       " but the manifest says " + std::to_string(manifest.page_count));
  }
  int wrong_boxes = 0;
  FontScan fonts;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    const int number = static_cast<int>(i) + 1;
    QPDFPageObjectHelper page(pages[i]);
    QPDFObjectHandle box = page.getMediaBox();
    if (!box.isRectangle()) {
      if (++wrong_boxes <= kMaxMediaBoxLines)
        problems.push_back("PDF page " + std::to_string(number) + ": no valid MediaBox");
    } else {
      const QPDFObjectHandle::Rectangle r = box.getArrayAsRectangle();
      const double w = std::abs(r.urx - r.llx);  // points
      const double h = std::abs(r.ury - r.lly);
      if (std::abs(w - manifest.page_width_pt) > kSizeTolerancePt ||
          std::abs(h - manifest.page_height_pt) > kSizeTolerancePt) {
        if (++wrong_boxes <= kMaxMediaBoxLines) {
          problems.push_back("PDF page " + std::to_string(number) + ": MediaBox " + format_pt(w) + " x " +
                             format_pt(h) + " pt but the manifest says " + format_pt(manifest.page_width_pt) + " x " +
                             format_pt(manifest.page_height_pt) + " pt");
        }
      }
    }
    fonts.resources(page.getAttribute("/Resources", false), number);
  }
  if (wrong_boxes > kMaxMediaBoxLines) {
    problems.push_back("PDF: " + std::to_string(wrong_boxes - kMaxMediaBoxLines) + " more pages with another MediaBox");
  }
  problems.insert(problems.end(), fonts.problems.begin(), fonts.problems.end());
  return problems;
}

// ---- Cover --------------------------------------------------------------------------------

std::string format_box(const render::Box& b) { return format_rect(RectPt{b.left, b.bottom, b.width(), b.height()}); }

/// What a mark is called in messages: "a fill", "a stroke", "text 'Puzzles'", "an image",
/// "a shading", then " at [x, y, w, h]".
std::string describe(const PdfMark& mark) {
  std::string out;
  switch (mark.kind) {
    case PdfMark::Kind::fill: out = "a fill"; break;
    case PdfMark::Kind::stroke: out = "a stroke"; break;
    case PdfMark::Kind::text: out = "text '" + mark.text + "'"; break;
    case PdfMark::Kind::image: out = "an image"; break;
    case PdfMark::Kind::shading: out = "a shading"; break;
  }
  return out + " at " + format_box(mark.box);
}

/// Marks reported one by one before the rest are counted.
constexpr std::size_t kMaxMarkLines = 3;
/// Ink closer than this to a boundary (points) is on the right side of it.
constexpr double kInkTolerancePt = 0.5;

std::optional<render::Box> page_box(QPDFPageObjectHelper& page, const char* key) {
  QPDFObjectHandle box = page.getObjectHandle().getKey(key);
  if (!box.isRectangle()) return std::nullopt;
  const QPDFObjectHandle::Rectangle r = box.getArrayAsRectangle();
  return render::Box{std::min(r.llx, r.urx), std::min(r.lly, r.ury), std::max(r.llx, r.urx), std::max(r.lly, r.ury)};
}

bool same_box(const render::Box& a, const render::Box& b) {
  return std::abs(a.left - b.left) <= kSizeTolerancePt && std::abs(a.bottom - b.bottom) <= kSizeTolerancePt &&
         std::abs(a.right - b.right) <= kSizeTolerancePt && std::abs(a.top - b.top) <= kSizeTolerancePt;
}

void check_pdfx(QPDF& qpdf, std::vector<std::string>& problems) {
  const std::string prefix = "cover PDF: not PDF/X-1a: ";
  const std::string version = qpdf.getPDFVersion();
  if (version > "1.3") problems.push_back(prefix + "version " + version + " is above 1.3");
  QPDFObjectHandle intents = qpdf.getRoot().getKey("/OutputIntents");
  bool intent = false;
  for (int i = 0; intents.isArray() && i < intents.getArrayNItems(); ++i) {
    QPDFObjectHandle item = intents.getArrayItem(i);
    intent = intent || (item.isDictionary() && item.getKey("/S").isNameAndEquals("/GTS_PDFX") &&
                        item.getKey("/OutputConditionIdentifier").isString());
  }
  if (!intent) problems.push_back(prefix + "no GTS_PDFX output intent");
  QPDFObjectHandle info = qpdf.getTrailer().getKey("/Info");
  if (!info.isDictionary() || !info.getKey("/GTS_PDFXVersion").isString()) {
    problems.push_back(prefix + "no /GTS_PDFXVersion");
  }
  if (!info.isDictionary() ||
      !(info.getKey("/Trapped").isNameAndEquals("/True") || info.getKey("/Trapped").isNameAndEquals("/False"))) {
    problems.push_back(prefix + "/Trapped is not /True or /False");
  }
  if (!qpdf.getTrailer().getKey("/ID").isArray()) problems.push_back(prefix + "no trailer /ID");
}

// The cover's one page and its boxes against the record: the MediaBox the record's size, the
// TrimBox that less the bleed, the BleedBox the MediaBox; no annotations, fonts embedded. False
// when there is no MediaBox to check anything against.
bool check_cover_page(QPDFPageObjectHelper& page, const ManifestCover& cover, std::vector<std::string>& problems) {
  QPDFObjectHandle media_handle = page.getMediaBox();
  if (!media_handle.isRectangle()) {
    problems.push_back("cover PDF: no valid MediaBox");
    return false;
  }
  const QPDFObjectHandle::Rectangle r = media_handle.getArrayAsRectangle();
  const render::Box media{std::min(r.llx, r.urx), std::min(r.lly, r.ury), std::max(r.llx, r.urx),
                          std::max(r.lly, r.ury)};
  if (std::abs(media.width() - cover.width_pt) > kSizeTolerancePt ||
      std::abs(media.height() - cover.height_pt) > kSizeTolerancePt) {
    problems.push_back("cover PDF: MediaBox " + format_pt(media.width()) + " x " + format_pt(media.height()) +
                       " pt but the manifest says " + format_pt(cover.width_pt) + " x " + format_pt(cover.height_pt) +
                       " pt");
  }
  const double bleed = kCoverBleedIn * kPointsPerInch;
  const render::Box trimmed{media.left + bleed, media.bottom + bleed, media.right - bleed, media.top - bleed};
  if (const auto trim = page_box(page, "/TrimBox"); !trim) {
    problems.push_back("cover PDF: no TrimBox");
  } else if (!same_box(*trim, trimmed)) {
    problems.push_back("cover PDF: TrimBox " + format_box(*trim) + " is not the cover less its " +
                       format_in(kCoverBleedIn) + " in bleed " + format_box(trimmed));
  }
  if (const auto bleed_box = page_box(page, "/BleedBox"); !bleed_box) {
    problems.push_back("cover PDF: no BleedBox");
  } else if (!same_box(*bleed_box, media)) {
    problems.push_back("cover PDF: BleedBox " + format_box(*bleed_box) + " is not the MediaBox " + format_box(media));
  }
  QPDFObjectHandle annots = page.getObjectHandle().getKey("/Annots");
  if (annots.isArray() && annots.getArrayNItems() > 0) {
    problems.push_back("cover PDF: " + std::to_string(annots.getArrayNItems()) +
                       (annots.getArrayNItems() == 1 ? " annotation" : " annotations") + " on the page");
  }
  FontScan fonts;
  fonts.resources(page.getAttribute("/Resources", false), 1);
  for (const std::string& p : fonts.problems) problems.push_back("cover " + p);
  return true;
}

// The scan's marks against the zones of the record's geometry: nothing in the barcode box but
// fills under the whole of it (the background the printer's white box covers; the white under a
// barcode image) and, when the record says so, the barcode image itself; text only in the safe
// zones.
void check_cover_zones(const PdfPageScan& scan, const CoverGeometry& g, bool barcode_image,
                       std::vector<std::string>& problems) {
  const auto report = [&](const std::string& head, const std::vector<const PdfMark*>& found, const std::string& tail) {
    for (std::size_t i = 0; i < found.size() && i < kMaxMarkLines; ++i)
      problems.push_back(head + describe(*found[i]) + tail);
    if (found.size() > kMaxMarkLines) {
      // "… and 1 more mark is outside …", "… and 4 more marks are outside …"
      const std::size_t more = found.size() - kMaxMarkLines;
      std::string more_tail = tail;
      if (more > 1 && more_tail.rfind(" is ", 0) == 0) more_tail.replace(0, 4, " are ");
      problems.push_back(head + "… and " + std::to_string(more) + (more == 1 ? " more mark" : " more marks") +
                         more_tail);
    }
  };
  if (g.barcode) {
    const render::Box& b = *g.barcode;
    const render::Box inner{b.left + kInkTolerancePt, b.bottom + kInkTolerancePt, b.right - kInkTolerancePt,
                            b.top - kInkTolerancePt};
    std::vector<const PdfMark*> inside;
    bool barcode_seen = false;
    for (const PdfMark& mark : scan.marks) {
      if (!inner.overlaps(mark.box)) continue;
      const bool under_all = mark.kind == PdfMark::Kind::fill && mark.box.contains(b, kInkTolerancePt);
      const bool the_barcode =
          barcode_image && mark.kind == PdfMark::Kind::image && b.contains(mark.box, kInkTolerancePt);
      barcode_seen = barcode_seen || the_barcode;
      if (!under_all && !the_barcode) inside.push_back(&mark);
    }
    if (barcode_image && !barcode_seen) {
      problems.push_back("cover PDF: the manifest records a barcode image, but the barcode box " + format_box(b) +
                         " holds none");
    }
    report("cover PDF: the barcode box " + format_box(b) + " holds more than the background: ", inside, "");
  }
  std::vector<const PdfMark*> outside;
  for (const PdfMark& mark : scan.marks) {
    if (mark.kind != PdfMark::Kind::text) continue;
    const bool safe = g.front_safe.contains(mark.box, kInkTolerancePt) ||
                      g.back_safe.contains(mark.box, kInkTolerancePt) ||
                      g.spine_safe.contains(mark.box, kInkTolerancePt);
    if (!safe) outside.push_back(&mark);
  }
  report("cover PDF: ", outside,
         " is outside the safe zones (" + format_in(kCoverSafeMarginIn) + " in inside the trim, " +
             format_in(kSpineFoldClearanceIn) + " in from the spine folds)");
}

// `scanned`: the cover's page as book/check/pdf_scan.h reads it (what it prints, and what PDF/X-1a
// forbids on it).
std::vector<std::string> check_cover(QPDF& qpdf, const PdfExpectation& manifest, const PdfScan& scanned) {
  std::vector<std::string> problems;
  const ManifestCover& cover = *manifest.cover;
  if (scanned.encrypted) {
    problems.push_back(
        "cover PDF is encrypted: printers refuse encrypted files (save it without a password or "
        "permissions)");
  }
  const std::vector<QPDFObjectHandle>& pages = qpdf.getAllPages();
  if (pages.size() != 1) {
    problems.push_back("cover PDF has " + std::to_string(pages.size()) + (pages.size() == 1 ? " page" : " pages") +
                       "; a cover is one page");
  }
  if (pages.empty()) return problems;
  QPDFPageObjectHelper page(pages[0]);
  if (!check_cover_page(page, cover, problems)) return problems;

  static const PdfPageScan kNoPage;
  const PdfPageScan& scan = scanned.pages.empty() ? kNoPage : scanned.pages.front();
  // What the scan did not look into cannot be said to be clean.
  if (scan.too_deep) {
    problems.push_back("cover PDF: form XObjects nested more than " + std::to_string(kMaxFormDepth) +
                       " deep were not looked into");
  }
  if (scan.too_many_marks) {
    problems.push_back("cover PDF: more than " + std::to_string(kMaxMarksPerPage) +
                       " marks; the rest were not looked into");
  }
  if (scan.too_much_work) problems.push_back("cover PDF: " + too_much_to_follow(scan));
  for (const std::string& m : scan.missing_glyphs) {
    problems.push_back("cover PDF prints " + m + ", which its font has no glyph for (an empty box)");
  }

  // Zones from the manifest's geometry: the trim comes from the book (verify_manifest reports a
  // bad one; the zones are then not checked).
  if (const TrimResult trim = parse_trim(manifest.trim); trim.trim) {
    check_cover_zones(scan, cover_geometry(*trim.trim, cover.spine_in, cover.printer, cover.barcode.has_value()),
                      cover.barcode_image, problems);
  }
  if (cover.printer == Printer::ingramspark) {
    check_pdfx(qpdf, problems);
    for (const std::string& p : scan.pdfx_problems) problems.push_back("cover PDF: not PDF/X-1a: " + p);
  }
  return problems;
}

}  // namespace

std::vector<std::string> check_pdf(const std::filesystem::path& pdf, const Manifest& manifest) {
  // Regular files only, and bounded: /dev/zero or a FIFO would never end.
  const util::Result<std::string> bytes = util::read_regular_file(pdf, kMaxPdfBytes);
  if (!bytes) return {"PDF: cannot read " + pdf.string() + ": " + bytes.error()};
  return check_pdf_bytes(*bytes, pdf.string(), manifest);
}

std::vector<std::string> check_pdf_bytes(std::string_view bytes, const std::string& name, const Manifest& manifest) {
  const std::string& pdf = name;
  try {
    QPDF qpdf;
    qpdf.setSuppressWarnings(true);
    qpdf.processMemoryFile(pdf.c_str(), bytes.data(), bytes.size());
    if (const auto problem = page_tree_problem(qpdf)) return {"PDF: cannot read " + pdf + ": " + *problem};
    return check(qpdf, pdf_expectation(manifest));
  } catch (const QPDFExc& e) {
    return {"PDF: cannot read " + pdf + ": " + e.getMessageDetail()};
  } catch (const std::exception& e) {
    return {"PDF: cannot read " + pdf + ": " + e.what()};
  }
}

}  // namespace puzzlepress::book

namespace puzzlepress::book {

std::vector<std::string> check_cover_pdf(const std::filesystem::path& pdf, const Manifest& manifest) {
  const PdfExpectation expected = pdf_expectation(manifest);
  if (!expected.cover) return {"cover PDF: the manifest has no cover record (built without a cover: key?)"};
  const util::Result<std::string> bytes = util::read_regular_file(pdf, kMaxPdfBytes);
  if (!bytes) return {"cover PDF: cannot read " + pdf.string() + ": " + bytes.error()};
  return check_cover_pdf_bytes(*bytes, pdf.string(), manifest);
}

}  // namespace puzzlepress::book

namespace puzzlepress::book {

std::string qpdf_version() { return QPDF::QPDFVersion(); }

std::vector<std::string> check_cover_pdf_bytes(std::string_view bytes, const std::string& name,
                                               const Manifest& manifest) {
  const PdfExpectation expected = pdf_expectation(manifest);
  if (!expected.cover) return {"cover PDF: the manifest has no cover record (built without a cover: key?)"};
  try {
    QPDF qpdf;
    qpdf.setSuppressWarnings(true);
    qpdf.processMemoryFile(name.c_str(), bytes.data(), bytes.size());
    if (const auto problem = page_tree_problem(qpdf)) return {"cover PDF: cannot read " + name + ": " + *problem};
    // What the page prints, read as verify --pdf and preflight read it (book/check/pdf_scan.h).
    const util::Result<PdfScan> scanned = scan_pdf(bytes);
    if (!scanned) return {"cover PDF: cannot read " + name + ": " + scanned.error()};
    return check_cover(qpdf, expected, *scanned);
  } catch (const QPDFExc& e) {
    return {"cover PDF: cannot read " + name + ": " + e.getMessageDetail()};
  } catch (const std::exception& e) {
    return {"cover PDF: cannot read " + name + ": " + e.what()};
  }
}

}  // namespace puzzlepress::book
