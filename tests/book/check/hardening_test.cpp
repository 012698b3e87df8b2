// Holes a hostile test found (issue 13): KDP limits a custom trim could escape, verify's checks
// that a manifest could switch off or overflow, PDFs that hung or crashed the check.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "book/manifest/manifest.h"
#include "book/check/pdf_check.h"
#include "book/kdp/trim.h"
#include "book/check/verify.h"
#include "support/book_fixtures.h"
#include "support/command.h"
#include "support/errors.h"
#include "support/files.h"
#include "support/pdf_bytes.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
namespace fs = std::filesystem;
using testing::TempDir;

namespace {

const char* const kSolution = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

Manifest one_puzzle_manifest() { return testing::one_puzzle_manifest(kSolution, kSolution); }

std::string error_of(const std::string& json) {
  return testing::input_error_of([&] { parse_manifest(json, "book.json"); });
}

// One-page PDF whose page uses form X1, X1 uses X2, ... X`depth` (no recursion can follow it).
std::string chained_forms_pdf(int depth) {
  std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Resources << /XObject << /X 4 0 R >> >> >>"};
  for (int i = 0; i < depth; ++i) {
    const std::string next =
        i + 1 < depth ? "/Resources << /XObject << /X " + std::to_string(5 + i) + " 0 R >> >> " : "";
    objects.push_back("<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] " + next + "/Length 0 >>\nstream\n\nendstream");
  }
  return testing::pdf_of_objects(objects);
}

}  // namespace

TEST_SUITE("hardening") {
  TEST_CASE("a custom trim takes the strictest page limit of the standard trims it reaches") {
    // 0.05 in narrower than 8.5x11 used to get 828 pages (KDP: 590).
    const auto narrow = parse_trim("8.45x11 in");
    REQUIRE(narrow.trim);
    CHECK(narrow.trim->custom());
    CHECK(page_count_range(*narrow.trim, Paper::white).max == 590);
    CHECK(page_count_range(*narrow.trim, Paper::cream).max == 550);
    CHECK(page_count_range(*parse_trim("8.3x6.5 in").trim, Paper::white).max == 800);   // reaches 8.25x6
    CHECK(page_count_range(*parse_trim("8.1x11.5 in").trim, Paper::white).max == 780);  // reaches A4 only
    CHECK(page_count_range(*parse_trim("6.5x9.5 in").trim, Paper::white).max == 828);   // reaches none stricter
    CHECK(page_count_range(*parse_trim("210x280 mm").trim, Paper::white).max == 590);
  }

  TEST_CASE("a manifest rating of 0 or less cannot switch the rating check off") {
    const std::string json = manifest_to_json(one_puzzle_manifest());
    CHECK(error_of(json) == "no error");
    std::string zero = json;
    zero.replace(zero.find("\"rating\": 1.0"), 13, "\"rating\": 0");
    CHECK(error_of(zero) ==
          "book.json: field 'puzzles[0].rating' must be more than 0 (every puzzle graded by techniques is rated)");
    std::string negative = json;
    negative.replace(negative.find("\"rating\": 1.0"), 13, "\"rating\": -3.5");
    CHECK(error_of(negative) ==
          "book.json: field 'puzzles[0].rating' must be more than 0 (every puzzle graded by techniques is rated)");
    // Under clue grading 0 means "not rated"; below 0 is still wrong.
    std::string clues = zero;
    clues.replace(clues.find("\"grading\": \"techniques\""), 23, "\"grading\": \"clues\"");
    CHECK(error_of(clues) == "no error");
    clues.replace(clues.find("\"rating\": 0"), 11, "\"rating\": -1");
    CHECK(error_of(clues) == "book.json: field 'puzzles[0].rating' must be 0 (not rated) or more");
  }

  TEST_CASE("puzzle numbers near INT_MAX: no signed overflow in the numbering check") {
    Manifest m = one_puzzle_manifest();
    m.puzzles.push_back(m.puzzles[0]);
    m.puzzles[0].number = 2147483647;
    m.puzzles[1].number = 2;
    const std::vector<std::string> problems = verify_manifest(m);
    CHECK(std::count(problems.begin(), problems.end(), "puzzle numbers: expected 1 first, found 2147483647") == 1);
    CHECK(std::count(problems.begin(), problems.end(),
                     "puzzle numbers: expected 2147483648 after 2147483647, found 2") == 1);
  }

  TEST_CASE("verify --pdf: a device or FIFO is refused at once; 20,000 chained forms do not crash") {
    Manifest m = one_puzzle_manifest();
    m.page_count = 1;
    CHECK(check_pdf("/dev/zero", m) == std::vector<std::string>{"PDF: cannot read /dev/zero: is not a regular file"});
    const TempDir dir("hardening-fifo");
    const fs::path fifo = dir / "book.pdf";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(check_pdf(fifo, m) ==
          std::vector<std::string>{"PDF: cannot read " + fifo.string() + ": is not a regular file"});
    CHECK(check_pdf(dir, m) ==
          std::vector<std::string>{"PDF: cannot read " + dir.path.string() + ": is a folder, not a file"});
    CHECK(check_pdf_bytes(chained_forms_pdf(20000), "chain.pdf", m).empty());
  }

  TEST_CASE("verify --pdf: an encrypted PDF does not pass") {
    if (!testing::have_tool("qpdf")) {
      MESSAGE("qpdf not installed: skipped");
      return;
    }
    Manifest m = one_puzzle_manifest();
    m.page_count = 1;
    const TempDir dir("hardening-encrypt");
    testing::write_file(dir / "plain.pdf", chained_forms_pdf(1));
    CHECK(check_pdf(dir / "plain.pdf", m).empty());
    REQUIRE(testing::run_shell("qpdf --encrypt '' owner 256 -- " + testing::shell_quoted(dir / "plain.pdf") + " " +
                               testing::shell_quoted(dir / "locked.pdf"))
                .exit_code == 0);
    CHECK(check_pdf(dir / "locked.pdf", m) ==
          std::vector<std::string>{
              "PDF is encrypted: KDP refuses encrypted files (save it without a password or permissions)"});
  }
}
