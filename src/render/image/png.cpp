// PNG encoding of a page image. cairo's own (libpng's defaults: adaptive filters, zlib level 6)
// takes several times as long as painting a page; a preview wants speed more than the last few
// per cent of size. So: 8-bit greyscale when every pixel is grey (interior pages), else 8-bit
// RGB; the "Up" filter on every row (white margins and repeated grid rows become zeros); zlib
// level 3. The same pixels always give the same bytes.
#include <zlib.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "render/image/image_internal.h"

namespace puzzlepress::render::image {
namespace {

void put_be32(std::string& out, std::uint32_t v) {
  out.push_back(static_cast<char>(v >> 24));
  out.push_back(static_cast<char>(v >> 16));
  out.push_back(static_cast<char>(v >> 8));
  out.push_back(static_cast<char>(v));
}

void put_chunk(std::string& out, const char* type, const std::string& data) {
  put_be32(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t start = out.size();
  out.append(type, 4);
  out += data;
  const auto crc = crc32(0, reinterpret_cast<const Bytef*>(out.data() + start), static_cast<uInt>(out.size() - start));
  put_be32(out, static_cast<std::uint32_t>(crc));
}

// Scratch memory kept per thread between images: on a preview server the same sizes come again
// and again, and fresh large blocks cost a page fault per 4 KiB on first touch (a third of the
// time of a page image, measured). Blocks over kKeptScratchBytes are not kept.
constexpr std::size_t kKeptScratchBytes = std::size_t{64} << 20;

}  // namespace

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

void release_if_large(std::vector<unsigned char>& v) {
  if (v.capacity() > kKeptScratchBytes) std::vector<unsigned char>().swap(v);
}

std::optional<std::string> encode_png(cairo_surface_t* surface) {
  const int w = cairo_image_surface_get_width(surface);
  const int h = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  const auto row_of = [&](int y) {
    return reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
  };
  bool grey = true;
  for (int y = 0; y < h && grey; ++y) {
    const std::uint32_t* row = row_of(y);
    for (int x = 0; x < w; ++x) {
      const std::uint32_t p = row[x];
      if (((p >> 16) & 0xFF) != (p & 0xFF) || ((p >> 8) & 0xFF) != (p & 0xFF)) {
        grey = false;
        break;
      }
    }
  }
  const int channels = grey ? 1 : 3;
  const std::size_t row_bytes = static_cast<std::size_t>(w) * channels;
  std::vector<unsigned char> previous(row_bytes, 0), current(row_bytes), filtered(row_bytes + 1);
  filtered[0] = 2;  // Up

  z_stream z{};
  if (deflateInit(&z, 3) != Z_OK) return std::nullopt;
  std::vector<unsigned char>& packed = scratch().packed;
  packed.resize(std::max<std::size_t>(packed.capacity(), 1 << 16));
  z.next_out = packed.data();
  z.avail_out = static_cast<uInt>(packed.size());
  const auto drain = [&](int flush) {
    for (;;) {
      if (z.avail_out == 0) {
        const std::size_t used = packed.size();
        packed.resize(used * 2);
        z.next_out = packed.data() + used;
        z.avail_out = static_cast<uInt>(packed.size() - used);
      }
      const int status = deflate(&z, flush);
      if (status == Z_STREAM_END) return true;
      if (status != Z_OK && status != Z_BUF_ERROR) return false;
      if (z.avail_in == 0 && z.avail_out != 0 && flush == Z_NO_FLUSH) return true;
    }
  };
  for (int y = 0; y < h; ++y) {
    const std::uint32_t* row = row_of(y);
    if (grey) {
      for (int x = 0; x < w; ++x) current[static_cast<std::size_t>(x)] = static_cast<unsigned char>(row[x]);
    } else {
      for (int x = 0; x < w; ++x) {
        unsigned char* c = &current[static_cast<std::size_t>(x) * 3];
        c[0] = static_cast<unsigned char>(row[x] >> 16);
        c[1] = static_cast<unsigned char>(row[x] >> 8);
        c[2] = static_cast<unsigned char>(row[x]);
      }
    }
    for (std::size_t i = 0; i < row_bytes; ++i) filtered[i + 1] = static_cast<unsigned char>(current[i] - previous[i]);
    std::swap(previous, current);
    z.next_in = filtered.data();
    z.avail_in = static_cast<uInt>(filtered.size());
    if (!drain(Z_NO_FLUSH)) {
      deflateEnd(&z);
      return std::nullopt;
    }
  }
  const bool finished = drain(Z_FINISH);
  const std::size_t packed_size = packed.size() - z.avail_out;
  deflateEnd(&z);
  if (!finished) return std::nullopt;

  std::string png = "\x89PNG\r\n\x1A\n";
  std::string header;
  put_be32(header, static_cast<std::uint32_t>(w));
  put_be32(header, static_cast<std::uint32_t>(h));
  header +=
      std::string{8, static_cast<char>(grey ? 0 : 2), 0, 0, 0};  // depth, colour type, deflate, filters, no interlace
  put_chunk(png, "IHDR", header);
  put_chunk(png, "IDAT", std::string(reinterpret_cast<const char*>(packed.data()), packed_size));
  put_chunk(png, "IEND", "");
  release_if_large(packed);
  return png;
}

}  // namespace puzzlepress::render::image
