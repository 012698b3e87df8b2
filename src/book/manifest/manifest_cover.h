// ManifestCover: the manifest's cover record (book/manifest/manifest.h gives the format). Apart from
// manifest.h so that the qpdf files (book/check/pdf_check.cpp) can see it without the engine:
// clang 14 compiles those files as C++17 (see src/book/CMakeLists.txt), and this header and
// what it includes must stay valid C++17.
#pragma once

#include <optional>
#include <string>

#include "book/kdp/cover_geometry.h"
#include "book/kdp/geometry.h"

namespace puzzlepress::book {

/// The cover's record (the "cover" object of the format in book/manifest/manifest.h).
struct ManifestCover {
  Printer printer = Printer::kdp;
  CoverPaper paper = CoverPaper::white;
  double spine_in = 0;
  bool spine_in_from_spec = false;
  double width_pt = 0;
  double height_pt = 0;
  bool spine_text = false;
  std::string spine_text_why_not;
  RectPt front;
  RectPt back;
  RectPt spine;
  std::optional<RectPt> barcode;
  bool barcode_image = false;  ///< the barcode box holds the publisher's own barcode image
  std::string sha256;          ///< the cover PDF's SHA-256 (hex); empty = not recorded

  friend bool operator==(const ManifestCover&, const ManifestCover&) = default;
};

}  // namespace puzzlepress::book
