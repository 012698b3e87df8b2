#include "book/spec/spec.h"
#include "util/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

#include "book/spec/catalogue_location.h"
#include "book/spec/choices.h"
#include "book/spec/cover_images.h"
#include "book/spec/cover_rules.h"
#include "book/kdp/geometry.h"
#include "book/kdp/isbn.h"
#include "book/spec/spec_keys.h"
#include "book/spec/spec_killer_table.h"
#include "book/text/wording.h"
#include "book/text/yaml_reader.h"
#include "render/pixels.h"
#include "engine/batch.h"
#include "engine/killer.h"
#include "engine/killer_grade.h"
#include "util/files.h"

namespace puzzlepress::book {

static_assert(kStandardTrims[14].name == "8.5x11", "BookSpec's default trim");

namespace {

/// 'text', cut to util::kMaxEchoChars characters.
std::string quote(std::string_view text) { return "'" + util::echo(text) + "'"; }

/// Reads one spec; holds the reader and the spec's directory, nothing else.
class SpecLoader {
 public:
  SpecLoader(const std::string& file, const FileExists& exists)
      : reader_(file), directory_(std::filesystem::path(file).parent_path()), exists_(exists) {}

  BookSpec load(std::string_view text) {
    const std::vector<SpecKey>& keys = spec_keys();
    YamlLimits limits;
    limits.top_level_keys = key_names(keys);
    const YamlNode root = parse_yaml(text, reader_.file(), limits);
    if (root.kind == YamlNode::Kind::null)
      reader_.fail(root.where,
                   "the spec is empty (expected a mapping with at least: title, author, seed, "
                   "puzzles)");
    const MapReader top(reader_, root, "", key_names(keys));
    const auto key = [&](std::string_view name) -> const SpecKey& { return key_named(keys, name); };
    BookSpec spec;
    spec.file = reader_.file();
    const Place top_of_file = place_of(Location{});
    spec.fonts_place = spec.layout_place = spec.trim_place = spec.bleed_place = spec.puzzles_place = top_of_file;
    spec.title = printable(required_text(top, "title"), top.require("title"), "title", spec);
    spec.author = printable(required_text(top, "author"), top.require("author"), "author", spec);
    if (const YamlNode* v = top.find("subtitle"))
      spec.subtitle = printable(reader_.get_string(*v, "subtitle"), *v, "subtitle", spec);
    if (const YamlNode* v = top.find("publisher"))
      spec.publisher = printable(reader_.get_string(*v, "publisher"), *v, "publisher", spec);
    if (const YamlNode* v = top.find("isbn")) {
      spec.isbn = printable(reader_.get_string(*v, "isbn"), *v, "isbn", spec);
      if (const auto problem = isbn_problem(spec.isbn))
        reader_.fail(v->where, "'isbn' " + quote(spec.isbn) + " " + *problem);
    }
    if (const YamlNode* v = top.find("year")) spec.year = static_cast<int>(integer(*v, key("year"), "year"));
    if (const YamlNode* v = top.find("trim")) {
      spec.trim_name = reader_.get_string(*v, "trim");
      spec.trim_place = place_of(v->where);
      spec.trim = read_trim(spec.trim_name, spec.trim_place);
    }
    if (const YamlNode* v = top.find("bleed")) {
      spec.bleed = reader_.get_bool(*v, "bleed");
      spec.bleed_place = place_of(v->where);
    }
    if (const YamlNode* v = top.find("paper")) spec.paper = *parse_paper(choice(*v, key("paper"), "paper"));
    if (const YamlNode* v = top.find("layout")) {
      spec.layout_place = place_of(v->where);
      spec.layout = read_layout(reader_.get_string(*v, "layout"), directory_, spec.layout_place, exists_);
    }
    if (const YamlNode* v = top.find("audience")) {
      spec.audience = choice(*v, key("audience"), "audience") == "kids" ? Audience::kids : Audience::adults;
    }
    spec.seed = static_cast<std::uint32_t>(integer(top.require("seed"), key("seed"), "seed"));
    if (const YamlNode* v = top.find("symmetry")) {
      spec.symmetry = *engine::parse_symmetry(choice(*v, key("symmetry"), "symmetry"));
    }
    if (const YamlNode* v = top.find("grading")) {
      spec.grading = read_grading(reader_.get_string(*v, "grading"), place_of(v->where), "grading");
    }
    if (const YamlNode* v = top.find("allow_trial")) spec.allow_trial = reader_.get_bool(*v, "allow_trial");
    if (const YamlNode* v = top.find("credit_line")) spec.credit_line = reader_.get_bool(*v, "credit_line");
    if (const YamlNode* v = top.find("hints")) spec.hints = reader_.get_bool(*v, "hints");
    if (const YamlNode* v = top.find("glossary")) spec.glossary = reader_.get_bool(*v, "glossary");
    if (const YamlNode* v = top.find("grid_labels")) spec.grid_labels = reader_.get_bool(*v, "grid_labels");
    spec.sections = sections(top.require("puzzles"), key("puzzles").fields.at(0), spec.evil_killer_grade);
    spec.puzzles_place = place_of(top.key_where("puzzles"));
    // Kids read large grids: one puzzle a page unless the spec chose a layout.
    if (!top.find("layout") && spec.reader() == Audience::kids) spec.layout = LayoutChoice{"one-up", {}};
    if (const YamlNode* v = top.find("solutions")) {
      const SpecKey& solutions_key = key("solutions");
      const MapReader solutions(reader_, *v, "solutions", key_names(solutions_key.fields));
      if (const YamlNode* n = solutions.find("per_page")) {
        spec.solutions_per_page =
            static_cast<int>(integer(*n, key_named(solutions_key.fields, "per_page"), solutions.path("per_page")));
      }
      if (const YamlNode* n = solutions.find("cross_references")) {
        spec.cross_references = reader_.get_bool(*n, solutions.path("cross_references"));
      }
    }
    if (const YamlNode* v = top.find("front_matter")) spec.front_matter = front_matter(*v, key("front_matter"));
    if (const YamlNode* v = top.find("fonts")) {
      spec.fonts = fonts(*v, key("fonts"));
      spec.fonts_place = place_of(v->where);
    }
    if (const YamlNode* v = top.find("cover")) {
      spec.cover = cover(*v, key("cover"), place_of(top.key_where("cover")), spec.trim);
      const MapReader map(reader_, *v, "cover", key_names(key("cover").fields));
      if (const YamlNode* text = map.find("back_text"))
        printable(spec.cover->back_text, *text, "cover.back_text", spec, true);
      if (const YamlNode* list = map.find("badges"); list && list->kind == YamlNode::Kind::sequence) {
        for (std::size_t i = 0; i < list->items.size(); ++i)
          printable(spec.cover->badges[i].text, list->items[i], "cover.badges[" + std::to_string(i + 1) + "]", spec);
      }
    }
    if (const YamlNode* v = top.find("language")) {
      spec.language = read_language(reader_.get_string(*v, "language"), place_of(v->where));
    }
    if (const YamlNode* v = top.find("text")) spec.text = text_overrides(*v, key("text"), spec);
    if (const YamlNode* v = top.find("catalogue")) {
      spec.catalogue = reader_.get_string(*v, "catalogue");
      spec.catalogue_place = place_of(v->where);
      if (spec.catalogue.empty())
        reader_.fail(v->where, "'catalogue' is empty (expected a file or a postgresql:// address)");
      if (!is_catalogue_address(spec.catalogue))
        spec.catalogue = (directory_ / spec.catalogue).lexically_normal().string();
    }
    if (const YamlNode* v = top.find("series"))
      spec.series = printable(reader_.get_string(*v, "series"), *v, "series", spec);
    if (const YamlNode* v = top.find("volume"))
      set_volume(spec, static_cast<int>(integer(*v, key("volume"), "volume")));
    if (const YamlNode* v = top.find("unique_by"))
      spec.unique_by_solution = choice(*v, key("unique_by"), "unique_by") == "solution";
    read_killer_table(reader_, top, spec);
    return spec;
  }

