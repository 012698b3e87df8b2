#include "book/catalogue/catalogue_remove.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace puzzlepress::book {
namespace {

std::string lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// Levenshtein distance between `a` and `b` (bytes).
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::vector<std::string> near_titles(const std::vector<CatalogueBook>& books, const std::string& title) {
  const std::string wanted = lowercase(title);
  const std::size_t allowed = std::max<std::size_t>(2, wanted.size() / 5);
  std::vector<std::pair<std::size_t, std::string>> scored;
  std::set<std::string> seen;
  for (const CatalogueBook& b : books) {
    if (!seen.insert(b.title).second) continue;
    const std::string other = lowercase(b.title);
    std::size_t distance = edit_distance(wanted, other);
    const bool holds =
        !wanted.empty() && (other.find(wanted) != std::string::npos || wanted.find(other) != std::string::npos);
    if (distance <= allowed || holds) scored.emplace_back(holds ? std::min(distance, allowed) : distance, b.title);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < scored.size() && i < 5; ++i) out.push_back(scored[i].second);
  return out;
}

std::string joined(const std::set<std::string>& values) {
  std::string out;
  for (const std::string& v : values) out += (out.empty() ? "" : ", ") + v;
  return out;
}

}  // namespace

RemovalPlan plan_removal(const std::vector<CatalogueBook>& books, const RemovalRequest& request) {
  RemovalPlan plan;
  std::vector<CatalogueBook> titled;
  for (const CatalogueBook& b : books)
    if (b.title == request.title) titled.push_back(b);
  const std::string quoted = "'" + request.title + "'";
  if (titled.empty()) {
    plan.miss = "no book " + quoted;
    plan.near = near_titles(books, request.title);
    return plan;
  }
  std::set<std::string> seeds, editions;
  std::vector<CatalogueBook> seeded;
  for (const CatalogueBook& b : titled) {
    seeds.insert(std::to_string(b.seed));
    if (!request.seed || b.seed == *request.seed) seeded.push_back(b);
  }
  if (seeded.empty()) {
    plan.miss =
        "no book " + quoted + " with seed " + std::to_string(*request.seed) + " (its seeds: " + joined(seeds) + ")";
    return plan;
  }
  for (const CatalogueBook& b : seeded) {
    editions.insert(b.edition.empty() ? "(no edition)" : b.edition);
    if (!request.edition || b.edition == *request.edition) plan.editions.push_back(b);
  }
  if (plan.editions.empty()) {
    plan.miss = "no " + *request.edition + " edition of " + quoted + " (its editions: " + joined(editions) + ")";
    return plan;
  }
  std::set<std::uint32_t> chosen;
  for (const CatalogueBook& b : plan.editions) chosen.insert(b.seed);
  if (chosen.size() > 1) {
    plan.seeds.assign(chosen.begin(), chosen.end());
    plan.editions.clear();
  }
  return plan;
}

std::string describe_edition(const CatalogueBook& book) {
  std::string parts = book.volume > 0 ? "volume " + std::to_string(book.volume) : "";
  if (!book.edition.empty()) parts += (parts.empty() ? "" : ", ") + book.edition + " edition";
  return "'" + book.title + "'" + (parts.empty() ? "" : " (" + parts + ")");
}

}  // namespace puzzlepress::book
