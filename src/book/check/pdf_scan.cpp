// One of the three files that use qpdf (with pdf_check.cpp and pdfx.cpp): this one follows a
// PDF's content streams and records what they print (pdf_scan.h).
#include "book/check/pdf_scan.h"
#include "book/check/pdf_fonts.h"

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/Buffer.hh>
#include <qpdf/BufferInputSource.hh>
#include <qpdf/Pipeline.hh>
#include <qpdf/QPDFTokenizer.hh>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

#include "util/files.h"
#include "util/text.h"

namespace puzzlepress::book {
namespace {

/// Fill paths whose box is at most this wide and tall (points) keep their segments (shapes in
/// cells); larger ones keep only their box.
constexpr double kKeptPathExtentPt = 144;

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

render::Point apply(const Matrix& m, double x, double y) { return {m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f}; }

/// How much a matrix scales lengths (the square root of its area scale).
double scale_of(const Matrix& m) { return std::sqrt(std::abs(m.a * m.d - m.b * m.c)); }

struct Bounds {
  double left = INFINITY, bottom = INFINITY, right = -INFINITY, top = -INFINITY;
  void add(render::Point p) {
    left = std::min(left, p.x);
    bottom = std::min(bottom, p.y);
    right = std::max(right, p.x);
    top = std::max(top, p.y);
  }
  bool empty() const { return !(left <= right && bottom <= top); }
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
  if (!(r.left <= r.right && r.bottom <= r.top)) return std::nullopt;
  return r;
}

double number_or(QPDFObjectHandle h, double fallback) {
  if (!h.isNumber()) return fallback;
  const double v = h.getNumericValue();
  return std::isfinite(v) ? v : fallback;
}

std::optional<render::Box> rectangle(QPDFObjectHandle h) {
  if (!h.isRectangle()) return std::nullopt;
  const QPDFObjectHandle::Rectangle r = h.getArrayAsRectangle();
  return render::Box{std::min(r.llx, r.urx), std::min(r.lly, r.ury), std::max(r.llx, r.urx), std::max(r.lly, r.ury)};
}


/// What text placement needs of a font: advance widths by code, ascent and descent.
struct FontMetrics {
  bool two_byte = false;          ///< Type0: two-byte codes
  std::map<long, double> widths;  ///< code -> width, 1/1000 em
  double default_width = 0;
  double ascent = 0.8;   ///< em
  double descent = -0.2;  ///< em