 private:
  Place place_of(Location where) const { return Place::in_file(reader_.file(), where.line, where.column); }

  /// `text` when the book can print it whatever the font (unprintable_reason), recorded in
  /// spec.text_fields for the font check; else fails at the value.
  std::string printable(std::string text, const YamlNode& value, const std::string& key, BookSpec& spec,
                        bool multiline = false) {
    if (const auto problem = unprintable_reason(text, multiline, multiline ? kMaxBlurbChars : kMaxLineChars))
      reader_.fail(value.where, quote(key) + " " + *problem);
    spec.text_fields.push_back({key, text, place_of(value.where), multiline});
    return text;
  }

  std::string required_text(const MapReader& map, std::string_view key) {
    const YamlNode& value = map.require(key);
    std::string text = reader_.get_string(value, key);
    if (util::is_blank(text)) reader_.fail(value.where, quote(key) + " must not be empty (it prints nothing)");
    return text;
  }

  /// An integer within the key's bounds.
  std::int64_t integer(const YamlNode& value, const SpecKey& key, const std::string& name) {
    const std::int64_t n = reader_.get_integer(value, name);
    if (n < key.min || n > key.max) {
      reader_.fail(value.where, quote(name) + " must be between " + std::to_string(key.min) + " and " +
                                    std::to_string(key.max) + ", got " + value.scalar);
    }
    return n;
  }

