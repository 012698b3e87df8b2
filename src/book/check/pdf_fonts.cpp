#include "book/check/pdf_fonts.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>
#include <optional>
#include <string>

#include "book/check/pdf_parse_cost.h"
#include "util/text.h"

namespace puzzlepress::book {

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

FontMetrics read_font(QPDFObjectHandle font, bool glyph_map) {
  FontMetrics out;
  if (!font.isDictionary()) return out;
  out.name = font_name(font);
  QPDFObjectHandle descriptor = font.getKey("/FontDescriptor");
  if (font.getKey("/Subtype").isNameAndEquals("/Type0")) {
    out.two_byte = true;
    QPDFObjectHandle descendants = font.getKey("/DescendantFonts");
    QPDFObjectHandle cid = descendants.isArray() && descendants.getArrayNItems() > 0 ? descendants.getArrayItem(0)
                                                                                     : QPDFObjectHandle::newNull();
    if (cid.isDictionary()) {
      descriptor = cid.getKey("/FontDescriptor");
      QPDFObjectHandle map_stream = cid.getKey("/CIDToGIDMap");
      if (glyph_map && map_stream.isStream()) {
        if (std::optional<std::string> map = pdf::decoded_stream(map_stream, kMaxCidToGidBytes)) {
          out.glyph_of_cid = std::make_shared<const std::string>(std::move(*map));
        }
      }
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
  if (glyph_map && font.getKey("/ToUnicode").isStream()) {
    if (std::optional<std::string> cmap = pdf::decoded_stream(font.getKey("/ToUnicode"), kMaxToUnicodeBytes)) {
      if (std::optional<ToUnicode> map = ToUnicode::parse(*cmap))
        out.to_unicode = std::make_shared<const ToUnicode>(std::move(*map));
    }
  }
  if (descriptor.isDictionary()) {
    out.ascent = number_or(descriptor.getKey("/Ascent"), 800) / 1000;
    out.descent = number_or(descriptor.getKey("/Descent"), -200) / 1000;
  }
  return out;
}

namespace {

// The tokens of a CMap that bfchar and bfrange use: <hex>, [, ], and words.
struct CMapTokens {
  std::string_view text;
  std::size_t at = 0;

  // The next token: "<...>" (with its brackets), "[", "]", or a word; empty at the end.
  std::string_view next() {
    while (at < text.size() && (std::isspace(static_cast<unsigned char>(text[at])) || text[at] == '%')) {
      if (text[at] == '%') {
        while (at < text.size() && text[at] != '\n' && text[at] != '\r') ++at;
      } else {
        ++at;
      }
    }
    if (at >= text.size()) return {};
    const std::size_t start = at;
    if (text[at] == '<') {
      const std::size_t close = text.find('>', at);
      at = close == std::string_view::npos ? text.size() : close + 1;
    } else if (text[at] == '[' || text[at] == ']') {
      ++at;
    } else {
      while (at < text.size() && !std::isspace(static_cast<unsigned char>(text[at])) && text[at] != '<' &&
             text[at] != '[' && text[at] != ']') {
        ++at;
      }
    }
    return text.substr(start, at - start);
  }
};

// The bytes of a "<hex>" token, or nothing for anything else (odd digits: a trailing 0).
std::optional<std::string> hex_bytes(std::string_view token) {
  if (token.size() < 2 || token.front() != '<' || token.back() != '>') return std::nullopt;
  std::string digits;
  for (const char c : token.substr(1, token.size() - 2)) {
    if (std::isxdigit(static_cast<unsigned char>(c))) digits += c;
    else if (!std::isspace(static_cast<unsigned char>(c))) return std::nullopt;
  }
  if (digits.size() % 2 != 0) digits += '0';
  std::string out;
  for (std::size_t i = 0; i < digits.size(); i += 2) {
    out.push_back(static_cast<char>(std::stoi(digits.substr(i, 2), nullptr, 16)));
  }
  return out;
}

std::optional<long> code_of(std::string_view token) {
  const std::optional<std::string> bytes = hex_bytes(token);
  if (!bytes || bytes->empty() || bytes->size() > 2) return std::nullopt;
  long code = 0;
  for (const char c : *bytes) code = code * 256 + static_cast<unsigned char>(c);
  return code;
}

// UTF-16BE (surrogate pairs joined) as UTF-8; nothing for a lone surrogate or odd bytes.
std::optional<std::string> utf8_of_utf16(const std::string& bytes) {
  if (bytes.empty() || bytes.size() % 2 != 0) return std::nullopt;
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 2) {
    char32_t unit = (static_cast<unsigned char>(bytes[i]) << 8) | static_cast<unsigned char>(bytes[i + 1]);
    if (unit >= 0xD800 && unit < 0xDC00) {
      if (i + 3 >= bytes.size()) return std::nullopt;
      const char32_t low = (static_cast<unsigned char>(bytes[i + 2]) << 8) | static_cast<unsigned char>(bytes[i + 3]);
      if (low < 0xDC00 || low > 0xDFFF) return std::nullopt;
      unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
      i += 2;
    } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
      return std::nullopt;
    }
    util::append_utf8(out, unit);
  }
  return out;
}

// `bytes` with its last UTF-16 unit raised by `step` (a bfrange's destinations run on).
std::string advanced(std::string bytes, long step) {
  if (bytes.size() < 2) return bytes;
  long last = (static_cast<unsigned char>(bytes[bytes.size() - 2]) << 8) | static_cast<unsigned char>(bytes.back());
  last += step;
  bytes[bytes.size() - 2] = static_cast<char>((last >> 8) & 0xFF);
  bytes.back() = static_cast<char>(last & 0xFF);
  return bytes;
}

}  // namespace

std::optional<ToUnicode> ToUnicode::parse(std::string_view cmap) {
  ToUnicode out;
  CMapTokens tokens{cmap};
  const auto full = [&] { return static_cast<long>(out.single_.size() + out.ranges_.size()) > kMaxToUnicodeCodes; };
  for (std::string_view token = tokens.next(); !token.empty(); token = tokens.next()) {
    if (token == "beginbfchar") {
      for (std::string_view src = tokens.next(); !src.empty() && src != "endbfchar"; src = tokens.next()) {
        const std::optional<long> code = code_of(src);
        const std::optional<std::string> dst = hex_bytes(tokens.next());
        if (!code || !dst) return std::nullopt;
        out.single_[*code] = *dst;
        if (full()) return std::nullopt;
      }
    } else if (token == "beginbfrange") {
      for (std::string_view lo_token = tokens.next(); !lo_token.empty() && lo_token != "endbfrange";
           lo_token = tokens.next()) {
        const std::optional<long> lo = code_of(lo_token);
        const std::optional<long> hi = code_of(tokens.next());
        if (!lo || !hi || *hi < *lo) return std::nullopt;
        const std::string_view dst = tokens.next();
        if (dst == "[") {
          long code = *lo;
          for (std::string_view item = tokens.next(); item != "]"; item = tokens.next(), ++code) {
            const std::optional<std::string> bytes = hex_bytes(item);
            if (!bytes || code > *hi) return std::nullopt;
            out.single_[code] = *bytes;
            if (full()) return std::nullopt;
          }
        } else {
          const std::optional<std::string> start = hex_bytes(dst);
          if (!start) return std::nullopt;
          out.ranges_.push_back({*lo, *hi, *start});
          if (full()) return std::nullopt;
        }
      }
    }
  }
  if (out.single_.empty() && out.ranges_.empty()) return std::nullopt;
  std::sort(out.ranges_.begin(), out.ranges_.end(), [](const Range& a, const Range& b) { return a.low < b.low; });
  return out;
}

std::optional<std::string> ToUnicode::find(long code) const {
  if (const auto it = single_.find(code); it != single_.end()) return utf8_of_utf16(it->second);
  auto it = std::upper_bound(ranges_.begin(), ranges_.end(), code, [](long c, const Range& r) { return c < r.low; });
  if (it == ranges_.begin()) return std::nullopt;
  --it;
  if (code > it->high) return std::nullopt;
  return utf8_of_utf16(advanced(it->first, code - it->low));
}

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

}  // namespace puzzlepress::book
