// Marks: a small catalogue of filled vector shapes (circle, triangle, star …) that a figure may
// print in a cell instead of text. Render only knows how to draw "mark k"; what a mark stands
// for is the caller's business (book/text/skin.h maps a sudoku symbol to a mark).
//
// The marks are drawn as Paths (no font, no image), black and white only: they differ by
// outline, never by colour, so they stay apart in greyscale print and for readers with poor
// colour vision. Each is scaled and placed so that the set looks even in a grid:
//  - equal visual weight: the scale lies halfway (geometrically) between "same area as the
//    circle" and "same width or height as the circle", so a spiky star is a little larger than
//    the circle and a square a little smaller, as type designers size such signs;
//  - optical centre: the point halfway between the outline's bounding-box centre and its area
//    centroid sits on the requested centre (a triangle rises a little, a heart sinks a little).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "render/page.h"

namespace puzzlepress::render {

/// Order matters to callers that take the first k marks: most distinct first.
enum class Mark : std::uint8_t { circle, triangle, square, star, heart, cross, diamond, crescent, hexagon };

inline constexpr std::array<Mark, 9> kAllMarks = {Mark::circle,  Mark::triangle, Mark::square,
                                                  Mark::star,    Mark::heart,    Mark::cross,
                                                  Mark::diamond, Mark::crescent, Mark::hexagon};

/// "circle", "triangle", "square", "star", "heart", "cross", "diamond", "crescent", "hexagon":
/// a stable identifier (manifests record it), not a printed word.
std::string_view mark_id(Mark mark);
/// The mark with that identifier (exact, lower case), if any.
std::optional<Mark> parse_mark(std::string_view id);

/// Largest width or height of any mark, as a multiple of `size_pt` (the circle's diameter).
inline constexpr double kMarkMaxExtent = 1.3;

/// `mark`, filled with `fill`, no stroke, optically centred on `centre` (points), the circle
/// `size_pt` across and every other mark of the same visual weight. Its ink (ink_bounds) lies
/// within a square of side kMarkMaxExtent * size_pt centred on `centre`.
Path mark_path(Mark mark, Point centre, double size_pt, Colour fill);

}  // namespace puzzlepress::render