  /// One of the key's choices (any case, aliases resolved), as its canonical name.
  /// "unknown paper 'ivory' for 'paper' (expected one of: white, cream)".
  std::string choice(const YamlNode& value, const SpecKey& key, const std::string& name, std::string_view what = {}) {
    const std::string text = reader_.get_string(value, name);
    std::string found = match_choice(key, text);
    if (found.empty()) {
      reader_.fail(value.where, "unknown " + std::string(what.empty() ? key.name : what) + " " + quote(text) + " for " +
                                    quote(name) + " (expected one of: " + choice_list(key) + ")");
    }
    return found;
  }

  // `evil_killer_grade`: set to the first Evil killer section's grade (it needs allow_trial).
  std::vector<Section> sections(const YamlNode& value, const SpecKey& section_key,
                                std::optional<std::pair<std::string, Place>>& evil_killer_grade) {
    const std::vector<YamlNode>& items = reader_.get_sequence(value, "puzzles");
    if (items.empty())
      reader_.fail(value.where, "'puzzles' must list at least one section, e.g. - { grade: easy, count: 40 }");
    std::vector<Section> out;
    int total = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
      const std::string name = "puzzles[" + std::to_string(i + 1) + "]";
      const MapReader item(reader_, items[i], name, key_names(section_key.fields));
      const auto field = [&](std::string_view key) -> const SpecKey& { return key_named(section_key.fields, key); };
      const YamlNode* kind = item.find("kind");
      const bool killer = kind && choice(*kind, field("kind"), item.path("kind")) == kKillerKindId;
      const YamlNode* grade_node = &item.require("grade");
      const engine::Grade grade = *engine::parse_grade(choice(*grade_node, field("grade"), item.path("grade")));
      const YamlNode& count = item.require("count");
      out.push_back({grade, static_cast<int>(integer(count, field("count"), item.path("count")))});
      out.back().killer = killer;
      read_size_and_skin(item, section_key, grade_node, out.back());
      if (killer && grade == engine::Grade::evil && !evil_killer_grade) {
        // Held to allow_trial by killer_requests, after --allow-trial may have set it.
        evil_killer_grade.emplace(quote(item.path("grade")),
                                  Place::in_file(reader_.file(), grade_node->where.line, grade_node->where.column));
      }
      total += out.back().count;
      if (total > kMaxPuzzles) {
        reader_.fail(count.where, "the book would have " + std::to_string(total) + " puzzles; at most " +
                                      std::to_string(kMaxPuzzles) + " fit KDP's page limits");
      }
    }
    return out;
  }

