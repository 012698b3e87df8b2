#include "book/catalogue/catalogue.h"

#include <atomic>
#include <cstdio>
#include <ctime>
#include <set>
#include <thread>

#include "book/spec/catalogue_location.h"
#include "engine/canonical.h"
#include "engine/solver.h"
#include "util/numbers.h"

namespace puzzlepress::book {
namespace {

// Search nodes a reader's puzzle may take to solve: a printed puzzle needs a handful (every one
// is solved by logic), a board that needs more is no book's puzzle.
constexpr std::uint64_t kReaderNodeBudget = 10'000'000;

// The catalogue's record of a manifest's puzzle, its forms left to the caller.
CatalogueEntry entry_of(const ManifestPuzzle& p) {
  CatalogueEntry e;
  e.number = p.number;
  e.page = p.page;
  e.size = engine::shape_id(p.givens.shape);
  e.grade = std::string(engine::grade_id(p.grade));
  return e;
}

// A bad character that is no ASCII one, named by its code point and shown whole (a reader's
// full-width "１" is U+FF11, not the byte 0xEF): "bad character U+FF11 '１' at position 1
// (expected …)", the position counted in characters. Empty when the error is another.
std::string non_ascii_problem(const std::string& text, const engine::ParseError& error) {
  const auto first = static_cast<unsigned char>(error.character);
  const std::size_t at = static_cast<std::size_t>(error.position) - 1;
  if (error.kind != engine::ParseError::Kind::bad_character || first < 0x80 || at >= text.size()) return "";
  const int length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1;
  unsigned code = length == 1 ? first : first & (0x7Fu >> length);
  for (int i = 1; i < length; ++i) {
    const auto next = at + static_cast<std::size_t>(i) < text.size() ? static_cast<unsigned char>(text[at + i]) : 0;
    if ((next & 0xC0) != 0x80) return "";  // not UTF-8: the engine's byte message stands
    code = (code << 6) | (next & 0x3F);
  }
  long characters = 1;  // the character's 1-based position, counting code points
  for (std::size_t i = 0; i < at; ++i) characters += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
  char hex[16];
  std::snprintf(hex, sizeof hex, "U+%04X", code);
  const std::string message = error.message();
  return "bad character " + std::string(hex) + " '" + text.substr(at, static_cast<std::size_t>(length)) +
         "' at position " + std::to_string(characters) + message.substr(message.find(" (expected"));
}

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
      e = entry_of(p);
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

void check_catalogue_manifest(const Manifest& manifest, const std::string& file) {
  const Place place = Place::file(file);
  const int count = static_cast<int>(manifest.puzzles.size());
  std::vector<int> first_of(static_cast<std::size_t>(count) + 1, -1);
  for (int i = 0; i < count; ++i) {
    const ManifestPuzzle& p = manifest.puzzles[static_cast<std::size_t>(i)];
    const std::string at = "puzzles[" + std::to_string(i) + "].";
    if (p.number < 1 || p.number > count)
      throw InputError(place, at + "number: expected 1-" + std::to_string(count) + " (the manifest's " +
                                  std::to_string(count) + " puzzles), got " + std::to_string(p.number));
    int& first = first_of[static_cast<std::size_t>(p.number)];
    if (first >= 0)
      throw InputError(place, at + "number: " + std::to_string(p.number) + " is the number of puzzles[" +
                                  std::to_string(first) + "] too");
    first = i;
    if (p.layout.kind != engine::Kind::classic)
      throw InputError(place, at + "kind: a catalogue holds classic sudoku only, not '" +
                                  std::string(engine::kind_id(p.layout.kind)) + "' puzzles");
    if (engine::find_conflict(p.givens))
      throw InputError(place, at + "givens: they clash (the same symbol twice in a row, column or box)");
    if (p.solution.shape != p.givens.shape || !p.solution.is_full() || engine::find_conflict(p.solution))
      throw InputError(place, at + "solution: expected a full " + engine::shape_id(p.givens.shape) +
                                  " grid without a symbol twice in a row, column or box");
    for (int cell = 0; cell < p.givens.cell_count(); ++cell) {
      const int given = p.givens.cells[static_cast<std::size_t>(cell)];
      if (given != 0 && given != p.solution.cells[static_cast<std::size_t>(cell)])
        throw InputError(place, at + "givens: row " + std::to_string(cell / p.givens.size() + 1) + ", column " +
                                    std::to_string(cell % p.givens.size() + 1) + " differs from the solution");
    }
  }
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
    CatalogueEntry e = entry_of(manifest.puzzles[i]);
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
  if (!parsed.ok()) {
    const std::string non_ascii = non_ascii_problem(puzzle_text, parsed.error);
    throw InputError(place, non_ascii.empty() ? parsed.error.message() : non_ascii);
  }
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

ReaderFinds find_reader_puzzle(CatalogueStore& store, const ReaderPuzzle& puzzle) {
  ReaderFinds out;
  if (!puzzle.not_printable.empty()) return out;
  std::vector<StoredPuzzle> same_solution = store.find({}, {puzzle.solution_form}, std::nullopt);
  if (same_solution.empty()) return out;
  const std::string form = engine::to_string(engine::canonical_form(puzzle.givens));
  for (StoredPuzzle& p : same_solution) (p.form == form ? out.same : out.same_solution).push_back(std::move(p));
  return out;
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
  if (is_catalogue_address(location)) return open_postgres_catalogue(location, place, create, wait_ms);
  return open_sqlite_catalogue(location, place, create, wait_ms);
}

std::string catalogue_locked(const std::string& name, int wait_ms) {
  return "catalogue " + name + " is locked by another build (waited " + util::format_fixed(wait_ms / 1000.0, 1) + " s)";
}

void check_schema_version(const std::string& value, const std::string& name, const Place& place) {
  constexpr int kReads = 1;
  const bool digits = !value.empty() && value.size() <= 9 && value.find_first_not_of("0123456789") == std::string::npos;
  const long version = digits ? std::stol(value) : 0;
  if (version > kReads)
    throw InputError(place, "catalogue " + name + " was written by a newer puzzlepress (schema " +
                                std::to_string(version) + ", this one reads " + std::to_string(kReads) +
                                "): upgrade puzzlepress");
  if (version != kReads)
    throw InputError(place,
                     "catalogue " + name + " is corrupt (schema '" + value + "' is no version of puzzlepress's)");
}

}  // namespace puzzlepress::book
