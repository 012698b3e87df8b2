#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <limits>
#include <vector>
#include <string>

#include "book/manifest/manifest.h"
#include "support/errors.h"
#include "support/files.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

const char* const kSolution = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
const char* const kGivens = "1.3.5.7.9.5.7.9.2.7.9.2.4.6.1.3.5.9.3.5.9.2.4.9.2.4.6.5.1.4.9.8.4.9.8.3.9.8.3.6.2";

Manifest sample() {
  Manifest m;
  m.title = "Sudoku for Adults";
  m.author = "Jane Doe";
  m.trim = "6x9";
  m.page_width_pt = 441;
  m.page_height_pt = 666;
  m.page_count = 24;
  m.seed = 4294967295u;
  m.version = "0.1.0";
  m.bleed = true;
  m.paper = Paper::cream;
  ManifestPuzzle p;
  p.number = 1;
  p.grade = engine::Grade::extreme;
  p.seed = 42;
  p.clues = 40;
  const auto givens = engine::parse_grid9(kGivens);
  const auto solution = engine::parse_grid9(kSolution);
  REQUIRE(givens.ok());
  REQUIRE(solution.ok());
  p.givens = engine::from_grid(*givens.grid);
  p.solution = engine::from_grid(*solution.grid);
  p.symbols = default_symbols(Skin::digits, engine::kShape9x9);
  p.valid = true;
  p.page = 5;
  p.rect = {36, 300.5, 180.25, 180.25};
  p.solution_page = 12;
  p.solution_rect = {40, 50, 90, 90};
  p.rating = 7.3;  // graded by techniques: always rated
  m.puzzles.push_back(p);
  return m;
}

std::string error_of(const std::string& json) {
  return testing::input_error_of([&] { parse_manifest(json, "book.json"); });
}

/// sample()'s JSON with `from` replaced by `to` (once).
std::string edited(const std::string& from, const std::string& to) {
  std::string json = manifest_to_json(sample());
  const auto at = json.find(from);
  REQUIRE(at != std::string::npos);
  return json.replace(at, from.size(), to);
}

}  // namespace

