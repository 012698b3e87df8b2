// The studio API's JSON (cli/studio_server.cpp answers with it): strings, numbers and lists
// written by hand (the API only writes JSON; requests are plain text and query parameters), the
// readout's facts, and the cover's thumbnail check.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "book/make/build.h"
#include "book/studio/studio_session.h"

namespace puzzlepress::cli {

std::string json_string(std::string_view text);
/// At most 4 decimals, trailing zeros dropped.
std::string json_number(double value);
std::string json_list(const std::vector<std::string>& items);

/// {"page_count", "spine_in", "trim", "page_width_pt", "page_height_pt", "has_cover",
///  "puzzle_count", "page_kinds", "cover": null | {"width", "height", "trim", "back", "spine",
///  "front", "back_safe", "front_safe", "spine_safe", "barcode": null | rect} (points, each rect
///  [left, bottom, right, top] with the origin at the wrap's bottom-left, y up),
///  "kdp": null | {"marketplace", "currency", "printing_cost", "min_list_price", "threshold",
///  "low_percent", "high_percent"}}.
std::string facts_json(const book::StudioFacts& facts);

/// The thumbnail check (book/check/thumbnail.h) of `book`'s cover, painted to PDF by the
/// session and measured in this process (our own bytes, not a file from elsewhere):
/// {"measured", "cap_height_px", "contrast", "ok", "summary", "warnings": [...], "height_px",
///  "min_cap_px", "min_contrast"}, or {"measured": false, "summary": why} without a cover or
/// when its PDF cannot be painted or read.
std::string thumbnail_json(const book::StudioSession& session, const book::Book& book);

}  // namespace puzzlepress::cli
