// Page trees that qpdf cannot walk safely (hostile round two): nested tens of thousands deep
// (qpdf's recursion crashed preflight, verify --pdf and verify --cover), or with a million
// pages (gigabytes). Every reader of an untrusted PDF refuses them first, with the reason.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "book/check/pdf_check.h"
#include "book/check/pdf_scan.h"
#include "book/manifest/manifest.h"
#include "support/pdf_bytes.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

// /Pages nodes nested `depth` deep above one page.
std::string deep_tree(int depth) {
  std::vector<std::string> objects{"<< /Type /Catalog /Pages 2 0 R >>"};
  for (int level = 0; level < depth; ++level) {
    const int self = level + 2;
    objects.push_back("<< /Type /Pages /Kids [" + std::to_string(self + 1) + " 0 R] /Count 1" +
                      (level ? " /Parent " + std::to_string(self - 1) + " 0 R" : "") + " >>");
  }
  objects.push_back("<< /Type /Page /Parent " + std::to_string(depth + 1) + " 0 R /MediaBox [0 0 432 648] >>");
  return testing::pdf_of_objects(objects);
}

// `pages` leaves under one /Pages node; the /Count as given.
std::string wide_tree(int pages, long long count) {
  std::vector<std::string> objects{"<< /Type /Catalog /Pages 2 0 R >>"};
  std::string kids;
  for (int k = 0; k < pages; ++k) kids += std::to_string(k + 3) + " 0 R ";
  objects.push_back("<< /Type /Pages /Kids [" + kids + "] /Count " + std::to_string(count) + " >>");
  for (int k = 0; k < pages; ++k) objects.push_back("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] >>");
  return testing::pdf_of_objects(objects);
}

Manifest manifest_with_cover() {
  Manifest m;
  m.trim = "6x9";
  m.page_count = 24;
  m.cover = ManifestCover{};
  return m;
}

}  // namespace

TEST_SUITE("page trees") {
  TEST_CASE("a tree nested 30,000 deep is refused, not walked (qpdf's recursion crashed)") {
    const std::string pdf = deep_tree(30000);
    const auto scanned = scan_pdf(pdf);
    REQUIRE_FALSE(scanned.ok());
    CHECK(scanned.error() == "its page tree nests more than 64 levels deep");
    CHECK(check_pdf_bytes(pdf, "deep.pdf", Manifest{}) ==
          std::vector<std::string>{"PDF: cannot read deep.pdf: its page tree nests more than 64 levels deep"});
    CHECK(check_cover_pdf_bytes(pdf, "deep.pdf", manifest_with_cover()) ==
          std::vector<std::string>{"cover PDF: cannot read deep.pdf: its page tree nests more than 64 levels deep"});
  }

  TEST_CASE("a tree 64 deep is read") {
    const auto scanned = scan_pdf(deep_tree(64));
    REQUIRE(scanned.ok());
    CHECK(scanned->pages.size() == 1);
  }

  TEST_CASE("a million pages by /Count, or more leaves than are read, are refused before qpdf lists them") {
    const auto counted = scan_pdf(wide_tree(2, 1'000'000));
    REQUIRE_FALSE(counted.ok());
    CHECK(counted.error() == "it has 1000000 pages (its /Count says); at most 10000 are read");
    const auto leaves = scan_pdf(wide_tree(10'001, 1));
    REQUIRE_FALSE(leaves.ok());
    CHECK(leaves.error() == "it has more than 10000 pages; at most 10000 are read");
    const auto most = scan_pdf(wide_tree(10'000, 10'000));
    REQUIRE(most.ok());
    CHECK(most->pages.size() == 10'000);
  }
}
