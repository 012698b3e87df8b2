#include "book/make/sample.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "render/layout.h"
#include "render/pdf_writer.h"
#include "support/book_fixtures.h"
#include "support/render_fixtures.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
namespace fs = std::filesystem;
using testing::source_resources;
using testing::texts_of;

namespace {

render::FontFiles fonts() { return shipped_fonts(source_resources()); }

const render::PdfFontMetrics& metrics() {
  static const auto m = render::PdfFontMetrics::load(fonts());
  REQUIRE(m.ok());
  return **m;
}

SampleOptions options(std::uint32_t seed) {
  SampleOptions o;
  o.seed = seed;
  return o;
}

bool has_text(const render::Page& page, const std::string& text) {
  const std::vector<std::string> texts = texts_of(page);
  return std::find(texts.begin(), texts.end(), text) != texts.end();
}

const Trim& a4() { return kStandardTrims[15]; }

}  // namespace

TEST_SUITE("sample") {
  TEST_CASE("defaults: one letter page of four puzzles, grades cycled, footer with the seed") {
    const render::Document doc = make_sample(options(12345), source_resources());
    REQUIRE(doc.pages.size() == 1);
    const render::Page& page = doc.pages[0];
    CHECK(page.width_pt == doctest::Approx(612));   // 8.5 in
    CHECK(page.height_pt == doctest::Approx(792));  // 11 in
    CHECK_FALSE(page.trim_box.has_value());         // no bleed
    CHECK(has_text(page, "puzzlepress sample, seed 12345 \u2014 puzzlepress sample --seed 12345"));
    // Labels in order: the grade names come easy, medium, hard, extreme.
    std::vector<std::string> grades;
    for (const auto& t : texts_of(page)) {
      if (t == "Easy" || t == "Medium" || t == "Hard" || t == "Extreme" || t == "Evil") grades.push_back(t);
    }
    CHECK(grades == std::vector<std::string>{"Easy", "Medium", "Hard", "Extreme"});
    for (int n = 1; n <= 4; ++n) CHECK(has_text(page, "Puzzle " + std::to_string(n)));
  }

  TEST_CASE("the same options give the same bytes; another seed other puzzles") {
    SampleOptions o = options(99);
    o.answers = true;
    const auto first = render::render_pdf(make_sample(o, source_resources()));
    const auto again = render::render_pdf(make_sample(o, source_resources()));
    REQUIRE(first.ok());
    CHECK(*first == *again);
    const auto other = render::render_pdf(make_sample(options(100), source_resources()));
    CHECK(*other != *first);
  }

  TEST_CASE("answers add solution pages") {
    SampleOptions o = options(5);
    o.count = 10;
    CHECK(make_sample(o, source_resources()).pages.size() == 3);  // 4 + 4 + 2
    o.answers = true;
    const render::Document doc = make_sample(o, source_resources());
    REQUIRE(doc.pages.size() == 5);  // four-up solution pages hold 9: 9 + 1
    CHECK(has_text(doc.pages[3], "Puzzle 9"));
    CHECK(has_text(doc.pages[4], "Puzzle 10"));
    CHECK_FALSE(has_text(doc.pages[3], "Easy"));  // solution labels carry no grade
  }

  TEST_CASE("given grades are cycled in order") {
    SampleOptions o = options(8);
    o.grades = {engine::Grade::evil, engine::Grade::easy};
    o.count = 3;
    o.per_page = 3;
    std::vector<std::string> grades;
    for (const auto& t : texts_of(make_sample(o, source_resources()).pages.at(0))) {
      if (t == "Easy" || t == "Evil") grades.push_back(t);
    }
    CHECK(grades == std::vector<std::string>{"Evil", "Easy", "Evil"});
  }

  TEST_CASE("every item lies inside the 0.5 in margins, letter and A4, 1-6 a page") {
    for (const Trim& paper : {kStandardTrims[14], a4()}) {
      for (int per_page = 1; per_page <= kSampleMaxPerPage; ++per_page) {
        CAPTURE(paper.name);
        CAPTURE(per_page);
        SampleOptions o = options(3);
        o.paper = paper;
        o.per_page = per_page;
        o.count = per_page + 1;
        o.grades = {engine::Grade::easy, engine::Grade::medium, engine::Grade::hard, engine::Grade::extreme,
                    engine::Grade::evil};
        o.answers = true;
        const render::Document doc = make_sample(o, source_resources());
        const double margin_pt = 0.5 * 72;
        for (const render::Page& page : doc.pages) {
          CHECK(page.width_pt == doctest::Approx(paper.width_in * 72));
          const render::Box content{margin_pt, margin_pt, page.width_pt - margin_pt, page.height_pt - margin_pt};
          for (const auto& item : page.items) CHECK(content.contains(render::ink_bounds(item, metrics()), 0.01));
        }
      }
    }
  }

  TEST_CASE("a long footer wraps and stays inside") {
    SampleOptions o = options(4294967295u);
    o.grades = std::vector<engine::Grade>(12, engine::Grade::extreme);
    o.count = 2;
    o.per_page = 2;
    o.paper = a4();
    const render::Document doc = make_sample(o, source_resources());
    const render::Box content{36, 36, doc.pages[0].width_pt - 36, doc.pages[0].height_pt - 36};
    int footer_runs = 0;
    for (const auto& item : doc.pages[0].items) {
      CHECK(content.contains(render::ink_bounds(item, metrics()), 0.01));
      if (const auto* run = std::get_if<render::TextRun>(&item); run && run->text.find("--grade") != std::string::npos)
        ++footer_runs;
    }
    CHECK(footer_runs >= 2);
  }

  TEST_CASE("sample_command names only what differs from the defaults") {
    CHECK(sample_command(options(7)) == "puzzlepress sample --seed 7");
    SampleOptions o = options(7);
    o.grades = {engine::Grade::hard, engine::Grade::evil};
    o.count = 6;
    o.per_page = 2;
    o.paper = a4();
    o.answers = true;
    CHECK(sample_command(o) ==
          "puzzlepress sample --seed 7 --grade hard --grade evil --count 6 --per-page 2 --paper a4 --answers");
    o.paper = kStandardTrims[4];
    CHECK(sample_command(o).find("--paper 6x9") != std::string::npos);
  }

  TEST_CASE("styles per page") {
    CHECK(sample_style(1, source_resources(), 540, 720).puzzle_rows *
              sample_style(1, source_resources(), 540, 720).puzzle_cols ==
          1);
    CHECK(sample_style(2, source_resources(), 540, 720).puzzle_rows == 2);
    const auto three =
        sample_style(3, source_resources(), 540, 720);  // 7.5 x 10 in: 2 x 2 gives larger grids than 3 x 1
    CHECK(three.puzzle_rows == 2);
    CHECK(three.puzzle_cols == 2);
    const auto five = sample_style(5, source_resources(), 540, 720);
    CHECK(five.puzzle_rows == 3);
    CHECK(five.puzzle_cols == 2);
    CHECK(sample_style(6, source_resources(), 540, 720).puzzle_rows == 3);
    CHECK_THROWS_AS(sample_style(0, source_resources(), 540, 720), std::invalid_argument);
    CHECK_THROWS_AS(sample_style(7, source_resources(), 540, 720), std::invalid_argument);
  }

  TEST_CASE("proof: the book's first puzzle pages as the book prints them") {
    const BookSpec spec = testing::load_test_spec(
        "title: Proof Test\nauthor: Ann Example\ntrim: 6x9\nseed: 3\npuzzles:\n  - { grade: medium, count: 10 }\n",
        "proof-test.yaml");
    const Book book = make_book(spec, testing::test_settings(0));
    std::vector<std::size_t> puzzle_pages;
    for (std::size_t i = 0; i < book.pages.size(); ++i) {
      if (book.pages[i].planned.kind == PageKind::puzzles) puzzle_pages.push_back(i);
    }
    REQUIRE(puzzle_pages.size() == 5);  // two-up
    const render::Document proof = proof_document(book, 2);
    REQUIRE(proof.pages.size() == 2);
    for (std::size_t k = 0; k < 2; ++k) {
      const render::Page& want = book.pages[puzzle_pages[k]].page;
      CHECK(proof.pages[k].width_pt == want.width_pt);
      CHECK(proof.pages[k].items.size() == want.items.size());
      CHECK(texts_of(proof.pages[k]) == texts_of(want));
    }
    CHECK(has_text(proof.pages[0], "Puzzle 1"));
    CHECK(proof_document(book, 99).pages.size() == 5);
    CHECK_THROWS_AS(proof_document(book, 0), std::invalid_argument);
  }
}
