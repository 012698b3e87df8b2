#include "book/check/pdf_content_scan.h"

#include <qpdf/QPDF.hh>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

#include "book/check/pdf_parse_cost.h"
#include "util/text.h"

namespace puzzlepress::book::pdf {
namespace {

/// Fill paths whose box is at most this wide and tall (points) keep their segments (shapes in
/// cells); larger ones keep only their box.
constexpr double kKeptPathExtentPt = 144;

/// Ink of a colour given by `n` components (1 grey, 3 RGB, 4 CMYK); 1 when it cannot tell.
double ink_of(const std::vector<double>& c) {
  const auto unit = [](double v) { return std::clamp(v, 0.0, 1.0); };
  if (c.size() == 1) return 1 - unit(c[0]);
  if (c.size() == 3) return 1 - (0.299 * unit(c[0]) + 0.587 * unit(c[1]) + 0.114 * unit(c[2]));
  if (c.size() == 4) return std::max({unit(c[0]), unit(c[1]), unit(c[2]), unit(c[3])});
  return 1;
}

/// Passes a content stream's objects on to `scan` and keeps them in `into` while `memory` has
/// room for their charge; past it, lets go of them (overflowed).
class ContentRecorder final : public QPDFObjectHandle::ParserCallbacks {
 public:
  ContentRecorder(QPDFObjectHandle::ParserCallbacks& scan, ParsedContent& into, FormMemory& memory)
      : scan_(scan), into_(into), memory_(memory) {}
  ~ContentRecorder() override { memory_.recording -= charge_; }
  ContentRecorder(const ContentRecorder&) = delete;
  ContentRecorder& operator=(const ContentRecorder&) = delete;

  void handleObject(QPDFObjectHandle object, std::size_t /*offset*/, std::size_t length) override {
    if (!overflowed_) {
      // An array or dictionary of N bytes holds at most N / 2 objects; another object holds its
      // bytes (a string) in about 1 / 400 of an object's charge.
      const std::size_t charge = object.isArray() || object.isDictionary() ? 1 + length / 2 : 1 + length / 400;
      if (charge <= kMaxRememberedFormObjects - memory_.kept - memory_.recording) {
        charge_ += charge;
        memory_.recording += charge;
        into_.push_back(object);
      } else {  // too big to keep: let go of what was kept at once
        overflowed_ = true;
        memory_.recording -= charge_;
        charge_ = 0;
        ParsedContent().swap(into_);
      }
    }
    scan_.handleObject(object);
  }
  void handleEOF() override { scan_.handleEOF(); }
  bool overflowed() const { return overflowed_; }
  /// Moves the recording's charge to the kept forms' (when `into` is kept).
  void keep() {
    memory_.recording -= charge_;
    memory_.kept += charge_;
    charge_ = 0;
  }

 private:
  QPDFObjectHandle::ParserCallbacks& scan_;
  ParsedContent& into_;
  FormMemory& memory_;
  std::size_t charge_ = 0;  ///< of the objects in `into`
  bool overflowed_ = false;
};

/// Follows one content stream (a page's or a form's) like a painter.
class ContentScan final : public QPDFObjectHandle::ParserCallbacks {
 public:
  ContentScan(QPDFObjectHandle resources, const GraphicsState& start, PageSink& sink, int depth)
      : resources_(resources), gs_(start), sink_(sink), depth_(depth) {}

  void handleObject(QPDFObjectHandle object) override {
    // A page given up on (a budget spent here or in a form it draws): qpdf stops reading the
    // stream (terminateParsing throws to qpdf's parse, which returns).
    if (sink_.page->too_much_work || !sink_.spend()) terminateParsing();
    if (object.isInlineImage()) return;  // EI paints an inline image
    if (!object.isOperator()) {
      if (operands_.size() < 64) operands_.push_back(object);
      return;
    }
    run(object.getOperatorValue());
    operands_.clear();
  }
  void handleEOF() override {}

