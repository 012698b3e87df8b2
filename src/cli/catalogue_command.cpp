#include "cli/catalogue_command.h"

#include <CLI/CLI.hpp>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <iostream>
#include <fstream>
#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <ostream>

#include "book/catalogue/catalogue.h"
#include "cli/build_command.h"
#include "book/make/build.h"
#include "book/manifest/sha256.h"
#include "cli/exit_codes.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/json_text.h"

namespace puzzlepress::cli {
namespace {

using util::json_quote;

std::string stored_json(const book::StoredPuzzle& p) {
  return "{\"book\": " + json_quote(p.book_title) + ", \"volume\": " + std::to_string(p.volume) +
         ", \"edition\": " + json_quote(p.edition) + ", \"number\": " + std::to_string(p.number) +
         ", \"page\": " + std::to_string(p.page) + ", \"size\": " + json_quote(p.size) +
         ", \"grade\": " + json_quote(p.grade) + "}";
}

std::string clash_json(const book::CatalogueClash& c) {
  return "{\"number\": " + std::to_string(c.number) + ", \"page\": " + std::to_string(c.page) +
         ", \"same\": " + json_quote(c.by_solution ? "solution" : "puzzle") + ", \"theirs\": " + stored_json(c.theirs) +
         "}";
}

void print_clashes(std::ostream& out, const std::vector<book::CatalogueClash>& clashes, const std::string& prefix) {
  for (const auto& c : clashes) out << prefix << book::describe_clash(c) << '\n';
}

std::unique_ptr<book::CatalogueStore> open_named(const std::string& location, bool create, const Place& place) {
  if (location.empty())
    throw InputError(Place::flag("--catalogue"),
                     "which catalogue? (expected --catalogue FILE or a postgresql:// address)");
  return book::open_catalogue(location, place, create, catalogue_wait_ms());
}

std::unique_ptr<book::CatalogueStore> open_named(const std::string& location, bool create) {
  return open_named(location, create, Place::flag("--catalogue"));
}

std::string lowercase_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

int run_add(const CatalogueArgs& args, std::ostream& out) {
  // Every manifest is read before anything is registered: a bad one changes nothing.
  std::vector<std::pair<book::Manifest, std::string>> books;
  for (const std::string& file : args.manifests) {
    book::Manifest m = book::read_manifest_file(file);
    book::check_catalogue_manifest(m, file);
    books.emplace_back(std::move(m), file);
  }
  auto store = open_named(args.catalogue, true);
  store->begin_write();
  try {
    std::string json = "[";
    for (const auto& [manifest, file] : books) {
      const auto entries = book::catalogue_entries(manifest, args.jobs);
      book::CatalogueBook record;
      record.edition = book::catalogue_edition(manifest.trim);
      record.key = book::catalogue_book_key(manifest.title, manifest.seed, record.edition);
      record.title = manifest.title;
      record.seed = manifest.seed;
      record.series = manifest.series;
      record.volume = manifest.volume;
      std::ifstream in(file, std::ios::binary);
      std::ostringstream bytes;
      bytes << in.rdbuf();
      record.manifest_sha256 = book::sha256_hex(bytes.str());
      record.date = book::utc_now();
      const auto clashes = book::find_clashes(*store, entries, {manifest.title, manifest.seed}, false);
      store->put_book(record, entries);
      if (args.json) {
        json += std::string(json.size() > 1 ? ", " : "") + "{\"manifest\": " + json_quote(file) +
                ", \"title\": " + json_quote(manifest.title) + ", \"puzzles\": " + std::to_string(entries.size()) +
                ", \"clashes\": [";
        for (std::size_t i = 0; i < clashes.size(); ++i) json += (i ? ", " : "") + clash_json(clashes[i]);
        json += "]}";
      } else {
        out << file << ": registered '" << manifest.title << "', " << record.edition << " edition, " << entries.size()
            << " puzzles\n";
        print_clashes(out, clashes, "  warning: ");
      }
    }
    store->commit();
    if (args.json) out << json << "]\n";
  } catch (...) {
    store->rollback();
    throw;
  }
  return kExitOk;
}

int run_check(const CatalogueArgs& args, std::ostream& out) {
  book::Manifest manifest;
  std::string location = args.catalogue;
  bool by_solution = false;
  Place place = Place::flag("--catalogue");
  if (names_manifest(args.target)) {
    manifest = book::read_manifest_file(args.target);
    book::check_catalogue_manifest(manifest, args.target);
  } else {
    const book::BookSpec spec = book::load_spec_file(args.target);
    if (location.empty()) {
      location = spec.catalogue;
      place = spec.catalogue_place;
    }
    by_solution = spec.unique_by_solution;
    book::BuildSettings settings;
    settings.resources = resources();
    settings.jobs = args.jobs;
    settings.version = PUZZLEPRESS_VERSION;
    manifest = book::make_book(spec, settings).manifest;
  }
  auto store = open_named(location, false, place);
  const auto entries = book::catalogue_entries(manifest, args.jobs, by_solution);
  const auto clashes = book::find_clashes(*store, entries, {manifest.title, manifest.seed}, by_solution);
  if (args.json) {
    out << "{\"catalogue\": " << json_quote(store->name()) << ", \"puzzles\": " << entries.size() << ", \"clashes\": [";
    for (std::size_t i = 0; i < clashes.size(); ++i) out << (i ? ", " : "") << clash_json(clashes[i]);
    out << "]}\n";
  } else {
    print_clashes(out, clashes, "");
    out << args.target << ": " << entries.size() << " puzzles, " << clashes.size()
        << (clashes.size() == 1 ? " clash" : " clashes") << " with other books of " << store->name() << '\n';
  }
  return clashes.empty() ? kExitOk : kExitFailure;
}

// The puzzle's text: "-" reads standard input, an argument naming an existing file reads it
// (a grid is never a file's name), anything else is the grid itself.
std::string puzzle_text(const std::string& argument, std::istream& in) {
  constexpr std::size_t kMaxPuzzleBytes = 1 << 20;  // a 16x16 grid, spaced and commented, is far less
  if (argument == "-") {
    std::string text(kMaxPuzzleBytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxPuzzleBytes)
      throw InputError(Place::flag("PUZZLE"), "standard input holds more than 1 MiB: no puzzle is that long");
    return text;
  }
  std::error_code ec;
  if (!std::filesystem::exists(argument, ec)) return argument;
  const util::Result<std::string> text = util::read_regular_file(argument, kMaxPuzzleBytes);
  if (!text) throw InputError(Place::file(argument), "cannot read the puzzle: " + text.error());
  return *text;
}

int run_find(const CatalogueArgs& args, std::ostream& out, std::istream& in) {
  const std::string text = puzzle_text(args.puzzle, in);
  std::error_code ec;
  const bool grid_given = args.puzzle != "-" && !std::filesystem::exists(args.puzzle, ec);
  const Place place = grid_given ? Place::flag("PUZZLE") : Place::file(args.puzzle == "-" ? "<stdin>" : args.puzzle);
  const book::ReaderPuzzle puzzle = book::read_reader_puzzle(text, place);
  auto store = open_named(args.catalogue, false);
  const book::ReaderFinds found = book::find_reader_puzzle(*store, puzzle);
  if (args.json) {
    out << "{\"solution_canonical\": " << json_quote(puzzle.solution_form) << ", \"found\": [";
    for (std::size_t i = 0; i < found.same.size(); ++i) out << (i ? ", " : "") << stored_json(found.same[i]);
    out << "], \"same_solution\": [";
    for (std::size_t i = 0; i < found.same_solution.size(); ++i)
      out << (i ? ", " : "") << stored_json(found.same_solution[i]);
    out << "]}\n";
  } else {
    for (const auto& p : found.same) out << book::describe_stored(p) << '\n';
    for (const auto& p : found.same_solution)
      out << "the same solution grid as " << book::describe_stored(p) << " (that puzzle with more cells filled in?)\n";
    if (found.same.empty() && found.same_solution.empty())
      out << "not in " << store->name()
          << (puzzle.not_printable.empty() ? "" : " (" + puzzle.not_printable + ", so no book prints it)") << '\n';
  }
  return found.same.empty() && found.same_solution.empty() ? kExitFailure : kExitOk;
}

int run_list(const CatalogueArgs& args, std::ostream& out) {
  auto store = open_named(args.catalogue, false);
  const auto books = store->books();
  if (args.json) {
    out << "[";
    for (std::size_t i = 0; i < books.size(); ++i) {
      const auto& b = books[i];
      out << (i ? ",\n " : "") << "{\"title\": " << json_quote(b.title) << ", \"seed\": " << b.seed
          << ", \"series\": " << json_quote(b.series) << ", \"volume\": " << b.volume
          << ", \"edition\": " << json_quote(b.edition) << ", \"puzzles\": " << b.puzzles
          << ", \"date\": " << json_quote(b.date) << ", \"clashes_avoided\": " << b.clashes_avoided
          << ", \"manifest_sha256\": " << json_quote(b.manifest_sha256) << "}";
    }
    out << "]\n";
    return kExitOk;
  }
  for (const auto& b : books)
    out << "'" << b.title << "'" << (b.volume > 0 ? ", volume " + std::to_string(b.volume) : "")
        << (b.edition.empty() ? "" : ", " + b.edition + " edition") << ", seed " << b.seed << ": " << b.puzzles
        << " puzzles, registered " << b.date << '\n';
  out << books.size() << (books.size() == 1 ? " book" : " books") << " in " << store->name() << '\n';
  return kExitOk;
}

int run_stats(const CatalogueArgs& args, std::ostream& out) {
  auto store = open_named(args.catalogue, false);
  const auto counts = store->counts();
  const auto books = store->books();
  long long puzzles = 0, avoided = 0;
  // A book's editions count once (each records the clashes its build avoided: the same ones).
  std::map<std::pair<std::string, std::uint32_t>, int> distinct;
  for (const auto& c : counts) puzzles += c.puzzles;
  for (const auto& b : books) {
    int& most = distinct[{b.title, b.seed}];
    most = std::max(most, b.clashes_avoided);
  }
  for (const auto& [book, clashes] : distinct) avoided += clashes;
  if (args.json) {
    out << "{\"books\": " << distinct.size() << ", \"editions\": " << books.size() << ", \"puzzles\": " << puzzles
        << ", \"clashes_avoided\": " << avoided << ", \"by_kind\": [";
    for (std::size_t i = 0; i < counts.size(); ++i)
      out << (i ? ", " : "") << "{\"kind\": " << json_quote(counts[i].kind)
          << ", \"size\": " << json_quote(counts[i].size) << ", \"grade\": " << json_quote(counts[i].grade)
          << ", \"puzzles\": " << counts[i].puzzles << "}";
    out << "]}\n";
    return kExitOk;
  }
  for (const auto& c : counts) out << c.kind << ' ' << c.size << ' ' << c.grade << ": " << c.puzzles << '\n';
  out << distinct.size() << (distinct.size() == 1 ? " book" : " books");
  if (books.size() != distinct.size()) out << " (" << books.size() << " editions)";
  out << ", " << puzzles << " puzzles, " << avoided << " clashes avoided by build\n";
  return kExitOk;
}

}  // namespace

int catalogue_wait_ms() {
  const char* text = std::getenv("PUZZLEPRESS_CATALOGUE_WAIT_MS");
  if (text == nullptr || *text == '\0') return 30000;
  const std::string value = text;
  long long ms = -1;
  if (value.size() <= 9 && value.find_first_not_of("0123456789") == std::string::npos) ms = std::stoll(value);
  if (ms < 0 || ms > 24LL * 3600 * 1000)
    throw InputError(Place{"PUZZLEPRESS_CATALOGUE_WAIT_MS"},
                     "expected milliseconds from 0 (do not wait) to 86400000, got '" + value + "'");
  return static_cast<int>(ms);
}

bool names_manifest(const std::string& path) {
  const std::string ext = lowercase_extension(path);
  if (ext == ".json") return true;
  if (ext == ".yaml" || ext == ".yml") return false;
  std::ifstream in(path, std::ios::binary);
  char c = 0;
  while (in.get(c) && std::isspace(static_cast<unsigned char>(c))) {
  }
  return in && c == '{';
}

int run_catalogue(const CatalogueArgs& args, std::ostream& out, std::ostream& err) {
  if (args.action != "remove") {
    const char* only_remove = args.dry_run ? "--dry-run" : args.edition ? "--edition" : args.seed ? "--seed" : nullptr;
    if (only_remove != nullptr)
      throw InputError(Place::flag(only_remove), "only catalogue remove takes it, not catalogue " + args.action);
  }
  if (args.action == "add") return run_add(args, out);
  if (args.action == "check") return run_check(args, out);
  if (args.action == "find") return run_find(args, out, std::cin);
  if (args.action == "list") return run_list(args, out);
  if (args.action == "remove") return run_catalogue_remove(args, out, err);
  return run_stats(args, out);
}

Command add_catalogue(CLI::App& app) {
  const auto args = std::make_shared<CatalogueArgs>();
  auto* catalogue =
      app.add_subcommand("catalogue", "The catalogue of a publisher's books: add, check, find, list, remove, stats");
  catalogue->require_subcommand(1);
  catalogue->fallthrough();
  catalogue->add_option("--catalogue", args->catalogue, "The catalogue file (or postgresql:// address); no default");
  catalogue->add_flag("--json", args->json, "Print JSON (for scripts)");
  catalogue
      ->add_option("--jobs", args->jobs, "Threads for canonical forms and for check SPEC's generation (0 = all cores)")
      ->capture_default_str();
  auto* add = catalogue->add_subcommand("add", "Register books built before: MANIFEST...");
  add->add_option("manifests", args->manifests, "The books' manifests (JSON)")->required();
  auto* check =
      catalogue->add_subcommand("check", "Puzzles of a spec or manifest that other books hold (exit 1 when any)");
  check
      ->add_option("target", args->target,
                   "A book spec (YAML) or a manifest (.json in any case, or a file starting with '{')")
      ->required();
  auto* find = catalogue->add_subcommand("find", "Which book and page holds this puzzle, or one equivalent to it");
  find->add_option("puzzle", args->puzzle,
                   "The puzzle: its cells row by row ('.' or '0' empty), a file holding them, or - (standard input)")
      ->required();
  catalogue->add_subcommand("list", "Every book of the catalogue");
  auto* remove = catalogue->add_subcommand(
      "remove", "Take a book's editions and their puzzles out: TITLE [--edition E] [--seed N] [--dry-run]");
  remove->add_option("title", args->title, "The book's title, exactly as list prints it")->required();
  // remove's options stand beside --json and --jobs (catalogue's, as its fallthrough reads them);
  // another action refuses them (run_catalogue).
  const auto edition_text = std::make_shared<std::string>();
  const auto seed_value = std::make_shared<long long>(0);
  auto* edition =
      catalogue->add_option("--edition", *edition_text, "remove: only this edition (the trim, as list prints it: 6x9)");
  auto* seed =
      catalogue->add_option("--seed", *seed_value, "remove: the book of this seed (when several seeds have the title)")
          ->check(CLI::Range(0LL, 4294967295LL));
  catalogue->add_flag("--dry-run", args->dry_run, "remove: print what would be removed; change nothing");
  catalogue->add_subcommand("stats", "Puzzles per kind, size and grade; clashes avoided");
  return Command{catalogue, [args, catalogue, edition, seed, edition_text, seed_value] {
                   for (const char* action : {"add", "check", "find", "list", "remove", "stats"})
                     if (catalogue->got_subcommand(action)) args->action = action;
                   if (edition->count() > 0) args->edition = *edition_text;
                   if (seed->count() > 0) args->seed = static_cast<std::uint32_t>(*seed_value);
                   return run_catalogue(*args, std::cout, std::cerr);
                 }};
}

}  // namespace puzzlepress::cli
