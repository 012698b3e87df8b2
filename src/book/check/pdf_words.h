// pdf_words: what the printed pages say, read back with poppler (book/check/pdf_reader.h) and
// held to the manifest (verify --pdf): the how-to-play page names exactly the book's grades.
// The words expected are the book's own (its language and text overrides, book/text/wording.h);
// spaces and line breaks do not count (a sentence wraps where the layout puts it).
#pragma once

#include <string>
#include <vector>

#include "book/check/pdf_reader.h"
#include "book/manifest/manifest.h"

namespace puzzlepress::book {

/// One line per problem, empty when the words are true:
///   "PDF page 3 (how to play): does not print 'Each puzzle is marked with its difficulty: Easy
///     (one star) or Hard (three stars). …' (the book's grades: easy and hard)".
std::vector<std::string> check_printed_words(const Manifest& manifest, const PdfTextReader& text);

/// `text` without spaces of any kind (ASCII white space, U+00A0, U+202F): what two printings of
/// the same words have in common however they wrap.
std::string without_spaces(const std::string& text);

}  // namespace puzzlepress::book
