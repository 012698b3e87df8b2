#include "book/text/yaml_reader.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>

#include "util/text.h"

namespace puzzlepress::book {
namespace {

Location to_location(const YAML::Mark& mark, Location fallback) {
  if (mark.line < 0 || mark.column < 0) return fallback;
  return Location{mark.line + 1, mark.column + 1};
}

/// Turns yaml-cpp's node graph into our tree, counting every node made (aliases are expanded,
/// so an alias bomb of a few hundred bytes would otherwise make billions) and the nesting.
class Converter {
 public:
  /// `may_alias`: the text has both an anchor ('&') and an alias ('*') mark, so aliases may be
  /// what makes it large (a message blames them only then).
  Converter(const std::string& file, const YamlLimits& limits, bool may_alias)
      : file_(file), limits_(limits), may_alias_(may_alias) {}

  YamlNode convert(const YAML::Node& node, Location fallback, int depth) {
    YamlNode out;
    out.where = to_location(node.Mark(), fallback);
    if (++nodes_ > limits_.max_nodes) {
      throw SpecError(file_, out.where,
                      may_alias_ ? "the YAML expands to more than " + std::to_string(limits_.max_nodes) +
                                       " values (aliases repeat what they name; write the values out)"
                                 : "the YAML holds more than " + std::to_string(limits_.max_nodes) +
                                       " values (a book spec holds a few dozen)");
    }
    if (depth > limits_.max_depth) {
      throw SpecError(file_, out.where,
                      "the YAML is nested deeper than " + std::to_string(limits_.max_depth) + " levels");
    }
    switch (node.Type()) {
      case YAML::NodeType::Scalar:
        out.kind = YamlNode::Kind::scalar;
        out.scalar = node.Scalar();
        out.quoted = node.Tag() == "!";
        break;
      case YAML::NodeType::Sequence:
        out.kind = YamlNode::Kind::sequence;
        for (const auto& item : node) out.items.push_back(convert(item, out.where, depth + 1));
        break;
      case YAML::NodeType::Map:
        out.kind = YamlNode::Kind::mapping;
        for (const auto& pair : node) {
          YamlEntry entry;
          entry.key = convert(pair.first, out.where, depth + 1);
          // The value of a key the reader will refuse is never expanded (top level only: the
          // keys below are checked by their own MapReader, within the node budget).
          const bool refused =
              depth == 0 && !limits_.top_level_keys.empty() && entry.key.kind == YamlNode::Kind::scalar &&
              std::find(limits_.top_level_keys.begin(), limits_.top_level_keys.end(), entry.key.scalar) ==
                  limits_.top_level_keys.end();
          if (!refused) entry.value = convert(pair.second, entry.key.where, depth + 1);
          if (entry.value.kind == YamlNode::Kind::null) entry.value.where = entry.key.where;
          out.entries.push_back(std::move(entry));
        }
        break;
      default: out.kind = YamlNode::Kind::null; break;
    }
    return out;
  }

 private:
  const std::string& file_;
  const YamlLimits& limits_;
  bool may_alias_ = false;
  std::size_t nodes_ = 0;
};

/// Where the first byte that is not UTF-8, or is a control character YAML does not allow in a
/// file (C0 other than tab, line feed and carriage return; DEL), is (1-based line and column,
/// columns in characters), and that byte; nothing when the text is clean. A NUL byte would also
/// make yaml-cpp read the file as UTF-16, with positions past its end.
struct BadByte {
  Location where;
  unsigned char byte = 0;
  bool control = false;  ///< a control character (else not UTF-8)
};
std::optional<BadByte> first_bad_byte(std::string_view text) {
  Location at{1, 1};
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') || byte == 0x7F) return BadByte{at, byte, true};
    const std::size_t length = util::utf8_sequence_length(text.substr(i));
    if (length == 0) return BadByte{at, byte, false};
    if (text[i] == '\n') {
      ++at.line;
      at.column = 1;
    } else {
      ++at.column;
    }
    i += length;
  }
  return std::nullopt;
}

/// 'text', cut to util::kMaxEchoChars characters.
std::string quote(std::string_view text) { return "'" + util::echo(text) + "'"; }

/// "got 'abc'" for scalars, "got a mapping" otherwise.
std::string got(const YamlNode& value) {
  if (value.kind == YamlNode::Kind::scalar) return "got " + quote(value.scalar);
  return "got " + std::string(describe_kind(value.kind));
}

}  // namespace