TEST_SUITE("manifest") {
  TEST_CASE("exact text: key order, 2 decimals at most, trailing newline") {
    Manifest m = sample();
    m.page_width_pt = 440.99999999;  // rounded to 2 decimals
    m.puzzles[0].rect.x = 36.004;
    m.puzzles[0].rating = 7.34;  // one decimal
    m.puzzles[0].tier = puzzlepress::engine::Grade::extreme;
    m.puzzles[0].techniques = {{"naked single", 31}, {"x-wing", 1}};
    const std::string expected = std::string(R"({
  "title": "Sudoku for Adults",
  "author": "Jane Doe",
  "trim": "6x9",
  "page_width_pt": 441.0,
  "page_height_pt": 666.0,
  "page_count": 24,
  "seed": 4294967295,
  "version": "0.1.0",
  "bleed": true,
  "paper": "cream",
  "grading": "techniques",
  "puzzles": [
    {
      "number": 1,
      "grade": "extreme",
      "seed": 42,
      "clues": 40,
      "size": "9x9",
      "skin": "digits",
      "symbols": [
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9"
      ],
      "givens": ")") + kGivens + R"(",
      "solution": ")" + kSolution +
                                 R"(",
      "valid": true,
      "page": 5,
      "rect": [
        36.0,
        300.5,
        180.25,
        180.25
      ],
      "solution_page": 12,
      "solution_rect": [
        40.0,
        50.0,
        90.0,
        90.0
      ],
      "rating": 7.3,
      "tier": "extreme",
      "techniques": {
        "naked single": 31,
        "x-wing": 1
      }
    }
  ]
}
)";
    CHECK(manifest_to_json(m) == expected);
  }

  TEST_CASE("round trip, in memory and on disk") {
    const Manifest m = sample();
    CHECK(parse_manifest(manifest_to_json(m), "book.json") == m);
    const testing::TempDir dir("manifest-round-trip");
    testing::write_file(dir / "book.json", manifest_to_json(m));
    CHECK(read_manifest_file(dir / "book.json") == m);
    Manifest empty = sample();
    empty.puzzles.clear();
    CHECK(parse_manifest(manifest_to_json(empty), "book.json") == empty);
  }

  TEST_CASE("unknown keys are ignored") {
    CHECK(parse_manifest(edited("\"title\"", "\"extra\": [1], \"title\""), "b.json") == sample());
  }

  TEST_CASE("errors name the file and the field") {
    CHECK(error_of("{\"title\": ") == "book.json: malformed JSON at byte 11");
    CHECK(error_of("") == "book.json: malformed JSON at byte 1");
    CHECK(error_of("[1]") == "book.json: expected a JSON object at the top level");
    CHECK(error_of("{}") == "book.json: missing field 'title'");
    CHECK(error_of(edited("\"title\": \"Sudoku for Adults\"", "\"title\": 3")) ==
          "book.json: field 'title' must be a string");
    CHECK(error_of(edited("\"page_count\": 24", "\"page_count\": 2.5")) ==
          "book.json: field 'page_count' must be an integer");
    CHECK(error_of(edited("\"page_width_pt\": 441.0", "\"page_width_pt\": \"wide\"")) ==
          "book.json: field 'page_width_pt' must be a number");
    CHECK(error_of(edited("\"seed\": 4294967295", "\"seed\": 4294967296")) ==
          "book.json: field 'seed' must be an integer 0-4294967295");
    CHECK(error_of(edited("\"seed\": 4294967295", "\"seed\": -1")) ==
          "book.json: field 'seed' must be an integer 0-4294967295");
    CHECK(error_of(edited("\"bleed\": true", "\"bleed\": 1")) == "book.json: field 'bleed' must be true or false");
    CHECK(error_of(edited("\"paper\": \"cream\"", "\"paper\": \"ivory\"")) ==
          "book.json: field 'paper' must be white or cream, got 'ivory'");
    CHECK(error_of(edited("\"puzzles\": [", "\"puzzles\": 5, \"x\": [")) ==
          "book.json: field 'puzzles' must be an array");
    CHECK(error_of(edited("\"puzzles\": [", "\"puzzles\": [7, ")) == "book.json: field 'puzzles[0]' must be an object");
    CHECK(error_of(edited("\"givens\"", "\"givns\"")) == "book.json: missing field 'puzzles[0].givens'");
    CHECK(error_of(edited("\"grade\": \"extreme\"", "\"grade\": \"tough\"")) ==
          "book.json: field 'puzzles[0].grade' must be one of easy, medium, hard, extreme, "
          "evil, got 'tough'");
    CHECK(error_of(edited("\"givens\": \"1.3", "\"givens\": \"x.3")) ==
          "book.json: field 'puzzles[0].givens' is not a grid: " +
              engine::parse_grid9(std::string("x") + (kGivens + 1)).error.message());
    CHECK(error_of(edited("\"rect\": [\n        36.0,\n", "\"rect\": [")) ==
          "book.json: field 'puzzles[0].rect' must be [x, y, w, h]");
    CHECK(error_of(edited("\"valid\": true", "\"valid\": \"yes\"")) ==
          "book.json: field 'puzzles[0].valid' must be true or false");
  }

  TEST_CASE("hostile shapes: deep nesting in a member that is not the last, 1e400, too many values") {
    // ~90,000 levels used to crash the JSON library (it copies ordered objects recursively).
    const std::string deep = std::string(90000, '[') + std::string(90000, ']');
    CHECK(error_of(edited("\"title\"", "\"extra\": " + deep + ", \"title\"")) ==
          "book.json: not a manifest: nested deeper than 32 levels at byte 45");
    CHECK(error_of(edited("\"page_width_pt\": 441.0", "\"page_width_pt\": 1e400")) ==
          "book.json: malformed JSON: a number out of range (more than 1.8e308)");
    // Brackets inside strings are text, not nesting.
    CHECK(parse_manifest(edited("\"title\": \"Sudoku for Adults\"", "\"title\": \"" + std::string(100, '[') + "\\\"\""),
                         "book.json")
              .title == std::string(100, '[') + "\"");
    std::string many = "{\"a\": [";
    for (std::size_t i = 0; i < kMaxManifestValues; ++i) many += "0,";
    many += "0]}";
    CHECK(error_of(many).starts_with("book.json: not a manifest: more than 1000000 values (at byte "));
    // Values echoed into messages are cut.
    CHECK(error_of(edited("\"paper\": \"cream\"", "\"paper\": \"" + std::string(5000, 'x') + "\"")) ==
          "book.json: field 'paper' must be white or cream, got '" + std::string(80, 'x') + "... (5000 bytes)'");
  }

  TEST_CASE("file errors: missing, a folder, not a regular file") {
    const auto message_of = [](const std::filesystem::path& path) {
      return testing::input_error_of([&] { read_manifest_file(path); });
    };
    const auto missing = std::filesystem::temp_directory_path() / "puzzlepress_no_such.json";
    CHECK(message_of(missing) == missing.string() + ": cannot read the manifest: no such file");
    const auto folder = std::filesystem::temp_directory_path();
    CHECK(message_of(folder) == folder.string() + ": cannot read the manifest: is a folder, not a file");
    CHECK(message_of("/dev/zero") == "/dev/zero: cannot read the manifest: is not a regular file");
  }
}

