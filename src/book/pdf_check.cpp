// One of the files that use qpdf (with pdfx.cpp and pdf_scan.cpp): this one reads and checks
// PDFs. It sees the manifest only as a PdfExpectation and must stay valid C++17 (clang 14
// cannot compile qpdf's headers as C++20; src/book/CMakeLists.txt).
#include "book/pdf_check.h"

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

#include "book/cover_geometry.h"
#include "book/geometry.h"
#include "book/format_pt.h"
#include "render/page.h"

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
  if (qpdf.isEncrypted()) problems.push_back("PDF is encrypted: KDP refuses encrypted files (save it without a password or permissions)");
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

// ---- Cover --------------------------------------------------------------------------------

/// A PDF matrix [a b c d e f]: x' = a x + c y + e, y' = b x + d y + f.
struct Matrix {
  double a = 1, b = 0, c = 0, d = 1, e = 0, f = 0;
};

/// `first`, then `second`.
Matrix then(const Matrix& first, const Matrix& second) {
  return {first.a * second.a + first.b * second.c, first.a * second.b + first.b * second.d,
          first.c * second.a + first.d * second.c, first.c * second.b + first.d * second.d,
          first.e * second.a + first.f * second.c + second.e, first.e * second.b + first.f * second.d + second.f};
}

render::Point apply(const Matrix& m, double x, double y) {
  return {m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f};
}

/// The bounding box of points added to it.
struct Bounds {
  double left = INFINITY, bottom = INFINITY, right = -INFINITY, top = -INFINITY;
  void add(render::Point p) {
    left = std::min(left, p.x);
    bottom = std::min(bottom, p.y);
    right = std::max(right, p.x);
    top = std::max(top, p.y);
  }
  bool empty() const { return left > right; }
  render::Box box() const { return {left, bottom, right, top}; }
};

Bounds transformed(const Matrix& m, double x0, double y0, double x1, double y1) {
  Bounds b;
  for (const double x : {x0, x1}) {
    for (const double y : {y0, y1}) b.add(apply(m, x, y));
  }
  return b;
}

std::optional<render::Box> intersect(const render::Box& a, const render::Box& b) {
  const render::Box r{std::max(a.left, b.left), std::max(a.bottom, b.bottom), std::min(a.right, b.right),
                      std::min(a.top, b.top)};
  if (r.left >= r.right || r.bottom >= r.top) return std::nullopt;
  return r;
}

/// Inches in messages: up to 4 decimals, no trailing zeros.
std::string format_in(double inches) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4f", inches);
  std::string text = buffer;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

std::string format_box(const render::Box& b) {
  return format_rect(RectPt{b.left, b.bottom, b.width(), b.height()});
}

/// What text placement needs of a font: advance widths by code, and ascent and descent.
struct FontMetrics {
  bool two_byte = false;          ///< Type0 (codes of two bytes, Identity-H)
  std::map<long, double> widths;  ///< code -> width, 1/1000 em
  double default_width = 0;       ///< DW or MissingWidth
  double ascent = 0.8;            ///< em
  double descent = -0.2;          ///< em (negative: below the baseline)

  double width(long code) const {
    const auto it = widths.find(code);
    return it == widths.end() ? default_width : it->second;
  }
};

double number_or(QPDFObjectHandle h, double fallback) { return h.isNumber() ? h.getNumericValue() : fallback; }

