#include "book/manifest/manifest.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "book/manifest/json_writer.h"
#include "book/manifest/manifest_pages.h"
#include "engine/generator9.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/text.h"

namespace puzzlepress::book {
namespace {

using Json = nlohmann::ordered_json;

/// Rounds to 2 decimals so the text is stable whatever the last bits of a computation were.
double round2(double value) {
  const double rounded = std::round(value * 100.0) / 100.0;
  return rounded == 0.0 ? 0.0 : rounded;  // no "-0.0"
}

Json rect_json(const RectPt& rect) {
  return Json::array({round2(rect.x), round2(rect.y), round2(rect.width), round2(rect.height)});
}

/// Inches to 4 decimals (a spine of 0.002252 in a page needs them).
double round4(double value) {
  const double rounded = std::round(value * 10000.0) / 10000.0;
  return rounded == 0.0 ? 0.0 : rounded;
}

Json cover_json(const ManifestCover& c) {
  Json json;
  json["printer"] = std::string(printer_id(c.printer));
  json["paper"] = std::string(cover_paper_id(c.paper));
  json["spine_in"] = round4(c.spine_in);
  json["spine_in_from_spec"] = c.spine_in_from_spec;
  json["width_pt"] = round2(c.width_pt);
  json["height_pt"] = round2(c.height_pt);
  json["spine_text"] = c.spine_text;
  json["spine_text_why_not"] = c.spine_text_why_not;
  json["front"] = rect_json(c.front);
  json["back"] = rect_json(c.back);
  json["spine"] = rect_json(c.spine);
  json["barcode"] = c.barcode ? rect_json(*c.barcode) : Json(nullptr);
  if (c.barcode_image) json["barcode_image"] = true;  // absent: KDP or Lulu print their own
  if (!c.sha256.empty()) json["sha256"] = c.sha256;
  return json;
}

/// Typed field access that fails with "FILE: message".
class JsonReader {
 public:
  explicit JsonReader(const std::string& file) : file_(file) {}

  [[noreturn]] void fail(const std::string& message) const { throw InputError(Place::file(file_), message); }

  const Json& field(const Json& object, const std::string& prefix, const char* key) const {
    const auto it = object.find(key);
    if (it == object.end()) fail("missing field '" + prefix + key + "'");
    return *it;
  }

  std::string text(const Json& object, const std::string& prefix, const char* key) const {
    const Json& v = field(object, prefix, key);
    if (!v.is_string()) fail("field '" + prefix + key + "' must be a string");
    return v.get<std::string>();
  }

  std::int64_t integer(const Json& object, const std::string& prefix, const char* key) const {
    const Json& v = field(object, prefix, key);
    if (!v.is_number_integer() ||
        (v.is_number_unsigned() &&
         v.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<int>::max())))
      fail("field '" + prefix + key + "' must be an integer");
    return v.get<std::int64_t>();
  }

  int small_integer(const Json& object, const std::string& prefix, const char* key) const {
    const std::int64_t n = integer(object, prefix, key);
    if (n < std::numeric_limits<int>::min() || n > std::numeric_limits<int>::max())
      fail("field '" + prefix + key + "' must be an integer");
    return static_cast<int>(n);
  }

  std::uint32_t seed(const Json& object, const std::string& prefix, const char* key) const {
    const Json& v = field(object, prefix, key);
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() > std::numeric_limits<std::uint32_t>::max())
      fail("field '" + prefix + key + "' must be an integer 0-4294967295");
    return static_cast<std::uint32_t>(v.get<std::uint64_t>());
  }

  bool boolean(const Json& object, const std::string& prefix, const char* key) const {
    const Json& v = field(object, prefix, key);
    if (!v.is_boolean()) fail("field '" + prefix + key + "' must be true or false");
    return v.get<bool>();
  }

  double number(const Json& object, const std::string& prefix, const char* key) const {
    const Json& v = field(object, prefix, key);
    if (!v.is_number()) fail("field '" + prefix + key + "' must be a number");
    return v.get<double>();
  }

