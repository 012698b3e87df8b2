#include "cli/init_command.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <iostream>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <ostream>
#include <random>
#include <vector>

#include "cli/command.h"
#include "book/make/build.h"
#include "book/spec/spec.h"
#include "book/spec/spec_schema.h"
#include "cli/build_command.h"
#include "cli/exit_codes.h"
#include "util/errors.h"
#include "util/outputs.h"

namespace puzzlepress::cli {
namespace {

namespace fs = std::filesystem;

std::uint32_t random_seed() {
  std::random_device device;  // the one unseeded choice init makes; printed in the spec
  return static_cast<std::uint32_t>(device());
}

// A layout file given on the command line is relative to here; the spec reads it relative to
// its own folder.
std::string layout_for_spec(const std::string& layout, const fs::path& spec) {
  if (!book::is_layout_path(layout) || fs::path(layout).is_absolute()) return layout;
  const fs::path spec_dir = fs::absolute(spec).parent_path();
  return fs::proximate(fs::absolute(layout), spec_dir).generic_string();
}

}  // namespace

std::string schema_reference() {
  std::vector<fs::path> candidates;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) candidates.push_back(exe.parent_path() / PUZZLEPRESS_DATA_FROM_BIN / book::kSchemaFileName);
  candidates.push_back(fs::path(PUZZLEPRESS_SOURCE_DIR) / book::kSchemaFileName);
  fs::path path = fs::path(PUZZLEPRESS_INSTALLED_DATA_DIR) / book::kSchemaFileName;
  for (const fs::path& candidate : candidates) {
    if (fs::is_regular_file(candidate, ec)) {
      path = candidate.lexically_normal();
      break;
    }
  }
  return "file://" + path.generic_string();
}

int run_init(const InitArgs& args, std::ostream& out, std::ostream& err) {
  if (args.kids && args.large_print) throw InputError(Place{}, "--kids and --large-print exclude each other");
  const bool to_stdout = args.spec == "-";
  const fs::path path = to_stdout ? fs::path("book.yaml") : fs::path(args.spec);
  // build writes BOOK.pdf and BOOK.json beside a spec BOOK.yaml: a spec of either name would be
  // refused by build (an output may not land on its input).
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  if (!to_stdout && (extension == ".json" || extension == ".pdf")) {
    fs::path suggested = path;
    suggested.replace_extension(".yaml");
    throw InputError(Place::file(path.string()), "a spec named " + extension + " would be overwritten by its book's " +
                                                     (extension == ".json" ? "manifest" : "PDF") +
                                                     " (build refuses that); name it " + suggested.string());
  }
  std::error_code ec;
  if (!to_stdout && fs::symlink_status(path, ec).type() != fs::file_type::not_found && !ec) {
    throw InputError(Place::file(path.string()),
                     "already exists; init never overwrites a file (give another name, or remove it first)");
  }

  book::StarterOptions options;
  options.kind = args.kids          ? book::StarterKind::kids
                 : args.large_print ? book::StarterKind::large_print
                                    : book::StarterKind::standard;
  options.seed = args.seed ? *args.seed : random_seed();
  options.schema_ref = schema_reference();
  options.file_name = path.filename().string();

  // The flags are read as build reads them (errors at the flag), and the book is planned, so
  // a trim or layout the book cannot have is refused before anything is written.
  const book::Resources res = resources();
  book::BookSpec spec = book::load_spec(book::starter_spec(options), path.string());
  book::apply_overrides(spec, {args.trim, std::nullopt, args.layout, std::nullopt});
  const book::LayoutPreset layout = book::resolve_layout(spec, res);
  const auto pages = book::plan_book(spec, layout);
  book::check_page_count(spec, static_cast<int>(pages.size()));

  options.trim = args.trim;
  if (args.layout) options.layout = layout_for_spec(*args.layout, path);
  const std::string text = book::starter_spec(options);
  book::load_spec(text, path.string());  // what is written loads as it is

  std::size_t puzzles = 0;
  for (const book::Section& section : spec.sections) puzzles += static_cast<std::size_t>(section.count);
  const std::string summary = std::to_string(puzzles) + " puzzles, trim " + spec.trim_name + ", layout " + layout.name +
                              ", " + std::to_string(pages.size()) + " pages, seed " + std::to_string(spec.seed);
  if (to_stdout) {  // the spec alone on standard output, for a pipe; the summary beside it
    out << text;
    err << "the spec on standard output: " << summary << "\n";
    return kExitOk;
  }
  const util::OutputTarget target{path, "the spec", ""};
  util::check_outputs(std::span(&target, 1), {});
  const util::Output output{path, text};
  util::write_outputs(std::span(&output, 1));
  out << "wrote " << path.string() << ": " << summary << "\n"
      << "build it with: puzzlepress build " << path.string() << "\n";
  return kExitOk;
}

int run_schema(std::ostream& out) {
  out << book::spec_schema_json();
  return kExitOk;
}

Command add_init(CLI::App& app) {
  const auto args = std::make_shared<InitArgs>();
  auto* init = app.add_subcommand(
      "init", "Write a commented starter spec (every key, its default and meaning) that builds as it is");
  init->add_option("spec", args->spec, "The spec to write (- : standard output); never overwritten")
      ->capture_default_str();
  init->add_option("--trim", args->trim,
                   "The book's trim, e.g. 6x9, A4, '150x220 mm' (default 8.5x11; 8x10 with --kids)");
  init->add_option("--layout", args->layout,
                   "Layout preset name or layout file (default two-up; one-up with --kids or --large-print)");
  auto* kids = init->add_flag("--kids", args->kids, "A children's book: shapes on 4x4 and 6x6 grids, easy and medium");
  init->add_flag("--large-print", args->large_print, "A large-print book: one big 9x9 puzzle a page, easy to hard")
      ->excludes(kids);
  init->add_option("--seed", args->seed, "The book's seed (default: a random one)");
  return Command{init, [args] { return run_init(*args, std::cout, std::cerr); }};
}

Command add_schema(CLI::App& app) {
  auto* schema = app.add_subcommand(
      "schema", "Print the JSON Schema of a book spec, for editors (puzzlepress schema > puzzlepress.schema.json)");
  return Command{schema, [] { return run_schema(std::cout); }};
}

}  // namespace puzzlepress::cli
