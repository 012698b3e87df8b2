// libFuzzer harness: every check `verify --pdf` and `preflight` run on a PDF's bytes, against a
// fixed manifest of a one-page 6x9 book with one 9x9 puzzle (and its solution) on page 1:
//   - check_pdf_bytes (qpdf: page count, MediaBox, fonts embedded);
//   - scan_pdf (qpdf's content-stream parser followed like a painter) and preflight on the scan;
//   - PdfTextReader (poppler-cpp: glyphs with positions) and check_printed_grids, which reads
//     the grids back from the glyphs and solves them again.
// Any input must end in a value (a list of problems or an error Result): a crash, another
// exception, a sanitizer report or a leak fails (tests/fuzz/run).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "book/check/pdf_check.h"
#include "book/check/pdf_grids.h"
#include "book/check/pdf_reader.h"
#include "book/check/pdf_scan.h"
#include "book/check/preflight.h"
#include "support/book_fixtures.h"

namespace {

using namespace puzzlepress;

// The smallest PDF poppler opens. poppler-cpp sets its global tables up while any document is
// open and tears them down with the last one; one kept open for the whole run saves each input
// that work (most of an execution's time otherwise).
constexpr std::string_view kTinyPdf =
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
    "2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\n"
    "trailer<</Root 1 0 R>>\n%%EOF\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const util::Result<book::PdfTextReader> keeps_poppler_set_up = book::PdfTextReader::open(kTinyPdf);
  static const book::Manifest manifest =
      testing::one_puzzle_manifest("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
                                   "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
  static const book::PreflightTarget target{*book::parse_trim("6x9").trim, false, book::Paper::white};
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  (void)book::check_pdf_bytes(bytes, "fuzz.pdf", manifest);
  const util::Result<book::PdfScan> scan = book::scan_pdf(bytes, true);  // glyphs too: /ToUnicode maps
  if (!scan) return 0;
  (void)book::preflight(*scan, target);
  const util::Result<book::PdfTextReader> text = book::PdfTextReader::open(bytes);
  if (!text) return 0;
  (void)book::check_printed_grids(manifest, *scan, &*text, book::pages_needing_poppler(manifest, *scan));
  (void)book::check_printed_grids(manifest, *scan, &*text, book::pages_needing_poppler(manifest, *scan, true));
  return 0;
}
