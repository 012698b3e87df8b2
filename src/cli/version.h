// `puzzlepress --version`: the program's version and the versions of the libraries it uses,
// each read from the library itself (its version function or header), never typed in here.
#pragma once

#include <string>
#include <string_view>

namespace puzzlepress::cli {

/// "puzzlepress 0.1.0\n" then one line per library: "  libharu 2.3.0\n" … `cli11_version`
/// comes from app.cpp, the one file that sees CLI11's headers.
std::string version_text(std::string_view cli11_version);

}  // namespace puzzlepress::cli
