#include "cli/preview_command.h"

#include <ostream>

#include "book/make/preview.h"
#include "book/spec/spec.h"
#include "cli/build_command.h"
#include "cli/exit_codes.h"
#include "util/errors.h"

namespace puzzlepress::cli {

int run_preview(const PreviewArgs& args, std::ostream& out) {
  if (args.output.empty()) throw InputError(Place::flag("-o"), "give the folder to write the images to, e.g. -o preview/");
  book::BookSpec spec = book::load_spec_file(args.spec);
  book::apply_overrides(spec, book::Overrides{.trim = args.trim, .layout = args.layout});
  book::BuildSettings settings;
  settings.resources = resources();
  settings.version = PUZZLEPRESS_VERSION;
  settings.jobs = args.jobs;
  const book::PreviewRequest request{args.output, args.pages, args.dpi, args.format, args.listing};
  const book::PreviewPlan plan = book::plan_preview(spec, settings.resources, request);
  const book::Book made = book::make_book(spec, settings);
  const auto painter = book::load_painter(made);
  const std::vector<util::Output> outputs = book::preview_outputs(made, plan, *painter);
  book::write_preview(args.output, outputs);
  for (const util::Output& o : outputs) out << o.path.string() << '\n';
  return kExitOk;
}

}  // namespace puzzlepress::cli
