// The SHA-256 a manifest records of the PDFs written with it (verify refuses others).
#pragma once

#include <string>
#include <string_view>

namespace puzzlepress::book {

/// SHA-256 of `bytes`, 64 lower-case hex digits (qpdf's crypto provider computes it).
std::string sha256_hex(std::string_view bytes);

}  // namespace puzzlepress::book