 private:
  double num(std::size_t i) {
    if (i >= operands_.size() || !operands_[i].isNumber()) return 0;
    const double v = operands_[i].getNumericValue();
    return std::isfinite(v) ? v : 0;
  }

  std::vector<double> numbers() {
    std::vector<double> out;
    for (QPDFObjectHandle& h : operands_) {
      if (h.isNumber()) out.push_back(number_or(h, 0));
    }
    return out;
  }

  void record(PdfMark mark, const Bounds& bounds) {
    if (bounds.empty()) return;
    const auto box = intersect(bounds.box(), gs_.clip);
    if (!box) return;
    PdfPageScan& page = *sink_.page;
    if (page.marks.size() >= kMaxMarksPerPage) {
      page.too_many_marks = true;
      return;
    }
    mark.box = *box;
    page.marks.push_back(std::move(mark));
  }

  QPDFObjectHandle resource(const char* kind, const std::string& name) {
    QPDFObjectHandle group = resources_.isDictionary() ? resources_.getKey(kind) : QPDFObjectHandle::newNull();
    return group.isDictionary() ? group.getKey(name) : QPDFObjectHandle::newNull();
  }

  void add_point(char verb, render::Point p) {
    path_bounds_.add(p);
    if (path_points_.size() < 4096) path_points_.push_back(p);
    if (verb != 0 && path_verbs_.size() < 4096) path_verbs_ += verb;
  }

  void paint(bool fill, bool stroke) {
    if (clip_pending_ && !path_bounds_.empty()) {
      gs_.clip = intersect(gs_.clip, path_bounds_.box()).value_or(render::Box{0, 0, 0, 0});
    }
    if (fill && !path_bounds_.empty()) {
      PdfMark mark;
      mark.kind = PdfMark::Kind::fill;
      mark.ink = gs_.fill_ink;
      if (path_bounds_.right - path_bounds_.left <= kKeptPathExtentPt &&
          path_bounds_.top - path_bounds_.bottom <= kKeptPathExtentPt) {
        mark.verbs = path_verbs_;
        mark.points = path_points_;
      }
      record(std::move(mark), path_bounds_);
    }
    if (stroke && !path_bounds_.empty()) {
      PdfMark mark;
      mark.kind = PdfMark::Kind::stroke;
      mark.ink = gs_.stroke_ink;
      mark.line_width_pt = gs_.line_width * scale_of(gs_.ctm);
      const double half = mark.line_width_pt / 2;
      Bounds b = path_bounds_;
      b.add({b.left - half, b.bottom - half});
      b.add({b.right + half, b.top + half});
      record(std::move(mark), b);
    }
    path_bounds_ = Bounds{};
    path_points_.clear();
    path_verbs_.clear();
    clip_pending_ = false;
  }

  void text_move(double tx, double ty) {
    tlm_ = then(Matrix{1, 0, 0, 1, tx, ty}, tlm_);
    tm_ = tlm_;
  }

