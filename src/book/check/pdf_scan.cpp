// One of the files that use qpdf (book/check's pdf_*.cpp, cover/pdfx.cpp, manifest/sha256.cpp):
// this one reads a PDF's document facts and scans its pages one by one (pdf_scan.h); the
// content-stream scan itself is pdf_content_scan.cpp, its bounds pdf_parse_cost.cpp.
#include "book/check/pdf_scan.h"

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "book/check/pdf_content_scan.h"
#include "book/check/pdf_fonts.h"
#include "book/check/pdf_pages.h"
#include "book/check/pdf_parse_cost.h"
#include "util/files.h"

namespace puzzlepress::book {
namespace {

using namespace pdf;

bool is_javascript_action(QPDFObjectHandle action) {
  return action.isDictionary() && action.getKey("/S").isNameAndEquals("/JavaScript");
}

/// JavaScript the document starts: a names-tree entry, or a JavaScript open action or
/// additional action on the catalog or a page.
bool has_javascript(QPDF& qpdf) {
  QPDFObjectHandle root = qpdf.getRoot();
  QPDFObjectHandle names = root.getKey("/Names");
  if (names.isDictionary() && names.hasKey("/JavaScript")) return true;
  if (is_javascript_action(root.getKey("/OpenAction"))) return true;
  const auto additional = [](QPDFObjectHandle aa) {
    if (!aa.isDictionary()) return false;
    for (const std::string& key : aa.getKeys()) {
      if (is_javascript_action(aa.getKey(key))) return true;
    }
    return false;
  };
  if (additional(root.getKey("/AA"))) return true;
  for (QPDFObjectHandle page : qpdf.getAllPages()) {
    if (additional(page.getKey("/AA"))) return true;
  }
  return false;
}

PdfScan scan(QPDF& qpdf, std::size_t file_bytes, bool keep_glyphs) {
  PdfScan out;
  out.encrypted = qpdf.isEncrypted();
  QPDFObjectHandle outlines = qpdf.getRoot().getKey("/Outlines");
  out.outlines = outlines.isDictionary() && outlines.getKey("/First").isDictionary();
  out.javascript = has_javascript(qpdf);
  std::map<std::string, int> unembedded;
  std::vector<QPDFObjectHandle> pages = qpdf.getAllPages();
  out.pages.reserve(pages.size());
  PageSink sink;
  std::map<std::vector<QPDFObjGen>, ParseCost> checked_contents;  ///< by the streams of a page's /Contents
  sink.first_use_of_unembedded = &unembedded;
  sink.glyphs_left = keep_glyphs ? kMaxGlyphsPerFile : 0;
  sink.content_budget = std::max(kMinContentBudgetBytes, kContentBudgetPerFileByte * file_bytes);
  for (std::size_t i = 0; i < pages.size(); ++i) {
    PdfPageScan page;
    page.number = static_cast<int>(i) + 1;
    QPDFPageObjectHelper helper(pages[i]);
    page.media = rectangle(helper.getMediaBox()).value_or(render::Box{0, 0, 0, 0});
    page.trim = rectangle(pages[i].getKey("/TrimBox"));
    page.bleed = rectangle(pages[i].getKey("/BleedBox"));
    QPDFObjectHandle annots = pages[i].getKey("/Annots");
    for (int k = 0; annots.isArray() && k < annots.getArrayNItems(); ++k) {
      QPDFObjectHandle a = annots.getArrayItem(k);
      QPDFObjectHandle subtype = a.isDictionary() ? a.getKey("/Subtype") : QPDFObjectHandle::newNull();
      page.annotations.push_back(subtype.isName() && subtype.getName().size() > 1 ? subtype.getName().substr(1)
                                                                                  : "(no subtype)");
    }
    sink.page = &page;
    sink.page_operations = 0;
    sink.page_form_draws = 0;
    GraphicsState start;
    start.clip = page.media;
    // A content stream several pages share is checked once; an array of them on every page.
    QPDFObjectHandle contents = pages[i].getKey("/Contents");
    std::vector<QPDFObjGen> streams;  // what the check reads, as its key
    if (contents.isStream()) streams.push_back(contents.getObjGen());
    for (int k = 0; contents.isArray() && k < contents.getArrayNItems(); ++k) {
      streams.push_back(contents.getArrayItem(k).getObjGen());
    }
    ParseCost cost;
    if (const auto known = checked_contents.find(streams); known != checked_contents.end()) {
      cost = known->second;
    } else {
      cost = parse_cost(contents);
      checked_contents.emplace(streams, cost);
      if (cost.bytes && !sink.spend_content(*cost.bytes)) cost.bytes.reset();  // the check's reading
    }
    if (!cost.bytes) {
      if (!page.too_much_work) sink.give_up(cost.why_not);
    } else if (sink.spend_content(*cost.bytes)) {
      scan_page_content(pages[i], helper.getAttribute("/Resources", false), start, sink);
    }
    (void)qpdf.getWarnings();
    out.pages.push_back(std::move(page));
  }
  // Each font once, by the page that first uses it, in page order then name.
  std::vector<std::pair<int, std::string>> order;
  for (const auto& [name, page] : unembedded) order.emplace_back(page, name);
  std::sort(order.begin(), order.end());
  for (const auto& [page, name] : order) out.unembedded_fonts.emplace_back(name, page);
  return out;
}

}  // namespace

std::string too_much_to_follow(const PdfPageScan& page) {
  return "too much to follow (" + page.too_much_why + "); the rest was not looked into";
}

util::Result<PdfScan> scan_pdf(std::string_view bytes, bool keep_glyphs) {
  using R = util::Result<PdfScan>;
  try {
    QPDF qpdf;
    qpdf.setSuppressWarnings(true);
    qpdf.processMemoryFile("PDF", bytes.data(), bytes.size());
    if (const auto problem = page_tree_problem(qpdf)) return R::failure(*problem);
    return R::success(scan(qpdf, bytes.size(), keep_glyphs));
  } catch (const QPDFExc& e) {
    if (e.getErrorCode() == qpdf_e_password) return R::failure("encrypted with a password: cannot read its pages");
    return R::failure("not a PDF: " + e.getMessageDetail());
  } catch (const std::exception& e) {
    return R::failure(std::string("not a PDF: ") + e.what());
  }
}

util::Result<std::string> read_pdf_file(const std::string& path) { return util::read_regular_file(path, kMaxPdfBytes); }

}  // namespace puzzlepress::book
