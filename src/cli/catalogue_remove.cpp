// `puzzlepress catalogue remove`: a book's editions and their puzzles taken out of the catalogue
// (book/catalogue/catalogue_remove.h chooses them), in one writing transaction.
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "book/catalogue/catalogue.h"
#include "book/catalogue/catalogue_remove.h"
#include "cli/catalogue_command.h"
#include "cli/exit_codes.h"
#include "util/errors.h"
#include "util/json_text.h"

namespace puzzlepress::cli {
namespace {

using util::json_quote;

std::string removed_json(const book::CatalogueBook& b) {
  return "{\"title\": " + json_quote(b.title) + ", \"seed\": " + std::to_string(b.seed) +
         ", \"series\": " + json_quote(b.series) + ", \"volume\": " + std::to_string(b.volume) +
         ", \"edition\": " + json_quote(b.edition) + ", \"puzzles\": " + std::to_string(b.puzzles) + "}";
}

// "'A' and 'B'", "'A', 'B' or 'C'".
std::string alternatives(const std::vector<std::string>& titles) {
  std::string out;
  for (std::size_t i = 0; i < titles.size(); ++i)
    out += (i == 0 ? "" : i + 1 == titles.size() ? " or " : ", ") + ("'" + titles[i] + "'");
  return out;
}

// Nothing matched: exit 1, saying why on `err` (and with --json an empty removal on `out`).
int report_miss(const CatalogueArgs& args, const book::RemovalPlan& plan, const std::string& name, std::ostream& out,
                std::ostream& err) {
  if (args.json) {
    out << "{\"catalogue\": " << json_quote(name) << ", \"dry_run\": " << (args.dry_run ? "true" : "false")
        << ", \"removed\": [], \"near\": [";
    for (std::size_t i = 0; i < plan.near.size(); ++i) out << (i ? ", " : "") << json_quote(plan.near[i]);
    out << "]}\n";
  }
  err << "puzzlepress: " << plan.miss << " in " << name
      << (plan.near.empty() ? "" : " (did you mean " + alternatives(plan.near) + "?)") << ": nothing removed\n";
  return kExitFailure;
}

// Several books of the title: InputError (exit 2) naming their seeds.
[[noreturn]] void refuse_ambiguous(const CatalogueArgs& args, const book::RemovalPlan& plan, const std::string& name) {
  std::string seeds;
  for (std::size_t i = 0; i < plan.seeds.size(); ++i)
    seeds += (i == 0 ? "" : i + 1 == plan.seeds.size() ? " and " : ", ") + std::to_string(plan.seeds[i]);
  throw InputError(Place::flag("TITLE"), "'" + args.title + "' names " + std::to_string(plan.seeds.size()) +
                                             " books of " + name + " (seeds " + seeds +
                                             "): say which with --seed; nothing removed");
}

void report_removed(const CatalogueArgs& args, const std::vector<book::CatalogueBook>& removed, const std::string& name,
                    std::ostream& out) {
  if (args.json) {
    out << "{\"catalogue\": " << json_quote(name) << ", \"dry_run\": " << (args.dry_run ? "true" : "false")
        << ", \"removed\": [";
    for (std::size_t i = 0; i < removed.size(); ++i) out << (i ? ", " : "") << removed_json(removed[i]);
    out << "]}\n";
    return;
  }
  for (const auto& b : removed)
    out << (args.dry_run ? "would remove " : "removed ") << book::describe_edition(b) << ": " << b.puzzles
        << " puzzles\n";
  if (args.dry_run) out << "dry run: nothing removed from " << name << '\n';
}

}  // namespace

int run_catalogue_remove(const CatalogueArgs& args, std::ostream& out, std::ostream& err) {
  if (args.catalogue.empty())
    throw InputError(Place::flag("--catalogue"),
                     "which catalogue? (expected --catalogue FILE or a postgresql:// address)");
  // Never created: removing from a catalogue that does not exist is a mistake in its name.
  auto store = book::open_catalogue(args.catalogue, Place::flag("--catalogue"), false, catalogue_wait_ms());
  const book::RemovalRequest request{args.title, args.seed, args.edition};
  if (args.dry_run) {
    const book::RemovalPlan plan = book::plan_removal(store->books(), request);
    if (!plan.seeds.empty()) refuse_ambiguous(args, plan, store->name());
    if (plan.editions.empty()) return report_miss(args, plan, store->name(), out, err);
    report_removed(args, plan.editions, store->name(), out);
    return kExitOk;
  }
  // The books are read under the writer's lock: what is removed is what was chosen.
  store->begin_write();
  std::vector<book::CatalogueBook> removed;
  try {
    const book::RemovalPlan plan = book::plan_removal(store->books(), request);
    if (!plan.seeds.empty()) refuse_ambiguous(args, plan, store->name());
    if (plan.editions.empty()) {
      store->rollback();
      return report_miss(args, plan, store->name(), out, err);
    }
    for (book::CatalogueBook b : plan.editions) {
      b.puzzles = store->remove_book(b.key);
      if (b.puzzles < 0)
        throw EnvironmentError("catalogue " + store->name() + ": '" + b.title + "' vanished while held");
      removed.push_back(std::move(b));
    }
    store->commit();
  } catch (...) {
    store->rollback();
    throw;
  }
  report_removed(args, removed, store->name(), out);
  return kExitOk;
}

}  // namespace puzzlepress::cli
