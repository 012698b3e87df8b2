#include "render/page.h"

namespace puzzlepress::render {

const FontSource& FontFiles::for_role(FontRole role) const {
  switch (role) {
    case FontRole::bold: return bold;
    case FontRole::symbol: return symbol;
    case FontRole::solved_symbol: return solved_symbol;
    case FontRole::text: break;
  }
  return text;
}

FontSource& FontFiles::for_role(FontRole role) {
  return const_cast<FontSource&>(static_cast<const FontFiles&>(*this).for_role(role));
}

FontFiles default_font_files(const std::filesystem::path& fonts_dir) {
  return FontFiles{
      .text = fonts_dir / "LiberationSans-Regular.ttf",
      .bold = fonts_dir / "LiberationSans-Bold.ttf",
      .symbol = fonts_dir / "DejaVuSans-Bold.ttf",
      .solved_symbol = fonts_dir / "DejaVuSans.ttf",
  };
}

std::vector<const Page*> Document::page_list() const {
  std::vector<const Page*> list;
  list.reserve(pages.size());
  for (const Page& page : pages) list.push_back(&page);
  return list;
}

}  // namespace puzzlepress::render
