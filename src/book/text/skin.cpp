#include "book/text/skin.h"

#include <algorithm>
#include <cctype>

#include "engine/rng.h"

namespace puzzlepress::book {

std::string_view skin_id(Skin skin) {
  switch (skin) {
    case Skin::digits: return "digits";
    case Skin::letters: return "letters";
    case Skin::shapes: return "shapes";
  }
  return "digits";
}

std::optional<Skin> parse_skin(std::string_view text) {
  for (Skin s : kAllSkins) {
    const std::string_view id = skin_id(s);
    if (id.size() == text.size() && std::equal(id.begin(), id.end(), text.begin(), [](char a, char b) {
          return a == std::tolower(static_cast<unsigned char>(b));
        })) {
      return s;
    }
  }
  return std::nullopt;
}

bool skin_fits(Skin skin, engine::Shape shape) {
  return engine::is_supported(shape) && (skin != Skin::shapes || shape.size() <= kMaxShapeSymbols);
}

std::string skin_misfit_message(Skin skin, engine::Shape shape) {
  return "skin '" + std::string(skin_id(skin)) + "' takes 4x4, 6x6, 8x8 and 9x9 grids, not " + engine::shape_id(shape) +
         " (nine shapes at most stay distinct in small cells)";
}

std::vector<render::Mark> shape_marks(engine::Shape shape) {
  const int n = std::min(shape.size(), kMaxShapeSymbols);
  return {render::kAllMarks.begin(), render::kAllMarks.begin() + n};
}

std::string capitals(std::string_view letters) {
  std::string out(letters);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

std::optional<std::string> letters_problem(std::string_view letters, engine::Shape shape) {
  for (std::size_t i = 0; i < letters.size(); ++i) {
    const char c = letters[i];
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
      // A byte of a multi-byte character is shown whole when it starts one.
      std::size_t len = 1;
      const auto lead = static_cast<unsigned char>(c);
      if (lead >= 0xC0) len = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
      return "must be letters A-Z (any case), got '" + std::string(letters.substr(i, len)) + "' at position " +
             std::to_string(i + 1);
    }
  }
  const int n = shape.size();
  if (static_cast<int>(letters.size()) != n) {
    return "has " + std::to_string(letters.size()) + (letters.size() == 1 ? " letter" : " letters") + " but a " +
           engine::shape_id(shape) + " grid takes " + std::to_string(n) + " (one for each symbol)";
  }
  const std::string upper = capitals(letters);
  for (std::size_t i = 0; i < upper.size(); ++i) {
    if (upper.find(upper[i], i + 1) != std::string::npos) {
      return "'" + std::string(1, upper[i]) + "' appears twice in '" + upper +
             "' (each letter once; case does not count)";
    }
  }
  return std::nullopt;
}

SymbolSet default_symbols(Skin skin, engine::Shape shape) {
  SymbolSet out;
  out.skin = skin;
  const int n = shape.size();
  switch (skin) {
    case Skin::digits:
      for (int v = 1; v <= n; ++v) out.names.emplace_back(1, engine::symbol_char(v));
      break;
    case Skin::letters:
      for (int v = 1; v <= n; ++v) out.names.emplace_back(1, static_cast<char>('A' + v - 1));
      break;
    case Skin::shapes:
      for (render::Mark m : shape_marks(shape)) out.names.emplace_back(render::mark_id(m));
      break;
  }
  return out;
}

SymbolSet puzzle_symbols(Skin skin, engine::Shape shape, std::string_view word, const engine::Grid& solution,
                         std::uint32_t seed) {
  if (skin != Skin::letters || word.empty()) return default_symbols(skin, shape);
  const int n = shape.size();
  const std::string upper = capitals(word);
  engine::Mulberry32 rng(seed ^ 0x776F7264u);  // "word"
  const int row = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
  SymbolSet out;
  out.skin = skin;
  out.names.assign(static_cast<std::size_t>(n), "");
  for (int c = 0; c < n; ++c) {
    const int value = solution.at(row, c);
    if (value >= 1 && value <= n) out.names[static_cast<std::size_t>(value - 1)] = std::string(1, upper[c]);
  }
  out.word_row = row;
  return out;
}

std::optional<std::string> symbols_problem(const SymbolSet& symbols, engine::Shape shape) {
  if (!skin_fits(symbols.skin, shape)) return skin_misfit_message(symbols.skin, shape);
  const int n = shape.size();
  if (static_cast<int>(symbols.names.size()) != n) {
    return "expected " + std::to_string(n) + " symbols, got " + std::to_string(symbols.names.size());
  }
  switch (symbols.skin) {
    case Skin::digits:
      if (symbols.names != default_symbols(Skin::digits, shape).names) {
        return "expected the digits " + engine::symbol_range(shape) + " in order";
      }
      return std::nullopt;
    case Skin::letters:
      for (const std::string& name : symbols.names) {
        if (name.size() != 1 || name[0] < 'A' || name[0] > 'Z') return "'" + name + "' is not a capital letter A-Z";
      }
      break;
    case Skin::shapes:
      for (const std::string& name : symbols.names) {
        if (!render::parse_mark(name)) {
          std::string known;
          for (render::Mark m : render::kAllMarks)
            known += (known.empty() ? "" : ", ") + std::string(render::mark_id(m));
          return "'" + name + "' is not a shape (expected " + known + ")";
        }
      }
      break;
  }
  for (std::size_t i = 0; i < symbols.names.size(); ++i) {
    if (std::find(symbols.names.begin() + static_cast<std::ptrdiff_t>(i) + 1, symbols.names.end(), symbols.names[i]) !=
        symbols.names.end()) {
      return "'" + symbols.names[i] + "' appears twice";
    }
  }
  return std::nullopt;
}

}  // namespace puzzlepress::book