std::string_view suggest_key(std::string_view typed, const std::vector<std::string_view>& keys) {
  const std::string low = util::ascii_lower(typed);
  std::string_view nearest;
  int best = 3;  // within edit distance 2
  for (const std::string_view key : keys) {
    const int distance = edit_distance(low, key);
    if (distance < best) {
      best = distance;
      nearest = key;
    }
  }
  if (!nearest.empty()) return nearest;
  // A known key with something added or cut off ("trimsize", "front"): the longest such key.
  for (const std::string_view key : keys) {
    const bool extends = low.starts_with(key) && key.size() >= 3;
    const bool cut = key.starts_with(low) && low.size() >= 3;
    if ((extends || cut) && key.size() > nearest.size()) nearest = key;
  }
  return nearest;
}

std::string_view describe_kind(YamlNode::Kind kind) {
  switch (kind) {
    case YamlNode::Kind::null: return "nothing";
    case YamlNode::Kind::scalar: return "a string";
    case YamlNode::Kind::sequence: return "a list";
    case YamlNode::Kind::mapping: return "a mapping";
  }
  return "nothing";
}

// Records where each document of a YAML stream starts and drops everything else.
class DocumentStarts final : public YAML::EventHandler {
 public:
  std::vector<YAML::Mark> marks;
  void OnDocumentStart(const YAML::Mark& mark) override { marks.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

// "---" when 1-based line `line` of `text` starts with it, else "..." when the last line before
// it that is not blank or a comment is the end marker, else "": how a second document started.
// (By line: yaml-cpp's character positions skip a byte order mark.)
std::string_view document_marker_before(std::string_view text, int line) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size() && static_cast<int>(lines.size()) < line;) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  if (static_cast<int>(lines.size()) < line || line < 1) return "";
  const auto starts = [](std::string_view l, std::string_view m) {
    if (l.starts_with("\xEF\xBB\xBF")) l.remove_prefix(3);
    return l.starts_with(m);
  };
  if (starts(lines[static_cast<std::size_t>(line - 1)], "---")) return "---";
  for (int k = line - 2; k >= 0; --k) {
    std::string_view l = lines[static_cast<std::size_t>(k)];
    while (!l.empty() && (l.back() == '\r' || l.back() == ' ' || l.back() == '\t')) l.remove_suffix(1);
    if (l.empty() || l.front() == '#') continue;
    return starts(l, "...") ? "..." : "";
  }
  return "";
}

YamlNode parse_yaml(std::string_view text, const std::string& file, const YamlLimits& limits) {
  if (const auto bad = first_bad_byte(text)) {
    char hex[8];
    if (bad->control) {
      std::snprintf(hex, sizeof hex, "U+%04X", bad->byte);
      throw SpecError(file, bad->where,
                      std::string("control character ") + hex + " in the file: YAML is text (save it as UTF-8 text)");
    }
    std::snprintf(hex, sizeof hex, "0x%02X", bad->byte);
    throw SpecError(file, bad->where, std::string("invalid UTF-8 (byte ") + hex + "): save the file as UTF-8");
  }
  YAML::Node document;
  try {
    // Where each document starts, reading at most two: yaml-cpp 0.7's LoadAll can loop for ever,
    // one empty document after another, on some malformed input (a 177-byte file the fuzzer
    // found), so it is never called.
    DocumentStarts starts;
    std::istringstream stream{std::string(text)};
    YAML::Parser parser(stream);
    for (int i = 0; i < 2 && parser.HandleNextDocument(starts); ++i) {
    }
    if (starts.marks.size() > 1) {
      const Location where = to_location(starts.marks[1], Location{});
      const std::string_view marker = document_marker_before(text, where.line);
      throw SpecError(file, where,
                      marker.empty() ? "YAML syntax error: cannot read on from here (expected 'key: value' or the end "
                                       "of the file)"
                                     : "a second YAML document (after '" + std::string(marker) +
                                           "'): the file must hold one document only");
    }
    if (starts.marks.empty()) return YamlNode{};
    document = YAML::Load(std::string(text));  // the first document only
  } catch (const YAML::DeepRecursion& e) {
    throw SpecError(file, to_location(e.mark, Location{}),
                    "the YAML is nested deeper than " + std::to_string(limits.max_depth) + " levels");
  } catch (const YAML::Exception& e) {  // ParserException and kin: all carry a mark
    throw SpecError(file, to_location(e.mark, Location{}), "YAML syntax error: " + util::echo(e.msg));
  }
  const bool may_alias = text.find('&') != std::string_view::npos && text.find('*') != std::string_view::npos;
  return Converter(file, limits, may_alias).convert(document, Location{}, 0);
}

