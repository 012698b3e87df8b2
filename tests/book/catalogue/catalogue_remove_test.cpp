// plan_removal: which editions `catalogue remove` takes out, and why none when none.
#include "book/catalogue/catalogue_remove.h"

#include <doctest/doctest.h>

using namespace puzzlepress::book;

namespace {

CatalogueBook book(const std::string& title, std::uint32_t seed, const std::string& edition, int volume = 0) {
  CatalogueBook b;
  b.title = title;
  b.seed = seed;
  b.edition = edition;
  b.volume = volume;
  b.key = title + "\n" + std::to_string(seed) + "\n" + edition;
  return b;
}

std::vector<std::string> keys(const RemovalPlan& plan) {
  std::vector<std::string> out;
  for (const auto& b : plan.editions) out.push_back(b.key);
  return out;
}

}  // namespace

TEST_SUITE("catalogue remove plan") {
  TEST_CASE("every edition of the title, one edition, one seed; ambiguity; misses named") {
    const std::vector<CatalogueBook> books = {book("Sudoku", 4, "6x9"), book("Sudoku", 4, "8.5x11"),
                                              book("Sudoku", 5, "6x9"), book("Sudoku Vol. 2", 4, "6x9", 2),
                                              book("Word Search", 1, "")};
    CHECK(keys(plan_removal(books, {"Sudoku", 4, std::nullopt})) ==
          std::vector<std::string>{"Sudoku\n4\n6x9", "Sudoku\n4\n8.5x11"});
    CHECK(keys(plan_removal(books, {"Sudoku", 4, "8.5x11"})) == std::vector<std::string>{"Sudoku\n4\n8.5x11"});
    // An edition only one seed has is not ambiguous.
    CHECK(keys(plan_removal(books, {"Sudoku", std::nullopt, "8.5x11"})) ==
          std::vector<std::string>{"Sudoku\n4\n8.5x11"});
    const RemovalPlan both = plan_removal(books, {"Sudoku", std::nullopt, std::nullopt});
    CHECK(both.editions.empty());
    CHECK(both.seeds == std::vector<std::uint32_t>{4, 5});
    CHECK(plan_removal(books, {"Sudoku", 6, std::nullopt}).miss == "no book 'Sudoku' with seed 6 (its seeds: 4, 5)");
    CHECK(plan_removal(books, {"Sudoku", 5, "8.5x11"}).miss == "no 8.5x11 edition of 'Sudoku' (its editions: 6x9)");
    CHECK(plan_removal(books, {"Word Search", std::nullopt, "6x9"}).miss ==
          "no 6x9 edition of 'Word Search' (its editions: (no edition))");
    CHECK(keys(plan_removal(books, {"Word Search", std::nullopt, std::nullopt})) ==
          std::vector<std::string>{"Word Search\n1\n"});
    const RemovalPlan none = plan_removal(books, {"sudoku vol 2", std::nullopt, std::nullopt});
    CHECK(none.miss == "no book 'sudoku vol 2'");
    CHECK(none.near == std::vector<std::string>{"Sudoku Vol. 2", "Sudoku"});
    CHECK(plan_removal(books, {"Crosswords", std::nullopt, std::nullopt}).near.empty());
    CHECK(plan_removal({}, {"Sudoku", std::nullopt, std::nullopt}).miss == "no book 'Sudoku'");
  }

  TEST_CASE("an edition described as remove reports it") {
    CHECK(describe_edition(book("Sudoku", 4, "6x9")) == "'Sudoku' (6x9 edition)");
    CHECK(describe_edition(book("Sudoku", 4, "6x9", 3)) == "'Sudoku' (volume 3, 6x9 edition)");
    CHECK(describe_edition(book("Sudoku", 4, "")) == "'Sudoku'");
  }
}