  RectPt rect(const Json& object, const std::string& prefix, const char* key) const {
    const Json& v = field(object, prefix, key);
    if (!v.is_array() || v.size() != 4 || !std::all_of(v.begin(), v.end(), [](const Json& n) { return n.is_number(); }))
      fail("field '" + prefix + key + "' must be [x, y, w, h]");
    return {v[0].get<double>(), v[1].get<double>(), v[2].get<double>(), v[3].get<double>()};
  }

  engine::Grid grid(const Json& object, const std::string& prefix, const char* key, engine::Shape shape) const {
    const std::string text_form = text(object, prefix, key);
    const engine::ParseResult parsed = engine::parse_grid(text_form, shape);
    if (!parsed.ok()) fail("field '" + prefix + key + "' is not a grid: " + parsed.error.message());
    return *parsed.grid;
  }

 private:
  const std::string& file_;
};

// A grade name ("easy".."evil", or "expert") at `key`.
engine::Grade read_grade(const JsonReader& reader, const Json& item, const std::string& prefix, const char* key) {
  const std::string name = reader.text(item, prefix, key);
  const auto grade = engine::parse_grade(name);
  if (!grade) {
    reader.fail("field '" + prefix + key + "' must be one of easy, medium, hard, extreme, evil, got '" +
                util::echo(name) + "'");
  }
  return *grade;
}

/// A SHA-256 as the manifest records it: 64 lower-case hex digits.
std::string read_sha256(const JsonReader& reader, const Json& json, const std::string& prefix, const char* key) {
  const std::string text = reader.text(json, prefix, key);
  const bool hex = text.size() == 64 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
  if (!hex) reader.fail("field '" + prefix + key + "' must be 64 lower-case hex digits (a SHA-256)");
  return text;
}

ManifestCover read_cover(const JsonReader& reader, const Json& json) {
  if (!json.is_object()) reader.fail("field 'cover' must be an object");
  const std::string prefix = "cover.";
  ManifestCover c;
  const std::string printer = reader.text(json, prefix, "printer");
  const auto parsed_printer = parse_printer(printer);
  if (!parsed_printer)
    reader.fail("field 'cover.printer' must be kdp, ingramspark or lulu, got '" + util::echo(printer) + "'");
  c.printer = *parsed_printer;
  const std::string paper = reader.text(json, prefix, "paper");
  const auto parsed_paper = parse_cover_paper(paper);
  if (!parsed_paper) reader.fail("field 'cover.paper' must be white, cream or color, got '" + util::echo(paper) + "'");
  c.paper = *parsed_paper;
  c.spine_in = reader.number(json, prefix, "spine_in");
  c.spine_in_from_spec = reader.boolean(json, prefix, "spine_in_from_spec");
  c.width_pt = reader.number(json, prefix, "width_pt");
  c.height_pt = reader.number(json, prefix, "height_pt");
  c.spine_text = reader.boolean(json, prefix, "spine_text");
  c.spine_text_why_not = reader.text(json, prefix, "spine_text_why_not");
  c.front = reader.rect(json, prefix, "front");
  c.back = reader.rect(json, prefix, "back");
  c.spine = reader.rect(json, prefix, "spine");
  const Json& barcode = reader.field(json, prefix, "barcode");
  if (!barcode.is_null()) {
    if (!barcode.is_array()) reader.fail("field 'cover.barcode' must be [x, y, w, h] or null");
    c.barcode = reader.rect(json, prefix, "barcode");
  }
  if (json.contains("barcode_image")) {
    c.barcode_image = reader.boolean(json, prefix, "barcode_image");
    if (c.barcode_image && !c.barcode) reader.fail("field 'cover.barcode_image' is true but 'cover.barcode' is null");
  }
  if (json.contains("sha256")) c.sha256 = read_sha256(reader, json, prefix, "sha256");
  return c;
}

constexpr const char* kGradeIds = "easy, medium, hard, extreme, evil";

