// The pieces of a build that make_book (build.cpp) and its pipelined form (pipeline.cpp) share
// (internal to book/make): fonts, page frames, the manifest, the fit check, puzzle faces and the
// cover. Units: PDF points unless a name says inches.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "book/make/build.h"
#include "book/text/wording.h"
#include "render/pdf_writer.h"

namespace puzzlepress::book {

/// The fonts the book prints with: ours, with the spec's fonts: choices in their roles (one face
/// for all digits: solved digits stay grey).
render::FontFiles font_files(const BookSpec& spec, const Resources& resources);

/// The frame of a planned page in a book of `page_count` pages: page and trim size, the margins
/// (the gutter grows with the page count), the folio.
render::PageFrame frame_for(const BookSpec& spec, const LayoutPreset& layout, const PlannedPage& planned,
                            int page_count);

/// The manifest of a made book: its facts, every puzzle with its pages and grid boxes, hints.
Manifest make_manifest(const BookSpec& spec, const Book& book, const std::string& version);

/// Nothing may be printed outside the margins, grid symbols must stay at KDP's 7 pt or more,
/// and no label or footnote may be wider than its grid: a trim, layout or text that cannot give
/// that throws InputError at the spec value (or flag) to blame, before any file is written; in a
/// kids book the message says that audience: adults prints smaller.
void check_fits(const BookSpec& spec, const LayoutPreset& layout, const BookPage& page,
                const render::TextMeasure& measure);

/// The section each puzzle of the book belongs to, in book order.
std::vector<const Section*> puzzle_sections(const BookSpec& spec);

/// A puzzle's faces, from its section's skin (and word).
SymbolSet symbols_of(const Section& section, const engine::Puzzle& p);

/// Each puzzle's faces.
std::vector<SymbolSet> puzzle_symbol_sets(const BookSpec& spec, const std::vector<engine::Puzzle>& puzzles);

/// The spec's cover for a book of `page_count` pages, and (with `record`) its manifest record.
void add_cover(Book& book, const BookSpec& spec, int page_count, const render::TextMeasure& metrics,
               const Wording& words, bool record = true);

/// The metrics that measure the book's fonts (those kept in settings.metrics_cache, loaded
/// again when its fonts are not the book's; else loaded into `loaded`), once the spec's texts
/// are checked against the fonts. Throws as PdfFontMetrics::load (the spec's fonts: at its
/// place) and check_font_coverage.
const render::PdfFontMetrics* book_metrics(const BookSpec& spec, const BuildSettings& settings,
                                           const render::FontFiles& fonts,
                                           std::unique_ptr<render::PdfFontMetrics>& loaded);

/// make_book for a whole book whose plan is final before generation (pipeline.cpp explains).
Book make_book_pipelined(const BookSpec& spec, const BuildSettings& settings, Book book, std::vector<PlannedPage> plan,
                         const std::vector<engine::VariantOptions>& requests);

}  // namespace puzzlepress::book
