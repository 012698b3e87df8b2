// PDF files written from scratch for tests (no library): hand-made objects with a correct
// cross-reference table, for PDFs our writer would never make.
#pragma once

#include <string>
#include <vector>

namespace puzzlepress::testing {

/// A PDF 1.4 file whose object N is objects[N-1] (its text between "N 0 obj" and "endobj": a
/// dictionary, or a stream with its dictionary), object 1 the catalog; with its cross-reference
/// table and trailer.
std::string pdf_of_objects(const std::vector<std::string>& objects);

}  // namespace puzzlepress::testing