void YamlReader::fail(Location where, const std::string& message) const { throw SpecError(file_, where, message); }

std::string YamlReader::get_string(const YamlNode& value, std::string_view name) const {
  if (value.kind != YamlNode::Kind::scalar)
    fail(value.where, "expected a string for " + quote(name) + ", " + got(value));
  return value.scalar;
}

std::int64_t YamlReader::get_integer(const YamlNode& value, std::string_view name) const {
  const std::string message = "expected an integer for " + quote(name) + ", " + got(value);
  if (value.kind != YamlNode::Kind::scalar) fail(value.where, message);
  std::string_view text = value.scalar;
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  std::int64_t result = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), result);
  if (text.empty() || error == std::errc::invalid_argument || end != text.data() + text.size())
    fail(value.where, message);
  if (error == std::errc::result_out_of_range)
    fail(value.where, "integer " + quote(value.scalar) + " for " + quote(name) + " is too large");
  return result;
}

bool YamlReader::get_bool(const YamlNode& value, std::string_view name) const {
  if (value.kind == YamlNode::Kind::scalar) {
    const std::string text = util::ascii_lower(value.scalar);
    if (text == "true") return true;
    if (text == "false") return false;
  }
  fail(value.where, "expected true or false for " + quote(name) + ", " + got(value));
}

const std::vector<YamlNode>& YamlReader::get_sequence(const YamlNode& value, std::string_view name) const {
  if (value.kind != YamlNode::Kind::sequence)
    fail(value.where, "expected a list for " + quote(name) + ", " + got(value));
  return value.items;
}

MapReader::MapReader(const YamlReader& reader, const YamlNode& map, std::string name,
                     std::vector<std::string_view> allowed_keys)
    : reader_(reader), map_(map), name_(std::move(name)) {
  if (map.kind != YamlNode::Kind::mapping) {
    const std::string what = name_.empty() ? "at the top level" : "for " + quote(name_);
    reader_.fail(map.where, "expected a mapping " + what + ", " + got(map));
  }
  for (std::size_t i = 0; i < map.entries.size(); ++i) {
    const YamlNode& key = map.entries[i].key;
    if (key.kind != YamlNode::Kind::scalar) reader_.fail(key.where, "expected a plain key, " + got(key));
    if (std::find(allowed_keys.begin(), allowed_keys.end(), key.scalar) == allowed_keys.end()) {
      std::string message = "unknown key " + quote(key.scalar) + " (expected one of: ";
      for (std::size_t k = 0; k < allowed_keys.size(); ++k) message += (k ? ", " : "") + std::string(allowed_keys[k]);
      message += ")";
      const std::string_view nearest = suggest_key(key.scalar, allowed_keys);
      if (!nearest.empty()) message += "; did you mean " + quote(nearest) + "?";
      reader_.fail(key.where, message);
    }
    for (std::size_t j = 0; j < i; ++j) {
      const YamlNode& earlier = map.entries[j].key;
      if (earlier.scalar == key.scalar)
        reader_.fail(key.where, "duplicate key " + quote(key.scalar) + " (first given at " +
                                    std::to_string(earlier.where.line) + ":" + std::to_string(earlier.where.column) +
                                    ")");
    }
  }
}

const YamlEntry* MapReader::entry(std::string_view key) const {
  for (const YamlEntry& e : map_.entries)
    if (e.key.scalar == key) return &e;
  return nullptr;
}

const YamlNode* MapReader::find(std::string_view key) const {
  const YamlEntry* e = entry(key);
  return e ? &e->value : nullptr;
}

const YamlNode& MapReader::require(std::string_view key) const {
  const YamlNode* value = find(key);
  if (!value) {
    std::string message = "missing required key " + quote(key);
    if (!name_.empty()) message += " in " + quote(name_);
    reader_.fail(map_.where, message);
  }
  return *value;
}

Location MapReader::key_where(std::string_view key) const {
  const YamlEntry* e = entry(key);
  return e ? e->key.where : map_.where;
}

std::string MapReader::path(std::string_view key) const {
  return name_.empty() ? std::string(key) : name_ + "." + std::string(key);
}

int edit_distance(std::string_view a, std::string_view b) {
  std::vector<int> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const int above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace puzzlepress::book

namespace puzzlepress::book {

std::string yaml_cpp_version() { return PUZZLEPRESS_YAML_CPP_VERSION; }

}  // namespace puzzlepress::book
