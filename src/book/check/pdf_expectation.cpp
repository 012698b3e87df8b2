// The manifest seen as pdf_check.cpp needs it (C++20 side of the C++17 boundary in pdf_check.h).
#include "book/manifest/manifest.h"
#include "book/check/pdf_check.h"

namespace puzzlepress::book {

PdfExpectation pdf_expectation(const Manifest& manifest) {
  return PdfExpectation{manifest.page_count, manifest.page_width_pt, manifest.page_height_pt, manifest.trim,
                        manifest.cover};
}

}  // namespace puzzlepress::book
