// The cover mapping's rules on designs and badges (internal to book/spec: spec.cpp's reader).
#pragma once

#include <string>

#include "book/kdp/trim.h"
#include "book/spec/spec.h"
#include "book/text/yaml_reader.h"

namespace puzzlepress::book {

/// cover.badges: auto, or a list of 1 to kMaxBadges texts, none blank; fails at the value.
void read_cover_badges(const YamlReader& reader_, CoverSpec& out, const YamlNode& value, const std::string& name);

/// What the design `name` asks of front_image and front_grid (CoverDesign); fails at the value.
void check_cover_design(const YamlReader& reader_, const CoverSpec& out, const std::string& name, const YamlNode& value,
                        const MapReader& map, const Trim& trim);

}  // namespace puzzlepress::book
