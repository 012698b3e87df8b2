#include "book/check/pdf_parse_cost.h"

#include <qpdf/Buffer.hh>
#include <qpdf/BufferInputSource.hh>
#include <qpdf/Pipeline.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFTokenizer.hh>

#include <algorithm>
#include <cctype>
#include <memory>
#include <set>
#include <vector>

#include "book/check/pdf_scan.h"

namespace puzzlepress::book::pdf {
namespace {

/// Gathers a stream's decoded bytes up to `limit`; past that it stops the decoding by throwing
/// Exceeded (qpdf passes it through).
class CappedBytes final : public Pipeline {
 public:
  struct Exceeded {};  // not a std::exception: nothing on the way takes it for an error of its own
  CappedBytes(std::string& into, std::size_t limit) : Pipeline("stream", nullptr), into_(into), limit_(limit) {}
  void write(unsigned char const* data, std::size_t length) override {
    if (into_.size() > limit_ || length > limit_ - into_.size()) {
      exceeded_ = true;
      throw Exceeded{};
    }
    into_.append(reinterpret_cast<const char*>(data), length);
  }
  void finish() override {}
  bool exceeded() const { return exceeded_; }

 private:
  std::string& into_;
  std::size_t limit_;
  bool exceeded_ = false;
};

/// The decoded bytes of `contents` (a content stream, or a page's array of them, each followed
/// by a newline as qpdf joins them), or nothing when they pass kMaxContentStreamBytes. A stream
/// that does not decode gives what it gave: qpdf's parse raises its error later.
std::optional<std::string> decoded_content(QPDFObjectHandle contents) {
  std::string bytes;
  CappedBytes capped(bytes, kMaxContentStreamBytes);
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
      ++operators;                                        // (and operands: all a scan follows)
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
      case QPDFTokenizer::tt_eof: return "";
      case QPDFTokenizer::tt_array_open:
      case QPDFTokenizer::tt_dict_open:
        object(nullptr);
        open.push_back({token.getType() == QPDFTokenizer::tt_array_open, 0, {}});
        break;
      case QPDFTokenizer::tt_array_close: close(true); break;
      case QPDFTokenizer::tt_dict_close: close(false); break;
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
      default: object(nullptr);
    }
    if (operand_objects > kMaxOperandObjects) {
      return "an operand of more than " + std::to_string(kMaxOperandObjects) + " objects in a content stream";
    }
    if (stray > kMaxStrayTokens) {
      return "more than " + std::to_string(kMaxStrayTokens) + " bad or stray tokens in a content stream";
    }
  }
}

}  // namespace

void forget_warnings(QPDFObjectHandle object) {
  if (QPDF* owner = object.getOwningQPDF()) (void)owner->getWarnings();
}

ParseCost parse_cost(QPDFObjectHandle contents) {
  if (!contents.isStream() && !contents.isArray()) return {0, ""};
  std::optional<std::string> bytes = decoded_content(contents);
  forget_warnings(contents);
  if (!bytes)
    return {std::nullopt,
            "a content stream that decodes to more than " + std::to_string(kMaxContentStreamBytes >> 20) + " MiB"};
  std::size_t operators = 0;
  std::string why_not = beyond_parser_bounds(*bytes, operators);
  if (!why_not.empty()) return {std::nullopt, std::move(why_not)};
  // As many as a page follows at most (qpdf decodes a stream whole before it parses any).
  const std::size_t explained =
      std::min(bytes->size(), std::min(operators, kMaxOperationsPerPage) * kContentBytesPerOperator);
  return {bytes->size() - explained, ""};
}

std::optional<std::string> decoded_stream(QPDFObjectHandle stream, std::size_t max_bytes) {
  if (!stream.isStream()) return std::nullopt;
  std::string bytes;
  CappedBytes capped(bytes, max_bytes);
  try {
    if (!stream.pipeStreamData(&capped, 0, qpdf_dl_specialized, true)) return std::nullopt;
  } catch (...) {
    return std::nullopt;
  }
  return bytes;
}

}  // namespace puzzlepress::book::pdf
