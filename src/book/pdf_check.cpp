// The one file that uses qpdf.
#include "book/pdf_check.h"

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include <cmath>
#include <set>
#include <stdexcept>

#include "book/verify.h"

namespace puzzlepress::book {
namespace {

/// Sizes closer than this (points) are the same size.
constexpr double kSizeTolerancePt = 0.01;
/// MediaBox mismatches reported one by one before the rest are summed up.
constexpr int kMaxMediaBoxLines = 3;

std::string font_name(QPDFObjectHandle font) {
  QPDFObjectHandle base = font.getKey("/BaseFont");
  if (base.isName()) {
    std::string name = base.getName();
    return name.size() > 1 ? name.substr(1) : name;  // without the leading '/'
  }
  return "(unnamed)";
}

bool has_font_file(QPDFObjectHandle descriptor) {
  return descriptor.isDictionary() &&
         (descriptor.hasKey("/FontFile") || descriptor.hasKey("/FontFile2") ||
          descriptor.hasKey("/FontFile3"));
}

bool font_embedded(QPDFObjectHandle font) {
  if (!font.isDictionary()) return false;
  QPDFObjectHandle subtype = font.getKey("/Subtype");
  if (subtype.isNameAndEquals("/Type3")) return true;
  if (subtype.isNameAndEquals("/Type0")) {
    QPDFObjectHandle descendants = font.getKey("/DescendantFonts");
    if (!descendants.isArray() || descendants.getArrayNItems() < 1) return false;
    return has_font_file(descendants.getArrayItem(0).getKey("/FontDescriptor"));
  }
  return has_font_file(font.getKey("/FontDescriptor"));
}

struct FontScan {
  std::set<QPDFObjGen> seen_fonts;
  std::set<QPDFObjGen> seen_xobjects;
  std::vector<std::string> problems;

  void resources(QPDFObjectHandle res, int page_number) {
    if (!res.isDictionary()) return;
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
        resources(x.getDict().getKey("/Resources"), page_number);
      }
    }
  }
};

std::vector<std::string> check(QPDF& qpdf, const Manifest& manifest) {
  std::vector<std::string> problems;
  const std::vector<QPDFObjectHandle>& pages = qpdf.getAllPages();
  if (static_cast<long long>(pages.size()) != manifest.page_count) {
    problems.push_back("PDF has " + std::to_string(pages.size()) + (pages.size() == 1 ? " page" : " pages") +
                       " but the manifest says " +
                       std::to_string(manifest.page_count));
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
          problems.push_back("PDF page " + std::to_string(number) + ": MediaBox " + format_pt(w) +
                             " x " + format_pt(h) + " pt but the manifest says " +
                             format_pt(manifest.page_width_pt) + " x " +
                             format_pt(manifest.page_height_pt) + " pt");
        }
      }
    }
    fonts.resources(page.getAttribute("/Resources", false), number);
  }
  if (wrong_boxes > kMaxMediaBoxLines) {
    problems.push_back("PDF: " + std::to_string(wrong_boxes - kMaxMediaBoxLines) +
                       " more pages with another MediaBox");
  }
  problems.insert(problems.end(), fonts.problems.begin(), fonts.problems.end());
  return problems;
}

}  // namespace

std::vector<std::string> check_pdf(const std::filesystem::path& pdf, const Manifest& manifest) {
  try {
    QPDF qpdf;
    qpdf.setSuppressWarnings(true);
    qpdf.processFile(pdf.string().c_str());
    return check(qpdf, manifest);
  } catch (const QPDFExc& e) {
    return {"PDF: cannot read " + pdf.string() + ": " + e.getMessageDetail()};
  } catch (const std::exception& e) {
    return {"PDF: cannot read " + pdf.string() + ": " + e.what()};
  }
}

}  // namespace puzzlepress::book
