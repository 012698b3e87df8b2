// What reading a content stream costs a scan, measured before qpdf reads it (internal to
// book/check): decoded within kMaxContentStreamBytes, tokenized with qpdf's own tokenizer
// within the operand and stray-token bounds (pdf_scan.h), and charged against the file's
// content budget. A stream past any bound is never handed to qpdf's parser (nor to poppler).
#pragma once

#include <qpdf/QPDFObjectHandle.hh>

#include <cstddef>
#include <optional>
#include <string>

namespace puzzlepress::book::pdf {

/// What reading a content stream costs against the file's content budget
/// (kContentBytesPerOperator), or why it is not read.
struct ParseCost {
  std::optional<std::size_t> bytes;
  std::string why_not;  ///< when not: too_much_to_follow's words
};

/// The cost of reading `contents` (a content stream or a page's array of them) when qpdf can
/// parse it within bounds (kMaxContentStreamBytes, and the operand and stray-token bounds). It
/// is decoded and tokenized here once more before qpdf decodes and parses it.
ParseCost parse_cost(QPDFObjectHandle contents);

/// `stream`'s decoded bytes, or nothing when it is no stream, does not decode, or decodes to
/// more than `max_bytes` (decoding stops there: a flate bomb costs `max_bytes`).
std::optional<std::string> decoded_stream(QPDFObjectHandle stream, std::size_t max_bytes);

/// Drops the warnings qpdf kept while reading `object`'s file (it keeps them even when told not
/// to print them; a scan never reads them).
void forget_warnings(QPDFObjectHandle object);

}  // namespace puzzlepress::book::pdf