ManifestHowToPlay read_how_to_play(const JsonReader& reader, const Json& json) {
  if (!json.is_object()) reader.fail("field 'how_to_play' must be an object");
  ManifestHowToPlay rules;
  rules.page = reader.small_integer(json, "how_to_play.", "page");
  const Json& grades = reader.field(json, "how_to_play.", "grades");
  if (!grades.is_array()) reader.fail("field 'how_to_play.grades' must be an array");
  for (std::size_t i = 0; i < grades.size(); ++i) {
    const auto grade = grades[i].is_string() ? engine::parse_grade(grades[i].get<std::string>()) : std::nullopt;
    if (!grade) reader.fail("field 'how_to_play.grades[" + std::to_string(i) + "]' must be one of " + kGradeIds);
    rules.grades.push_back(*grade);
  }
  return rules;
}

ManifestPuzzle read_puzzle(const JsonReader& reader, const Json& item, const std::string& prefix,
                           bool rated_by_techniques) {
  ManifestPuzzle p;
  p.number = reader.small_integer(item, prefix, "number");
  const bool killer = item.contains("kind") && item["kind"].is_string() && item["kind"].get<std::string>() == "killer";
  p.grade = read_grade(reader, item, prefix, "grade");
  p.seed = reader.seed(item, prefix, "seed");
  p.clues = reader.small_integer(item, prefix, "clues");
  engine::Shape shape = engine::kShape9x9;
  if (item.contains("size")) {
    const std::string name = reader.text(item, prefix, "size");
    const auto parsed = engine::parse_shape(name);
    if (!parsed) {
      reader.fail("field '" + prefix + "size' must be one of 4x4, 6x6, 8x8, 9x9, 12x12, 16x16, got '" +
                  util::echo(name) + "'");
    }
    shape = *parsed;
  }
  if (item.contains("skin")) {
    const std::string name = reader.text(item, prefix, "skin");
    const auto skin = parse_skin(name);
    if (!skin)
      reader.fail("field '" + prefix + "skin' must be one of digits, letters, shapes, got '" + util::echo(name) + "'");
    p.symbols.skin = *skin;
  }
  if (item.contains("symbols")) {
    const Json& names = item["symbols"];
    if (!names.is_array() || !std::all_of(names.begin(), names.end(), [](const Json& n) { return n.is_string(); })) {
      reader.fail("field '" + prefix + "symbols' must be an array of strings");
    }
    for (const Json& n : names) p.symbols.names.push_back(n.get<std::string>());
  } else if (skin_fits(p.symbols.skin, shape)) {
    p.symbols = default_symbols(p.symbols.skin, shape);
  }
  p.givens = reader.grid(item, prefix, "givens", shape);
  p.solution = reader.grid(item, prefix, "solution", shape);
  p.layout.shape = shape;
  if (killer) {  // no engine::Kind: the cages are in the "killer" text form
    const std::string text = reader.text(item, prefix, "killer");
    const engine::KillerParse parsed = engine::parse_killer(text);
    if (!parsed.killer) reader.fail("field '" + prefix + "killer': " + util::echo(parsed.error));
    if (parsed.killer->shape != shape)
      reader.fail("field '" + prefix + "killer' is " + engine::shape_id(parsed.killer->shape) + ", the puzzle " +
                  engine::shape_id(shape));
    p.killer_text = text;
  } else if (item.contains("killer")) {
    reader.fail("field '" + prefix + "killer' is for kind killer only");
  } else if (item.contains("kind")) {  // written for the kinds besides classic only, by their ids
    const std::string name = reader.text(item, prefix, "kind");
    const auto kind = engine::parse_kind(name);
    if (!kind || *kind == engine::Kind::classic || name != engine::kind_id(*kind))
      reader.fail("field '" + prefix + "kind' must be one of x, hyper, jigsaw, got '" + util::echo(name) + "'");
    if (!engine::kind_takes(*kind, shape))
      reader.fail("field '" + prefix + "kind': " + engine::kind_shape_message(*kind, shape));
    p.layout.kind = *kind;
  }
  if (p.layout.kind == engine::Kind::jigsaw || item.contains("regions")) {
    if (p.layout.kind != engine::Kind::jigsaw) reader.fail("field '" + prefix + "regions' is for kind jigsaw only");
    const engine::Grid regions = reader.grid(item, prefix, "regions", shape);
    for (int i = 0; i < regions.cell_count(); ++i)
      p.layout.regions.push_back(regions.cells[static_cast<std::size_t>(i)] - 1);
    if (const std::string problem = engine::regions_problem(shape.size(), p.layout.regions); !problem.empty()) {
      reader.fail("field '" + prefix + "regions': " + problem);
    }
  }
  p.valid = reader.boolean(item, prefix, "valid");
  p.page = reader.small_integer(item, prefix, "page");
  p.rect = reader.rect(item, prefix, "rect");
  p.solution_page = reader.small_integer(item, prefix, "solution_page");
  p.solution_rect = reader.rect(item, prefix, "solution_rect");
  if (item.contains("rating")) {
    p.rating = reader.number(item, prefix, "rating");
    // A rating of 0 or less would switch verify's rating check off: a book graded by techniques
    // rates every puzzle (1.0 at least); 0 means "not rated" only under clue grading.
    if ((rated_by_techniques || killer) && !(p.rating > 0))  // a killer is always graded by techniques
      reader.fail("field '" + prefix + "rating' must be more than 0 (every puzzle graded by techniques is rated)");
    if (!(p.rating >= 0)) reader.fail("field '" + prefix + "rating' must be 0 (not rated) or more");
  }
  if (item.contains("tier")) p.tier = read_grade(reader, item, prefix, "tier");
  if (item.contains("techniques")) {
    const Json& t = item["techniques"];
    if (!t.is_object()) reader.fail("field '" + prefix + "techniques' must be an object");
    for (const auto& [name, count] : t.items()) {
      if (!count.is_number_integer()) reader.fail("field '" + prefix + "techniques." + name + "' must be an integer");
      p.techniques.emplace_back(name, count.get<int>());
    }
  }
  if (item.contains("hint")) {
    const Json& h = item["hint"];
    const std::string at = prefix + "hint.";
    if (!h.is_object()) reader.fail("field '" + prefix + "hint' must be an object");
    ManifestHint hint;
    hint.technique = reader.text(h, at, "technique");
    hint.text = reader.text(h, at, "text");
    hint.page = reader.small_integer(h, at, "page");
    p.hint = hint;
  }
  return p;
}

}  // namespace