  FrontMatter front_matter(const YamlNode& value, const SpecKey& key) {
    FrontMatter out{false, false, false};
    const SpecKey& page = key.fields.at(0);
    for (const YamlNode& item : reader_.get_sequence(value, "front_matter")) {
      const std::string name = choice(item, page, "front_matter", "front matter page");
      bool* flag = name == "title" ? &out.title : name == "copyright" ? &out.copyright : &out.how_to_play;
      if (*flag) reader_.fail(item.where, "front matter page " + quote(name) + " is listed twice");
      *flag = true;
    }
    return out;
  }

  // `text:` — string id -> the words to print instead. An unknown id is refused at its key (with
  // a suggestion); a {placeholder} the string does not have, at its value.
  std::map<std::string, std::string> text_overrides(const YamlNode& value, const SpecKey& key, BookSpec& spec) {
    const MapReader map(reader_, value, "text", key_names(key.fields));
    std::map<std::string, std::string> out;
    for (const SpecKey& field : key.fields) {
      const YamlNode* node = map.find(field.name);
      if (!node) continue;
      const std::string path = map.path(field.name);
      // Checked like the spec's other printed texts (and against the fonts before generation);
      // a how-to-play paragraph may be as long as a blurb.
      std::string words = printable(reader_.get_string(*node, path), *node, path, spec, true);
      const std::vector<std::string> known = wording_placeholders(field.name);
      for (std::size_t open = words.find('{'); open != std::string::npos; open = words.find('{', open + 1)) {
        const std::size_t close = words.find('}', open);
        if (close == std::string::npos) break;
        const std::string name = words.substr(open + 1, close - open - 1);
        if (std::find(known.begin(), known.end(), name) == known.end()) {
          std::string has;
          for (const std::string& k : known) has += (has.empty() ? "" : ", ") + ("{" + k + "}");
          reader_.fail(node->where, quote(path) + " has no {" + name + "} to fill in (" +
                                        (has.empty() ? "it takes none" : "it takes " + has) + ")");
        }
      }
      if (util::is_blank(words)) {
        reader_.fail(node->where, quote(path) +
                                      " must not be empty (it prints nothing where the book needs words; "
                                      "to leave a page out, see front_matter)");
      }
      for (const std::string& needed : required_placeholders(field.name)) {
        if (words.find("{" + needed + "}") == std::string::npos) {
          reader_.fail(node->where, quote(path) + " must keep {" + needed + "}: without it the page cannot tell one " +
                                        "from another (English: '" + Wording().text(field.name) + "')");
        }
      }
      out.emplace(field.name, std::move(words));
    }
    return out;
  }

  FontOverrides fonts(const YamlNode& value, const SpecKey& key) {
    const MapReader map(reader_, value, "fonts", key_names(key.fields));
    FontOverrides out;
    const auto font = [&](std::string_view name, std::optional<std::filesystem::path>& slot) {
      const YamlNode* node = map.find(name);
      if (!node) return;
      const std::string path = map.path(name);
      const std::string text = reader_.get_string(*node, path);
      const auto file = existing_file(text, directory_, exists_);
      if (!file) {
        const std::filesystem::path given(text);
        const std::filesystem::path named = given.is_absolute() ? given : directory_ / given;
        reader_.fail(node->where, "font file for " + quote(path) + " " + missing_file_words(named) + ": " +
                                      util::echo_path(named.string()));
      }
      slot = *file;
    };
    font("text", out.text);
    font("bold", out.bold);
    font("digits", out.digits);
    return out;
  }

