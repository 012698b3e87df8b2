// The image painter's fonts: each role font loaded through FreeType once per painter, handed to
// cairo as a face, with its Unicode cmap (code point -> glyph) and advance widths (1/1000 em,
// truncated, as the PDF's /W array holds them) copied out at load time.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include <cairo-ft.h>

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <system_error>

#include "render/image/image_internal.h"

namespace puzzlepress::render::image {
namespace {

// One FreeType library for the process: FT_New_Face and FT_Done_Face on it are serialised by
// `library_mutex` (FreeType's rule); faces are used afterwards only through cairo, which locks
// each face itself, and through the tables copied out at load time.
std::mutex library_mutex;
FT_Library library() {
  static FT_Library lib = [] {
    FT_Library l = nullptr;
    if (FT_Init_FreeType(&l) != 0) l = nullptr;
    return l;
  }();
  return lib;
}

const cairo_user_data_key_t kFaceKey{};

void done_face(void* face) {
  std::lock_guard lock(library_mutex);
  FT_Done_Face(static_cast<FT_Face>(face));
}

}  // namespace

util::Result<std::shared_ptr<LoadedFont>> load_font(const FontSource& source) {
  using R = util::Result<std::shared_ptr<LoadedFont>>;
  const std::string name = source.describe();
  FT_Face ft = nullptr;
  if (source.in_memory()) {
    std::lock_guard lock(library_mutex);
    if (library() == nullptr) return R::failure("FreeType could not start");
    if (FT_New_Memory_Face(library(), reinterpret_cast<const FT_Byte*>(source.bytes.data()),
                           static_cast<FT_Long>(source.bytes.size()), 0, &ft) != 0) {
      return R::failure("cannot load font " + name + " (is it a TrueType .ttf?)");
    }
  } else {
    const std::filesystem::path& file = source.file;
    std::error_code ec;
    if (file.empty()) return R::failure("no font file given");
    if (!std::filesystem::exists(file, ec)) return R::failure("font file not found: " + name);
    if (!std::filesystem::is_regular_file(file, ec)) {
      return R::failure("font file is not a regular file: " + name);
    }
    std::lock_guard lock(library_mutex);
    if (library() == nullptr) return R::failure("FreeType could not start");
    if (FT_New_Face(library(), file.c_str(), 0, &ft) != 0) {
      return R::failure("cannot load font " + name + " (is it a TrueType .ttf?)");
    }
  }
  auto font = std::make_shared<LoadedFont>();
  auto fail = [&](const std::string& why) {
    std::lock_guard lock(library_mutex);
    FT_Done_Face(ft);
    return R::failure("cannot use font " + name + ": " + why);
  };
  if (!FT_IS_SCALABLE(ft) || ft->units_per_EM == 0) return fail("it has no outlines");
  if (FT_Select_Charmap(ft, FT_ENCODING_UNICODE) != 0) return fail("it has no Unicode cmap");
  FT_UInt gid = 0;
  for (FT_ULong cp = FT_Get_First_Char(ft, &gid); gid != 0; cp = FT_Get_Next_Char(ft, cp, &gid)) {
    font->glyph_of.emplace(static_cast<char32_t>(cp), gid);
  }
  font->width_1000.resize(static_cast<std::size_t>(ft->num_glyphs));
  for (FT_Long g = 0; g < ft->num_glyphs; ++g) {
    FT_Fixed advance = 0;
    if (FT_Get_Advance(ft, static_cast<FT_UInt>(g), FT_LOAD_NO_SCALE, &advance) != 0) advance = 0;
    font->width_1000[static_cast<std::size_t>(g)] =
        static_cast<int>(static_cast<unsigned long>(advance) * 1000 / ft->units_per_EM);
  }
  const double em = ft->units_per_EM;
  font->bbox_em = {ft->bbox.xMin / em, ft->bbox.yMin / em, ft->bbox.xMax / em, ft->bbox.yMax / em};
  font->face = cairo_ft_font_face_create_for_ft_face(ft, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
  if (cairo_font_face_set_user_data(font->face, &kFaceKey, ft, done_face) != CAIRO_STATUS_SUCCESS) {
    cairo_font_face_destroy(font->face);
    font->face = nullptr;
    return fail("cairo could not take it");
  }
  return R::success(std::move(font));
}

}  // namespace puzzlepress::render::image

namespace puzzlepress::render {

std::string freetype_version() {
  FT_Library library = nullptr;
  if (FT_Init_FreeType(&library) != 0) return "unknown";
  FT_Int major = 0, minor = 0, patch = 0;
  FT_Library_Version(library, &major, &minor, &patch);
  FT_Done_FreeType(library);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

}  // namespace puzzlepress::render
