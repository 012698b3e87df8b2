// libFuzzer harness: the checks of a finished interior PDF (qpdf reads it from memory) against
// a fixed manifest of a one-page 6x9 book.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "book/manifest.h"
#include "book/pdf_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const puzzlepress::book::Manifest manifest = [] {
    puzzlepress::book::Manifest m;
    m.title = "Fuzz";
    m.author = "Fuzz";
    m.trim = "6x9";
    m.page_width_pt = 432;
    m.page_height_pt = 648;
    m.page_count = 1;
    return m;
  }();
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  (void)puzzlepress::book::check_pdf_bytes(bytes, "fuzz.pdf", manifest);
  return 0;
}