FontMetrics read_font(QPDFObjectHandle font) {
  FontMetrics out;
  if (!font.isDictionary()) return out;
  QPDFObjectHandle descriptor = font.getKey("/FontDescriptor");
  if (font.getKey("/Subtype").isNameAndEquals("/Type0")) {
    out.two_byte = true;
    QPDFObjectHandle descendants = font.getKey("/DescendantFonts");
    QPDFObjectHandle cid = descendants.isArray() && descendants.getArrayNItems() > 0 ? descendants.getArrayItem(0)
                                                                                     : QPDFObjectHandle::newNull();
    if (cid.isDictionary()) {
      descriptor = cid.getKey("/FontDescriptor");
      out.default_width = number_or(cid.getKey("/DW"), 1000);
      // W: [c [w1 w2 …]] or [c_first c_last w].
      QPDFObjectHandle w = cid.getKey("/W");
      const int n = w.isArray() ? w.getArrayNItems() : 0;
      for (int i = 0; i + 1 < n;) {
        QPDFObjectHandle first = w.getArrayItem(i);
        QPDFObjectHandle next = w.getArrayItem(i + 1);
        if (!first.isNumber()) break;
        const long code = static_cast<long>(first.getNumericValue());
        if (next.isArray()) {
          for (int k = 0; k < next.getArrayNItems(); ++k) out.widths[code + k] = number_or(next.getArrayItem(k), 0);
          i += 2;
        } else if (i + 2 < n && next.isNumber()) {
          const long last = static_cast<long>(next.getNumericValue());
          const double width = number_or(w.getArrayItem(i + 2), 0);
          for (long k = code; k <= last && k - code < 0x10000; ++k) out.widths[k] = width;
          i += 3;
        } else {
          break;
        }
      }
    }
  } else {
    const long first = static_cast<long>(number_or(font.getKey("/FirstChar"), 0));
    QPDFObjectHandle widths = font.getKey("/Widths");
    for (int k = 0; widths.isArray() && k < widths.getArrayNItems(); ++k) {
      out.widths[first + k] = number_or(widths.getArrayItem(k), 0);
    }
    if (descriptor.isDictionary()) out.default_width = number_or(descriptor.getKey("/MissingWidth"), 0);
  }
  if (descriptor.isDictionary()) {
    out.ascent = number_or(descriptor.getKey("/Ascent"), 800) / 1000;
    out.descent = number_or(descriptor.getKey("/Descent"), -200) / 1000;
  }
  return out;
}

/// One mark on the page: the box its ink covers, inside the clip.
struct Mark {
  enum class Kind { fill, stroke, text, image, form, shading };
  Kind kind = Kind::fill;
  render::Box box;
  std::string text;  ///< what a text mark says (approximately: codes read as Unicode)
};

std::string_view kind_name(Mark::Kind kind) {
  switch (kind) {
    case Mark::Kind::fill: return "a fill";
    case Mark::Kind::stroke: return "a stroke";
    case Mark::Kind::text: return "text";
    case Mark::Kind::image: return "an image";
    case Mark::Kind::form: return "a form";
    case Mark::Kind::shading: return "a shading";
  }
  return "a mark";
}

std::string describe(const Mark& mark) {
  std::string out(kind_name(mark.kind));
  if (mark.kind == Mark::Kind::text) out += " '" + mark.text + "'";
  return out + " at " + format_box(mark.box);
}