  /// Shows strings and kerning numbers (a Tj string is an array of one).
  void show(std::vector<QPDFObjectHandle> items) {
    double advance = 0;  // text space units, scaled by Tz
    std::string shown;
    const std::size_t step = gs_.font->two_byte ? 2 : 1;
    const Matrix to_page = then(tm_, gs_.ctm);
    const bool visible = gs_.text_render_mode != 3 && gs_.text_render_mode != 7;
    const double low = gs_.font->descent * gs_.size + gs_.rise;
    const double high = gs_.font->ascent * gs_.size + gs_.rise;
    for (QPDFObjectHandle& item : items) {
      if (item.isNumber()) {
        advance -= number_or(item, 0) / 1000 * gs_.size * gs_.th;
        continue;
      }
      if (!item.isString()) continue;
      const std::string bytes = item.getStringValue();
      for (std::size_t i = 0; i + step <= bytes.size(); i += step) {
        const long code = step == 2
                              ? (static_cast<unsigned char>(bytes[i]) << 8) | static_cast<unsigned char>(bytes[i + 1])
                              : static_cast<unsigned char>(bytes[i]);
        const double glyph_width = gs_.font->width(code) / 1000 * gs_.size * gs_.th;
        if (visible) keep_glyph(code, transformed(to_page, advance, low, advance + glyph_width, high));
        advance += (gs_.font->width(code) / 1000 * gs_.size + gs_.tc + (step == 1 && code == 32 ? gs_.tw : 0)) * gs_.th;
        if (shown.size() < 60) util::append_utf8(shown, static_cast<char32_t>(code));
        if (gs_.font->glyph_missing(code)) missing_glyph(code);
      }
    }
    if (visible) {
      PdfMark mark;
      mark.kind = PdfMark::Kind::text;
      mark.ink = gs_.fill_ink;
      mark.text = std::move(shown);
      mark.text_size_pt = std::abs(gs_.size) * scale_of(to_page);
      record(std::move(mark), transformed(to_page, std::min(0.0, advance), low, std::max(0.0, advance), high));
    }
    tm_ = then(Matrix{1, 0, 0, 1, advance, 0}, tm_);
  }

  /// A visible character of code `code` in the current font, inked within `bounds` on the page:
  /// kept with its text when the font's /ToUnicode names it (spaces are not kept), else the
  /// page's glyphs are incomplete. A glyph wholly outside the clip is not printed.
  void keep_glyph(long code, const Bounds& bounds) {
    PdfPageScan& page = *sink_.page;
    if (!page.glyphs_complete) return;
    const std::optional<std::string> text = gs_.font->to_unicode ? gs_.font->to_unicode->find(code) : std::nullopt;
    if (!text || sink_.glyphs_left == 0 || page.glyphs.size() >= kMaxGlyphsPerPage) {
      page.glyphs_complete = false;
      sink_.glyphs_left += page.glyphs.size();
      page.glyphs = {};
      return;
    }
    if (text->find_first_not_of(' ') == std::string::npos || bounds.empty()) return;
    if (!intersect(bounds.box(), gs_.clip)) return;
    page.glyphs.push_back({*text, bounds.box()});
    --sink_.glyphs_left;
  }

  /// A CID the font maps to no glyph (libharu's codes are Unicode code points), each once a page.
  void missing_glyph(long code) {
    std::vector<std::string>& missing = sink_.page->missing_glyphs;
    if (missing.size() >= kMaxMissingGlyphsPerPage) return;
    std::string character;
    util::append_utf8(character, static_cast<char32_t>(code));
    char hex[16];
    std::snprintf(hex, sizeof hex, "U+%04lX", code);
    const std::string what = "'" + character + "' (" + hex + ") in font " + gs_.font->name;
    if (std::find(missing.begin(), missing.end(), what) == missing.end()) missing.push_back(what);
  }

  void set_font(const std::string& name) {
    QPDFObjectHandle font = resource("/Font", name);
    if (!font.isIndirect()) {
      gs_.font = std::make_shared<const FontMetrics>(read_font(font, false));
    } else {
      std::shared_ptr<const FontMetrics>& cached = sink_.fonts[font.getObjGen()];
      if (!cached) cached = std::make_shared<const FontMetrics>(read_font(font));
      gs_.font = cached;
    }
    if (font.isIndirect() && !sink_.checked_fonts.insert(font.getObjGen()).second) return;
    if (!font_embedded(font)) sink_.first_use_of_unembedded->emplace(font_name(font), sink_.page->number);
  }

  void colour(bool stroke, std::vector<double> components) {
    (stroke ? gs_.stroke_ink : gs_.fill_ink) = ink_of(components);
  }