  // A section's size, skin and letters, checked against each other and its grade: every
  // error at the value it blames.
  // A killer section (section.killer, read before) is checked by read_killer_section.
  void read_size_and_skin(const MapReader& item, const SpecKey& section_key, const YamlNode* grade_node,
                          Section& section) {
    const auto field = [&](std::string_view key) -> const SpecKey& { return key_named(section_key.fields, key); };
    const YamlNode* size = item.find("size");
    if (size) section.shape = *engine::parse_shape(choice(*size, field("size"), item.path("size")));
    if (section.killer) {
      read_killer_section(item, section_key, size, *grade_node, section);
      return;
    }
    if (!engine::offers_grade(section.shape, section.grade)) {
      reader_.fail(grade_node->where, engine::grade_not_offered_message(section.shape, section.grade));
    }
    const YamlNode* skin = item.find("skin");
    if (skin) section.skin = *parse_skin(choice(*skin, field("skin"), item.path("skin")));
    if (const YamlNode* v = item.find("letters")) {
      if (!skin) section.skin = Skin::letters;  // a word says letters
      const std::string key = item.path("letters");
      if (section.skin != Skin::letters) {
        reader_.fail(v->where, quote(key) + " is for skin: letters, but this section's skin is " +
                                   std::string(skin_id(section.skin)));
      }
      const std::string text = reader_.get_string(*v, key);
      if (const auto problem = letters_problem(text, section.shape))
        reader_.fail(v->where, quote(key) + " " + *problem);
      section.letters = capitals(text);
    }
    if (!skin_fits(section.skin, section.shape)) {
      reader_.fail(skin ? skin->where : item.key_where("size"), skin_misfit_message(section.skin, section.shape));
    }
    const YamlNode* kind = item.find("kind");
    if (kind) section.kind = *engine::parse_kind(choice(*kind, field("kind"), item.path("kind")));
    if (!engine::kind_takes(section.kind, section.shape)) {
      reader_.fail(kind ? kind->where : item.key_where("size"),
                   engine::kind_shape_message(section.kind, section.shape));
    }
    if (const YamlNode* v = item.find("tint")) {
      const std::string key = item.path("tint");
      section.tint = reader_.get_bool(*v, key);
      if (section.tint && section.kind != engine::Kind::jigsaw) {
        reader_.fail(v->where, quote(key) + " tints a jigsaw's regions, but this section's kind is " +
                                   std::string(engine::kind_id(section.kind)));
      }
    }
  }

  // A killer section: 6x6 or 9x9 (engine::killer_takes), a grade the engine aims killers of
  // that size at (engine::killer_offers_grade), digits only (its sums are numbers printed in the
  // cells' corners; letters or shapes beside them would read as sums), no letters, no tint.
  void read_killer_section(const MapReader& item, const SpecKey& section_key, const YamlNode* size,
                           const YamlNode& grade, Section& section) {
    if (!engine::killer_takes(section.shape)) {
      reader_.fail(
          size ? size->where : item.key_where("kind"),
          quote(item.path("size")) + ": kind 'killer' takes size 6x6 or 9x9, not " + engine::shape_id(section.shape));
    }
    if (!engine::killer_offers_grade(section.shape, section.grade)) {
      std::string offered;
      for (const engine::Grade g : engine::kAllGrades)
        if (engine::killer_offers_grade(section.shape, g))
          offered += (offered.empty() ? "" : ", ") + std::string(engine::grade_id(g));
      const std::string id(engine::grade_id(section.grade));
      const std::string written = util::echo(grade.scalar);  // an alias ("expert") names its grade too
      const std::string shown = "'" + written + "'" + (util::ascii_lower(written) == id ? "" : " (" + id + ")");
      reader_.fail(grade.where, "grade " + shown + " is not offered for kind 'killer' at " +
                                    engine::shape_id(section.shape) + " (offered: " + offered + ")");
    }
    for (const char* key : {"skin", "letters"}) {
      const YamlNode* v = item.find(key);
      if (!v) continue;
      if (std::string_view(key) == "skin" &&
          parse_skin(choice(*v, key_named(section_key.fields, "skin"), item.path(key))) == Skin::digits)
        continue;
      reader_.fail(v->where, quote(item.path(key)) +
                                 ": kind 'killer' prints digits only (its cage sums are numbers); remove " + key);
    }
    if (const YamlNode* v = item.find("tint")) {
      reader_.fail(v->where, quote(item.path("tint")) + " tints a jigsaw's regions, but this section's kind is killer");
    }
  }

