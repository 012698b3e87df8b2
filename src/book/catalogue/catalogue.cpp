#include "book/catalogue/catalogue.h"

#include <atomic>
#include <set>
#include <ctime>
#include <thread>

#include "book/spec/catalogue_location.h"
#include "engine/canonical.h"
#include "engine/solver.h"

namespace puzzlepress::book {
namespace {

// Search nodes a reader's puzzle may take to solve: a printed puzzle needs a handful (every one
// is solved by logic), a board that needs more is no book's puzzle.
constexpr std::uint64_t kReaderNodeBudget = 10'000'000;

}  // namespace

std::string catalogue_edition(const std::string& trim_as_written) { return trim_as_written; }

std::string catalogue_book_key(const std::string& title, std::uint32_t seed, const std::string& edition) {
  return title + "\n" + std::to_string(seed) + "\n" + edition;
}

std::vector<CatalogueEntry> catalogue_entries(const Manifest& manifest, int jobs, bool solutions) {
  std::vector<CatalogueEntry> out(manifest.puzzles.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < out.size();) {
      const ManifestPuzzle& p = manifest.puzzles[i];
      CatalogueEntry& e = out[i];
      e.number = p.number;
      e.page = p.page;
      e.size = engine::shape_id(p.givens.shape);
      e.grade = std::string(engine::grade_id(p.grade));
      e.form = engine::to_string(engine::canonical_form(p.givens));
      if (solutions && engine::has_canonical_solution(p.solution.shape) && p.solution.is_full())
        e.solution_form = engine::to_string(engine::canonical_solution(p.solution));
    }
  };
  int threads = jobs > 0 ? jobs : static_cast<int>(std::thread::hardware_concurrency());
  threads = std::max(1, std::min<int>(threads, static_cast<int>(out.size() / 8) + 1));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  return out;
}

PuzzleForms puzzle_forms(const engine::Grid& givens, const engine::Grid& solution) {
  PuzzleForms out;
  out.form = engine::to_string(engine::canonical_form(givens));
  if (solution.is_full()) out.solution_form = engine::to_string(engine::canonical_solution(solution));
  return out;
}

std::vector<CatalogueEntry> catalogue_entries(const Manifest& manifest, const std::vector<PuzzleForms>& forms) {
  std::vector<CatalogueEntry> out;
  for (std::size_t i = 0; i < manifest.puzzles.size(); ++i) {
    const ManifestPuzzle& p = manifest.puzzles[i];
    CatalogueEntry e;
    e.number = p.number;
    e.page = p.page;
    e.size = engine::shape_id(p.givens.shape);
    e.grade = std::string(engine::grade_id(p.grade));
    e.form = forms.at(i).form;
    e.solution_form = forms.at(i).solution_form;
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<CatalogueClash> find_clashes(CatalogueStore& store, const std::vector<CatalogueEntry>& ours,
                                         const BookPuzzles& book, bool by_solution) {
  std::vector<std::string> forms, solutions;
  for (const CatalogueEntry& e : ours) {
    forms.push_back(e.form);
    if (by_solution && !e.solution_form.empty()) solutions.push_back(e.solution_form);
  }
  const std::vector<StoredPuzzle> found = store.find(forms, solutions, book);
  std::vector<CatalogueClash> out;
  for (const CatalogueEntry& e : ours) {
    for (const StoredPuzzle& s : found) {
      if (s.form == e.form) {
        out.push_back({e.number, e.page, false, s});
      } else if (by_solution && !e.solution_form.empty() && s.solution_form == e.solution_form) {
        out.push_back({e.number, e.page, true, s});
      }
    }
  }
  return out;
}

int puzzles_clashing(const std::vector<CatalogueClash>& clashes) {
  std::set<int> numbers;
  for (const CatalogueClash& c : clashes) numbers.insert(c.number);
  return static_cast<int>(numbers.size());
}

std::string describe_stored(const StoredPuzzle& p) {
  return "'" + p.book_title + "'" + (p.volume > 0 ? ", volume " + std::to_string(p.volume) : "") +
         (p.edition.empty() ? "" : ", " + p.edition + " edition") + ", puzzle " + std::to_string(p.number) + ", page " +
         std::to_string(p.page);
}

std::string describe_clash(const CatalogueClash& c) {
  return "puzzle " + std::to_string(c.number) + (c.page > 0 ? " (page " + std::to_string(c.page) + ")" : "") +
         (c.by_solution ? " has the solution of " : " is ") + describe_stored(c.theirs);
}

ReaderPuzzle read_reader_puzzle(const std::string& puzzle_text, const Place& place) {
  const engine::ParseResult parsed = engine::parse_grid(puzzle_text);
  if (!parsed.ok()) throw InputError(place, parsed.error.message());
  if (const auto conflict = engine::find_conflict(*parsed.grid))
    throw InputError(place, "the puzzle's givens clash (the same symbol twice in a row, column or box)");
  ReaderPuzzle out;
  out.givens = *parsed.grid;
  engine::SolveOptions options;
  options.node_budget = kReaderNodeBudget;
  const engine::SolveResult solved = engine::solve(out.givens, options);
  switch (solved.status) {
    case engine::SolveStatus::unique:
      out.solution_form = engine::to_string(engine::canonical_solution(solved.solutions.at(0)));
      break;
    case engine::SolveStatus::multiple: out.not_printable = "it has more than one solution"; break;
    case engine::SolveStatus::unresolved:
      out.not_printable = "its solution was not settled in " + std::to_string(kReaderNodeBudget) + " search nodes";
      break;
    default: out.not_printable = "it has no solution";
  }
  return out;
}

std::vector<StoredPuzzle> find_reader_puzzle(CatalogueStore& store, const ReaderPuzzle& puzzle) {
  if (!puzzle.not_printable.empty()) return {};
  std::vector<StoredPuzzle> same_solution = store.find({}, {puzzle.solution_form}, std::nullopt);
  if (same_solution.empty()) return {};
  const std::string form = engine::to_string(engine::canonical_form(puzzle.givens));
  std::erase_if(same_solution, [&](const StoredPuzzle& p) { return p.form != form; });
  return same_solution;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

std::unique_ptr<CatalogueStore> open_catalogue(const std::string& location, const Place& place, bool create,
                                               int wait_ms) {
  if (is_catalogue_address(location)) return open_postgres_catalogue(location, place, wait_ms);
  return open_sqlite_catalogue(location, place, create, wait_ms);
}

}  // namespace puzzlepress::book