  // Components of colour space `cs` (a name, a resource name, or an array): 1 grey, 3 RGB, 4 CMYK;
  // 0 for what it does not read (patterns, separations, ICC without /N). Indexed spaces count as
  // their base. `depth` guards resource names that name each other.
  int space_components(QPDFObjectHandle cs, int depth = 0) {
    if (depth > 4) return 0;
    if (cs.isName()) {
      const std::string name = cs.getName();
      if (name == "/DeviceGray" || name == "/G" || name == "/CalGray") return 1;
      if (name == "/DeviceRGB" || name == "/RGB" || name == "/CalRGB") return 3;
      if (name == "/DeviceCMYK" || name == "/CMYK") return 4;
      QPDFObjectHandle named = resource("/ColorSpace", name);
      return named.isNull() ? 0 : space_components(named, depth + 1);
    }
    if (!cs.isArray() || cs.getArrayNItems() < 1) return 0;
    QPDFObjectHandle family = cs.getArrayItem(0);
    if (family.isNameAndEquals("/CalRGB")) return 3;
    if (family.isNameAndEquals("/CalGray")) return 1;
    if ((family.isNameAndEquals("/Indexed") || family.isNameAndEquals("/I")) && cs.getArrayNItems() >= 2) {
      return space_components(cs.getArrayItem(1), depth + 1);
    }
    if (family.isNameAndEquals("/ICCBased") && cs.getArrayNItems() >= 2 && cs.getArrayItem(1).isStream()) {
      return static_cast<int>(number_or(cs.getArrayItem(1).getDict().getKey("/N"), 0));
    }
    return 0;
  }

  void colour_space(std::string_view op) {
    const bool stroke = op == "CS";
    const int n = operands_.empty() || !operands_[0].isName() ? 0 : space_components(operands_[0]);
    if (n == 3 && operands_[0].isName())
      pdfx_problem("RGB colour (" + std::string(op) + " " + operands_[0].getName() + ") on the page");
    (stroke ? gs_.stroke_components : gs_.fill_components) = n;
    // The initial colour of every device space is black (CMYK: K = 1).
    (stroke ? gs_.stroke_ink : gs_.fill_ink) = 1;
  }

  void graphics_state(const std::string& name) {
    QPDFObjectHandle g = resource("/ExtGState", name);
    if (!g.isDictionary()) return;
    if (g.hasKey("/LW")) gs_.line_width = number_or(g.getKey("/LW"), gs_.line_width);
    const bool soft_mask = g.hasKey("/SMask") && !g.getKey("/SMask").isNameAndEquals("/None");
    const bool alpha = number_or(g.getKey("/CA"), 1) < 1 || number_or(g.getKey("/ca"), 1) < 1;
    QPDFObjectHandle blend = g.getKey("/BM");
    if (blend.isArray() && blend.getArrayNItems() > 0) blend = blend.getArrayItem(0);
    const bool blending = blend.isName() && !blend.isNameAndEquals("/Normal") && !blend.isNameAndEquals("/Compatible");
    if (soft_mask || alpha || blending) pdfx_problem("transparency (graphics state " + name.substr(1) + ")");
  }

  // PdfPageScan::pdfx_problems: each once, at most kMaxPdfxProblems.
  void pdfx_problem(std::string problem) {
    std::vector<std::string>& found = sink_.page->pdfx_problems;
    if (found.size() < kMaxPdfxProblems && std::find(found.begin(), found.end(), problem) == found.end()) {
      found.push_back(std::move(problem));
    }
  }

  void image_colour(QPDFObjectHandle dict, const std::string& what) {
    if (space_components(dict.getKey("/ColorSpace")) == 3) pdfx_problem(what + " is DeviceRGB");
    if (dict.hasKey("/SMask") && !dict.getKey("/SMask").isNull())
      pdfx_problem("transparency (" + what + " has a soft mask)");
  }