void append_utf8(std::string& out, unsigned cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

/// Follows a page's content stream like a painter, recording every mark and the colour
/// spaces and transparency a PDF/X-1a file may not use.
class ContentScan final : public QPDFObjectHandle::ParserCallbacks {
 public:
  ContentScan(QPDFObjectHandle resources, const render::Box& page) : resources_(resources) { gs_.clip = page; }

  std::vector<Mark> marks;
  std::vector<std::string> pdfx_problems;  ///< RGB colour, transparency

  void handleObject(QPDFObjectHandle object) override {
    if (object.isInlineImage()) return;  // its EI operator paints it
    if (!object.isOperator()) {
      operands_.push_back(object);
      return;
    }
    run(object.getOperatorValue());
    operands_.clear();
  }
  void handleEOF() override {}

 private:
  struct State {
    Matrix ctm;
    render::Box clip;
    double line_width = 1;
  };

  double num(std::size_t i) {
    return i < operands_.size() && operands_[i].isNumber() ? operands_[i].getNumericValue() : 0;
  }

  void mark(Mark::Kind kind, const Bounds& bounds, std::string text = {}) {
    if (bounds.empty()) return;
    if (const auto box = intersect(bounds.box(), gs_.clip)) marks.push_back({kind, *box, std::move(text)});
  }

  void paint(bool fill, bool stroke) {
    if (clip_pending_ && !path_.empty()) {
      gs_.clip = intersect(gs_.clip, path_.box()).value_or(render::Box{0, 0, 0, 0});
    }
    if (fill) mark(Mark::Kind::fill, path_);
    if (stroke && !path_.empty()) {
      const double scale = std::sqrt(std::abs(gs_.ctm.a * gs_.ctm.d - gs_.ctm.b * gs_.ctm.c));
      const double half = gs_.line_width * scale / 2;
      Bounds b = path_;
      b.add({b.left - half, b.bottom - half});
      b.add({b.right + half, b.top + half});
      mark(Mark::Kind::stroke, b);
    }
    path_ = Bounds{};
    clip_pending_ = false;
  }

  void text_move(double tx, double ty) {
    tlm_ = then(Matrix{1, 0, 0, 1, tx, ty}, tlm_);
    tm_ = tlm_;
  }

  void show(const std::string& bytes) {
    double advance = 0;
    std::string shown;
    const std::size_t step = font_.two_byte ? 2 : 1;
    for (std::size_t i = 0; i + step <= bytes.size(); i += step) {
      const long code = step == 2 ? (static_cast<unsigned char>(bytes[i]) << 8) | static_cast<unsigned char>(bytes[i + 1])
                                  : static_cast<unsigned char>(bytes[i]);
      advance += (font_.width(code) / 1000 * size_ + tc_ + (step == 1 && code == 32 ? tw_ : 0)) * th_;
      if (shown.size() < 60) append_utf8(shown, static_cast<unsigned>(code));
    }
    shown_advance(advance, shown);
  }

  void shown_advance(double advance, const std::string& shown) {
    const double low = font_.descent * size_ + rise_;
    const double high = font_.ascent * size_ + rise_;
    mark(Mark::Kind::text, transformed(then(tm_, gs_.ctm), std::min(0.0, advance), low, std::max(0.0, advance), high),
         shown);
    tm_ = then(Matrix{1, 0, 0, 1, advance, 0}, tm_);
  }

  void show_array(QPDFObjectHandle array) {
    double advance = 0;
    std::string shown;
    const std::size_t step = font_.two_byte ? 2 : 1;
    for (int k = 0; array.isArray() && k < array.getArrayNItems(); ++k) {
      QPDFObjectHandle item = array.getArrayItem(k);
      if (item.isNumber()) {
        advance -= item.getNumericValue() / 1000 * size_ * th_;
        continue;
      }
      if (!item.isString()) continue;
      const std::string bytes = item.getStringValue();
      for (std::size_t i = 0; i + step <= bytes.size(); i += step) {
        const long code = step == 2 ? (static_cast<unsigned char>(bytes[i]) << 8) | static_cast<unsigned char>(bytes[i + 1])
                                    : static_cast<unsigned char>(bytes[i]);
        advance += (font_.width(code) / 1000 * size_ + tc_ + (step == 1 && code == 32 ? tw_ : 0)) * th_;
        if (shown.size() < 60) append_utf8(shown, static_cast<unsigned>(code));
      }
    }
    shown_advance(advance, shown);
  }

  void set_font(const std::string& name) {
    QPDFObjectHandle fonts = resources_.isDictionary() ? resources_.getKey("/Font") : QPDFObjectHandle::newNull();
    font_ = read_font(fonts.isDictionary() ? fonts.getKey(name) : QPDFObjectHandle::newNull());
  }

  void image_colour(QPDFObjectHandle dict, const std::string& what) {
    QPDFObjectHandle cs = dict.getKey("/ColorSpace");
    const bool rgb = cs.isNameAndEquals("/DeviceRGB") ||
                     (cs.isArray() && cs.getArrayNItems() >= 2 && cs.getArrayItem(0).isNameAndEquals("/Indexed") &&
                      cs.getArrayItem(1).isNameAndEquals("/DeviceRGB"));
    if (rgb) pdfx_problems.push_back(what + " is DeviceRGB");
    if (dict.hasKey("/SMask") && !dict.getKey("/SMask").isNull()) {
      pdfx_problems.push_back("transparency (" + what + " has a soft mask)");
    }
  }

  void draw(const std::string& name) {
    QPDFObjectHandle xobjects = resources_.isDictionary() ? resources_.getKey("/XObject") : QPDFObjectHandle::newNull();
    QPDFObjectHandle x = xobjects.isDictionary() ? xobjects.getKey(name) : QPDFObjectHandle::newNull();
    if (!x.isStream()) return;
    QPDFObjectHandle dict = x.getDict();
    if (dict.getKey("/Subtype").isNameAndEquals("/Image")) {
      mark(Mark::Kind::image, transformed(gs_.ctm, 0, 0, 1, 1));
      image_colour(dict, "image " + name.substr(1));
    } else if (dict.getKey("/Subtype").isNameAndEquals("/Form")) {
      QPDFObjectHandle bbox = dict.getKey("/BBox");
      if (!bbox.isRectangle()) return;
      const QPDFObjectHandle::Rectangle r = bbox.getArrayAsRectangle();
      Matrix m;
      QPDFObjectHandle mm = dict.getKey("/Matrix");
      if (mm.isArray() && mm.getArrayNItems() == 6) {
        m = {number_or(mm.getArrayItem(0), 1), number_or(mm.getArrayItem(1), 0), number_or(mm.getArrayItem(2), 0),
             number_or(mm.getArrayItem(3), 1), number_or(mm.getArrayItem(4), 0), number_or(mm.getArrayItem(5), 0)};
      }
      mark(Mark::Kind::form, transformed(then(m, gs_.ctm), r.llx, r.lly, r.urx, r.ury));
    }
  }

  void graphics_state(const std::string& name) {
    QPDFObjectHandle states = resources_.isDictionary() ? resources_.getKey("/ExtGState") : QPDFObjectHandle::newNull();
    QPDFObjectHandle g = states.isDictionary() ? states.getKey(name) : QPDFObjectHandle::newNull();
    if (!g.isDictionary()) return;
    if (g.hasKey("/LW")) gs_.line_width = number_or(g.getKey("/LW"), gs_.line_width);
    const bool soft_mask = g.hasKey("/SMask") && !g.getKey("/SMask").isNameAndEquals("/None");
    const bool alpha = number_or(g.getKey("/CA"), 1) < 1 || number_or(g.getKey("/ca"), 1) < 1;
    if (soft_mask || alpha) pdfx_problems.push_back("transparency (graphics state " + name.substr(1) + ")");
  }

  void run(const std::string& op) {
    if (op == "q") {
      stack_.push_back(gs_);
    } else if (op == "Q") {
      if (!stack_.empty()) {
        gs_ = stack_.back();
        stack_.pop_back();
      }
    } else if (op == "cm") {
      gs_.ctm = then(Matrix{num(0), num(1), num(2), num(3), num(4), num(5)}, gs_.ctm);
    } else if (op == "w") {
      gs_.line_width = num(0);
    } else if (op == "gs" && !operands_.empty() && operands_[0].isName()) {
      graphics_state(operands_[0].getName());
    } else if (op == "re") {
      const Bounds b = transformed(gs_.ctm, num(0), num(1), num(0) + num(2), num(1) + num(3));
      path_.add({b.left, b.bottom});
      path_.add({b.right, b.top});
    } else if (op == "m" || op == "l" || op == "c" || op == "v" || op == "y") {
      for (std::size_t i = 0; i + 1 < operands_.size(); i += 2) path_.add(apply(gs_.ctm, num(i), num(i + 1)));
    } else if (op == "W" || op == "W*") {
      clip_pending_ = true;
    } else if (op == "n") {
      paint(false, false);
    } else if (op == "f" || op == "F" || op == "f*") {
      paint(true, false);
    } else if (op == "S" || op == "s") {
      paint(false, true);
    } else if (op == "B" || op == "B*" || op == "b" || op == "b*") {
      paint(true, true);
    } else if (op == "BT") {
      tm_ = tlm_ = Matrix{};
    } else if (op == "Tf" && !operands_.empty() && operands_[0].isName()) {
      set_font(operands_[0].getName());
      size_ = num(1);
    } else if (op == "Tc") {
      tc_ = num(0);
    } else if (op == "Tw") {
      tw_ = num(0);
    } else if (op == "Tz") {
      th_ = num(0) / 100;
    } else if (op == "TL") {
      tl_ = num(0);
    } else if (op == "Ts") {
      rise_ = num(0);
    } else if (op == "Td") {
      text_move(num(0), num(1));
    } else if (op == "TD") {
      tl_ = -num(1);
      text_move(num(0), num(1));
    } else if (op == "Tm") {
      tm_ = tlm_ = Matrix{num(0), num(1), num(2), num(3), num(4), num(5)};
    } else if (op == "T*") {
      text_move(0, -tl_);
    } else if ((op == "Tj" || op == "'") && !operands_.empty() && operands_.back().isString()) {
      if (op == "'") text_move(0, -tl_);
      show(operands_.back().getStringValue());
    } else if (op == "\"" && operands_.size() == 3 && operands_[2].isString()) {
      tw_ = num(0);
      tc_ = num(1);
      text_move(0, -tl_);
      show(operands_[2].getStringValue());
    } else if (op == "TJ" && !operands_.empty()) {
      show_array(operands_[0]);
    } else if (op == "Do" && !operands_.empty() && operands_[0].isName()) {
      draw(operands_[0].getName());
    } else if (op == "EI") {
      mark(Mark::Kind::image, transformed(gs_.ctm, 0, 0, 1, 1));
    } else if (op == "sh") {
      Bounds b;
      b.add({gs_.clip.left, gs_.clip.bottom});
      b.add({gs_.clip.right, gs_.clip.top});
      mark(Mark::Kind::shading, b);
    } else if (op == "rg" || op == "RG") {
      pdfx_problems.push_back("RGB colour (" + op + ") on the page");
    } else if ((op == "cs" || op == "CS") && !operands_.empty() && operands_[0].isNameAndEquals("/DeviceRGB")) {
      pdfx_problems.push_back("RGB colour (" + op + " /DeviceRGB) on the page");
    }
  }

  QPDFObjectHandle resources_;
  std::vector<QPDFObjectHandle> operands_;
  State gs_;
  std::vector<State> stack_;
  Bounds path_;
  bool clip_pending_ = false;
  Matrix tm_, tlm_;
  FontMetrics font_;
  double size_ = 0, tc_ = 0, tw_ = 0, th_ = 1, tl_ = 0, rise_ = 0;
};

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

std::vector<std::string> check_cover(QPDF& qpdf, const PdfExpectation& manifest) {
  std::vector<std::string> problems;
  const ManifestCover& cover = *manifest.cover;
  const std::vector<QPDFObjectHandle>& pages = qpdf.getAllPages();
  if (pages.size() != 1) {
    problems.push_back("cover PDF has " + std::to_string(pages.size()) + (pages.size() == 1 ? " page" : " pages") +
                       "; a cover is one page");
  }
  if (pages.empty()) return problems;
  QPDFPageObjectHelper page(pages[0]);
  QPDFObjectHandle media_handle = page.getMediaBox();
  if (!media_handle.isRectangle()) {
    problems.push_back("cover PDF: no valid MediaBox");
    return problems;
  }
  const QPDFObjectHandle::Rectangle r = media_handle.getArrayAsRectangle();
  const render::Box media{std::min(r.llx, r.urx), std::min(r.lly, r.ury), std::max(r.llx, r.urx),
                          std::max(r.lly, r.ury)};
  if (std::abs(media.width() - cover.width_pt) > kSizeTolerancePt ||
      std::abs(media.height() - cover.height_pt) > kSizeTolerancePt) {
    problems.push_back("cover PDF: MediaBox " + format_pt(media.width()) + " x " + format_pt(media.height()) +
                       " pt but the manifest says " + format_pt(cover.width_pt) + " x " +
                       format_pt(cover.height_pt) + " pt");
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
  QPDFObjectHandle resources = page.getAttribute("/Resources", false);
  fonts.resources(resources, 1);
  for (const std::string& p : fonts.problems) problems.push_back("cover " + p);

  ContentScan scan(resources, media);
  page.parseContents(&scan);

  // Zones from the manifest's geometry: the trim comes from the book (verify_manifest reports a
  // bad one; the zones are then not checked).
  const TrimResult trim = parse_trim(manifest.trim);
  if (trim.trim) {
    const CoverGeometry g = cover_geometry(*trim.trim, cover.spine_in, cover.printer, cover.barcode.has_value());
    const auto report = [&](const std::string& head, const std::vector<const Mark*>& found, const std::string& tail) {
      for (std::size_t i = 0; i < found.size() && i < kMaxMarkLines; ++i) {
        problems.push_back(head + describe(*found[i]) + tail);
      }
      if (found.size() > kMaxMarkLines) {
        // "… and 1 more mark is outside …", "… and 4 more marks are outside …"
        const std::size_t more = found.size() - kMaxMarkLines;
        std::string more_tail = tail;
        if (more > 1 && more_tail.rfind(" is ", 0) == 0) more_tail.replace(0, 4, " are ");
        problems.push_back(head + "… and " + std::to_string(more) + (more == 1 ? " more mark" : " more marks") + more_tail);
      }
    };
    if (g.barcode) {
      const render::Box& b = *g.barcode;
      const render::Box inner{b.left + kInkTolerancePt, b.bottom + kInkTolerancePt, b.right - kInkTolerancePt,
                              b.top - kInkTolerancePt};
      std::vector<const Mark*> inside;
      for (const Mark& mark : scan.marks) {
        if (inner.overlaps(mark.box)) inside.push_back(&mark);
      }
      report("cover PDF: the barcode box " + format_box(b) + " is not empty: ", inside, "");
    }
    std::vector<const Mark*> outside;
    for (const Mark& mark : scan.marks) {
      if (mark.kind != Mark::Kind::text) continue;
      const bool safe = g.front_safe.contains(mark.box, kInkTolerancePt) ||
                        g.back_safe.contains(mark.box, kInkTolerancePt) ||
                        g.spine_safe.contains(mark.box, kInkTolerancePt);
      if (!safe) outside.push_back(&mark);
    }
    report("cover PDF: ", outside, " is outside the safe zones (" + format_in(kCoverSafeMarginIn) +
                                       " in inside the trim, " + format_in(kSpineFoldClearanceIn) +
                                       " in from the spine folds)");
  }
  if (cover.printer == Printer::ingramspark) {
    check_pdfx(qpdf, problems);
    std::set<std::string> seen;
    for (const std::string& p : scan.pdfx_problems) {
      if (seen.insert(p).second) problems.push_back("cover PDF: not PDF/X-1a: " + p);
    }
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
  try {
    QPDF qpdf;
    qpdf.setSuppressWarnings(true);
    qpdf.processMemoryFile(pdf.string().c_str(), bytes->data(), bytes->size());
    return check_cover(qpdf, expected);
  } catch (const QPDFExc& e) {
    return {"cover PDF: cannot read " + pdf.string() + ": " + e.getMessageDetail()};
  } catch (const std::exception& e) {
    return {"cover PDF: cannot read " + pdf.string() + ": " + e.what()};
  }
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
    return check_cover(qpdf, expected);
  } catch (const QPDFExc& e) {
    return {"cover PDF: cannot read " + name + ": " + e.getMessageDetail()};
  } catch (const std::exception& e) {
    return {"cover PDF: cannot read " + name + ": " + e.what()};
  }
}

}  // namespace puzzlepress::book
