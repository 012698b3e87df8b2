#include "book/catalogue/catalogue_build.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <functional>
#include <thread>
#include <filesystem>

#include "book/manifest/sha256.h"
#include "book/spec/catalogue_location.h"
#include "util/outputs.h"

namespace puzzlepress::book {
namespace {

constexpr int kMaxAttempts = 50;

// Work on a thread of its own, joined (and its exception rethrown) by finish(), or joined when
// this goes (its exception dropped: the caller is already failing).
class Registering {
 public:
  explicit Registering(std::function<void()> work)
      : thread_([this, work = std::move(work)] {
          try {
            work();
          } catch (...) {
            error_ = std::current_exception();
          }
        }) {}
  ~Registering() {
    if (thread_.joinable()) thread_.join();
  }
  Registering(const Registering&) = delete;
  Registering& operator=(const Registering&) = delete;
  void finish() {
    thread_.join();
    if (error_) std::rethrow_exception(error_);
  }

 private:
  std::exception_ptr error_;
  std::thread thread_;
};

// Sends the clashing puzzles to their next attempt; throws when one runs out of attempts.
void replace_clashing(BookSpec& spec, const std::vector<CatalogueClash>& clashes, CatalogueBuild& result) {
  std::vector<int> numbers;
  for (const CatalogueClash& c : clashes) {
    result.avoided.push_back(c);
    numbers.push_back(c.number);
  }
  std::sort(numbers.begin(), numbers.end());
  numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
  for (int number : numbers) {
    int& attempt = spec.replaced[number - 1];
    if (++attempt > kMaxAttempts)
      throw EnvironmentError("catalogue " + result.catalogue + ": puzzle " + std::to_string(number) +
                             " found no puzzle in " + std::to_string(kMaxAttempts) +
                             " attempts that no other book holds");
  }
}

CatalogueBook book_record(const BookSpec& spec, const std::string& spec_sha256, const CatalogueBuild& result) {
  CatalogueBook book;
  book.edition = catalogue_edition(spec.trim_name);
  book.key = catalogue_book_key(spec.title, spec.seed, book.edition);
  book.title = spec.title;
  book.seed = spec.seed;
  book.series = spec.series;
  book.volume = spec.volume;
  book.spec_sha256 = spec_sha256;
  book.date = utc_now();
  book.clashes_avoided = static_cast<int>(result.avoided.size());
  return book;
}

// A catalogue file this build created and nothing registered in (another build may have
// registered in it meanwhile: then it stays).
void remove_if_empty(std::unique_ptr<CatalogueStore>& store, const std::string& file) noexcept {
  try {
    const bool empty = store->books().empty();
    store.reset();
    std::error_code ec;
    if (empty) std::filesystem::remove(file, ec);
  } catch (...) {
  }
}

// The puzzles replaced so far: those sent to another attempt (BookSpec::replaced).
int puzzles_replaced(const BookSpec& spec) {
  return static_cast<int>(
      std::count_if(spec.replaced.begin(), spec.replaced.end(), [](const auto& r) { return r.second > 0; }));
}

// Makes the book, in rounds, until no puzzle of it clashes with `store` (none: an empty
// catalogue); `forms` and `entries` are then the book's.
void make_unclashing(BookSpec& spec, const BuildSettings& settings, CatalogueStore* store, CatalogueBuild& result,
                     std::vector<PuzzleForms>& forms, std::vector<CatalogueEntry>& entries) {
  const BookPuzzles ours{spec.title, spec.seed};
  // Canonical forms computed as each puzzle is made, overlapping generation.
  BuildSettings observed = settings;
  observed.puzzle_made = [&forms](std::size_t k, const engine::Puzzle& p) {
    forms.at(k) = puzzle_forms(p.givens, p.solution);
  };
  for (;; ++result.rounds) {
    forms.assign(static_cast<std::size_t>(spec.puzzle_count()), PuzzleForms{});
    result.book = make_book(spec, observed);
    const auto invalid = std::count_if(result.book.puzzles.begin(), result.book.puzzles.end(),
                                       [](const engine::Puzzle& p) { return !p.valid; });
    if (invalid)
      throw EnvironmentError(std::to_string(invalid) + " puzzle(s) failed the final check; nothing was written");
    entries = catalogue_entries(result.book.manifest, forms);
    if (!store) return;
    const std::vector<CatalogueClash> clashes = find_clashes(*store, entries, ours, spec.unique_by_solution);
    if (clashes.empty()) return;
    replace_clashing(spec, clashes, result);
  }
}

}  // namespace

void check_catalogue_location(const BookSpec& spec) {
  if (spec.catalogue.empty()) return;
  // The canonical forms are classic sudoku's (engine/canonical.h): a variant's symmetries and
  // houses are not theirs, so its clashes would be wrong both ways.
  if (const std::vector<engine::Kind> kinds = book_kinds(spec.sections); !kinds.empty()) {
    throw InputError(spec.catalogue_place, "a catalogue holds classic sudoku only, and this book has kind '" +
                                               std::string(engine::kind_id(kinds.front())) +
                                               "' puzzles (leave out the catalogue or those sections)");
  }
  if (has_killers(spec.sections)) {
    throw InputError(spec.catalogue_place,
                     "a catalogue holds classic sudoku only, and this book has kind 'killer' puzzles (leave out "
                     "the catalogue or those sections)");
  }
  if (is_catalogue_address(spec.catalogue)) return;
  namespace fs = std::filesystem;
  const std::string where = spec.catalogue_place.empty() ? "" : spec.catalogue_place.text + ": ";
  const std::string cannot = where + "cannot create catalogue " + spec.catalogue + ": ";
  const fs::path file(spec.catalogue);
  const fs::path folder = file.parent_path().empty() ? fs::path(".") : file.parent_path();
  std::error_code ec;
  const fs::file_status status = fs::status(file, ec);
  if (fs::exists(status)) {
    if (!fs::is_regular_file(status))
      throw InputError(spec.catalogue_place, "catalogue " + spec.catalogue + " is not a regular file");
    return;
  }
  // A link to nothing: SQLite would not follow it to create its target, after all the work.
  if (fs::is_symlink(fs::symlink_status(file, ec)))
    throw EnvironmentError(cannot + "it is a symbolic link to '" + fs::read_symlink(file, ec).string() +
                           "', which does not exist");
  const fs::file_status folder_status = fs::status(folder, ec);
  if (!fs::exists(folder_status)) throw EnvironmentError(cannot + "folder '" + folder.string() + "' does not exist");
  if (!fs::is_directory(folder_status)) throw EnvironmentError(cannot + "'" + folder.string() + "' is not a folder");
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    throw EnvironmentError(cannot + "folder '" + folder.string() + "' cannot be written (" + std::strerror(errno) +
                           ")");
}

int catalogued_replacements(const BookSpec& spec, const std::filesystem::path& manifest) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(manifest, ec)) return 0;
  Manifest old;
  try {
    old = read_manifest_file(manifest);
  } catch (const std::exception&) {
    return 0;  // not a manifest of ours: the output check and the write deal with it
  }
  const std::vector<engine::VariantOptions> own = generate_requests(spec);
  if (old.title != spec.title || old.seed != spec.seed || old.puzzles.size() != own.size()) return 0;
  int replaced = 0;
  for (std::size_t i = 0; i < own.size(); ++i) replaced += old.puzzles[i].seed != own[i].base.seed;
  return replaced;
}

