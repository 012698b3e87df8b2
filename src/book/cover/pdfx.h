// PDF/X-1a:2001 (ISO 15930-1) for covers that go to IngramSpark, which asks for it by default.
// libharu paints the cover (DeviceCMYK and DeviceGray inks only, fonts embedded, TrimBox and
// BleedBox, no transparency: the cover layout and the spec's image checks see to that); qpdf
// (only in pdfx.cpp and pdf_check.cpp) then adds what libharu cannot write:
//   - the output intent: /OutputIntents [ << /Type /OutputIntent /S /GTS_PDFX
//       /OutputConditionIdentifier (CGATS TR 001) /RegistryName (http://www.color.org) … >> ],
//     CGATS TR 001 (SWOP) being a characterization registered with the ICC, so no ICC profile
//     need be embedded (U.S. Web Coated (SWOP) v2 is built on it; guides to IngramSpark's
//     files name SWOP: secondary);
//   - the document information /GTS_PDFXVersion (PDF/X-1:2001), /GTS_PDFXConformance
//     (PDF/X-1a:2001), /Trapped /False, /CreationDate and /ModDate (the standard requires
//     both: they are set from the spec's year, so the same spec still gives the same bytes);
//   - a trailer /ID (required by PDF/X), computed from the file's content (qpdf's deterministic
//     ID), and the header version %PDF-1.3 with no object or cross-reference streams.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "util/result.h"

namespace puzzlepress::book {

struct PdfxFacts {
  std::string date;  ///< PDF date of creation and modification, e.g. "D:20260101000000Z"
  std::string output_condition_identifier = "CGATS TR 001";
  std::string output_condition = "SWOP (Publication) Grade 5 Paper";
  std::string info = "U.S. Web Coated (SWOP) v2";
  std::string registry = "http://www.color.org";
};

/// Facts for a book of `year` (the spec's; January 1 of it), or 2000-01-01 without one.
PdfxFacts pdfx_facts(std::optional<int> year);

/// `pdf` (a one-page cover from render_pdf) made PDF/X-1a:2001 as described above. Fails with
/// qpdf's reason when the bytes are not a PDF it can read.
util::Result<std::string> to_pdfx1a(std::string_view pdf, const PdfxFacts& facts);

}  // namespace puzzlepress::book
