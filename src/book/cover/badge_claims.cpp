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

/// `text` with ASCII and Latin-1 letters lowered ("RÄTSEL" -> "rätsel") and runs of spaces made
/// one, trimmed ("Large  Print " -> "large print"); other bytes are kept as they are.
std::string folded(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (std::isspace(byte)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else if (byte == 0xC3 && i + 1 < text.size()) {  // U+00C0..U+00DE, but ×, are capitals
      const auto next = static_cast<unsigned char>(text[++i]);
      out += static_cast<char>(byte);
      out += static_cast<char>(next >= 0x80 && next <= 0x9E && next != 0x97 ? next + 0x20 : next);
    } else {
      out += static_cast<char>(byte < 0x80 ? std::tolower(byte) : byte);
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

/// The words of one language a claim is read in.
struct ClaimWords {
  std::vector<std::string> puzzle_nouns{};  ///< badge_puzzles' words but "{n}", folded ("puzzles", "rätsel")
  std::string large_print;                  ///< badge_large_print, folded
  std::vector<std::pair<engine::Grade, std::string>> grades{};  ///< each grade's name, folded
  std::string range_first, range_between, range_last;           ///< badge_grades split at its fields
};

ClaimWords claim_words(const Wording& words) {
  ClaimWords out;
  std::string noun = words.text("badge_puzzles");
  if (const auto at = noun.find("{n}"); at != std::string::npos) noun.erase(at, 3);
  const std::string all = folded(noun);
  for (std::size_t at = 0; at < all.size();) {
    const std::size_t stop = std::min(all.find(' ', at), all.size());
    if (stop > at) out.puzzle_nouns.push_back(all.substr(at, stop - at));
    at = stop + 1;
  }
  // The words any puzzle book uses for its count, in every language.
  for (const char* w : {"puzzle", "puzzles", "sudoku", "sudokus", "grids"}) out.puzzle_nouns.emplace_back(w);
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

/// The largest number written before one of `nouns` in `text`, with at most two words between
/// ("over 400 puzzles", "1,000+ puzzles", "400 killer sudoku": thousands separators ',' '.' and
/// a trailing '+' are read), or -1 when none is.
long claimed_count(const std::string& text, const std::vector<std::string>& nouns) {
  long most = -1;
  for (std::size_t at = 0; at < text.size(); ++at) {
    if (!std::isdigit(static_cast<unsigned char>(text[at])) ||
        (at > 0 && std::isalnum(static_cast<unsigned char>(text[at - 1]))))
      continue;
    long n = 0;
    std::size_t end = at;
    for (; end < text.size(); ++end) {
      const char ch = text[end];
      if (std::isdigit(static_cast<unsigned char>(ch))) {
        n = std::min(n * 10 + (ch - '0'), 1'000'000'000L);
      } else if (!((ch == ',' || ch == '.') && end + 1 < text.size() &&
                   std::isdigit(static_cast<unsigned char>(text[end + 1])))) {
        break;
      }
    }
    if (end < text.size() && text[end] == '+') ++end;
    // The next three words: one of them a noun of puzzles makes it a count of puzzles.
    std::size_t word = end;
    for (int k = 0; k < 3 && word < text.size(); ++k) {
      while (word < text.size() && text[word] == ' ') ++word;
      const std::size_t stop = std::min(text.find(' ', word), text.size());
      const std::string_view w(text.data() + word, stop - word);
      for (const std::string& noun : nouns)
        if (!noun.empty() && w == noun) most = std::max(most, n);
      word = stop;
    }
    at = end;
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
  const long claimed = claimed_count(text, w.puzzle_nouns);
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
