#include "book/cover/cover.h"

#include <algorithm>
#include <cmath>

#include "book/cover/cover_parts.h"
#include "book/kdp/format_pt.h"
#include "render/pieces.h"

namespace puzzlepress::book {

using namespace cover_parts;

double cover_spine_in(const BookSpec& spec, const CoverSpec& cover, int page_count) {
  const CoverPaper paper = cover.paper_or(spec.paper);
  if (cover.spine_in) {
    // What verify would reject is refused here, before anything is made.
    if (const auto problem = spine_problem(*cover.spine_in, true, cover.printer, paper, page_count)) {
      throw InputError(cover.spine_in_place, "'cover.spine_in' is refused: " + *problem);
    }
    return *cover.spine_in;
  }
  if (const std::optional<double> spine = formula_spine_in(cover.printer, paper, page_count)) return *spine;
  throw InputError(cover.place, "'cover.spine_in' is required for printer " + std::string(printer_id(cover.printer)) +
                                    ": IngramSpark publishes its paper thickness only through its cover template "
                                    "generator (ingramspark.com, Resources > Tools); enter the spine width it gives "
                                    "for this book's " +
                                    std::to_string(page_count) + " pages on " + std::string(cover_paper_id(paper)) +
                                    " paper");
}

namespace {

/// The publisher's barcode: the box in white, the image fitted into it whole and centred.
void place_barcode_image(BookCover& out, const CoverContext& c) {
  const Box& box = *out.geometry.barcode;
  const ImageInfo& info = *c.cover.barcode_image_info;
  const double scale = std::min(box.width() / info.width_px, box.height() / info.height_px);  // points a pixel
  const double w = info.width_px * scale, h = info.height_px * scale;
  const double cx = (box.left + box.right) / 2, cy = (box.bottom + box.top) / 2;
  out.page.items.push_back(render::filled_box(box, cover_ink({0xff, 0xff, 0xff}, c.cover.printer)));
  out.page.items.push_back(render::Image{{cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2}, *c.cover.barcode_image, {}});
}

}  // namespace

BookCover make_cover(const CoverContext& c) {
  cover_parts::check_badge_claims(c);
  BookCover out;
  out.printer = c.cover.printer;
  out.paper = c.cover.paper_or(c.spec.paper);
  out.spine_in_from_spec = c.cover.spine_in.has_value();
  const double spine_in = cover_spine_in(c.spec, c.cover, c.page_count);
  out.geometry = cover_geometry(c.spec.trim, spine_in, out.printer, c.cover.keep_barcode_clear);
  const CoverGeometry& g = out.geometry;
  out.page.width_pt = g.width_pt;
  out.page.height_pt = g.height_pt;
  out.page.trim_box = g.trim;
  out.page.bleed_box = g.media;

  if (c.cover.spine_in) {
    if (const auto formula = formula_spine_in(out.printer, out.paper, c.page_count);
        formula && std::abs(*formula - *c.cover.spine_in) > kKdpSpineToleranceIn) {
      out.warnings.push_back(
          "cover.spine_in " + format_in(*c.cover.spine_in) + " in is " +
          format_in(std::abs(*formula - *c.cover.spine_in), 3) + " in off " + std::string(printer_name(out.printer)) +
          "'s " + format_in(*formula) + " in for " + std::to_string(c.page_count) + " pages of " +
          std::string(cover_paper_id(out.paper)) + " paper" +
          (out.printer == Printer::kdp
               ? " (KDP rejects more than " + format_in(kKdpSpineToleranceIn) + " in)"
               : " (check it against " + std::string(printer_name(out.printer)) + "'s cover template)"));
    }
  }
  if (c.cover.paper && cover_paper_of(c.spec.paper) != *c.cover.paper) {
    out.warnings.push_back("cover.paper " + std::string(cover_paper_id(*c.cover.paper)) +
                           " differs from the book's paper " + std::string(paper_id(c.spec.paper)) +
                           ": the spine is sized for " + std::string(cover_paper_id(*c.cover.paper)));
  }
  if (c.cover.front_image_info && c.cover.front_image_info->transparency) {
    out.warnings.push_back("cover.front_image " + c.cover.front_image->filename().string() +
                           " has transparency; printers ask for flattened art: flatten it onto a "
                           "background");
  }

  const Palette ink = palette_of(c.cover);
  // The background runs under the barcode box too: KDP and Lulu print their barcode on their
  // own white box there (KDP help "Barcodes"); IngramSpark prints none (its barcode comes with
  // its cover template: a warning below). Nothing else of ours goes into the box but the
  // publisher's own barcode.
  out.page.items.push_back(render::filled_box(g.media, ink.background));
  lay_out_front(out, c, ink);
  lay_out_spine(out, c, ink);
  lay_out_back(out, c, ink);
  if (g.barcode && c.cover.barcode_image) {
    place_barcode_image(out, c);
    out.barcode_image = true;
  } else if (g.barcode && out.printer == Printer::ingramspark) {
    out.warnings.push_back(
        "IngramSpark prints no barcode of its own: the box is kept clear for the one its cover template "
        "generator gives; add it as cover.barcode_image, or place it in the box before you upload");
  }
  check_cover(out, c);
  out.listing = listing_facts(c, ink);
  return out;
}

ManifestCover cover_record(const BookCover& cover) {
  const auto rect = [](const Box& b) { return RectPt{b.left, b.bottom, b.width(), b.height()}; };
  ManifestCover r;
  r.printer = cover.printer;
  r.paper = cover.paper;
  r.spine_in = cover.geometry.spine_in;
  r.spine_in_from_spec = cover.spine_in_from_spec;
  r.width_pt = cover.geometry.width_pt;
  r.height_pt = cover.geometry.height_pt;
  r.spine_text = cover.spine_text_shown;
  r.spine_text_why_not = cover.spine_text_why_not;
  r.front = rect(cover.geometry.front);
  r.back = rect(cover.geometry.back);
  r.spine = rect(cover.geometry.spine);
  if (cover.geometry.barcode) r.barcode = rect(*cover.geometry.barcode);
  r.barcode_image = cover.barcode_image;
  return r;
}

}  // namespace puzzlepress::book
