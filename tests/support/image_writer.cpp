#include "support/image_writer.h"

#include <cmath>
#include <vector>

namespace puzzlepress::testing {
namespace {

void put32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>((v >> shift) & 0xFF));
}
void put16(std::string& out, unsigned v) {
  out.push_back(static_cast<char>((v >> 8) & 0xFF));
  out.push_back(static_cast<char>(v & 0xFF));
}

std::uint32_t crc32(const std::string& bytes) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (const char ch : bytes) {
    crc ^= static_cast<unsigned char>(ch);
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

void chunk(std::string& png, const std::string& type, const std::string& data) {
  put32(png, static_cast<std::uint32_t>(data.size()));
  png += type + data;
  put32(png, crc32(type + data));
}

// zlib stream of stored blocks (no compression).
std::string zlib_stored(const std::string& raw) {
  std::string out = "\x78\x01";
  std::size_t pos = 0;
  do {
    const std::size_t n = std::min<std::size_t>(65535, raw.size() - pos);
    const bool last = pos + n == raw.size();
    out.push_back(last ? 1 : 0);
    out.push_back(static_cast<char>(n & 0xFF));
    out.push_back(static_cast<char>(n >> 8));
    out.push_back(static_cast<char>(~n & 0xFF));
    out.push_back(static_cast<char>((~n >> 8) & 0xFF));
    out.append(raw, pos, n);
    pos += n;
  } while (pos < raw.size());
  std::uint32_t a = 1, b = 0;
  for (const char ch : raw) {
    a = (a + static_cast<unsigned char>(ch)) % 65521;
    b = (b + a) % 65521;
  }
  put32(out, (b << 16) | a);
  return out;
}

// Bits written most significant first, with JPEG's 0xFF byte stuffing.
struct BitWriter {
  std::string out;
  unsigned current = 0;
  int used = 0;
  void put(unsigned bits, int count) {
    for (int i = count - 1; i >= 0; --i) {
      current = (current << 1) | ((bits >> i) & 1u);
      if (++used == 8) flush_byte();
    }
  }
  void flush_byte() {
    out.push_back(static_cast<char>(current));
    if (current == 0xFF) out.push_back('\0');
    current = 0;
    used = 0;
  }
  void finish() {
    while (used != 0) put(1, 1);  // pad with ones
  }
};

}  // namespace

std::string png_bytes(int width, int height, int colour_type, std::array<std::uint8_t, 4> rgba, bool trns,
                      bool interlaced) {
  std::string png = "\x89PNG\r\n\x1a\n";
  std::string ihdr;
  put32(ihdr, static_cast<std::uint32_t>(width));
  put32(ihdr, static_cast<std::uint32_t>(height));
  ihdr += static_cast<char>(8);
  ihdr += static_cast<char>(colour_type);
  ihdr += std::string(2, '\0');  // deflate, adaptive filters
  ihdr += static_cast<char>(interlaced ? 1 : 0);
  chunk(png, "IHDR", ihdr);
  std::string pixel;
  switch (colour_type) {
    case 0: pixel = {static_cast<char>(rgba[0])}; break;
    case 2: pixel = {static_cast<char>(rgba[0]), static_cast<char>(rgba[1]), static_cast<char>(rgba[2])}; break;
    case 3:
      pixel = {'\0'};
      chunk(png, "PLTE", {static_cast<char>(rgba[0]), static_cast<char>(rgba[1]), static_cast<char>(rgba[2])});
      break;
    case 4: pixel = {static_cast<char>(rgba[0]), static_cast<char>(rgba[3])}; break;
    default:
      pixel = {static_cast<char>(rgba[0]), static_cast<char>(rgba[1]), static_cast<char>(rgba[2]),
               static_cast<char>(rgba[3])};
      break;
  }
  if (trns)
    chunk(png, "tRNS",
          colour_type == 3   ? std::string(1, '\x80')
          : colour_type == 0 ? std::string(2, '\0')
                             : std::string(6, '\0'));
  std::string raw;
  const auto rows = [&](int columns, int count) {
    for (int y = 0; y < count; ++y) {
      raw.push_back('\0');  // filter: none
      for (int x = 0; x < columns; ++x) raw += pixel;
    }
  };
  if (!interlaced) {
    rows(width, height);
  } else {  // Adam7: each pass's (x, y) start and step; an empty pass has no rows at all
    constexpr int passes[7][4] = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4},
                                  {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};
    for (const auto& p : passes) {
      const int columns = width > p[0] ? (width - p[0] + p[2] - 1) / p[2] : 0;
      const int count = height > p[1] ? (height - p[1] + p[3] - 1) / p[3] : 0;
      if (columns > 0 && count > 0) rows(columns, count);
    }
  }
  chunk(png, "IDAT", zlib_stored(raw));
  chunk(png, "IEND", "");
  return png;
}