  void draw(const std::string& name) {
    QPDFObjectHandle x = resource("/XObject", name);
    if (!x.isStream()) return;
    QPDFObjectHandle dict = x.getDict();
    if (dict.getKey("/Subtype").isNameAndEquals("/Image")) {
      PdfMark mark;
      mark.kind = PdfMark::Kind::image;
      record(std::move(mark), transformed(gs_.ctm, 0, 0, 1, 1));
      image_colour(dict, "image " + name.substr(1));
      return;
    }
    if (!dict.getKey("/Subtype").isNameAndEquals("/Form")) return;
    if (depth_ >= kMaxFormDepth) {
      sink_.page->too_deep = true;
      return;
    }
    const double length = number_or(dict.getKey("/Length"), 0);
    if (!sink_.spend_form(length > 0 && length < 1e15 ? static_cast<std::size_t>(length) : 0)) return;
    const std::optional<render::Box> bbox = rectangle(dict.getKey("/BBox"));
    if (!bbox) return;
    Matrix m;
    QPDFObjectHandle mm = dict.getKey("/Matrix");
    if (mm.isArray() && mm.getArrayNItems() == 6) {
      m = {number_or(mm.getArrayItem(0), 1), number_or(mm.getArrayItem(1), 0), number_or(mm.getArrayItem(2), 0),
           number_or(mm.getArrayItem(3), 1), number_or(mm.getArrayItem(4), 0), number_or(mm.getArrayItem(5), 0)};
    }
    GraphicsState inner = gs_;
    inner.ctm = then(m, gs_.ctm);
    const Bounds clip = transformed(inner.ctm, bbox->left, bbox->bottom, bbox->right, bbox->top);
    inner.clip = intersect(gs_.clip, clip.box()).value_or(render::Box{0, 0, 0, 0});
    QPDFObjectHandle resources = dict.getKey("/Resources");
    ContentScan child(resources.isDictionary() ? resources : resources_, inner, sink_, depth_ + 1);
    const QPDFObjGen form = x.getObjGen();
    if (const auto unparseable = sink_.unparseable_forms.find(form); unparseable != sink_.unparseable_forms.end()) {
      sink_.give_up(unparseable->second);
      return;
    }
    if (const auto parsed = sink_.parsed_forms.find(form); parsed != sink_.parsed_forms.end()) {
      if (!parsed->second) {  // too big to keep
        if (sink_.spend_content(sink_.drawn_forms[form])) QPDFObjectHandle::parseContentStream(x, &child);
        forget_warnings(x);
        return;
      }
      for (const QPDFObjectHandle& object : *parsed->second) {
        if (sink_.page->too_much_work) break;
        child.handleObject(object);
      }
      child.handleEOF();
      return;
    }
    const bool first_drawing = sink_.drawn_forms.count(form) == 0;
    if (first_drawing) {
      const ParseCost cost = parse_cost(x);
      if (!cost.bytes) {
        sink_.unparseable_forms.emplace(form, cost.why_not);
        sink_.give_up(cost.why_not);
        return;
      }
      sink_.drawn_forms[form] = *cost.bytes;
      if (!sink_.spend_content(*cost.bytes)) return;  // the check's reading
    }
    if (!sink_.spend_content(sink_.drawn_forms[form])) return;
    if (first_drawing) {
      QPDFObjectHandle::parseContentStream(x, &child);
      forget_warnings(x);
      return;
    }
    auto parsed = std::make_shared<ParsedContent>();
    ContentRecorder recorder(child, *parsed, sink_.form_memory);
    QPDFObjectHandle::parseContentStream(x, &recorder);
    forget_warnings(x);
    // Cut short (the page was given up on): not all of it. A form drawn inside its own
    // recording may have been recorded and kept already.
    if (sink_.page->too_much_work || sink_.parsed_forms.count(form) != 0) return;
    if (recorder.overflowed()) {
      sink_.parsed_forms.emplace(form, nullptr);
      return;
    }
    recorder.keep();
    sink_.parsed_forms.emplace(form, std::move(parsed));
  }

  /// Follows operator `op` with the operands gathered since the last one; unknown operators
  /// are passed over.
  void run(std::string_view op) { state_op(op) || path_op(op) || colour_op(op) || text_op(op) || object_op(op); }

