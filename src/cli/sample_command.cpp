#include "cli/sample_command.h"

#include <CLI/CLI.hpp>
#include <memory>

#include <iostream>

#include <cctype>
#include <filesystem>
#include <ostream>
#include <optional>
#include <random>
#include <vector>

#include "cli/command.h"
#include "book/make/build.h"
#include "book/spec/choices.h"
#include "book/make/sample.h"
#include "book/catalogue/catalogue_build.h"
#include "cli/build_command.h"
#include "cli/catalogue_command.h"
#include "cli/exit_codes.h"
#include "util/errors.h"
#include "render/pdf_writer.h"
#include "util/outputs.h"

namespace puzzlepress::cli {
namespace {

namespace fs = std::filesystem;

std::string plural(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// Paints `doc` and writes it to `pdf` whole (util/outputs.h); the paths were checked first.
void write(const render::Document& doc, const fs::path& pdf) {
  util::Result<std::string> bytes = render::render_pdf(doc);
  if (!bytes) throw EnvironmentError("cannot write " + pdf.string() + ": " + bytes.error());
  const util::Output output{pdf, std::move(*bytes)};
  util::write_outputs({&output, 1});
}

int run_proof(const SampleArgs& args, std::ostream& out, std::ostream& err) {
  const auto not_with_spec = [](const char* flag) {
    return InputError(Place::flag(flag), "not used with a spec (the spec decides the puzzles and pages)");
  };
  if (!args.grades.empty()) throw not_with_spec("--grade");
  if (args.count) throw not_with_spec("--count");
  if (args.per_page) throw not_with_spec("--per-page");
  if (args.paper) throw not_with_spec("--paper");
  if (args.seed) throw not_with_spec("--seed");
  if (args.answers) throw not_with_spec("--answers");
  if (args.hints) throw not_with_spec("--hints");
  if (args.language) throw not_with_spec("--language");
  const int pages = args.pages.value_or(2);
  if (pages < 1) throw InputError(Place::flag("--pages"), "must be at least 1, got " + std::to_string(pages));

  book::BookSpec spec = book::load_spec_file(args.spec);
  if (args.allow_trial) book::apply_overrides(spec, {.allow_trial = true});
  const fs::path pdf =
      args.output.empty() ? fs::path(fs::path(args.spec).stem().string() + "-proof.pdf") : fs::path(args.output);
  const util::OutputTarget target{pdf, "the proof", args.output.empty() ? "" : "-o"};
  book::BuildSettings settings;
  settings.resources = resources();
  util::check_outputs({&target, 1}, book::book_inputs(spec, settings.resources));
  settings.version = PUZZLEPRESS_VERSION;
  std::optional<ProgressLine> line;
  if (progress_wanted(args.progress)) {
    line.emplace(err, progress_groups(spec), progress_delay(args.progress));
    settings.progress = line->callback();
  }
  // The puzzles the book prints: a spec's catalogue read (never written) as build reads it.
  if (!spec.catalogue.empty()) book::choose_catalogue_puzzles(spec, settings, catalogue_wait_ms());
  const book::Book made = book::make_book(spec, settings);
  if (line) line->finish();
  const render::Document proof = book::proof_document(made, pages);
  write(proof, pdf);

  int first = 0, last = 0;
  for (const book::BookPage& p : made.pages) {
    if (p.planned.kind != book::PageKind::puzzles) continue;
    if (first == 0) first = p.planned.number;
    last = p.planned.number;
    if (last - first + 1 >= static_cast<int>(proof.pages.size())) break;
  }
  out << pdf.string() << ": " << plural(proof.pages.size(), "puzzle page") << " of " << made.pages.size()
      << " (book pages " << first << (first == last ? "" : "-" + std::to_string(last)) << "), trim " << spec.trim_name
      << (spec.bleed ? " with bleed" : "") << ", layout " << made.layout.name << '\n';
  return kExitOk;
}

}  // namespace

int run_sample(const SampleArgs& args, std::ostream& out, std::ostream& err) {
  if (!args.spec.empty()) return run_proof(args, out, err);
  if (args.pages) throw InputError(Place::flag("--pages"), "only used with a spec");

  book::SampleOptions options;
  for (const std::string& name : args.grades) {
    const auto grade = engine::parse_grade(name);
    if (!grade) {
      throw InputError(Place::flag("--grade"),
                       "unknown grade '" + name + "' (expected one of: " + book::grade_choices() + ")");
    }
    options.grades.push_back(*grade);
  }
  options.count = args.count.value_or(4);
  if (options.count < 1 || options.count > kMaxSampleCount) {
    throw InputError(Place::flag("--count"),
                     "must be 1-" + std::to_string(kMaxSampleCount) + ", got " + std::to_string(options.count));
  }
  options.per_page = args.per_page.value_or(4);
  if (options.per_page < 1 || options.per_page > book::kSampleMaxPerPage) {
    throw InputError(Place::flag("--per-page"), "must be 1-" + std::to_string(book::kSampleMaxPerPage) + ", got " +
                                                    std::to_string(options.per_page));
  }
  if (args.paper) {
    std::string lower;
    for (char c : *args.paper) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const book::TrimResult trim = book::parse_trim(lower == "letter" ? "8.5x11" : *args.paper);
    if (!trim.trim) {
      if (trim.error.rfind("unknown trim", 0) == 0) {
        throw InputError(Place::flag("--paper"),
                         "unknown paper '" + *args.paper + "' (expected letter, a4 or a KDP trim such as 6x9)");
      }
      throw InputError(Place::flag("--paper"), trim.error);
    }
    options.paper = *trim.trim;
  }
  // The only non-deterministic input: printed below and in the footer, so --seed reproduces it.
  options.seed = args.seed ? *args.seed : static_cast<std::uint32_t>(std::random_device{}());
  options.answers = args.answers;
  options.hints = args.hints;
  options.allow_trial = args.allow_trial;
  if (args.language) {
    const std::string language = book::read_language(*args.language, Place::flag("--language"));
    options.language = language;
  }
  options.command = book::sample_command(options);

  const fs::path pdf = args.output.empty() ? fs::path("sample.pdf") : fs::path(args.output);
  const util::OutputTarget target{pdf, "the sheet", args.output.empty() ? "" : "-o"};
  util::check_outputs({&target, 1}, book::sample_inputs(resources()));
  std::optional<ProgressLine> line;
  if (progress_wanted(args.progress)) {
    std::vector<std::string> groups;
    const auto grades = options.grades.empty() ? book::default_sample_grades() : options.grades;
    for (int k = 0; k < options.count; ++k)
      groups.emplace_back(engine::grade_id(grades[static_cast<std::size_t>(k) % grades.size()]));
    line.emplace(err, std::move(groups), progress_delay(args.progress));
    options.progress = line->callback();
  }
  const book::SampleSheet sheet = book::make_sample_sheet(options, resources());
  if (line) line->finish();
  write(sheet.doc, pdf);

  const auto puzzle_pages = static_cast<std::size_t>(sheet.puzzle_pages);
  out << pdf.string() << ": " << plural(static_cast<std::size_t>(options.count), "puzzle") << " on "
      << plural(puzzle_pages, "page");
  if (options.hints) out << " + " << plural(static_cast<std::size_t>(sheet.hint_pages), "hint page");
  if (options.answers) out << " + " << plural(static_cast<std::size_t>(sheet.answer_pages), "answer page");
  out << ", seed " << options.seed << '\n' << "reproduce with: " << options.command << '\n';
  return kExitOk;
}

int run_sample(const SampleArgs& args, std::ostream& out) { return run_sample(args, out, std::cerr); }

Command add_sample(CLI::App& app) {
  const auto args = std::make_shared<SampleArgs>();
  auto* sample =
      app.add_subcommand("sample", "A sheet of puzzles for a home printer, or a proof of a book's first puzzle pages");
  sample->add_option("spec", args->spec, "A book spec (YAML): prints its first puzzle pages exactly as the book does");
  sample->add_option("--grade", args->grades,
                     "Grades, cycled in order (repeat the flag); default easy, medium, hard, extreme");
  sample->add_option("--count", args->count, "How many puzzles (default 4)");
  sample->add_option("--per-page", args->per_page, "Puzzles a page, 1-6 (default 4)");
  sample->add_option("--paper", args->paper, "letter (default), a4, or a KDP trim such as 6x9");
  sample->add_option("--seed", args->seed, "Base seed (default: random, printed so the sheet can be made again)");
  sample->add_flag("--answers", args->answers, "Add the solutions on the following page(s)");
  sample->add_flag("--hints", args->hints, "Add a page of hints (the first step beyond singles) after the puzzles");
  sample->add_flag("--allow-trial", args->allow_trial,
                   "Also puzzles that need trial and error (by default every puzzle is solvable by logic alone)");
  sample->add_option("--language", args->language, "Labels and footer: en (default), en-GB, de, fr, es, it, nl, pt");
  sample->add_option("--pages", args->pages, "With a spec: how many puzzle pages (default 2)");
  sample->add_option("-o,--output", args->output, "PDF to write (default sample.pdf, or SPEC's name + -proof.pdf)");
  const ProgressFlags progress = add_progress_flags(*sample);
  return Command{sample, [args, progress] {
                   args->progress = progress.mode();
                   return run_sample(*args, std::cout, std::cerr);
                 }};
}

}  // namespace puzzlepress::cli