TEST_SUITE("manifest's JSON written directly") {
  // The one place a manifest's bytes are decided: manifest_to_json (written directly) must give
  // exactly the text nlohmann's tree of the same values dumps (manifest_to_json_reference).

  // The writer's fast path and nlohmann's escapes meet at these: every kind of string.
  const std::vector<std::string> kStrings = {
      "",
      "plain",
      "quote \" and backslash \\",
      "line\nfeed",
      "tab\tcr\r",
      "\b\f",
      "\x01\x1f",
      "del \x7f",
      "Zoë & Sœur",
      "数独 ★ 𝄞",
      "/slash/",
      "{\"a\": [1]}",
      std::string("nul\0inside", 10),
  };

  Manifest every_field() {
    Manifest m = sample();
    m.pdf_sha256 = std::string(64, 'c');
    ManifestCover cover;
    cover.printer = Printer::ingramspark;
    cover.spine_in = 0.123456;
    cover.width_pt = 1234.567;
    cover.height_pt = 700.004;
    cover.spine_text_why_not = "too thin \"really\"";
    cover.front = {1.005, 2.0, 3.333, -4.25};
    cover.barcode = RectPt{10, 20, 30, 40};
    cover.sha256 = std::string(64, 'd');
    m.cover = cover;
    m.allow_trial = false;
    m.language = "de";
    m.text = {{"title_page", "Rätsel \"für\" alle"}, {"a\\b", "x\ny"}};
    m.how_to_play = ManifestHowToPlay{3, {engine::Grade::easy, engine::Grade::evil}};
    ManifestPuzzle p = m.puzzles[0];
    p.number = 2;
    p.seed = 0;
    p.rating = 10.05;
    p.rect = {-0.004, 1e-7, 123456.789, 0.1 + 0.2};
    p.techniques = {{"naked single", 3}, {"x-wing", 1}};
    p.hint = ManifestHint{"x-wing", "row 4: \"2\" in r4c2 — removes 2", 17};
    p.symbols.names = {"★", "●", "▲", "A", "\\", "\"", "é", "8", "9"};
    m.puzzles.push_back(p);
    p.techniques.clear();
    p.symbols.names.clear();
    p.hint.reset();
    m.puzzles.push_back(p);
    return m;
  }

  TEST_CASE("every field, every kind of string and number: the reference's bytes") {
    Manifest empty;
    CHECK(manifest_to_json(empty) == manifest_to_json_reference(empty));
    CHECK(manifest_to_json(sample()) == manifest_to_json_reference(sample()));
    const Manifest full = every_field();
    CHECK(manifest_to_json(full) == manifest_to_json_reference(full));
    for (const std::string& s : kStrings) {
      Manifest m = every_field();
      m.title = s;
      m.text[s] = s;
      m.puzzles[1].hint->text = s;
      m.puzzles[1].symbols.names[0] = s;
      m.cover->spine_text_why_not = s;
      CAPTURE(s);
      CHECK(manifest_to_json(m) == manifest_to_json_reference(m));
    }
    for (double rating : {0.0, -0.0, 0.05, 1e300, -7.25, std::numeric_limits<double>::infinity(),
                          std::numeric_limits<double>::quiet_NaN()}) {
      Manifest m = every_field();
      m.puzzles[0].rating = rating;
      m.page_width_pt = rating;
      CAPTURE(rating);
      CHECK(manifest_to_json(m) == manifest_to_json_reference(m));
    }
  }

  TEST_CASE("integers at their limits, and rects' doubles at theirs: the reference's bytes") {
    Manifest m = every_field();
    m.seed = std::numeric_limits<std::uint32_t>::max();
    m.page_count = std::numeric_limits<int>::min();
    m.puzzles[0].seed = std::numeric_limits<std::uint32_t>::max();
    m.puzzles[0].number = std::numeric_limits<int>::max();
    m.puzzles[0].clues = -1;
    m.puzzles[0].techniques = {{"a", std::numeric_limits<int>::min()}, {"b", 0}};
    m.puzzles[0].rect = {std::numeric_limits<double>::max(), std::numeric_limits<double>::denorm_min(),
                         -std::numeric_limits<double>::max(), 1e21};
    m.puzzles[0].solution_rect = {1e-5, 123456789012345678.0, -1e-300, 0.125};
    CHECK(manifest_to_json(m) == manifest_to_json_reference(m));
  }

  TEST_CASE("random strings and numbers: the reference's bytes, or both refuse (bad UTF-8)") {
    std::uint32_t state = 12345;
    const auto next = [&state] {  // xorshift32: a fixed stream of test values
      state ^= state << 13, state ^= state >> 17, state ^= state << 5;
      return state;
    };
    int refused = 0;
    for (int round = 0; round < 400; ++round) {
      Manifest m = every_field();
      std::string s;
      const int length = static_cast<int>(next() % 12);
      for (int i = 0; i < length; ++i) {
        const std::uint32_t r = next();
        // Mostly printable ASCII, some control bytes and some bytes of multi-byte UTF-8.
        s += static_cast<char>(r % 4 == 0   ? 0x80 + (r >> 8) % 0x80
                               : r % 4 == 1 ? (r >> 8) % 0x20
                                            : 0x20 + (r >> 8) % 0x5f);
      }
      m.author = s;
      m.puzzles[0].rect.x = static_cast<double>(static_cast<std::int32_t>(next())) / (1 + next() % 1000);
      m.puzzles[0].rating = static_cast<double>(next() % 200) / 7;
      std::string reference;
      try {
        reference = manifest_to_json_reference(m);
      } catch (const std::exception&) {
        ++refused;
        CHECK_THROWS(manifest_to_json(m));
        continue;
      }
      CAPTURE(s);
      CHECK(manifest_to_json(m) == reference);
    }
    CHECK(refused > 0);  // bad UTF-8 came up, and both refused it
    CHECK(refused < 400);
  }

  TEST_CASE("with hashes: manifest_to_json of the manifest holding them, without a copy") {
    const Manifest full = every_field();
    Manifest hashed = full;
    hashed.pdf_sha256 = std::string(64, 'e');
    hashed.cover->sha256 = std::string(64, 'f');
    CHECK(manifest_to_json_with_hashes(full, std::string(64, 'e'), std::string(64, 'f')) == manifest_to_json(hashed));
    hashed.pdf_sha256.clear();
    hashed.cover->sha256.clear();
    CHECK(manifest_to_json_with_hashes(full, "", "") == manifest_to_json(hashed));
    Manifest plain = full;
    plain.cover.reset();
    CHECK(manifest_to_json_with_hashes(plain, std::string(64, 'e'), std::string(64, 'f')).find(std::string(64, 'f')) ==
          std::string::npos);
  }
}