  /// "#rrggbb" (any case).
  Rgb colour(const YamlNode& value, const std::string& name) {
    const std::string expected = "expected a colour \"#rrggbb\" for " + quote(name);
    if (value.kind == YamlNode::Kind::null) {
      reader_.fail(value.where, expected +
                                    ", got nothing (put the colour in quotes: YAML reads an "
                                    "unquoted # as the start of a comment)");
    }
    const std::string text = reader_.get_string(value, name);
    const auto hex = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    bool ok = text.size() == 7 && text[0] == '#';
    for (std::size_t i = 1; ok && i < 7; ++i) ok = hex(text[i]) >= 0;
    if (!ok) reader_.fail(value.where, expected + ", got " + quote(text));
    const auto channel = [&](std::size_t at) {
      return static_cast<std::uint8_t>(hex(text[at]) * 16 + hex(text[at + 1]));
    };
    return Rgb{channel(1), channel(3), channel(5)};
  }

  /// A decimal number, more than 0 and at most `max`.
  double positive_number(const YamlNode& value, const std::string& name, double max, std::string_view unit) {
    const std::string text = reader_.get_string(value, name);
    double n = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, n);
    if (text.empty() || error != std::errc() || stop != end || !std::isfinite(n)) {
      reader_.fail(value.where, "expected a number for " + quote(name) + ", got " + quote(text));
    }
    if (n <= 0 || n > max) {
      char bound[32];
      std::snprintf(bound, sizeof bound, "%g", max);
      reader_.fail(value.where, quote(name) + " must be more than 0 and at most " + bound + " (" + std::string(unit) +
                                    "), got " + util::echo(text));
    }
    return n;
  }

  CoverSpec cover(const YamlNode& value, const SpecKey& key, const Place& key_place, const Trim& trim) {
    const MapReader map(reader_, value, "cover", key_names(key.fields));
    const auto field = [&](std::string_view name) -> const SpecKey& { return key_named(key.fields, name); };
    CoverSpec out;
    out.place = out.printer_place = out.back_text_place = out.spine_in_place = key_place;
    if (const YamlNode* v = map.find("printer")) {
      out.printer = *parse_printer(choice(*v, field("printer"), map.path("printer")));
      out.printer_place = place_of(v->where);
    }
    if (const YamlNode* v = map.find("paper")) {
      out.paper = parse_cover_paper(choice(*v, field("paper"), map.path("paper")));
    }
    if (const YamlNode* v = map.find("background")) out.background = colour(*v, map.path("background"));
    if (const YamlNode* v = map.find("text_color")) out.text_color = colour(*v, map.path("text_color"));
    if (const YamlNode* v = map.find("front_image")) {
      const auto front_rule = [&](const ImageInfo& info) {
        return front_image_size_problem(info, trim.width_in, trim.height_in);
      };
      CoverImageFile image = read_cover_image(reader_, *v, map.path("front_image"), "front image", directory_, exists_,
                                              out.printer, front_rule, kMaxFrontImagePixels);
      out.front_image = std::move(image.file);
      out.front_image_info = image.info;
    }
    if (const YamlNode* v = map.find("front_grid")) out.front_grid = reader_.get_bool(*v, map.path("front_grid"));
    if (const YamlNode* v = map.find("design")) {
      const std::string name = choice(*v, field("design"), map.path("design"));
      out.design = static_cast<CoverDesign>(std::find(std::begin(kCoverDesignIds), std::end(kCoverDesignIds), name) -
                                            std::begin(kCoverDesignIds));
      check_cover_design(reader_, out, name, *v, map, trim);
    }
    if (const YamlNode* v = map.find("badges")) read_cover_badges(reader_, out, *v, map.path("badges"));
    if (const YamlNode* v = map.find("back_text")) {
      out.back_text = reader_.get_string(*v, map.path("back_text"));
      out.back_text_place = place_of(v->where);
    }
    if (const YamlNode* v = map.find("barcode")) {
      out.keep_barcode_clear = choice(*v, field("barcode"), map.path("barcode")) == "keep_clear";
    }
    if (const YamlNode* v = map.find("barcode_image"))
      read_barcode_image(reader_, out, *v, map.path("barcode_image"), directory_, exists_);
    if (const YamlNode* v = map.find("spine_text")) {
      out.spine_text = choice(*v, field("spine_text"), map.path("spine_text")) == "auto";
    }
    if (const YamlNode* v = map.find("spine_in")) {
      out.spine_in = positive_number(*v, map.path("spine_in"), kMaxSpineIn, "inches");
      out.spine_in_place = place_of(v->where);
    }
    return out;
  }

