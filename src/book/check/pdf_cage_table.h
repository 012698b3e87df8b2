// The cage combination table (spec killer_table, book/make/cage_table.h) held to the manifest:
// its record lies in the book (verify), and its pages print the table (verify --pdf), recomputed
// here from the killers the manifest lists, in the book's words.
#pragma once

#include <string>
#include <vector>

#include "book/check/pdf_reader.h"
#include "book/check/pdf_scan.h"
#include "book/manifest/manifest.h"
#include "book/text/wording.h"

namespace puzzlepress::book {

/// verify: "cage table (pages 4-5) is outside the book (1-24)"; "cage table (page 4): the book
/// has no killer puzzles". Nothing without the record.
void check_cage_table_record(const Manifest& manifest, std::vector<std::string>& problems);

/// verify --pdf, one line per problem (none when the pages print the table the killers make):
/// "PDF page 30 (cage table): the PDF has no such page (24 pages)"; "PDF pages 4-5 (cage table):
/// does not print 'Digits 1 to 9, 2 cells, 10: 19 28 37 46'" (the first piece missing: the
/// heading, the intro, a part or group title, or a row; the pages' text, spaces and line breaks
/// ignored, read as the pieces in order, each right after the one before but for a group title
/// or part repeated or a page number). Pages the scan could not map whole are read with `text` (poppler),
/// skipped when it is null.
std::vector<std::string> check_printed_cage_table(const Manifest& manifest, const Wording& words, const PdfScan& scan,
                                                  const PdfTextReader* text);

/// The table's pages the scan followed but could not map whole (poppler reads them).
std::vector<int> cage_table_pages_needing_poppler(const Manifest& manifest, const PdfScan& scan);

}  // namespace puzzlepress::book