std::string manifest_to_json_unhashed(const Manifest& m) {
  return manifest_to_json_with_hashes(m, kHashPlaceholder, kHashPlaceholder);
}

std::optional<std::string> fill_hashes(std::string unhashed, std::string_view pdf_sha256,
                                       std::string_view cover_sha256) {
  // The keys as manifest_to_json writes them: the only unescaped quotes before the value.
  const auto fill = [&](std::string_view key, std::string_view hash) {
    const std::string pattern = "\"" + std::string(key) + "\": \"" + std::string(kHashPlaceholder) + '"';
    const std::size_t at = unhashed.find(pattern);
    if (at == std::string::npos || hash.size() != kHashPlaceholder.size()) return false;
    unhashed.replace(at + pattern.size() - 1 - kHashPlaceholder.size(), kHashPlaceholder.size(), hash);
    return true;
  };
  if (!fill("pdf_sha256", pdf_sha256)) return std::nullopt;
  // A cover's placeholder is there exactly when the manifest has a cover.
  const std::string cover_pattern = "\"sha256\": \"" + std::string(kHashPlaceholder) + '"';
  if (unhashed.find(cover_pattern) != std::string::npos && !fill("sha256", cover_sha256)) return std::nullopt;
  return unhashed;
}

std::string manifest_to_json_reference(const Manifest& m) {
  Json json;
  json["title"] = m.title;
  json["author"] = m.author;
  json["trim"] = m.trim;
  json["page_width_pt"] = round2(m.page_width_pt);
  json["page_height_pt"] = round2(m.page_height_pt);
  json["page_count"] = m.page_count;
  json["seed"] = m.seed;
  json["version"] = m.version;
  json["bleed"] = m.bleed;
  json["paper"] = std::string(paper_id(m.paper));
  json["grading"] = m.grading;
  if (!m.pdf_sha256.empty()) json["pdf_sha256"] = m.pdf_sha256;
  if (m.cover) json["cover"] = cover_json(*m.cover);
  Json puzzles = Json::array();
  for (const ManifestPuzzle& p : m.puzzles) {
    Json item;
    item["number"] = p.number;
    item["grade"] = std::string(engine::grade_id(p.grade));
    item["seed"] = p.seed;
    item["clues"] = p.clues;
    item["size"] = engine::shape_id(p.givens.shape);
    item["skin"] = std::string(skin_id(p.symbols.skin));
    if (p.layout.kind != engine::Kind::classic) item["kind"] = std::string(engine::kind_id(p.layout.kind));
    if (!p.killer_text.empty()) {
      item["kind"] = "killer";
      item["killer"] = p.killer_text;
    }
    if (!p.layout.regions.empty()) item["regions"] = engine::regions_text(p.givens.shape.size(), p.layout.regions);
    item["symbols"] = p.symbols.names;
    item["givens"] = engine::to_string(p.givens, '.');
    item["solution"] = engine::to_string(p.solution, '.');
    item["valid"] = p.valid;
    item["page"] = p.page;
    item["rect"] = rect_json(p.rect);
    item["solution_page"] = p.solution_page;
    item["solution_rect"] = rect_json(p.solution_rect);
    item["rating"] = std::round(p.rating * 10) / 10;
    item["tier"] = std::string(engine::grade_id(p.tier));
    Json techniques = Json::object();
    for (const auto& [name, count] : p.techniques) techniques[name] = count;
    item["techniques"] = std::move(techniques);
    if (p.hint) {
      Json hint;
      hint["technique"] = p.hint->technique;
      hint["text"] = p.hint->text;
      hint["page"] = p.hint->page;
      item["hint"] = std::move(hint);
    }
    puzzles.push_back(std::move(item));
  }
  json["puzzles"] = std::move(puzzles);
  if (m.allow_trial) json["allow_trial"] = *m.allow_trial;
  if (m.cross_references) json["cross_references"] = true;
  if (m.kids) json["audience"] = "kids";
  if (m.grid_labels) json["grid_labels"] = true;
  if (!m.series.empty()) json["series"] = m.series;
  if (m.volume > 0) json["volume"] = m.volume;
  if (m.language != "en") json["language"] = m.language;
  if (!m.text.empty()) {
    Json overrides = Json::object();
    for (const auto& [id, words] : m.text) overrides[id] = words;
    json["text"] = std::move(overrides);
  }
  if (m.how_to_play) {
    Json grades = Json::array();
    for (const engine::Grade g : m.how_to_play->grades) grades.push_back(std::string(engine::grade_id(g)));
    json["how_to_play"] = {{"page", m.how_to_play->page}, {"grades", std::move(grades)}};
  }
  if (m.copyright) json["copyright"] = {{"page", m.copyright->page}, {"credit_line", m.copyright->credit_line}};
  if (m.cage_table) json["cage_table"] = {{"page", m.cage_table->page}, {"pages", m.cage_table->pages}};
  return json.dump(2) + "\n";
}