  /// Graphics state: q Q cm w gs. False when `op` is none of them.
  bool state_op(std::string_view op) {
    if (op == "q") {
      if (stack_.size() < 1024) stack_.push_back(gs_);
    } else if (op == "Q") {
      if (!stack_.empty()) {
        gs_ = std::move(stack_.back());
        stack_.pop_back();
      }
    } else if (op == "cm") {
      gs_.ctm = then(Matrix{num(0), num(1), num(2), num(3), num(4), num(5)}, gs_.ctm);
    } else if (op == "w") {
      gs_.line_width = num(0);
    } else if (op == "gs" && !operands_.empty() && operands_[0].isName()) {
      graphics_state(operands_[0].getName());
    } else {
      return false;
    }
    return true;
  }

  /// Path construction, clipping and painting: re m l c v y h W W* n f F f* S s B B* b b*.
  /// False when `op` is none of them.
  bool path_op(std::string_view op) {
    if (op == "re") {
      const double x = num(0), y = num(1), w = num(2), h = num(3);
      path_bounds_.add(apply(gs_.ctm, x, y));
      path_bounds_.add(apply(gs_.ctm, x + w, y));
      path_bounds_.add(apply(gs_.ctm, x, y + h));
      path_bounds_.add(apply(gs_.ctm, x + w, y + h));
      if (path_verbs_.size() < 4096) {
        path_verbs_ += 'r';
        path_points_.push_back(apply(gs_.ctm, x, y));
        path_points_.push_back(apply(gs_.ctm, x + w, y + h));
      }
    } else if (op == "m" || op == "l") {
      add_point(op[0], apply(gs_.ctm, num(0), num(1)));
    } else if (op == "c") {
      add_point('c', apply(gs_.ctm, num(0), num(1)));
      add_point(0, apply(gs_.ctm, num(2), num(3)));
      add_point(0, apply(gs_.ctm, num(4), num(5)));
    } else if (op == "v" || op == "y") {
      // One control point given; recorded as a curve with that point twice.
      const render::Point p1 = apply(gs_.ctm, num(0), num(1));
      const render::Point p2 = apply(gs_.ctm, num(2), num(3));
      add_point('c', p1);
      add_point(0, p1);
      add_point(0, p2);
    } else if (op == "h") {
      if (path_verbs_.size() < 4096) path_verbs_ += 'h';
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
    } else {
      return false;
    }
    return true;
  }

  /// Colours and colour spaces: g G rg RG k K cs CS sc scn SC SCN. False when `op` is none of them.
  bool colour_op(std::string_view op) {
    if (op == "g" || op == "G") {
      colour(op == "G", {num(0)});
      (op == "G" ? gs_.stroke_components : gs_.fill_components) = 1;
    } else if (op == "rg" || op == "RG") {
      pdfx_problem("RGB colour (" + std::string(op) + ") on the page");
      colour(op == "RG", {num(0), num(1), num(2)});
      (op == "RG" ? gs_.stroke_components : gs_.fill_components) = 3;
    } else if (op == "k" || op == "K") {
      colour(op == "K", {num(0), num(1), num(2), num(3)});
      (op == "K" ? gs_.stroke_components : gs_.fill_components) = 4;
    } else if (op == "cs" || op == "CS") {
      colour_space(op);
    } else if (op == "sc" || op == "scn" || op == "SC" || op == "SCN") {
      const bool stroke = op[0] == 'S';
      const int n = stroke ? gs_.stroke_components : gs_.fill_components;
      std::vector<double> values = numbers();
      if (n == 0 || static_cast<int>(values.size()) != n) values.clear();  // a pattern or unknown space: full ink
      colour(stroke, values);
    } else {
      return false;
    }
    return true;
  }

