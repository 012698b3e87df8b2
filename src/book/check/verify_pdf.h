// verify_pdf: the printed PDF checked against its manifest (verify --pdf, --cover): the file is
// the one the manifest was written with (SHA-256), its pages are what the manifest says
// (book/check/pdf_check.h), what it prints passes KDP's preflight (book/check/preflight.h: margins, print
// floors, encryption, annotations, page boxes) and every grid read back from the page is the
// manifest's puzzle and solution (book/check/pdf_grids.h). Callable on bytes (a fuzz harness) or a
// path (the CLI).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "book/manifest/manifest.h"
#include "util/contained.h"

namespace puzzlepress::book {

/// Problems of the interior PDF `bytes` (named `name` in messages), one line each, in this order:
///   "PDF: book.pdf is not the PDF this manifest was written with (its SHA-256 is 1f2e…, the
///     manifest records 9a8b…)" (12 hex digits each shown; only when the manifest records one);
///   check_pdf's lines (page count, MediaBox, fonts);
///   "PDF: cannot read book.pdf: <why>" when qpdf cannot (check_pdf's line: "invalid password"
///     for a locked file; nothing after it);
///   preflight's lines for the manifest's trim, bleed and paper, those about a page prefixed
///     "PDF " ("PDF page 3: text 'Puzzle 1' at [x, y, w, h] is outside the margins [x, y, w, h]",
///     "PDF is encrypted");
///   check_printed_grids's lines, the grids read from the scan's glyphs or by poppler
///     (`reader`), then check_printed_words's (book/check/pdf_words.h: what the pages say);
///     "PDF: poppler cannot read book.pdf: <why>" (and no grid or word lines) when poppler is
///     needed and cannot;
///   or, when poppler's reading (run in a child process) passes `poppler_limits` (by default
///     poppler_reading_limits of the pages it reads, with the file's size added to the
///     memory ceiling: poppler keeps a copy) or dies: "PDF: the printed grids of book.pdf were
///     not checked: reading its text with poppler took more than 5.6 s of CPU time" (or "did
///     not finish within 32.4 s", "needed more than 259 MiB of memory", "was stopped by
///     signal 11: Segmentation fault": util/contained.h).
/// The preflight and the grids are skipped when the manifest's trim is not a trim
/// (verify_manifest reports it).
/// Who reads the grids' digits and letters: the scan where it read a page's text whole and
/// poppler for the rest (the default: a book of ours needs no poppler), or poppler for every
/// page (a second, independent reader; the tests hold the two to the same answers).
enum class GridReader { scan_then_poppler, poppler };

std::vector<std::string> verify_pdf_bytes(const Manifest& manifest, std::string_view bytes, const std::string& name,
                                          const std::optional<util::ContainedLimits>& poppler_limits = std::nullopt,
                                          GridReader reader = GridReader::scan_then_poppler);

/// Ceilings of poppler's reading of `pages` pages (those with digit or letter grids; counted
/// up to 828, KDP's most): 5 s of CPU time and 30 ms a page (poppler takes about 8 ms a page of
/// ours), and 256 MiB of memory beyond what verify holds (poppler adds a few MiB for a book of
/// ours). Ten times both in AddressSanitizer builds.
inline constexpr long kPopplerCpuMs = 5'000;
inline constexpr long kPopplerCpuMsPerPage = 30;
inline constexpr int kMaxPagesCounted = 828;
inline constexpr std::size_t kPopplerExtraMemoryBytes = std::size_t{256} << 20;
inline constexpr int kAddressSanitizerScale = 10;
/// poppler reads a book's pages on up to this many threads (in its contained child), each
/// thread's document allowed this much more memory.
inline constexpr int kMaxPopplerThreads = 4;
inline constexpr std::size_t kPopplerThreadMemoryBytes = std::size_t{64} << 20;
util::ContainedLimits poppler_reading_limits(int pages);

/// Threads poppler reads pages on: the machine's, at most kMaxPopplerThreads; each but the first
/// adds kPopplerThreadMemoryBytes to poppler_reading_limits' memory.
int poppler_threads();

/// Reads `path` (a regular file, at most kMaxPdfBytes) and runs verify_pdf_bytes; a file that
/// cannot be read is one line "PDF: cannot read book.pdf: is not a regular file".
std::vector<std::string> verify_pdf_file(const Manifest& manifest, const std::string& path);

/// "cover PDF: book-cover.pdf is not the cover this manifest was written with (…)" when the
/// manifest's cover record has a SHA-256 and the file's differs, then check_cover_pdf's lines;
/// then check_cover_words's (book/check/pdf_words.h: the back cover's contents lines, read with
/// poppler in a child process as verify_pdf_bytes reads pages); a file that cannot be read is
/// one line "cover PDF: cannot read PATH: why".
std::vector<std::string> verify_cover_file(const Manifest& manifest, const std::string& path);

}  // namespace puzzlepress::book