std::string manifest_to_json(const Manifest& m) {
  return manifest_to_json_with_hashes(m, m.pdf_sha256,
                                      m.cover ? std::string_view(m.cover->sha256) : std::string_view());
}

namespace {

void write_rect(JsonWriter& out, const RectPt& rect) {
  out.begin_array();
  for (double v : {rect.x, rect.y, rect.width, rect.height}) out.value(round2(v));
  out.end_array();
}

}  // namespace

std::string manifest_to_json_with_hashes(const Manifest& m, std::string_view pdf_sha256,
                                         std::string_view cover_sha256) {
  // manifest_to_json_reference's values in its order (a test holds the two to the same bytes).
  JsonWriter out(1024 + 1200 * m.puzzles.size());
  out.begin_object();
  out.member("title", m.title);
  out.member("author", m.author);
  out.member("trim", m.trim);
  out.member("page_width_pt", round2(m.page_width_pt));
  out.member("page_height_pt", round2(m.page_height_pt));
  out.member("page_count", m.page_count);
  out.member("seed", m.seed);
  out.member("version", m.version);
  out.member("bleed", m.bleed);
  out.member("paper", paper_id(m.paper));
  out.member("grading", m.grading);
  if (!pdf_sha256.empty()) out.member("pdf_sha256", pdf_sha256);
  if (m.cover) {
    Json cover = cover_json(*m.cover);
    if (!cover_sha256.empty()) cover["sha256"] = std::string(cover_sha256);
    else cover.erase("sha256");
    out.key("cover");
    out.dumped(cover.dump(2));
  }
  out.key("puzzles");
  out.begin_array();
  for (const ManifestPuzzle& p : m.puzzles) {
    out.begin_object();
    out.member("number", p.number);
    out.member("grade", engine::grade_id(p.grade));
    out.member("seed", p.seed);
    out.member("clues", p.clues);
    out.member("size", engine::shape_id(p.givens.shape));
    out.member("skin", skin_id(p.symbols.skin));
    if (p.layout.kind != engine::Kind::classic) out.member("kind", engine::kind_id(p.layout.kind));
    if (!p.killer_text.empty()) {
      out.member("kind", std::string_view("killer"));
      out.member("killer", p.killer_text);
    }
    if (!p.layout.regions.empty()) out.member("regions", engine::regions_text(p.givens.shape.size(), p.layout.regions));
    out.key("symbols");
    out.begin_array();
    for (const std::string& name : p.symbols.names) out.value(name);
    out.end_array();
    out.member("givens", engine::to_string(p.givens, '.'));
    out.member("solution", engine::to_string(p.solution, '.'));
    out.member("valid", p.valid);
    out.member("page", p.page);
    out.key("rect");
    write_rect(out, p.rect);
    out.member("solution_page", p.solution_page);
    out.key("solution_rect");
    write_rect(out, p.solution_rect);
    out.member("rating", std::round(p.rating * 10) / 10);
    out.member("tier", engine::grade_id(p.tier));
    out.key("techniques");
    out.begin_object();
    for (const auto& [name, count] : p.techniques) out.member(name, count);
    out.end_object();
    if (p.hint) {
      out.key("hint");
      out.begin_object();
      out.member("technique", p.hint->technique);
      out.member("text", p.hint->text);
      out.member("page", p.hint->page);
      out.end_object();
    }
    out.end_object();
  }
  out.end_array();
  if (m.allow_trial) out.member("allow_trial", *m.allow_trial);
  if (m.cross_references) out.member("cross_references", true);
  if (m.kids) out.member("audience", "kids");
  if (m.grid_labels) out.member("grid_labels", true);
  if (!m.series.empty()) out.member("series", m.series);
  if (m.volume > 0) out.member("volume", m.volume);
  if (m.language != "en") out.member("language", m.language);
  if (!m.text.empty()) {
    out.key("text");
    out.begin_object();
    for (const auto& [id, words] : m.text) out.member(id, words);
    out.end_object();
  }
  write_page_records(out, m);
  out.end_object();
  std::string text = out.take();
  text += '\n';
  return text;
}