  /// Text objects, state, positioning and showing: BT Tf Tc Tw Tz TL Ts Tr Td TD Tm T* Tj ' " TJ.
  /// False when `op` is none of them.
  bool text_op(std::string_view op) {
    if (op == "BT") {
      tm_ = tlm_ = Matrix{};
    } else if (op == "Tf" && !operands_.empty() && operands_[0].isName()) {
      set_font(operands_[0].getName());
      gs_.size = num(1);
    } else if (op == "Tc") {
      gs_.tc = num(0);
    } else if (op == "Tw") {
      gs_.tw = num(0);
    } else if (op == "Tz") {
      gs_.th = num(0) / 100;
    } else if (op == "TL") {
      gs_.tl = num(0);
    } else if (op == "Ts") {
      gs_.rise = num(0);
    } else if (op == "Tr") {
      gs_.text_render_mode = static_cast<int>(num(0));
    } else if (op == "Td") {
      text_move(num(0), num(1));
    } else if (op == "TD") {
      gs_.tl = -num(1);
      text_move(num(0), num(1));
    } else if (op == "Tm") {
      tm_ = tlm_ = Matrix{num(0), num(1), num(2), num(3), num(4), num(5)};
    } else if (op == "T*") {
      text_move(0, -gs_.tl);
    } else if ((op == "Tj" || op == "'") && !operands_.empty() && operands_.back().isString()) {
      if (op == "'") text_move(0, -gs_.tl);
      show({operands_.back()});
    } else if (op == "\"" && operands_.size() == 3 && operands_[2].isString()) {
      gs_.tw = num(0);
      gs_.tc = num(1);
      text_move(0, -gs_.tl);
      show({operands_[2]});
    } else if (op == "TJ" && !operands_.empty() && operands_[0].isArray()) {
      show(operands_[0].getArrayAsVector());
    } else {
      return false;
    }
    return true;
  }

  /// XObjects, inline images and shadings: Do ID EI sh. False when `op` is none of them.
  bool object_op(std::string_view op) {
    if (op == "Do" && !operands_.empty() && operands_[0].isName()) {
      draw(operands_[0].getName());
    } else if (op == "ID") {
      // An inline image's dictionary, as operands of ID: /CS (or /ColorSpace) and its space.
      for (std::size_t k = 0; k + 1 < operands_.size(); ++k) {
        if ((operands_[k].isNameAndEquals("/CS") || operands_[k].isNameAndEquals("/ColorSpace")) &&
            space_components(operands_[k + 1]) == 3) {
          pdfx_problem("an inline image is DeviceRGB");
        }
      }
    } else if (op == "EI") {
      PdfMark mark;
      mark.kind = PdfMark::Kind::image;
      record(std::move(mark), transformed(gs_.ctm, 0, 0, 1, 1));
    } else if (op == "sh") {
      if (!operands_.empty() && operands_[0].isName()) {
        QPDFObjectHandle shading = resource("/Shading", operands_[0].getName());
        QPDFObjectHandle dict = shading.isStream() ? shading.getDict() : shading;
        if (dict.isDictionary() && space_components(dict.getKey("/ColorSpace")) == 3) {
          pdfx_problem("shading " + operands_[0].getName().substr(1) + " is RGB");
        }
      }
      PdfMark mark;
      mark.kind = PdfMark::Kind::shading;
      Bounds b;
      b.add({gs_.clip.left, gs_.clip.bottom});
      b.add({gs_.clip.right, gs_.clip.top});
      record(std::move(mark), b);
    } else {
      return false;
    }
    return true;
  }

  QPDFObjectHandle resources_;
  GraphicsState gs_;
  PageSink& sink_;
  int depth_ = 0;
  std::vector<QPDFObjectHandle> operands_;
  std::vector<GraphicsState> stack_;
  Bounds path_bounds_;
  std::vector<render::Point> path_points_;
  std::string path_verbs_;
  bool clip_pending_ = false;
  Matrix tm_, tlm_;
};

}  // namespace

void scan_page_content(QPDFObjectHandle page, QPDFObjectHandle resources, const GraphicsState& start, PageSink& sink) {
  ContentScan content(resources, start, sink, 0);
  page.parsePageContents(&content);
}

}  // namespace puzzlepress::book::pdf
