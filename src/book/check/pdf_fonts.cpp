#include "book/check/pdf_fonts.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <string>

#include "book/check/pdf_parse_cost.h"

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
  if (descriptor.isDictionary()) {
    out.ascent = number_or(descriptor.getKey("/Ascent"), 800) / 1000;
    out.descent = number_or(descriptor.getKey("/Descent"), -200) / 1000;
  }
  return out;
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
