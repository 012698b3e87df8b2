// What the verify --pdf suites share: a book printed in memory (its PDF and its manifest as
// build writes it) and the ways a test changes one.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "book/check/verify_pdf.h"
#include "book/make/build.h"
#include "book/manifest/manifest.h"
#include "book/manifest/sha256.h"
#include "book/spec/spec.h"
#include "render/pdf_writer.h"
#include "support/book_fixtures.h"
#include "support/sampling.h"

namespace puzzlepress::book::verify_pdf_tests {

inline std::string spec_text(int seed, const std::string& puzzles, const std::string& trim = "6x9",
                             const std::string& extra = "") {
  return "title: Trust Test\nauthor: Ann Example\ntrim: " + trim + "\nlayout: two-up\nseed: " + std::to_string(seed) +
         "\n" + extra + "puzzles:\n" + puzzles;
}

inline const std::string kDigits = "  - { grade: easy, count: 6 }\n";
inline const std::string kShapes = "  - { size: 4x4, skin: shapes, grade: easy, count: 4 }\n";
inline const std::string kLetters = "  - { size: 6x6, skin: letters, grade: easy, count: 4 }\n";

/// A book built in memory, its PDF's bytes and its manifest as build writes it (with the hash).
struct Printed {
  Book book;
  std::string pdf;
  Manifest manifest;
};

/// verify_pdf_bytes with the grids read from the scan, held to the same lines as with poppler
/// reading every grid page (the independent reader). Under AddressSanitizer (sampling.h) poppler
/// reads only the books that pass, as built; the altered ones are held to it in release builds.
inline std::vector<std::string> verify_both(const Manifest& manifest, std::string_view pdf, const std::string& name) {
  const std::vector<std::string> scanned = verify_pdf_bytes(manifest, pdf, name);
  if (testing::kEveryCase || scanned.empty()) {
    CHECK(verify_pdf_bytes(manifest, pdf, name, std::nullopt, GridReader::poppler) == scanned);
  }
  return scanned;
}

inline std::string paint(const Book& book) {
  util::Result<std::string> pdf = render::render_pdf(book.info, book.page_list());
  REQUIRE(pdf.ok());
  return *pdf;
}

inline Printed print(const std::string& spec) {
  Printed p;
  p.book = make_book(load_spec(spec, "trust.yaml"), testing::test_settings());
  p.pdf = paint(p.book);
  p.manifest = p.book.manifest;
  p.manifest.pdf_sha256 = sha256_hex(p.pdf);
  return p;
}

/// The PDF of `p` with page `number` (1-based) changed by `change`.
inline std::string repainted(Printed& p, int number, const std::function<void(render::Page&)>& change) {
  Book copy = p.book;
  change(copy.pages[static_cast<std::size_t>(number - 1)].page);
  return paint(copy);
}

/// The PDF of `p` with every `from` in page `number`'s text runs printed as `to`, pair by pair.
inline std::string with_words_replaced(Printed& p, int number,
                                       const std::vector<std::pair<std::string, std::string>>& words) {
  return repainted(p, number, [&](render::Page& printed) {
    for (render::Item& item : printed.items) {
      auto* run = std::get_if<render::TextRun>(&item);
      if (!run) continue;
      for (const auto& [from, to] : words) {
        for (std::size_t at = run->text.find(from); at != std::string::npos; at = run->text.find(from)) {
          run->text.replace(at, from.size(), to);
        }
      }
    }
  });
}

/// The manifest of `p` tied to `pdf` (what a build that printed `pdf` would have written).
inline Manifest tied(const Printed& p, const std::string& pdf) {
  Manifest m = p.manifest;
  m.pdf_sha256 = sha256_hex(pdf);
  return m;
}

}  // namespace puzzlepress::book::verify_pdf_tests
