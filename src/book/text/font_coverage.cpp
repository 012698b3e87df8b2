#include "book/text/font_coverage.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace puzzlepress::book {
namespace {

/// Big-endian reads that never go past the end: nothing when out of range.
class Bytes {
 public:
  explicit Bytes(std::string_view data) : data_(data) {}
  std::size_t size() const { return data_.size(); }
  std::optional<std::uint32_t> u16(std::size_t at) const { return read(at, 2); }
  std::optional<std::uint32_t> u32(std::size_t at) const { return read(at, 4); }

 private:
  std::optional<std::uint32_t> read(std::size_t at, std::size_t n) const {
    if (at > data_.size() || data_.size() - at < n) return std::nullopt;
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < n; ++i) value = (value << 8) | static_cast<unsigned char>(data_[at + i]);
    return value;
  }
  std::string_view data_;
};

using Ranges = std::vector<std::pair<char32_t, char32_t>>;

void add(Ranges& ranges, char32_t first, char32_t last) {
  if (!ranges.empty() && ranges.back().second + 1 >= first) {
    ranges.back().second = std::max(ranges.back().second, last);
  } else {
    ranges.emplace_back(first, last);
  }
}

Ranges normalised(Ranges ranges) {
  std::sort(ranges.begin(), ranges.end());
  Ranges out;
  for (const auto& [first, last] : ranges) add(out, first, last);
  return out;
}

std::optional<Ranges> format4(const Bytes& b, std::size_t at) {
  const auto seg_x2 = b.u16(at + 6);
  if (!seg_x2 || *seg_x2 % 2 != 0) return std::nullopt;
  const std::size_t segments = *seg_x2 / 2;
  const std::size_t ends = at + 14, starts = ends + 2 * segments + 2, deltas = starts + 2 * segments,
                    offsets = deltas + 2 * segments;
  Ranges ranges;
  for (std::size_t i = 0; i < segments; ++i) {
    const auto end = b.u16(ends + 2 * i), start = b.u16(starts + 2 * i), delta = b.u16(deltas + 2 * i),
               offset = b.u16(offsets + 2 * i);
    if (!end || !start || !delta || !offset) return std::nullopt;
    if (*start > *end) continue;
    for (std::uint32_t c = *start; c <= *end && c != 0xFFFF; ++c) {
      std::uint32_t glyph = 0;
      if (*offset == 0) {
        glyph = (c + *delta) & 0xFFFF;
      } else {
        const auto g = b.u16(offsets + 2 * i + *offset + 2 * (c - *start));
        if (!g) return std::nullopt;
        glyph = *g == 0 ? 0 : (*g + *delta) & 0xFFFF;
      }
      if (glyph != 0) add(ranges, c, c);
    }
  }
  return ranges;
}

std::optional<Ranges> format12(const Bytes& b, std::size_t at) {
  const auto groups = b.u32(at + 12);
  if (!groups || *groups > b.size() / 12) return std::nullopt;
  Ranges ranges;
  for (std::uint32_t i = 0; i < *groups; ++i) {
    const std::size_t g = at + 16 + 12 * static_cast<std::size_t>(i);
    const auto first = b.u32(g), last = b.u32(g + 4), glyph = b.u32(g + 8);
    if (!first || !last || !glyph) return std::nullopt;
    if (*first > *last || *last > 0x10FFFF) continue;
    // The first code of a group starting at glyph 0 is .notdef.
    const std::uint32_t from = *glyph == 0 ? *first + 1 : *first;
    if (from <= *last) ranges.emplace_back(from, *last);
  }
  return ranges;
}

}  // namespace

bool FontCoverage::covers(char32_t c) const {
  const auto it = std::upper_bound(ranges.begin(), ranges.end(), c,
                                   [](char32_t value, const auto& range) { return value < range.first; });
  return it != ranges.begin() && c <= std::prev(it)->second;
}

util::Result<FontCoverage> read_font_coverage(std::string_view bytes) {
  using R = util::Result<FontCoverage>;
  const Bytes b(bytes);
  const auto version = b.u32(0);
  if (!version || (*version != 0x00010000 && *version != 0x4F54544F && *version != 0x74727565))
    return R::failure("not a TrueType/OpenType font");
  const auto tables = b.u16(4);
  if (!tables) return R::failure("not a TrueType/OpenType font");
  std::optional<std::uint32_t> cmap;
  for (std::uint32_t i = 0; i < *tables; ++i) {
    const auto tag = b.u32(12 + 16 * static_cast<std::size_t>(i));
    if (!tag) return R::failure("not a TrueType/OpenType font");
    if (*tag == 0x636D6170) cmap = b.u32(12 + 16 * static_cast<std::size_t>(i) + 8);  // 'cmap'
  }
  if (!cmap) return R::failure("no cmap table");
  const auto subtables = b.u16(*cmap + 2);
  if (!subtables) return R::failure("damaged cmap");
  std::optional<std::size_t> wide, narrow;  // format 12, format 4
  for (std::uint32_t i = 0; i < *subtables; ++i) {
    const std::size_t record = *cmap + 4 + 8 * static_cast<std::size_t>(i);
    const auto platform = b.u16(record), encoding = b.u16(record + 2), offset = b.u32(record + 4);
    if (!platform || !encoding || !offset) return R::failure("damaged cmap");
    const std::size_t at = *cmap + static_cast<std::size_t>(*offset);
    const auto format = b.u16(at);
    if (!format) continue;
    const bool unicode = *platform == 0 || (*platform == 3 && (*encoding == 1 || *encoding == 10));
    if (!unicode) continue;
    if (*format == 12 && !wide) wide = at;
    if (*format == 4 && !narrow) narrow = at;
  }
  std::optional<Ranges> ranges;
  if (wide) ranges = format12(b, *wide);
  if (!ranges && narrow) ranges = format4(b, *narrow);
  if (!wide && !narrow) return R::failure("no Unicode cmap");
  if (!ranges) return R::failure("damaged cmap");
  return R::success(FontCoverage{normalised(std::move(*ranges))});
}

}  // namespace puzzlepress::book
