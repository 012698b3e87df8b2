#include "cli/preview_command.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <iostream>

#include <ostream>

#include "cli/command.h"
#include "book/make/preview.h"
#include "book/spec/spec.h"
#include "book/catalogue/catalogue_build.h"
#include "cli/build_command.h"
#include "cli/catalogue_command.h"
#include "cli/exit_codes.h"
#include "util/errors.h"

namespace puzzlepress::cli {

int run_preview(const PreviewArgs& args, std::ostream& out) {
  if (args.output.empty())
    throw InputError(Place::flag("-o"), "give the folder to write the images to, e.g. -o preview/");
  book::BookSpec spec = book::load_spec_file(args.spec);
  book::apply_overrides(spec, book::Overrides{.trim = args.trim, .layout = args.layout});
  book::BuildSettings settings;
  settings.resources = resources();
  settings.version = PUZZLEPRESS_VERSION;
  settings.jobs = args.jobs;
  const book::PreviewRequest request{args.output, args.pages, args.dpi, args.format, args.listing};
  const book::PreviewPlan plan = book::plan_preview(spec, settings.resources, request);
  // The puzzles the book prints: a spec's catalogue read (never written) as build reads it.
  if (!spec.catalogue.empty()) book::choose_catalogue_puzzles(spec, settings, catalogue_wait_ms());
  const book::Book made = book::make_book(spec, settings);
  const auto painter = book::load_painter(made);
  const std::vector<util::Output> outputs = book::preview_outputs(made, plan, *painter);
  book::write_preview(args.output, outputs);
  for (const util::Output& o : outputs) out << o.path.string() << '\n';
  return kExitOk;
}

Command add_preview(CLI::App& app) {
  const auto args = std::make_shared<PreviewArgs>();
  auto* preview = app.add_subcommand(
      "preview", "Images of a book's pages and cover (PNG or SVG), or of its product listing, without a PDF");
  preview->add_option("spec", args->spec, "The book spec (YAML)")->required();
  preview->add_option("-o,--output", args->output, "Folder to write the images to (created when missing)")->required();
  preview->add_option("--pages", args->pages, "Pages to show, e.g. 1,5,120-124 (default: every page)");
  preview->add_option("--dpi", args->dpi, "Resolution of PNG images, 36-1200 (default 150)");
  preview->add_option("--format", args->format, "png | svg (default png)");
  preview->add_flag(
      "--listing", args->listing,
      "Instead: the images a product page needs: the front cover, a 3D mock-up, what's inside, a spread of each "
      "grade and of solutions, and two 970 x 600 A+ banners");
  preview->add_option("--trim", args->trim, "Show the book at this trim (same puzzles), as build --trim");
  preview->add_option("--layout", args->layout, "Layout preset name or layout file, as build --layout");
  preview->add_option("--jobs", args->jobs, "Generation threads (0 = all cores); the images are the same for any value")
      ->capture_default_str();
  return Command{preview, [args] { return run_preview(*args, std::cout); }};
}

}  // namespace puzzlepress::cli