std::string jpeg_bytes(int width, int height, int components, std::array<std::uint8_t, 4> colour, int sof,
                       int precision) {
  // Sample values per component: grey; YCbCr from RGB; Adobe CMYK stores 255 - ink.
  std::vector<int> samples;
  if (components == 1) {
    samples = {colour[0]};
  } else if (components == 3) {
    const double r = colour[0], g = colour[1], b = colour[2];
    samples = {static_cast<int>(std::lround(0.299 * r + 0.587 * g + 0.114 * b)),
               static_cast<int>(std::lround(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)),
               static_cast<int>(std::lround(128 + 0.5 * r - 0.418688 * g - 0.081312 * b))};
  } else {
    samples = {255 - colour[0], 255 - colour[1], 255 - colour[2], 255 - colour[3]};
  }
  std::string jpeg = "\xFF\xD8";
  if (components == 4) {  // APP14 "Adobe", transform 0: the samples are CMYK as stored
    jpeg += "\xFF\xEE";
    put16(jpeg, 14);
    jpeg += "Adobe";
    put16(jpeg, 100);
    put16(jpeg, 0);
    put16(jpeg, 0);
    jpeg.push_back('\0');
  }
  // One quantisation table of ones.
  jpeg += "\xFF\xDB";
  put16(jpeg, 67);
  jpeg.push_back('\0');
  jpeg += std::string(64, '\x01');
  // Frame header.
  jpeg.push_back('\xFF');
  jpeg.push_back(static_cast<char>(sof));
  put16(jpeg, static_cast<unsigned>(8 + 3 * components));
  jpeg.push_back(static_cast<char>(precision));
  put16(jpeg, static_cast<unsigned>(height));
  put16(jpeg, static_cast<unsigned>(width));
  jpeg.push_back(static_cast<char>(components));
  for (int c = 0; c < components; ++c) {
    jpeg.push_back(static_cast<char>(c + 1));
    jpeg.push_back('\x11');  // no subsampling
    jpeg.push_back('\0');    // quantisation table 0
  }
  // Huffman tables: DC categories 0-11 as 4-bit codes 0000-1011; AC: end of block as '0'.
  jpeg += "\xFF\xC4";
  put16(jpeg, 2 + 17 + 12 + 17 + 1);
  jpeg.push_back('\x00');
  for (int len = 1; len <= 16; ++len) jpeg.push_back(len == 4 ? '\x0C' : '\0');
  for (int v = 0; v < 12; ++v) jpeg.push_back(static_cast<char>(v));
  jpeg.push_back('\x10');
  for (int len = 1; len <= 16; ++len) jpeg.push_back(len == 1 ? '\x01' : '\0');
  jpeg.push_back('\0');
  // Scan header.
  jpeg += "\xFF\xDA";
  put16(jpeg, static_cast<unsigned>(6 + 2 * components));
  jpeg.push_back(static_cast<char>(components));
  for (int c = 0; c < components; ++c) {
    jpeg.push_back(static_cast<char>(c + 1));
    jpeg.push_back('\0');
  }
  jpeg.push_back('\0');
  jpeg.push_back('\x3F');
  jpeg.push_back('\0');
  // Blocks: each block's DC coefficient is 8 x (sample - 128) (quantised by 1); only the first
  // block of each component codes it, the rest a difference of 0.
  BitWriter bits;
  const int blocks = ((width + 7) / 8) * ((height + 7) / 8);
  for (int block = 0; block < blocks; ++block) {
    for (int c = 0; c < components; ++c) {
      const int diff = block == 0 ? 8 * (samples[static_cast<std::size_t>(c)] - 128) : 0;
      int category = 0;
      for (int magnitude = std::abs(diff); magnitude > 0; magnitude >>= 1) ++category;
      bits.put(static_cast<unsigned>(category), 4);
      if (category > 0) {
        const int value = diff > 0 ? diff : diff + (1 << category) - 1;
        bits.put(static_cast<unsigned>(value), category);
      }
      bits.put(0, 1);  // end of block
    }
  }
  bits.finish();
  jpeg += bits.out;
  jpeg += "\xFF\xD9";
  return jpeg;
}

}  // namespace puzzlepress::testing
