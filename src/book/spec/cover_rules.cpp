// The cover mapping's rules on designs and badges (spec.cpp reads the mapping).
#include "book/spec/cover_rules.h"

#include <cmath>
#include <cstdio>

#include "book/kdp/geometry.h"
#include "book/spec/image_file.h"
#include "util/text.h"

namespace puzzlepress::book {
namespace {
std::string quote(std::string_view text) { return "'" + util::echo(text) + "'"; }
}  // namespace

/// cover.badges: auto, or a list of 1 to kMaxBadges texts, none blank.
void read_cover_badges(const YamlReader& reader_, CoverSpec& out, const YamlNode& value, const std::string& name) {
  const std::string expected =
      "expected a list of up to " + std::to_string(kMaxBadges) + " badge texts, or auto, for " + quote(name);
  if (value.kind == YamlNode::Kind::scalar) {
    std::string word = value.scalar;
    for (char& ch : word) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (word != "auto") {
      reader_.fail(value.where, expected + ", got " + quote(value.scalar) + " (a single badge is a list too: [" +
                                    util::echo(value.scalar) + "])");
    }
    out.badges_auto = true;
    return;
  }
  if (value.kind != YamlNode::Kind::sequence)
    reader_.fail(value.where, expected + ", got " + std::string(describe_kind(value.kind)));
  if (value.items.empty())
    reader_.fail(value.where, quote(name) + " is an empty list: give up to " + std::to_string(kMaxBadges) +
                                  " badge texts, or auto, or leave the key out");
  if (value.items.size() > kMaxBadges) {
    reader_.fail(value.items[kMaxBadges].where, quote(name) + " has " + std::to_string(value.items.size()) +
                                                    " badges; a front takes at most " + std::to_string(kMaxBadges) +
                                                    " (more would not read at a search result's size)");
  }
  for (std::size_t i = 0; i < value.items.size(); ++i) {
    const YamlNode& item = value.items[i];
    const std::string item_name = name + "[" + std::to_string(i + 1) + "]";
    std::string text = reader_.get_string(item, item_name);
    if (util::is_blank(text))
      reader_.fail(item.where, quote(item_name) + " is empty: a badge prints a few words, e.g. \"400 puzzles\"");
    out.badges.push_back({std::move(text), Place::in_file(reader_.file(), item.where.line, item.where.column)});
  }
}

/// What each design asks of front_image and front_grid (CoverDesign).
void check_cover_design(const YamlReader& reader_, const CoverSpec& out, const std::string& name, const YamlNode& value,
                        const MapReader& map, const Trim& trim) {
  const std::string design = "'cover.design' " + name;
  switch (out.design) {
    case CoverDesign::card: return;
    case CoverDesign::band:
    case CoverDesign::giant:
      if (out.front_image || !out.draws_grid()) {
        reader_.fail(value.where, design +
                                      " draws the book's hardest puzzle as the front's art: it does not go with "
                                      "front_image or front_grid: false (use design: photo or card)");
      }
      return;
    case CoverDesign::pattern:
      if (out.front_image || out.front_grid.value_or(false)) {
        reader_.fail(value.where,
                     design +
                         " fills the front with the book's own symbols: it does not go with "
                         "front_image or front_grid: true (use design: photo for a picture, card for a grid)");
      }
      return;
    case CoverDesign::photo: break;
  }
  if (!out.front_image) {
    reader_.fail(value.where, design +
                                  " fills the front with a picture: add front_image: FILE (a PNG or JPEG of the "
                                  "front's shape, 300 dpi at its printed size)");
  }
  if (out.front_grid.value_or(false)) {
    reader_.fail(map.find("front_grid")->where,
                 "'cover.front_grid' does not go with design: photo (the picture is the front's art; use "
                 "design: card for a grid over a picture)");
  }
  const ImageInfo& info = *out.front_image_info;
  const double dpi = photo_image_dpi(info, trim.width_in, trim.height_in);
  if (dpi < kPhotoLeastDpi - 0.5) {
    // The picture covers the front with its bleed, less the fold's clearance (as the cover lays it).
    const double front_w = trim.width_in + kBleedIn - kFoldClearIn, front_h = trim.height_in + 2 * kBleedIn;
    char line[400];
    std::snprintf(line, sizeof line,
                  "front image %s is %d x %d pixels, %.0f dpi over the picture's %g x %g in (the front with its "
                  "bleed, clear of the fold); "
                  "design: photo takes %.0f dpi or more (printers ask for 300: use an image of at least %.0f x "
                  "%.0f pixels)",
                  out.front_image->filename().string().c_str(), info.width_px, info.height_px, dpi, front_w, front_h,
                  kPhotoLeastDpi, std::ceil(front_w * 300 - 1e-6), std::ceil(front_h * 300 - 1e-6));
    reader_.fail(map.find("front_image")->where, line);
  }
}

}  // namespace puzzlepress::book