  YamlReader reader_;
  std::filesystem::path directory_;
  const FileExists& exists_;
};

}  // namespace

BookSpec load_spec(std::string_view yaml_text, const std::string& file_name, const FileExists& exists) {
  return SpecLoader(file_name, exists).load(yaml_text);
}

BookSpec load_spec_file(const std::filesystem::path& path) {
  const util::Result<std::string> text = util::read_regular_file(path, kMaxSpecBytes);
  if (!text) throw InputError(Place::file(path.string()), "cannot read the spec: " + text.error());
  return load_spec(*text, path.string());
}

Trim read_trim(std::string_view text, const Place& place) {
  TrimResult trim = parse_trim(text);
  if (!trim.trim) throw InputError(place, trim.error);
  return *trim.trim;
}

engine::Grading read_grading(std::string_view text, const Place& place, std::string_view key) {
  const auto grading = engine::parse_grading(text);
  if (!grading) {
    throw InputError(place, "unknown grading " + quote(text) + (key.empty() ? "" : " for " + quote(key)) +
                                " (expected one of: " + grading_choices() + ")");
  }
  return *grading;
}

std::string read_language(std::string_view text, const Place& place) {
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string known;
  for (std::string_view code : kLanguages) {
    std::string code_lower;
    for (char c : code) code_lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (code_lower == lower) return std::string(code);
    known += (known.empty() ? "" : ", ") + std::string(code);
  }
  throw InputError(place, "unknown language " + quote(text) + " (expected one of: " + known + ")");
}

bool is_layout_path(std::string_view text) {
  return text.find('/') != std::string_view::npos || text.find('\\') != std::string_view::npos ||
         text.ends_with(".yaml") || text.ends_with(".yml");
}

/// Why `file` is no file a spec can name: "not found", or what it is instead ("is a FIFO (a named
/// pipe), not a file"; likewise a folder, a device, a socket).
std::string missing_file_words(const std::filesystem::path& file) {
  std::error_code error;
  switch (std::filesystem::status(file, error).type()) {
    case std::filesystem::file_type::directory: return "is a folder, not a file";
    case std::filesystem::file_type::fifo: return "is a FIFO (a named pipe), not a file";
    case std::filesystem::file_type::block:
    case std::filesystem::file_type::character: return "is a device, not a file";
    case std::filesystem::file_type::socket: return "is a socket, not a file";
    default: return "not found";
  }
}

std::optional<std::filesystem::path> existing_file(std::string_view text, const std::filesystem::path& base_dir,
                                                   const FileExists& exists) {
  const std::filesystem::path path(text);
  std::filesystem::path file = path.is_absolute() ? path : base_dir / path;
  std::error_code error;
  const bool found = exists ? exists(file) : std::filesystem::is_regular_file(file, error);
  if (!found) return std::nullopt;
  return file;
}

LayoutChoice read_layout(std::string_view text, const std::filesystem::path& base_dir, const Place& place,
                         const FileExists& exists) {
  if (is_layout_path(text)) {
    const auto file = existing_file(text, base_dir, exists);
    if (!file) {
      const std::filesystem::path named =
          std::filesystem::path(text).is_absolute() ? std::filesystem::path(text) : base_dir / text;
      throw InputError(place, "layout file " + missing_file_words(named) + ": " + util::echo_path(named.string()));
    }
    return {"", *file};
  }
  const bool is_name = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
  if (!is_name) {
    throw InputError(place,
                     "expected a layout preset name (letters, digits, '-', '_') or a path to a "
                     ".yaml file, got " +
                         quote(text));
  }
  return {std::string(text), {}};
}

}  // namespace puzzlepress::book