Manifest parse_manifest(std::string_view json_text, const std::string& file_name) {
  const JsonReader reader(file_name);
  // The JSON library recurses per level (and copies ordered objects on growth): bound the
  // shape before it builds anything.
  if (const auto problem = json_shape_problem(json_text)) reader.fail("not a manifest: " + *problem);
  Json json;
  try {
    json = Json::parse(json_text.begin(), json_text.end());
  } catch (const Json::parse_error& e) {
    reader.fail("malformed JSON at byte " + std::to_string(e.byte));
  } catch (const Json::out_of_range&) {  // a number past double's range: 1e400
    reader.fail("malformed JSON: a number out of range (more than 1.8e308)");
  } catch (const Json::exception&) {
    reader.fail("malformed JSON");
  }
  if (!json.is_object()) reader.fail("expected a JSON object at the top level");
  Manifest m;
  m.title = reader.text(json, "", "title");
  m.author = reader.text(json, "", "author");
  m.trim = reader.text(json, "", "trim");
  m.page_width_pt = reader.number(json, "", "page_width_pt");
  m.page_height_pt = reader.number(json, "", "page_height_pt");
  m.page_count = reader.small_integer(json, "", "page_count");
  m.seed = reader.seed(json, "", "seed");
  m.version = reader.text(json, "", "version");
  m.bleed = reader.boolean(json, "", "bleed");
  const std::string paper = reader.text(json, "", "paper");
  const auto parsed_paper = parse_paper(paper);
  if (!parsed_paper) reader.fail("field 'paper' must be white or cream, got '" + util::echo(paper) + "'");
  m.paper = *parsed_paper;
  if (json.contains("grading")) {
    m.grading = reader.text(json, "", "grading");
    if (!engine::parse_grading(m.grading))
      reader.fail("field 'grading' must be techniques or clues, got '" + util::echo(m.grading) + "'");
  }
  if (json.contains("pdf_sha256")) m.pdf_sha256 = read_sha256(reader, json, "", "pdf_sha256");
  if (json.contains("cover")) m.cover = read_cover(reader, json["cover"]);
  if (json.contains("allow_trial")) m.allow_trial = reader.boolean(json, "", "allow_trial");
  if (json.contains("cross_references")) m.cross_references = reader.boolean(json, "", "cross_references");
  if (json.contains("grid_labels")) m.grid_labels = reader.boolean(json, "", "grid_labels");
  if (json.contains("audience")) {
    const std::string audience = reader.text(json, "", "audience");
    if (audience != "kids" && audience != "adults")
      reader.fail("field 'audience' must be adults or kids, got '" + util::echo(audience) + "'");
    m.kids = audience == "kids";
  }
  if (json.contains("series")) m.series = reader.text(json, "", "series");
  if (json.contains("volume") && ((m.volume = reader.small_integer(json, "", "volume")) < 1 || m.volume > 999))
    reader.fail("field 'volume' must be an integer 1-999");
  if (json.contains("language")) m.language = reader.text(json, "", "language");
  if (json.contains("text")) {
    const Json& overrides = json["text"];
    if (!overrides.is_object()) reader.fail("field 'text' must be an object");
    for (const auto& [id, value] : overrides.items()) m.text[id] = reader.text(overrides, "text.", id.c_str());
  }
  if (json.contains("how_to_play")) m.how_to_play = read_how_to_play(reader, json["how_to_play"]);
  if (json.contains("copyright")) {
    if (!json["copyright"].is_object()) reader.fail("field 'copyright' must be an object");
    m.copyright = ManifestCopyright{static_cast<int>(reader.small_integer(json["copyright"], "copyright.", "page")),
                                    reader.boolean(json["copyright"], "copyright.", "credit_line")};
  }
  if (json.contains("cage_table")) {
    if (!json["cage_table"].is_object()) reader.fail("field 'cage_table' must be an object");
    m.cage_table =
        ManifestCageTable{static_cast<int>(reader.small_integer(json["cage_table"], "cage_table.", "page")),
                          static_cast<int>(reader.small_integer(json["cage_table"], "cage_table.", "pages"))};
  }
  const Json& puzzles = reader.field(json, "", "puzzles");
  if (!puzzles.is_array()) reader.fail("field 'puzzles' must be an array");
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const std::string name = "puzzles[" + std::to_string(i) + "]";
    if (!puzzles[i].is_object()) reader.fail("field '" + name + "' must be an object");
    m.puzzles.push_back(read_puzzle(reader, puzzles[i], name + ".", m.grading == "techniques"));
  }
  return m;
}

Manifest read_manifest_file(const std::filesystem::path& path) {
  const util::Result<std::string> text = util::read_regular_file(path);
  if (!text) throw InputError(Place::file(path.string()), "cannot read the manifest: " + text.error());
  return parse_manifest(*text, path.string());
}

std::string json_library_version() {
  return std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
         std::to_string(NLOHMANN_JSON_VERSION_PATCH);
}

}  // namespace puzzlepress::book
