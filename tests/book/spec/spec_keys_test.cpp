// The spec key table and the loader agree: every key in the table is read (its example changes
// the loaded spec), every listed default is the loader's default, every choice is accepted,
// and nothing outside the table is.
#include "book/spec/spec_keys.h"

#include <doctest/doctest.h>

#include <sstream>

#include "book/spec/spec.h"
#include "support/book_fixtures.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
namespace fs = std::filesystem;

namespace {

const char* const kMinimal =
    "title: Test Book\n"
    "author: Ann Example\n"
    "seed: 7\n"
    "puzzles:\n"
    "  - { grade: easy, count: 40 }\n";

BookSpec load(const std::string& yaml) { return load_spec(yaml, "spec.yaml", testing::any_file_exists); }

// Everything a spec decides, as text (extend it with every new BookSpec field).
std::string describe(const BookSpec& s) {
  std::ostringstream o;
  o << s.title << '|' << s.subtitle << '|' << s.author << '|' << s.publisher << '|' << (s.year ? *s.year : -1) << '|'
    << s.isbn << '|' << s.trim_name << '|' << s.bleed << '|' << paper_id(s.paper) << '|' << s.layout.preset << '|'
    << s.layout.file << '|' << s.seed << '|' << engine::symmetry_id(s.symmetry) << '|' << engine::grading_id(s.grading)
    << '|' << s.allow_trial << s.hints << s.glossary << s.credit_line << (s.grid_labels ? int(*s.grid_labels) : -1);
  for (const Section& sec : s.sections) {
    o << '|' << engine::grade_id(sec.grade) << ':' << sec.count << ':' << engine::shape_id(sec.shape) << ':'
      << skin_id(sec.skin) << ':' << sec.letters << ':' << engine::kind_id(sec.kind) << ':' << sec.tint << sec.killer;
  }
  o << '|' << s.solutions_per_page.value_or(-1) << s.cross_references << audience_id(s.reader()) << '|'
    << s.front_matter.title << s.front_matter.copyright << s.front_matter.how_to_play << s.killer_table << '|'
    << s.fonts.text.value_or("") << s.fonts.bold.value_or("") << s.fonts.digits.value_or("") << '|' << s.language << '|'
    << s.catalogue << s.unique_by_solution << s.series << s.volume;
  for (const auto& [id, words] : s.text) o << '|' << id << '=' << words;
  if (s.cover) {
    const CoverSpec& c = *s.cover;
    const auto rgb = [&](const Rgb& v) { o << '#' << int{v.r} << ',' << int{v.g} << ',' << int{v.b}; };
    o << "|cover:" << printer_id(c.printer) << '|' << (c.paper ? cover_paper_id(*c.paper) : "-") << '|';
    rgb(c.background);
    rgb(c.text_color);
    o << '|' << c.front_image.value_or("") << '|' << (c.front_grid ? int{*c.front_grid} : -1) << '|' << c.back_text
      << '|' << c.keep_barcode_clear << c.spine_text << '|' << c.spine_in.value_or(-1) << '|'
      << kCoverDesignIds[static_cast<int>(c.design)] << '|' << c.badges_auto;
    for (const CoverBadge& badge : c.badges) o << ':' << badge.text;
  }
  return o.str();
}

// kMinimal with `key: value` set (replacing the line when the key is already there).
std::string with(const std::string& key, const std::string& value) {
  std::istringstream in(kMinimal);
  std::string out;
  bool replaced = false;
  bool skipping = false;
  for (std::string line; std::getline(in, line);) {
    if (skipping && line.rfind("  ", 0) == 0) continue;
    skipping = false;
    if (line.rfind(key + ":", 0) == 0) {
      out += key + ": " + value + "\n";
      replaced = true;
      skipping = true;  // drop the old value's indented lines
      continue;
    }
    out += line + "\n";
  }
  if (!replaced) out += key + ": " + value + "\n";
  return out;
}

}  // namespace