int choose_catalogue_puzzles(BookSpec& spec, const BuildSettings& settings, int wait_ms) {
  if (spec.catalogue.empty()) return 0;
  std::error_code ec;
  if (!is_catalogue_address(spec.catalogue) && !std::filesystem::exists(spec.catalogue, ec)) return 0;
  const auto store = open_catalogue(spec.catalogue, spec.catalogue_place, false, wait_ms);
  CatalogueBuild result;
  result.catalogue = store->name();
  std::vector<PuzzleForms> forms;
  std::vector<CatalogueEntry> entries;
  make_unclashing(spec, settings, store.get(), result, forms, entries);
  return puzzles_replaced(spec);
}

CatalogueBuild build_into_catalogue(BookSpec spec, const BuildSettings& settings, const BookPaths& paths,
                                    const std::string& spec_sha256, int wait_ms) {
  CatalogueBuild result;
  result.catalogue = catalogue_display_name(spec.catalogue);
  std::error_code ec;
  const bool existed = is_catalogue_address(spec.catalogue) || std::filesystem::exists(spec.catalogue, ec);
  // An absent catalogue file is created only when the book is registered: a failed build leaves
  // none. An existing one is opened to write (a file without the schema gets it).
  std::unique_ptr<CatalogueStore> store;
  if (existed) store = open_catalogue(spec.catalogue, spec.catalogue_place, true, wait_ms);
  if (store) result.catalogue = store->name();
  std::vector<PuzzleForms> forms;
  std::vector<CatalogueEntry> entries;
  for (;; ++result.rounds) {
    make_unclashing(spec, settings, store.get(), result, forms, entries);
    if (!store) store = open_catalogue(spec.catalogue, spec.catalogue_place, true, wait_ms);
    util::SignalsBlocked signals(util::SignalsBlocked::Later{});
    store->begin_write();
    try {
      const std::vector<CatalogueClash> clashes =
          find_clashes(*store, entries, BookPuzzles{spec.title, spec.seed}, spec.unique_by_solution);
      if (!clashes.empty()) {  // another build registered these meanwhile
        store->rollback();
        replace_clashing(spec, clashes, result);
        continue;
      }
      // The entries are written while the files are painted and staged (the store's connection
      // is used by that thread alone until it is joined), then committed once every file is staged.
      const CatalogueBook record = book_record(spec, spec_sha256, result);
      CatalogueStore& db = *store;
      Registering registering([&] { db.put_book(record, entries); });
      write_book(std::move(result.book), paths, [&](const std::vector<util::Output>& outputs) {
        registering.finish();
        for (const util::Output& o : outputs)
          if (o.path == paths.manifest.path) db.set_manifest_sha256(record.key, sha256_hex(o.bytes));
        signals.hold();
        db.commit();
      });
    } catch (...) {
      store->rollback();
      if (!existed) remove_if_empty(store, spec.catalogue);
      throw;
    }
    result.replaced = puzzles_replaced(spec);
    return result;
  }
}

}  // namespace puzzlepress::book
