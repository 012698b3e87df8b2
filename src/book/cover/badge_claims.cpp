// Hand-written badges that would say something untrue of the book (cover.badges as a list): a
// badge is refused when it claims, in the book's language or in English, more puzzles than the
// book has, large print the interior does not keep, or a grade (or a range of grades) the book
// lacks. Other words are the publisher's own and pass unread.
#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <string>

#include "book/cover/cover_parts.h"
#include "util/text.h"

namespace puzzlepress::book::cover_parts {
namespace {

/// `text` with ASCII letters lowered and runs of spaces made one, trimmed ("Large  Print " ->
/// "large print"); other bytes (UTF-8 letters) are kept as they are.
std::string folded(std::string_view text) {
  std::string out;
  for (const char ch : text) {
    const auto byte = static_cast<unsigned char>(ch);
    if (std::isspace(byte)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += static_cast<char>(byte < 0x80 ? std::tolower(byte) : byte);
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

/// The words of one language a claim is read in.
struct ClaimWords {
  std::string puzzles_noun;  ///< badge_puzzles without "{n}", folded ("puzzles", "rätsel")
  std::string large_print;   ///< badge_large_print, folded
  std::vector<std::pair<engine::Grade, std::string>> grades{};  ///< each grade's name, folded
  std::string range_first, range_between, range_last;           ///< badge_grades split at its fields
};

ClaimWords claim_words(const Wording& words) {
  ClaimWords out;
  std::string noun = words.text("badge_puzzles");
  if (const auto at = noun.find("{n}"); at != std::string::npos) noun.erase(at, 3);
  out.puzzles_noun = folded(noun);
  out.large_print = folded(words.text("badge_large_print"));
  for (const engine::Grade g : engine::kAllGrades) out.grades.emplace_back(g, folded(words.grade_name(g)));
  const std::string range = folded(words.text("badge_grades"));
  const auto first = range.find("{first}"), last = range.find("{last}");
  if (first != std::string::npos && last != std::string::npos && first < last) {
    out.range_first = range.substr(0, first);
    out.range_between = range.substr(first + 7, last - first - 7);
    out.range_last = range.substr(last + 6);
  }
  return out;
}

/// The largest number written before `noun` in `text` ("over 400 puzzles", "1,000+ puzzles":
/// thousands separators ',' '.' and a trailing '+' are read), or -1 when none is.
long claimed_count(const std::string& text, const std::string& noun) {
  if (noun.empty()) return -1;
  long most = -1;
  for (std::size_t at = text.find(noun); at != std::string::npos; at = text.find(noun, at + 1)) {
    std::size_t end = at;
    while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '+')) --end;
    std::size_t begin = end;
    while (begin > 0 && (std::isdigit(static_cast<unsigned char>(text[begin - 1])) ||
                         ((text[begin - 1] == ',' || text[begin - 1] == '.') && begin >= 2 &&
                          std::isdigit(static_cast<unsigned char>(text[begin - 2])))))
      --begin;
    long n = 0;
    bool any = false;
    for (std::size_t i = begin; i < end; ++i) {
      if (!std::isdigit(static_cast<unsigned char>(text[i]))) continue;
      n = std::min(n * 10 + (text[i] - '0'), 1'000'000'000L);
      any = true;
    }
    if (any) most = std::max(most, n);
  }
  return most;
}

/// The grade `text` names exactly, if any.
std::optional<engine::Grade> grade_named(const std::string& text, const ClaimWords& w) {
  for (const auto& [grade, name] : w.grades) {
    if (text == name) return grade;
  }
  return std::nullopt;
}

/// Why `text` is untrue of the book in the words `w`, or "" when it claims nothing false.
std::string untrue_claim(const std::string& text, const ClaimWords& w, const CoverContext& c,
                         const std::set<engine::Grade>& grades) {
  const long claimed = claimed_count(text, w.puzzles_noun);
  if (claimed > static_cast<long>(c.puzzles.size())) {
    return "claims " + std::to_string(claimed) + " puzzles; the book has " + std::to_string(c.puzzles.size());
  }
  if (!c.large_print && !w.large_print.empty() && text.find(w.large_print) != std::string::npos) {
    return "claims large print; the interior prints type under " +
           std::to_string(static_cast<int>(kLargePrintLeastPt)) +
           " pt (the large-print layout keeps every size at or above it)";
  }
  const auto lacks = [&](engine::Grade g) { return !grades.contains(g); };
  std::string has;
  for (const engine::Grade g : grades) has += (has.empty() ? "" : ", ") + c.words.grade_name(g);
  const std::string untrue_grade = "names a grade the book has no puzzle of (its grades: " + has + ")";
  if (const auto g = grade_named(text, w); g && lacks(*g)) return untrue_grade;
  if (!w.range_between.empty() && text.starts_with(w.range_first) && text.ends_with(w.range_last) &&
      text.size() > w.range_first.size() + w.range_last.size()) {
    const std::string inner =
        text.substr(w.range_first.size(), text.size() - w.range_first.size() - w.range_last.size());
    if (const auto cut = inner.find(w.range_between); cut != std::string::npos) {
      const auto first = grade_named(inner.substr(0, cut), w);
      const auto last = grade_named(inner.substr(cut + w.range_between.size()), w);
      if (first && last && (lacks(*first) || lacks(*last))) return untrue_grade;
    }
  }
  return {};
}

}  // namespace

void check_badge_claims(const CoverContext& c) {
  if (c.cover.badges_auto || c.cover.badges.empty()) return;
  std::set<engine::Grade> grades;
  for (const engine::Puzzle& p : c.puzzles) grades.insert(p.grade);
  std::vector<ClaimWords> languages{claim_words(c.words)};
  if (c.words.language() != "en") languages.push_back(claim_words(Wording("en")));
  for (std::size_t i = 0; i < c.cover.badges.size(); ++i) {
    const CoverBadge& badge = c.cover.badges[i];
    const std::string text = folded(badge.text);
    for (const ClaimWords& w : languages) {
      if (const std::string why = untrue_claim(text, w, c, grades); !why.empty()) {
        throw InputError(badge.place, "'cover.badges[" + std::to_string(i + 1) + "]' \"" + util::echo(badge.text) +
                                          "\" " + why + ": make it true of the book, or use badges: auto");
      }
    }
  }
}

}  // namespace puzzlepress::book::cover_parts
