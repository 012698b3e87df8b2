// The page tree of an untrusted PDF, walked before qpdf walks it (internal to book/check: qpdf's
// types). qpdf's getAllPages recurses once a level, so a /Pages tree nested 30,000 deep exhausts
// the stack, and it builds an object for every page, so a million pages take gigabytes: the
// walk here has an explicit stack, a depth cap and a page cap, and every reader of an untrusted
// PDF (scan_pdf, check_pdf, check_cover_pdf) asks it first.
#pragma once

#include <qpdf/QPDF.hh>

#include <cstddef>
#include <optional>
#include <string>

namespace puzzlepress::book {

/// Most pages read from a PDF. KDP prints at most 828; a book beyond that is still read, so that
/// its page count can be reported.
inline constexpr std::size_t kMaxPdfPages = 10'000;
/// Deepest page tree read (real files nest /Pages a few levels).
inline constexpr int kMaxPageTreeDepth = 64;
/// Page-tree nodes visited at most (leaves and intermediate nodes together).
inline constexpr std::size_t kMaxPageTreeNodes = 4 * kMaxPdfPages;

/// Why the page tree is not read, or nothing: "its page tree nests more than 64 levels deep",
/// "it has 1000000 pages (its /Count says); at most 10000 are read", "it has more than 10000
/// pages; at most 10000 are read", "its page tree has more than 40000 nodes". A node reached
/// twice (a loop, or shared) is walked once; qpdf reports it in its own words.
std::optional<std::string> page_tree_problem(QPDF& qpdf);

}  // namespace puzzlepress::book