TEST_SUITE("spec keys") {
  TEST_CASE("every key's example is accepted and read") {
    const std::string base = describe(load(kMinimal));
    for (const SpecKey& key : spec_keys()) {
      INFO(key.name);
      REQUIRE_FALSE(key.example.empty());
      REQUIRE_FALSE(key.meaning.empty());
      // killer_table is a killer book's: it is read beside a killer section.
      if (key.name == "killer_table") {
        const std::string killers = with("puzzles", "[{ count: 1, kind: killer, grade: easy }]");
        CHECK(describe(load(killers + key.name + ": " + key.example + "\n")) != describe(load(killers)));
        continue;
      }
      const BookSpec spec = load(with(key.name, key.example));
      CHECK(describe(spec) != base);
    }
  }

  TEST_CASE("every listed default is the loader's default") {
    const std::string base = describe(load(kMinimal));
    for (const SpecKey& key : spec_keys()) {
      if (key.default_text.empty()) continue;
      INFO(key.name);
      CHECK(describe(load(with(key.name, key.default_text))) == base);
    }
  }

  TEST_CASE("every choice is accepted, in any case; aliases too") {
    for (const SpecKey& key : spec_keys()) {
      if (key.type != ValueType::choice) continue;
      for (const std::string& c : key.choices) {
        INFO(key.name << ": " << c);
        CHECK_NOTHROW(load(with(key.name, c)));
        std::string upper = c;
        for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        CHECK_NOTHROW(load(with(key.name, upper)));
      }
    }
    const SpecKey& grade = key_named(key_named(spec_keys(), "puzzles").fields.at(0).fields, "grade");
    for (const std::string& c : grade.choices) {
      CHECK_NOTHROW(load(with("puzzles", "[{ grade: " + c + ", count: 1 }]")));
    }
    CHECK(load(with("puzzles", "[{ grade: Expert, count: 1 }]")).sections[0].grade == engine::Grade::extreme);
    CHECK(choice_list(grade) == "easy, medium, hard, extreme (or expert), evil");
  }

  TEST_CASE("a section's optional keys: examples read, defaults the loader's, every choice taken") {
    const SpecKey& section = key_named(spec_keys(), "puzzles").fields.at(0);
    // A 6x6 easy section, where every example of the optional keys fits.
    const auto with_field = [](const std::string& field) {
      return with("puzzles", "[{ grade: easy, count: 1, size: 6x6" + field + " }]");
    };
    const std::string base = describe(load(with_field("")));
    for (const SpecKey& field : section.fields) {
      if (field.required || field.name == "size") continue;
      INFO(field.name);
      REQUIRE_FALSE(field.example.empty());
      // tint is a jigsaw's: it is read beside kind: jigsaw.
      const std::string beside = field.name == "tint" ? ", kind: jigsaw" : "";
      const std::string own_base = beside.empty() ? base : describe(load(with_field(beside)));
      CHECK(describe(load(with_field(beside + ", " + field.name + ": " + field.example))) != own_base);
      if (!field.default_text.empty()) {
        CHECK(describe(load(with_field(beside + ", " + field.name + ": " + field.default_text))) == own_base);
      }
    }
    const SpecKey& size = key_named(section.fields, "size");
    CHECK(describe(load(with("puzzles", "[{ grade: easy, count: 1, size: " + size.example + " }]"))) !=
          describe(load(kMinimal)));
    CHECK(describe(load(with("puzzles", "[{ grade: easy, count: 40, size: " + size.default_text + " }]"))) ==
          describe(load(kMinimal)));
    for (const std::string& c : size.choices)
      CHECK_NOTHROW(load(with("puzzles", "[{ grade: easy, count: 1, size: " + c + " }]")));
    for (const std::string& c : key_named(section.fields, "skin").choices) {
      CHECK_NOTHROW(load(with_field(", skin: " + c)));
    }
    for (const std::string& c : key_named(section.fields, "kind").choices)  // hyper takes 9x9 only
      CHECK_NOTHROW(load(with("puzzles", "[{ grade: easy, count: 1, kind: " + c + " }]")));
    CHECK(load(with("puzzles", "[{ grade: easy, count: 1, kind: killer }]")).sections[0].killer);
  }

  TEST_CASE("required keys are required; unknown keys are refused") {
    for (const SpecKey& key : spec_keys()) {
      if (!key.required) continue;
      INFO(key.name);
      std::istringstream in(kMinimal);
      std::string yaml;
      bool skipping = false;
      for (std::string line; std::getline(in, line);) {
        if (skipping && line.rfind("  ", 0) == 0) continue;
        skipping = line.rfind(key.name + ":", 0) == 0;
        if (!skipping) yaml += line + "\n";
      }
      CHECK_THROWS_WITH_AS(load(yaml), ("spec.yaml:1:1: missing required key '" + key.name + "'").c_str(), SpecError);
    }
    CHECK_THROWS_AS(load(with("colour", "red")), SpecError);
  }
}
