#include "cli/generate_command.h"

#include <CLI/CLI.hpp>
#include <memory>

#include <algorithm>
#include <iostream>
#include <optional>
#include <vector>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "cli/command.h"
#include "book/spec/choices.h"
#include "book/spec/spec.h"
#include "cli/exit_codes.h"
#include "util/errors.h"
#include "cli/solve_command.h"
#include "engine/batch.h"
#include "engine/generator.h"
#include "engine/variant_solver.h"
#include "util/numbers.h"

namespace puzzlepress::cli {
namespace {

// One puzzle as a row of `format`; `i` is its 0-based index in the run, `more` whether rows follow.
// A jigsaw board for people: each row of givens, then the same row's regions (boxes would
// mislead), e.g. "5 2 . . . 6 . . .   1 1 1 1 2 2 2 2 2".
std::string jigsaw_board_text(const engine::Grid& givens, const engine::Layout& layout) {
  const int n = layout.shape.size();
  std::string text;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) text += std::string(c ? " " : "") + engine::symbol_char(givens.cells[r * n + c]);
    text += "  ";
    for (int c = 0; c < n; ++c) text += std::string(" ") + engine::symbol_char(layout.regions[r * n + c] + 1);
    text += '\n';
  }
  return text;
}

// `layout` is the puzzle's (a classic one prints as before).
void write_row(std::ostream& out, const std::string& format, const engine::Puzzle& p, const engine::Layout& layout,
               std::size_t i, bool more) {
  const std::string valid = p.valid ? "true" : "false";
  const bool variant = layout.kind != engine::Kind::classic;
  if (format == "csv") {
    out << p.seed << ',' << engine::grade_id(p.grade) << ',' << p.clues << ',' << engine::variant_text(layout, p.givens)
        << ',' << engine::to_string(p.solution) << ',' << valid << ',' << util::format_fixed(p.rating, 1) << ','
        << engine::grade_id(p.tier) << '\n';
  } else if (format == "json") {
    out << "  {\"seed\": " << p.seed;
    if (variant) {
      out << ", \"kind\": \"" << engine::kind_id(layout.kind) << "\", \"regions\": \""
          << (layout.regions.empty() ? "" : engine::regions_text(layout.shape.size(), layout.regions)) << '"';
    }
    out << ", \"grade\": \"" << engine::grade_id(p.grade) << "\", \"clues\": " << p.clues << ", \"givens\": \""
        << engine::to_string(p.givens) << "\", \"solution\": \"" << engine::to_string(p.solution)
        << "\", \"valid\": " << valid << ", \"rating\": " << util::format_fixed(p.rating, 1) << ", \"tier\": \""
        << engine::grade_id(p.tier) << "\", \"techniques\": {";
    bool first = true;
    for (auto t : engine::kTechniqueOrder) {
      const int n = p.technique_counts[static_cast<int>(t)];
      if (!n) continue;
      out << (first ? "" : ", ") << '"' << engine::technique_name(t) << "\": " << n;
      first = false;
    }
    out << "}}" << (more ? "," : "") << '\n';
  } else {
    if (i) out << '\n';
    out << "Puzzle " << (i + 1) << " - " << (variant ? std::string(engine::kind_id(layout.kind)) + " " : std::string())
        << (p.shape == engine::kShape9x9 ? std::string() : engine::shape_id(p.shape) + " ")
        << engine::grade_label(p.grade) << ", " << p.clues << " clues, rating " << util::format_fixed(p.rating, 1)
        << " (" << engine::grade_label(p.tier) << "), seed " << p.seed << (p.valid ? "" : " (INVALID)") << '\n';
    if (variant) out << engine::variant_text(layout, p.givens) << '\n';
    out << (layout.kind == engine::Kind::jigsaw ? jigsaw_board_text(p.givens, layout)
                                                : engine::to_board_text(p.givens));
  }
}

}  // namespace