  double width(long code) const {
    const auto it = widths.find(code);
    return it == widths.end() ? default_width : it->second;
  }
};

/// Width entries read from one font at most (a hostile /W cannot fill memory).
constexpr long kMaxWidthEntries = 0x10000;

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
      QPDFObjectHandle w = cid.getKey("/W");  // [c [w1 w2 …]] or [c_first c_last w]
      const int n = w.isArray() ? w.getArrayNItems() : 0;
      for (int i = 0; i + 1 < n && static_cast<long>(out.widths.size()) < kMaxWidthEntries;) {
        QPDFObjectHandle first = w.getArrayItem(i);
        QPDFObjectHandle next = w.getArrayItem(i + 1);
        if (!first.isNumber()) break;
        const long code = static_cast<long>(std::clamp(number_or(first, 0), 0.0, 65535.0));
        if (next.isArray()) {
          for (int k = 0; k < next.getArrayNItems() && k < kMaxWidthEntries; ++k) {
            out.widths[code + k] = number_or(next.getArrayItem(k), 0);
          }
          i += 2;
        } else if (i + 2 < n && next.isNumber()) {
          const long last = static_cast<long>(std::clamp(number_or(next, 0), 0.0, 65535.0));
          const double width = number_or(w.getArrayItem(i + 2), 0);
          for (long k = code; k <= last; ++k) out.widths[k] = width;
          i += 3;
        } else {
          break;
        }
      }
    }
  } else {
    const long first = static_cast<long>(std::clamp(number_or(font.getKey("/FirstChar"), 0), 0.0, 255.0));
    QPDFObjectHandle widths = font.getKey("/Widths");
    for (int k = 0; widths.isArray() && k < widths.getArrayNItems() && k < 256; ++k) {
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

/// Ink of a colour given by `n` components (1 grey, 3 RGB, 4 CMYK); 1 when it cannot tell.
double ink_of(const std::vector<double>& c) {
  const auto unit = [](double v) { return std::clamp(v, 0.0, 1.0); };
  if (c.size() == 1) return 1 - unit(c[0]);
  if (c.size() == 3) return 1 - (0.299 * unit(c[0]) + 0.587 * unit(c[1]) + 0.114 * unit(c[2]));
  if (c.size() == 4) return std::max({unit(c[0]), unit(c[1]), unit(c[2]), unit(c[3])});
  return 1;
}

/// Gathers a content stream's decoded bytes up to kMaxContentStreamBytes; past that it stops
/// the decoding by throwing Exceeded (qpdf passes it through).
class CappedBytes final : public Pipeline {
 public:
  struct Exceeded {};  // not a std::exception: nothing on the way takes it for an error of its own
  explicit CappedBytes(std::string& into) : Pipeline("content stream", nullptr), into_(into) {}
  void write(unsigned char const* data, std::size_t length) override {
    if (length > kMaxContentStreamBytes - into_.size()) {
      exceeded_ = true;
      throw Exceeded{};
    }
    into_.append(reinterpret_cast<const char*>(data), length);
  }
  void finish() override {}
  bool exceeded() const { return exceeded_; }

 private:
  std::string& into_;
  bool exceeded_ = false;
};

/// The decoded bytes of `contents` (a content stream, or a page's array of them, each followed
/// by a newline as qpdf joins them), or nothing when they pass kMaxContentStreamBytes. A stream
/// that does not decode gives what it gave: qpdf's parse raises its error later.
std::optional<std::string> decoded_content(QPDFObjectHandle contents) {
  std::string bytes;
  CappedBytes capped(bytes);
  const auto add = [&](QPDFObjectHandle stream) {
    if (!stream.isStream()) return;
    try {
      stream.pipeStreamData(&capped, 0, qpdf_dl_specialized, true);
    } catch (const CappedBytes::Exceeded&) {
    } catch (...) {
    }
    if (!capped.exceeded() && bytes.size() < kMaxContentStreamBytes) bytes += '\n';
  };
  if (contents.isArray()) {
    for (int i = 0; i < contents.getArrayNItems() && !capped.exceeded(); ++i) add(contents.getArrayItem(i));
  } else {
    add(contents);
  }
  if (capped.exceeded()) return std::nullopt;
  return bytes;
}

/// Why qpdf (and poppler after it) cannot parse `bytes` as content within bounds, or "" when
/// it can: no operand (an array or dictionary,
/// all it nests) holds more than kMaxOperandObjects objects, and at most kMaxStrayTokens tokens
/// are bad or out of place (qpdf keeps a warning for each, even with warnings suppressed: 8 MiB
/// of `}` took 2.8 GB; likewise a dictionary key that is no name or is given twice, a key
/// without a value, a name's bad `#` escape), an operator's operands past
/// kMaxOperandsPerOperator counted among them. Tokens are read with qpdf's own tokenizer and nested as its parser
/// nests them: only `]` closes an array, only `>>` a dictionary; braces, bad tokens and stray
/// closers are nulls; inline image data after ID is one token.
std::string beyond_parser_bounds(std::string& bytes, std::size_t& operators) {  // operators and operands
  Buffer buffer(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size());
  const auto input = std::make_shared<BufferInputSource>("content stream", &buffer);
  QPDFTokenizer tokenizer;
  tokenizer.allowEOF();
  struct Open {
    bool array = true;
    std::size_t items = 0;
    std::set<std::string> keys;  ///< a dictionary's (qpdf warns about a key given twice)
  };
  std::vector<Open> open;
  std::size_t operand_objects = 0;
  std::size_t operands = 0;  // since the last operator
  std::size_t stray = 0;
  // One object (`name`: a name's value, else null): in a dictionary, every other one is a key
  // that qpdf warns about unless it is a name not seen before.
  const auto object = [&](const std::string* name) {
    if (open.empty()) {
      ++operators;  // (and operands: all a scan follows)
      if (++operands > kMaxOperandsPerOperator) ++stray;  // poppler warns about each: 8 million numbers took it 15 s
      return;
    }
    ++operand_objects;
    Open& in = open.back();
    if (!in.array && in.items % 2 == 0 && (name == nullptr || !in.keys.insert(*name).second)) ++stray;
    ++in.items;
  };
  const auto close = [&](bool array) {
    if (!open.empty() && open.back().array == array) {
      if (!array && open.back().items % 2 != 0) ++stray;  // a key without a value
      open.pop_back();
      if (open.empty()) operand_objects = 0;
    } else {
      ++stray;  // a null
      if (!open.empty()) object(nullptr);
    }
  };
  // A name's `#` must start two hex digits, not 00 (qpdf warns otherwise).
  const auto bad_escape = [](const std::string& raw) {
    for (std::size_t i = raw.find('#'); i != std::string::npos; i = raw.find('#', i + 1)) {
      if (i + 2 >= raw.size() || !std::isxdigit(static_cast<unsigned char>(raw[i + 1])) ||
          !std::isxdigit(static_cast<unsigned char>(raw[i + 2])) || (raw[i + 1] == '0' && raw[i + 2] == '0')) {
        return true;
      }
    }
    return false;
  };
  for (;;) {
    const QPDFTokenizer::Token token = tokenizer.readToken(input, "content stream", true);
    switch (token.getType()) {
      case QPDFTokenizer::tt_eof:
        return "";
      case QPDFTokenizer::tt_array_open:
      case QPDFTokenizer::tt_dict_open:
        object(nullptr);
        open.push_back({token.getType() == QPDFTokenizer::tt_array_open, 0, {}});
        break;
      case QPDFTokenizer::tt_array_close:
        close(true);
        break;
      case QPDFTokenizer::tt_dict_close:
        close(false);
        break;
      case QPDFTokenizer::tt_bad:
      case QPDFTokenizer::tt_brace_open:
      case QPDFTokenizer::tt_brace_close:
        ++stray;  // a null
        if (!open.empty()) object(nullptr);
        break;
      case QPDFTokenizer::tt_name:
        if (bad_escape(token.getRawValue())) ++stray;
        object(&token.getValue());
        break;
      case QPDFTokenizer::tt_word:
        if (open.empty()) {
          ++operators;
          operands = 0;
          if (token.getValue() == "ID") {  // the byte after ID, then the image data
            char after = 0;
            input->read(&after, 1);
            tokenizer.expectInlineImage(input);
            if (tokenizer.readToken(input, "content stream", true).getType() == QPDFTokenizer::tt_bad) ++stray;
          }
          break;
        }
        object(nullptr);
        break;
      default:
        object(nullptr);
    }
    if (operand_objects > kMaxOperandObjects) {
      return "an operand of more than " + std::to_string(kMaxOperandObjects) + " objects in a content stream";
    }
    if (stray > kMaxStrayTokens) {
      return "more than " + std::to_string(kMaxStrayTokens) + " bad or stray tokens in a content stream";
    }
  }
}

/// Drops the warnings qpdf kept while reading `object`'s file (it keeps them even when told not
/// to print them; a scan never reads them).
void forget_warnings(QPDFObjectHandle object) {
  if (QPDF* owner = object.getOwningQPDF()) (void)owner->getWarnings();
}

/// What reading a content stream costs against the file's content budget
/// (kContentBytesPerOperator), or why it is not read.
struct ParseCost {
  std::optional<std::size_t> bytes;
  std::string why_not;  ///< when not: too_much_to_follow's words
};

/// The cost of reading `contents` (a content stream or a page's array of them) when qpdf can
/// parse it within bounds (kMaxContentStreamBytes, beyond_parser_bounds). It is decoded and
/// tokenized here once more before qpdf decodes and parses it.
ParseCost parse_cost(QPDFObjectHandle contents) {
  if (!contents.isStream() && !contents.isArray()) return {0, ""};
  std::optional<std::string> bytes = decoded_content(contents);
  forget_warnings(contents);
  if (!bytes) return {std::nullopt, "a content stream that decodes to more than " + std::to_string(kMaxContentStreamBytes >> 20) + " MiB"};
  std::size_t operators = 0;
  std::string why_not = beyond_parser_bounds(*bytes, operators);
  if (!why_not.empty()) return {std::nullopt, std::move(why_not)};
  // As many as a page follows at most (qpdf decodes a stream whole before it parses any).
  const std::size_t explained = std::min(bytes->size(), std::min(operators, kMaxOperationsPerPage) * kContentBytesPerOperator);
  return {bytes->size() - explained, ""};
}

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

/// Everything a scan of one page shares across the forms it follows.
struct PageSink {
  PdfPageScan* page = nullptr;
  std::map<std::string, int>* first_use_of_unembedded = nullptr;  ///< font name -> page
  std::set<QPDFObjGen> checked_fonts;
  /// Fonts read so far (a page sets its fonts often; the file keeps them as indirect objects).
  std::map<QPDFObjGen, std::shared_ptr<const FontMetrics>> fonts;
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
  std::size_t file_content_bytes = 0;  ///< parse_cost of the content read so far, each reading counted
  std::size_t content_budget = kMinContentBudgetBytes;  ///< set per file (kContentBudgetPerFileByte)

  /// Counts drawing a form of `bytes` (its stream's /Length); false (and the page flagged) once
  /// a budget is spent.
  bool spend_form(std::size_t bytes) {
    if (page->too_much_work) return false;
    file_form_bytes += bytes;
    if (++page_form_draws > kMaxFormDrawsPerPage) return give_up("more than " + std::to_string(kMaxFormDrawsPerPage) + " forms drawn on the page");
    if (++file_form_draws > kMaxFormDrawsPerFile) return give_up("more than " + std::to_string(kMaxFormDrawsPerFile) + " forms drawn in the file");
    if (file_form_bytes > kMaxFormBytesPerFile) return give_up("more than " + std::to_string(kMaxFormBytesPerFile >> 20) + " MiB of forms drawn in the file");
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
    for (QPDFObjectHandle& item : items) {
      if (item.isNumber()) {
        advance -= number_or(item, 0) / 1000 * gs_.size * gs_.th;
        continue;
      }
      if (!item.isString()) continue;
      const std::string bytes = item.getStringValue();
      for (std::size_t i = 0; i + step <= bytes.size(); i += step) {
        const long code = step == 2 ? (static_cast<unsigned char>(bytes[i]) << 8) | static_cast<unsigned char>(bytes[i + 1])
                                    : static_cast<unsigned char>(bytes[i]);
        advance += (gs_.font->width(code) / 1000 * gs_.size + gs_.tc + (step == 1 && code == 32 ? gs_.tw : 0)) * gs_.th;
        if (shown.size() < 60) util::append_utf8(shown, static_cast<char32_t>(code));
      }
    }
    const Matrix to_page = then(tm_, gs_.ctm);
    if (gs_.text_render_mode != 3 && gs_.text_render_mode != 7) {
      PdfMark mark;
      mark.kind = PdfMark::Kind::text;
      mark.ink = gs_.fill_ink;
      mark.text = std::move(shown);
      mark.text_size_pt = std::abs(gs_.size) * scale_of(to_page);
      const double low = gs_.font->descent * gs_.size + gs_.rise;
      const double high = gs_.font->ascent * gs_.size + gs_.rise;
      record(std::move(mark), transformed(to_page, std::min(0.0, advance), low, std::max(0.0, advance), high));
    }
    tm_ = then(Matrix{1, 0, 0, 1, advance, 0}, tm_);
  }

  void set_font(const std::string& name) {
    QPDFObjectHandle font = resource("/Font", name);
    if (!font.isIndirect()) {
      gs_.font = std::make_shared<const FontMetrics>(read_font(font));
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
    if (n == 3 && operands_[0].isName()) pdfx_problem("RGB colour (" + std::string(op) + " " + operands_[0].getName() + ") on the page");
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
    if (dict.hasKey("/SMask") && !dict.getKey("/SMask").isNull()) pdfx_problem("transparency (" + what + " has a soft mask)");
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

  void run(std::string_view op) {
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
    } else if (op == "re") {
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
    } else if (op == "g" || op == "G") {
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
    } else if (op == "BT") {
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
    } else if (op == "Do" && !operands_.empty() && operands_[0].isName()) {
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
    }
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

PdfScan scan(QPDF& qpdf, std::size_t file_bytes) {
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
    ContentScan content(helper.getAttribute("/Resources", false), start, sink, 0);
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
      pages[i].parsePageContents(&content);
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

// book/check/pdf_fonts.h
std::string font_name(QPDFObjectHandle font) {
  QPDFObjectHandle base = font.isDictionary() ? font.getKey("/BaseFont") : QPDFObjectHandle::newNull();
  if (base.isName() && base.getName().size() > 1) return base.getName().substr(1);
  return "(unnamed)";
}

bool has_font_file(QPDFObjectHandle descriptor) {
  return descriptor.isDictionary() &&
         (descriptor.hasKey("/FontFile") || descriptor.hasKey("/FontFile2") || descriptor.hasKey("/FontFile3"));
}

bool font_embedded(QPDFObjectHandle font) {
  if (!font.isDictionary()) return false;
  QPDFObjectHandle subtype = font.getKey("/Subtype");
  if (subtype.isNameAndEquals("/Type3")) return true;
  if (subtype.isNameAndEquals("/Type0")) {
    QPDFObjectHandle descendants = font.getKey("/DescendantFonts");
    if (!descendants.isArray() || descendants.getArrayNItems() < 1) return false;
    QPDFObjectHandle cid = descendants.getArrayItem(0);
    return cid.isDictionary() && has_font_file(cid.getKey("/FontDescriptor"));
  }
  return has_font_file(font.getKey("/FontDescriptor"));
}

std::string too_much_to_follow(const PdfPageScan& page) {
  return "too much to follow (" + page.too_much_why + "); the rest was not looked into";
}

util::Result<PdfScan> scan_pdf(std::string_view bytes) {
  using R = util::Result<PdfScan>;
  try {
    QPDF qpdf;
    qpdf.setSuppressWarnings(true);
    qpdf.processMemoryFile("PDF", bytes.data(), bytes.size());
    return R::success(scan(qpdf, bytes.size()));
  } catch (const QPDFExc& e) {
    if (e.getErrorCode() == qpdf_e_password) return R::failure("encrypted with a password: cannot read its pages");
    return R::failure("not a PDF: " + e.getMessageDetail());
  } catch (const std::exception& e) {
    return R::failure(std::string("not a PDF: ") + e.what());
  }
}

util::Result<std::string> read_pdf_file(const std::string& path) {
  return util::read_regular_file(path, kMaxPdfBytes);
}

}  // namespace puzzlepress::book
