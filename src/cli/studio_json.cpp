#include "cli/studio_json.h"

#include <cstdio>

#include "book/check/pdf_reader.h"
#include "book/check/thumbnail.h"

namespace puzzlepress::cli {
namespace {

std::string rect_json(const render::Box& box) {
  return "[" + json_number(box.left) + "," + json_number(box.bottom) + "," + json_number(box.right) + "," +
         json_number(box.top) + "]";
}

std::string cover_json(const std::optional<book::CoverGeometry>& g) {
  if (!g) return "null";
  return "{\"width\":" + json_number(g->width_pt) + ",\"height\":" + json_number(g->height_pt) +
         ",\"trim\":" + rect_json(g->trim) + ",\"back\":" + rect_json(g->back) + ",\"spine\":" + rect_json(g->spine) +
         ",\"front\":" + rect_json(g->front) + ",\"back_safe\":" + rect_json(g->back_safe) +
         ",\"front_safe\":" + rect_json(g->front_safe) + ",\"spine_safe\":" +
         // A spine too thin for text has no safe zone (its box is inside out): null.
         (g->spine_safe.width() > 0 ? rect_json(g->spine_safe) : std::string("null")) +
         ",\"barcode\":" + (g->barcode ? rect_json(*g->barcode) : std::string("null")) + "}";
}

std::string kdp_json(const book::StudioFacts& f) {
  if (!f.kdp_price || !f.kdp_royalty) return "null";
  return "{\"marketplace\":" + json_string(f.kdp_price->marketplace) +
         ",\"currency\":" + json_string(f.kdp_price->currency) +
         ",\"printing_cost\":" + json_number(f.kdp_price->printing_cost()) +
         ",\"min_list_price\":" + json_number(f.kdp_price->min_list_price()) +
         ",\"threshold\":" + json_number(f.kdp_royalty->threshold) +
         ",\"low_percent\":" + std::to_string(f.kdp_royalty->low_percent) +
         ",\"high_percent\":" + std::to_string(f.kdp_royalty->high_percent) + "}";
}

std::string unmeasured(std::string_view why) { return "{\"measured\":false,\"summary\":" + json_string(why) + "}"; }

}  // namespace

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
          out += escaped;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string json_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", value);
  std::string s = text;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string json_list(const std::vector<std::string>& items) {
  std::string list = "[";
  for (std::size_t i = 0; i < items.size(); ++i) list += (i ? "," : "") + json_string(items[i]);
  return list + "]";
}

std::string facts_json(const book::StudioFacts& f) {
  return "{\"page_count\":" + std::to_string(f.page_count) + ",\"spine_in\":" + json_number(f.spine_in) +
         ",\"trim\":" + json_string(f.trim_name) + ",\"page_width_pt\":" + json_number(f.page_width_pt) +
         ",\"page_height_pt\":" + json_number(f.page_height_pt) + ",\"has_cover\":" + (f.has_cover ? "true" : "false") +
         ",\"puzzle_count\":" + std::to_string(f.puzzle_count) + ",\"page_kinds\":" + json_list(f.page_kinds) +
         ",\"cover\":" + cover_json(f.cover) + ",\"kdp\":" + kdp_json(f) + "}";
}

std::string thumbnail_json(const book::StudioSession& session, const book::Book& book) {
  if (!book.cover) return unmeasured("the spec has no cover");
  const util::Result<std::string> pdf = session.cover_pdf(book);
  if (!pdf) return unmeasured(pdf.error());
  const util::Result<book::PdfTextReader> reader = book::PdfTextReader::open(*pdf);
  if (!reader) return unmeasured(reader.error());
  const render::Box& f = book.cover->geometry.front;
  const book::ThumbnailReport r =
      book::check_thumbnail(*reader, book::RectPt{f.left, f.bottom, f.width(), f.height()}, book.info.title);
  return std::string("{\"measured\":") + (r.measured ? "true" : "false") +
         ",\"cap_height_px\":" + json_number(r.cap_height_px) + ",\"contrast\":" + json_number(r.contrast) +
         ",\"ok\":" + (r.measured && r.warnings.empty() ? "true" : "false") + ",\"summary\":" + json_string(r.summary) +
         ",\"warnings\":" + json_list(r.warnings) + ",\"height_px\":" + std::to_string(book::kThumbnailHeightPx) +
         ",\"min_cap_px\":" + json_number(book::kMinThumbnailCapPx) +
         ",\"min_contrast\":" + json_number(book::kMinThumbnailContrast) + "}";
}

}  // namespace puzzlepress::cli