int run_generate(const GenerateArgs& args, std::ostream& out, std::ostream& err) {
  // Checked for every kind: a killer ignores them, but a bad value is still a mistake to name.
  const auto symmetry = engine::parse_symmetry(args.symmetry);
  if (!symmetry) {
    throw InputError(Place::flag("--symmetry"),
                     "unknown symmetry '" + args.symmetry + "' (expected one of: " + book::symmetry_choices() + ")");
  }
  const engine::Grading grading = book::read_grading(args.grading, Place::flag("--grading"));
  if (args.attempts < 1)
    throw InputError(Place::flag("--attempts"), "must be at least 1, got " + std::to_string(args.attempts));
  if (args.format != "text" && args.format != "csv" && args.format != "json") {
    throw InputError(Place::flag("--format"), "unknown format '" + args.format + "' (expected text, csv or json)");
  }
  if (args.count < 1 || args.count > kMaxGenerateCount) {
    throw InputError(Place::flag("--count"),
                     "must be 1-" + std::to_string(kMaxGenerateCount) + ", got " + std::to_string(args.count));
  }
  if (names_killer(args.kind)) return run_generate_killer(args, out, err);
  if (names_samurai(args.kind)) return run_generate_samurai(args, out, err);
  const std::string grade_name = args.grade.empty() ? std::string("medium") : args.grade;
  const auto grade = engine::parse_grade(grade_name);
  if (!grade) {
    throw InputError(Place::flag("--grade"),
                     "unknown grade '" + grade_name + "' (expected one of: " + book::grade_choices() + ")");
  }
  const auto shape = parse_size_flag(args.size.empty() ? std::string("9x9") : args.size);
  const engine::Kind kind = parse_kind_flag(args.kind);
  if (!engine::kind_takes(kind, *shape))
    throw InputError(Place::flag("--kind"), engine::kind_shape_message(kind, *shape));
  if (!engine::offers_grade(*shape, *grade)) {
    throw InputError(Place::flag("--grade"), "" + engine::grade_not_offered_message(*shape, *grade));
  }

  // Rows are made and printed batch by batch, in order: memory stays bounded whatever --count,
  // and the output is the same for any batch size or thread count (puzzle k has its own seed).
  if (args.format == "csv") out << "seed,grade,clues,givens,solution,valid,rating,tier\n";
  if (args.format == "json") out << "[\n";
  bool all_valid = true;
  std::optional<ProgressLine> line;
  engine::BatchProgress report;
  if (progress_wanted(args.progress)) {
    line.emplace(err,
                 std::vector<std::string>(static_cast<std::size_t>(args.count), std::string(engine::grade_id(*grade))),
                 progress_delay(args.progress));
    report = line->callback();
  }
  for (int first = 0; first < args.count; first += kGenerateBatch) {
    const int last = std::min(args.count, first + kGenerateBatch);
    std::vector<engine::GenerateOptions> items;
    for (int k = first; k < last; ++k) {
      engine::GenerateOptions item;
      item.shape = *shape;
      item.grade = *grade;
      item.seed = engine::batch_seed(args.seed, static_cast<std::uint32_t>(k));
      item.symmetry = *symmetry;
      item.attempts = args.attempts;
      item.grading = grading;
      item.allow_trial = args.allow_trial;
      items.push_back(item);
    }
    // The progress line counts over the whole run: this batch's items are first, first + 1, …
    engine::BatchProgress batch_report;
    if (report) {
      const auto offset = static_cast<std::size_t>(first);
      const auto total = static_cast<std::size_t>(args.count);
      batch_report = [&report, offset, total](std::size_t done, std::size_t, std::size_t item) {
        report(offset + done, total, offset + item);
      };
    }
    std::vector<engine::VariantPuzzle> puzzles;
    if (kind == engine::Kind::classic) {
      for (engine::Puzzle& p : engine::generate_batch(items, args.jobs, batch_report))
        puzzles.push_back({engine::Layout{kind, *shape, {}}, std::move(p)});
    } else {
      std::vector<engine::VariantOptions> variants;
      for (const engine::GenerateOptions& item : items) variants.push_back({kind, item});
      puzzles = engine::generate_batch(variants, args.jobs, batch_report);
    }
    for (std::size_t j = 0; j < puzzles.size(); ++j) {
      const std::size_t i = static_cast<std::size_t>(first) + j;  // index in the whole run
      const auto& p = puzzles[j].puzzle;
      all_valid = all_valid && p.valid;
      write_row(out, args.format, p, puzzles[j].layout, i, i + 1 < static_cast<std::size_t>(args.count));
    }
    out.flush();
  }
  if (line) line->finish();
  if (args.format == "json") out << "]\n";
  if (!all_valid) return kExitFailure;
  return kExitOk;
}

int run_generate(const GenerateArgs& args, std::ostream& out) { return run_generate(args, out, std::cerr); }

Command add_generate(CLI::App& app) {
  const auto args = std::make_shared<GenerateArgs>();
  auto* generate = app.add_subcommand("generate", "Generate puzzles of one grade");
  generate->add_option("--grade", args->grade,
                       "easy | medium | hard | extreme | evil (default: medium; killer: any tier)");
  generate->add_option("--count", args->count, "How many puzzles")->capture_default_str();
  generate->add_option("--seed", args->seed, "Base seed; puzzle k gets seed + k * 0x9E3779B9")->capture_default_str();
  generate->add_option("--symmetry", args->symmetry, "rotational | none | mirror | diagonal")->capture_default_str();
  generate
      ->add_option("--attempts", args->attempts,
                   "Digs per puzzle; the closest to the target is kept (Evil: a sixth of this, rounded up, in rounds "
                   "after a first candidate)")
      ->capture_default_str();
  generate
      ->add_option("--grading", args->grading, "techniques (the grade's hardest technique) | clues (clue band only)")
      ->capture_default_str();
  generate->add_flag("--allow-trial", args->allow_trial,
                     "Also puzzles our techniques cannot finish (by default every puzzle is solvable by logic alone)");
  generate->add_option("--format", args->format, "text | csv | json")->capture_default_str();
  generate->add_option("--jobs", args->jobs, "Worker threads (0 = all cores); output is the same for any value")
      ->capture_default_str();
  generate
      ->add_option("--kind", args->kind,
                   "classic | x | hyper | jigsaw | killer | samurai (x and jigsaw: 6x6, 8x8, 9x9; hyper: 9x9; "
                   "killer: 6x6, 9x9; samurai: five 9x9)")
      ->capture_default_str();
  generate
      ->add_option("--size", args->size, "4x4 | 6x6 | 8x8 | 9x9 | 12x12 | 16x16 (4x4 and 6x6 offer easy and medium)")
      ->capture_default_str();
  const ProgressFlags progress = add_progress_flags(*generate);
  return Command{generate, [args, progress] {
                   args->progress = progress.mode();
                   return run_generate(*args, std::cout, std::cerr);
                 }};
}

}  // namespace puzzlepress::cli
