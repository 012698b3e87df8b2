// The studio's form against the spec's keys, and the facts, guides and checks it shows (issue 26).
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <string>

#include "book/kdp/print_cost.h"
#include "book/spec/spec_keys.h"
#include "cli/build_command.h"
#include "cli/studio_json.h"
#include "cli/studio_server.h"
#include "support/files.h"

using namespace puzzlepress;

namespace {

std::string page_html() {
  const cli::StudioAsset* page = cli::find_studio_asset("/");
  REQUIRE(page != nullptr);
  return page->body;
}

bool has_field(const std::string& html, const std::string& key) {
  return html.find("data-key=\"" + key + "\"") != std::string::npos;
}

std::string spec_text(const std::string& trim, int count, const std::string& cover) {
  return "title: Form Test\nauthor: Ann Example\ntrim: " + trim +
         "\nseed: 3\npuzzles:\n  - { grade: easy, count: " + std::to_string(count) + " }\n" + cover;
}

}  // namespace

TEST_CASE("studio form: every spec key is a field, or left to the YAML for a stated reason") {
  // Keys the form leaves to the YAML view, and why.
  const std::map<std::string, std::string> yaml_only = {
      {"catalogue", "the studio does not build catalogued books (Build refuses them)"},
      {"unique_by", "read only with catalogue"},
      {"fonts", "three font files: rare, and their paths are checked where they are typed"},
      {"text", "one entry per printed string: over a hundred ids"},
  };
  const std::string html = page_html();
  for (const book::SpecKey& key : book::spec_keys()) {
    CAPTURE(key.name);
    CHECK((has_field(html, key.name) != yaml_only.contains(key.name)));
  }
  for (const book::SpecKey& field : book::key_named(book::spec_keys(), "cover").fields) {
    CAPTURE(field.name);
    CHECK(has_field(html, "cover." + field.name));
  }
  for (const book::SpecKey& field : book::key_named(book::spec_keys(), "solutions").fields) {
    CAPTURE(field.name);
    CHECK(has_field(html, "solutions." + field.name));
  }
}

TEST_CASE("studio facts: the cover's guides and KDP's printing cost") {
  const testing::TempDir dir("studio-form-facts");
  book::StudioSession session(dir / "book.yaml", cli::resources(), "test", 1);
  for (const std::string trim : {"6x9", "8.5x11"}) {
    CAPTURE(trim);
    const book::BookSpec spec = session.read(spec_text(trim, 30, "cover: { printer: kdp }\n"));
    const book::StudioFacts facts = session.facts(spec);
    REQUIRE(facts.cover);
    REQUIRE(facts.cover->barcode);
    const std::string json = cli::facts_json(facts);
    const auto rect = [](const render::Box& b) {
      return "[" + cli::json_number(b.left) + "," + cli::json_number(b.bottom) + "," + cli::json_number(b.right) + "," +
             cli::json_number(b.top) + "]";
    };
    CHECK(json.find("\"trim\":" + rect(facts.cover->trim)) != std::string::npos);
    CHECK(json.find("\"spine\":" + rect(facts.cover->spine)) != std::string::npos);
    CHECK(json.find("\"front_safe\":" + rect(facts.cover->front_safe)) != std::string::npos);
    CHECK(json.find("\"barcode\":" + rect(*facts.cover->barcode)) != std::string::npos);
    const auto price = book::kdp_price("Amazon.com", facts.page_count, spec.trim);
    REQUIRE(price);
    CHECK(json.find("\"printing_cost\":" + cli::json_number(price->printing_cost()) + ",") != std::string::npos);
    CHECK(json.find("\"min_list_price\":" + cli::json_number(price->min_list_price()) + ",") != std::string::npos);
  }
  // Another printer's book is not priced for KDP.
  CHECK_FALSE(session.facts(session.read(spec_text("6x9", 30, "cover: { printer: lulu }\n"))).kdp_price);
  CHECK(session.facts(session.read(spec_text("6x9", 30, ""))).kdp_price);
  const book::StudioFacts bare = session.facts(session.read(spec_text("6x9", 30, "")));
  CHECK_FALSE(bare.cover);
  CHECK(cli::facts_json(bare).find("\"cover\":null") != std::string::npos);
}

TEST_CASE("studio thumbnail: the cover's title measured at search-result size") {
  const testing::TempDir dir("studio-form-thumbnail");
  book::StudioSession session(dir / "book.yaml", cli::resources(), "test", 1);
  const book::Book book = session.make_page(session.read(spec_text("6x9", 4, "cover: { printer: kdp }\n")), 0);
  const std::string json = cli::thumbnail_json(session, book);
  CHECK(json.starts_with("{\"measured\":true,\"cap_height_px\":"));
  CHECK(json.find("\"summary\":\"thumbnail (200 px tall): title capitals ") != std::string::npos);
  const book::Book bare = session.make_page(session.read(spec_text("6x9", 4, "")), 0);
  CHECK(cli::thumbnail_json(session, bare) == "{\"measured\":false,\"summary\":\"the spec has no cover\"}");
}
