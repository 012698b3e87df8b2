#include "book/catalogue/catalogue_build.h"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <exception>
#include <functional>
#include <thread>
#include <filesystem>

#include "book/manifest/sha256.h"

namespace puzzlepress::book {
namespace {

constexpr int kMaxAttempts = 50;

// Holds SIGINT, SIGTERM and SIGHUP from the catalogue's commit until the files are renamed, so
// an interruption cannot fall between the two (util::write_outputs holds them for the renames).
class HoldSignals {
 public:
  void hold() {
    if (held_) return;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, &old_);
    held_ = true;
  }
  ~HoldSignals() {
    if (held_) pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }

 private:
  sigset_t old_{};
  bool held_ = false;
};

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

bool is_address(const std::string& location) {
  return location.rfind("postgresql://", 0) == 0 || location.rfind("postgres://", 0) == 0;
}

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
      throw EnvironmentError("catalogue " + result.catalogue + ": puzzle " + std::to_string(number) + " found no puzzle in " +
                             std::to_string(kMaxAttempts) + " attempts that no other book holds");
  }
}

CatalogueBook book_record(const BookSpec& spec, const std::string& spec_sha256, const CatalogueBuild& result) {
  CatalogueBook book;
  book.key = catalogue_book_key(spec.title, spec.seed);
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

}  // namespace

CatalogueBuild build_into_catalogue(BookSpec spec, const BuildSettings& settings, const BookPaths& paths,
                                    const std::string& spec_sha256, int wait_ms) {
  CatalogueBuild result;
  result.catalogue = spec.catalogue;
  const std::string key = catalogue_book_key(spec.title, spec.seed);
  std::error_code ec;
  const bool existed = is_address(spec.catalogue) || std::filesystem::exists(spec.catalogue, ec);
  // An absent catalogue file is created only when the book is registered: a failed build leaves none.
  std::unique_ptr<CatalogueStore> store;
  if (existed) store = open_catalogue(spec.catalogue, spec.catalogue_place, false, wait_ms);
  result.catalogue = store ? store->name() : spec.catalogue;
  // Canonical forms computed as each puzzle is made, overlapping generation.
  std::vector<PuzzleForms> forms;
  BuildSettings observed = settings;
  observed.puzzle_made = [&forms](std::size_t k, const engine::Puzzle& p) {
    forms.at(k) = puzzle_forms(p.givens, p.solution);
  };
  for (result.rounds = 1;; ++result.rounds) {
    forms.assign(static_cast<std::size_t>(spec.puzzle_count()), PuzzleForms{});
    result.book = make_book(spec, observed);
    const auto invalid = std::count_if(result.book.puzzles.begin(), result.book.puzzles.end(),
                                       [](const engine::Puzzle& p) { return !p.valid; });
    if (invalid)
      throw EnvironmentError(std::to_string(invalid) + " puzzle(s) failed the final check; nothing was written");
    const std::vector<CatalogueEntry> entries = catalogue_entries(result.book.manifest, forms);
    std::vector<CatalogueClash> clashes;
    if (store) clashes = find_clashes(*store, entries, key, spec.unique_by_solution);
    if (!clashes.empty()) {
      replace_clashing(spec, clashes, result);
      continue;
    }
    if (!store) store = open_catalogue(spec.catalogue, spec.catalogue_place, true, wait_ms);
    HoldSignals signals;
    store->begin_write();
    try {
      clashes = find_clashes(*store, entries, key, spec.unique_by_solution);
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
    return result;
  }
}

}  // namespace puzzlepress::book
