#include "cli/app.h"

#include <CLI/CLI.hpp>
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "cli/bench_command.h"
#include "cli/build_command.h"
#include "cli/exit_codes.h"
#include "cli/generate_command.h"
#include "cli/preview_command.h"
#include "cli/grade_command.h"
#include "cli/init_command.h"
#include "cli/progress.h"
#include "cli/sample_command.h"
#include "cli/solve_command.h"
#include "cli/studio_command.h"
#include "cli/preflight_command.h"
#include "cli/verify_command.h"
#include "cli/version.h"
#include "util/errors.h"
#include "util/outputs.h"
#include "util/text.h"

namespace puzzlepress::cli {
namespace {

// --progress and --quiet, on a long-running subcommand (read with progress_mode).
struct ProgressFlags {
  CLI::Option* progress;
  CLI::Option* quiet;
  ProgressMode mode() const { return progress_mode(progress->count() > 0, quiet->count() > 0); }
};

ProgressFlags add_progress_flags(CLI::App& command) {
  const std::string progress_help = "Draw the progress line on stderr even when it is not a terminal";
  const std::string quiet_help = "Draw no progress line (by default: on a terminal, after a second)";
  auto* progress = command.add_flag("--progress", progress_help);
  auto* quiet = command.add_flag("--quiet", quiet_help);
  progress->excludes(quiet);
  return ProgressFlags{progress, quiet};
}

}  // namespace

int run(int argc, char** argv) {
  CLI::App app{"puzzlepress: print-ready sudoku books for Amazon KDP"};
  app.set_version_flag("--version", [] {
    std::string text = version_text(CLI11_VERSION);
    text.pop_back();  // CLI11 adds the last newline
    return text;
  }, "Print the version and the versions of the libraries it uses");
  app.require_subcommand(1);

  BuildArgs build_args;
  bool bleed = false, no_bleed = false;
  auto* build = app.add_subcommand("build", "Build a book: the interior PDF, its JSON manifest and the cover PDF (with cover: in the spec)");
  build->add_option("spec", build_args.spec, "The book spec (YAML)")->required();
  build->add_option("-o,--output", build_args.output, "PDF to write (default: SPEC's name with .pdf, here)");
  build->add_option("--manifest", build_args.manifest, "Manifest to write (default: the PDF's path with .json)");
  build->add_option("--cover", build_args.cover, "Cover PDF to write, for a spec with cover: (default: <PDF name>-cover.pdf beside the PDF)");
  build->add_option("--trim", build_args.trim, "Re-export at this trim (same puzzles), e.g. 8.5x11, A4, '150x220 mm'");
  build->add_flag("--bleed", bleed, "Print with bleed");
  build->add_flag("--no-bleed", no_bleed, "Print without bleed");
  build->add_option("--layout", build_args.layout, "Layout preset name or layout file");
  build->add_option("--grading", build_args.grading, "Override the spec's grading: techniques | clues (changes the puzzles)");
  build->add_flag("--allow-trial", build_args.allow_trial,
                  "Also place puzzles that need trial and error (the spec's allow_trial: true)");
  build->add_option("--jobs", build_args.jobs, "Generation threads (0 = all cores); the book is the same for any value")->capture_default_str();
  ProgressFlags build_progress = add_progress_flags(*build);
  build->add_flag("--json", build_args.json, "Print the build summary as JSON (for scripts)");

  SolveArgs solve_args;
  auto* solve = app.add_subcommand("solve", "Solve puzzles of any size (grid texts, or - for standard input)");
  solve->add_option("puzzles", solve_args.puzzles, "Puzzles: N*N cells of 1-9 then A-G, '.' or '0' empty; - reads stdin");
  solve->add_option("--size", solve_args.size, "4x4 | 6x6 | 8x8 | 9x9 | 12x12 | 16x16 (default: from the cell count)");
  solve->add_option("--budget", solve_args.budget, "Search nodes allowed per puzzle before 'unresolved'")
      ->check([](const std::string& value) {  // the option is unsigned: refuse any sign
        return value.find('-') != std::string::npos ? "must be 0 or more, got " + value : std::string();
      });
  solve->footer(
      "Exit codes: 0 unique, 10 multiple, 11 no_solution, 12 inconsistent, 13 malformed,\n"
      "14 unresolved (with several puzzles: the largest), 2 bad usage.");

  GradeArgs grade_args;
  auto* grade = app.add_subcommand("grade", "Rate puzzles by the human techniques they need");
  grade->add_option("puzzles", grade_args.puzzles, "Puzzles: N*N cells of 1-9 then A-G, '.' or '0' empty; - reads stdin");
  grade->add_option("--size", grade_args.size, "4x4 | 6x6 | 8x8 | 9x9 | 12x12 | 16x16 (default: from the cell count)");
  grade->add_flag("--steps", grade_args.steps, "Explain the solve step by step");

  GenerateArgs gen_args;
  auto* generate = app.add_subcommand("generate", "Generate puzzles of one grade");
  generate->add_option("--grade", gen_args.grade, "easy | medium | hard | extreme | evil")->capture_default_str();
  generate->add_option("--count", gen_args.count, "How many puzzles")->capture_default_str();
  generate->add_option("--seed", gen_args.seed, "Base seed; puzzle k gets seed + k * 0x9E3779B9")->capture_default_str();
  generate->add_option("--symmetry", gen_args.symmetry, "rotational | none | mirror | diagonal")->capture_default_str();
  generate->add_option("--attempts", gen_args.attempts, "Digs per puzzle; the closest to the target is kept (Evil: a sixth of this, rounded up, in rounds after a first candidate)")->capture_default_str();
  generate->add_option("--grading", gen_args.grading, "techniques (the grade's hardest technique) | clues (clue band only)")->capture_default_str();
  generate->add_flag("--allow-trial", gen_args.allow_trial,
                     "Also puzzles our techniques cannot finish (by default every puzzle is solvable by logic alone)");
  generate->add_option("--format", gen_args.format, "text | csv | json")->capture_default_str();
  generate->add_option("--jobs", gen_args.jobs, "Worker threads (0 = all cores); output is the same for any value")->capture_default_str();
  generate->add_option("--size", gen_args.size, "4x4 | 6x6 | 8x8 | 9x9 | 12x12 | 16x16 (4x4 and 6x6 offer easy and medium)")->capture_default_str();
  ProgressFlags generate_progress = add_progress_flags(*generate);

  BenchArgs bench_args;
  auto* bench = app.add_subcommand("bench", "Measure generation per grade, or a solver over a puzzle file");
  bench->add_option("--boards", bench_args.boards, "Boards per grade (seeds 1..N)")->capture_default_str();
  bench->add_option("--grade", bench_args.grade, "A grade or all")->capture_default_str();
  bench->add_option("--grading", bench_args.grading, "clues | techniques | both: which generation tables")->capture_default_str();
  auto* bench_dataset = bench->add_option("--dataset", bench_args.dataset, "Count solutions (up to 2) of every puzzle in FILE");
  bench->add_flag("--rate", bench_args.rate, "With --dataset: also grade every puzzle with the logic solver");
  bench->add_option("--column", bench_args.column, "With --rate: the rating column to correlate with (1 = first after the puzzle)")->capture_default_str();
  bench->add_option("--rounds", bench_args.rounds, "With --dataset: passes over the file (the best time is reported); with --book or --preview: rounds")->capture_default_str();
  bench->add_option("--compare", bench_args.compare, "With --dataset: also run the shell command COMMAND 'DATASET' after each pass, side by side");
  bench->add_flag("--cpu-time", bench_args.cpu_time, "With --dataset: time with the thread's CPU clock instead of the wall clock");
  bench->add_option("--reference", bench_args.reference, "Also run this seed-engine.mjs with node, side by side");
  bench->add_option("--node", bench_args.node, "Node.js executable for --reference")->capture_default_str();
  auto* bench_preview = bench->add_option("--preview", bench_args.preview, "Time previews of SPEC: spec text to PNG of a puzzle page and the cover, beside its PDF (with --rounds)");
  auto* bench_book = bench->add_option("--book", bench_args.book, "Time `build SPEC` beside `node REFERENCE BOARDS` (needs --reference), --rounds times");
  // One benchmark a run: the dataset, previews and book benchmarks read none of each other's options.
  bench_preview->excludes(bench_dataset)->excludes(bench_book);
  bench_book->excludes(bench_dataset);
  bench->add_option("--size", bench_args.size, "4x4 | 6x6 | 8x8 | 12x12 | 16x16 | all: generation tables of other sizes");

  SampleArgs sample_args;
  auto* sample = app.add_subcommand("sample", "A sheet of puzzles for a home printer, or a proof of a book's first puzzle pages");
  sample->add_option("spec", sample_args.spec, "A book spec (YAML): prints its first puzzle pages exactly as the book does");
  sample->add_option("--grade", sample_args.grades, "Grades, cycled in order (repeat the flag); default easy, medium, hard, extreme");
  sample->add_option("--count", sample_args.count, "How many puzzles (default 4)");
  sample->add_option("--per-page", sample_args.per_page, "Puzzles a page, 1-6 (default 4)");
  sample->add_option("--paper", sample_args.paper, "letter (default), a4, or a KDP trim such as 6x9");
  sample->add_option("--seed", sample_args.seed, "Base seed (default: random, printed so the sheet can be made again)");
  sample->add_flag("--answers", sample_args.answers, "Add the solutions on the following page(s)");
  sample->add_flag("--hints", sample_args.hints, "Add a page of hints (the first step beyond singles) after the puzzles");
  sample->add_flag("--allow-trial", sample_args.allow_trial,
                   "Also puzzles that need trial and error (by default every puzzle is solvable by logic alone)");
  sample->add_option("--language", sample_args.language, "Labels and footer: en (default), de, fr, es, it, nl, pt");
  sample->add_option("--pages", sample_args.pages, "With a spec: how many puzzle pages (default 2)");
  sample->add_option("-o,--output", sample_args.output, "PDF to write (default sample.pdf, or SPEC's name + -proof.pdf)");
  ProgressFlags sample_progress = add_progress_flags(*sample);

  PreviewArgs preview_args;
  auto* preview = app.add_subcommand("preview", "Images of a book's pages and cover (PNG or SVG), or of its product listing, without a PDF");
  preview->add_option("spec", preview_args.spec, "The book spec (YAML)")->required();
  preview->add_option("-o,--output", preview_args.output, "Folder to write the images to (created when missing)")->required();
  preview->add_option("--pages", preview_args.pages, "Pages to show, e.g. 1,5,120-124 (default: every page)");
  preview->add_option("--dpi", preview_args.dpi, "Resolution of PNG images, 36-1200 (default 150)");
  preview->add_option("--format", preview_args.format, "png | svg (default png)");
  preview->add_flag("--listing", preview_args.listing,
                    "Instead: the front cover, a spread of each grade, a solutions spread and a contact sheet, for a product page");
  preview->add_option("--trim", preview_args.trim, "Show the book at this trim (same puzzles), as build --trim");
  preview->add_option("--layout", preview_args.layout, "Layout preset name or layout file, as build --layout");
  preview->add_option("--jobs", preview_args.jobs, "Generation threads (0 = all cores); the images are the same for any value")->capture_default_str();

  VerifyArgs verify_args;
  auto* verify = app.add_subcommand("verify", "Re-check a book's manifest (and its PDF) before upload");
  verify->add_option("manifest", verify_args.manifest, "The book's manifest (JSON)")->required();
  verify->add_option("--pdf", verify_args.pdf, "Also check this PDF: the one the manifest was written with, page count, sizes, fonts, every grid read back and solved again, margins, print floors, annotations");
  verify->add_option("--cover", verify_args.cover, "Also check this cover PDF: size, trim and bleed boxes, barcode box empty, text in the safe zones, fonts embedded");
  verify->footer("Exit codes: 0 no problem, 1 problems found, 2 unreadable manifest or bad usage.");

  StudioArgs studio_args;
  auto* studio = app.add_subcommand("studio", "Edit a book spec in the browser with a live preview (a local web page)");
  studio->add_option("spec", studio_args.spec, "The book spec (YAML) to edit; default book.yaml here, created on Save");
  studio->add_option("--port", studio_args.port, "Port to serve on (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  studio->add_option("--host", studio_args.host,
                     "Address to serve on (default 127.0.0.1: this machine only; others can change your files)");
  studio->add_option("--jobs", studio_args.jobs, "Generation threads (0 = all cores)")->capture_default_str();

  InitArgs init_args;
  auto* init = app.add_subcommand("init", "Write a commented starter spec (every key, its default and meaning) that builds as it is");
  init->add_option("spec", init_args.spec, "The spec to write; never overwritten")->capture_default_str();
  init->add_option("--trim", init_args.trim, "The book's trim, e.g. 6x9, A4, '150x220 mm' (default 8.5x11; 8x10 with --kids)");
  init->add_option("--layout", init_args.layout, "Layout preset name or layout file (default two-up; one-up with --large-print)");
  auto* kids = init->add_flag("--kids", init_args.kids, "A children's book: shapes on 4x4 and 6x6 grids, easy and medium");
  init->add_flag("--large-print", init_args.large_print, "A large-print book: one big 9x9 puzzle a page, easy to hard")->excludes(kids);
  init->add_option("--seed", init_args.seed, "The book's seed (default: a random one)");

  auto* schema = app.add_subcommand("schema", "Print the JSON Schema of a book spec, for editors (puzzlepress schema > puzzlepress.schema.json)");
  PreflightArgs preflight_args;
  auto* preflight = app.add_subcommand("preflight", "Check any interior PDF against KDP's print rules (margins, print floors, fonts, pages, encryption, annotations)");
  preflight->add_option("pdf", preflight_args.pdf, "The interior PDF")->required();
  preflight->add_option("--trim", preflight_args.trim, "Its trim, e.g. 6x9, 8.5x11, A4, '150x220 mm'")->required();
  preflight->add_flag("--bleed", preflight_args.bleed, "Pages printed with bleed (0.125 in on the outside, top and bottom)");
  preflight->add_option("--paper", preflight_args.paper, "white (default) or cream: KDP's page-count limit");
  preflight->footer("Exit codes: 0 every check passes, 1 problems found (one line each), 2 not a readable PDF or bad usage.");

  // CLI11 answers a mistyped command with "A subcommand is required": name it instead.
  if (argc > 1 && argv[1][0] != '-') {
    const std::string word = argv[1];
    std::string known;
    bool found = false;
    for (const CLI::App* sub : app.get_subcommands({})) {
      found = found || sub->get_name() == word;
      known += (known.empty() ? "" : ", ") + sub->get_name();
    }
    if (!found) {
      std::cerr << "puzzlepress: unknown command '" << util::echo(word) << "' (expected one of: " << known
                << ")\n(run 'puzzlepress --help' for usage)\n";
      return kExitUsage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "puzzlepress: " << e.what() << "\n(run 'puzzlepress --help' for usage)\n";
    return kExitUsage;
  }

  // The one place errors become messages and exit codes (describe_failure).
  try {
    util::install_signal_cleanup();
    if (*build) {
      if (bleed && no_bleed) throw InputError(Place{}, "--bleed and --no-bleed exclude each other");
      if (bleed || no_bleed) build_args.bleed = bleed;
      build_args.progress = build_progress.mode();
      return run_build(build_args, std::cout, std::cerr);
    }
    if (*grade) return run_grade(grade_args, std::cin, std::cout);
    if (*solve) return run_solve(solve_args, std::cin, std::cout);
    if (*generate) {
      gen_args.progress = generate_progress.mode();
      return run_generate(gen_args, std::cout, std::cerr);
    }
    if (*bench) return run_bench(bench_args, std::cout);
    if (*sample) {
      sample_args.progress = sample_progress.mode();
      return run_sample(sample_args, std::cout, std::cerr);
    }
    if (*verify) return run_verify(verify_args, std::cout);
    if (*init) return run_init(init_args, std::cout);
    if (*schema) return run_schema(std::cout);
    if (*preflight) return run_preflight(preflight_args, std::cout);
    if (*preview) return run_preview(preview_args, std::cout);
    if (*studio) return run_studio(studio_args, std::cout);
  } catch (const std::exception& e) {
    const Failure failure = describe_failure(e);
    std::cout.flush();
    std::cerr << "puzzlepress: " << failure.message << '\n';
    return failure.exit_code;
  }
  return kExitUsage;
}

}  // namespace puzzlepress::cli
