// What a loaded spec asks for (book/spec/spec.h): a page count KDP prints, the seed of each
// puzzle and volume, and the requests that generate its puzzles (house kinds and killers).
#include <string>
#include <vector>

#include "book/spec/spec.h"
#include "book/text/wording.h"
#include "engine/batch.h"
#include "engine/killer_generator.h"

namespace puzzlepress::book {

void check_page_count(const BookSpec& spec, int page_count) {
  const PageCountRange range = page_count_range(spec.trim, spec.paper);
  if (page_count < range.min || page_count > range.max)
    throw InputError(spec.page_count_place(), "the book would have " + std::to_string(page_count) +
                                                  " pages; KDP prints " + std::to_string(range.min) + "-" +
                                                  std::to_string(range.max) + " pages at " + spec.trim_name + " on " +
                                                  std::string(paper_id(spec.paper)) + " paper");
}

std::uint32_t replacement_seed(std::uint32_t seed, int attempt) {
  return engine::mixed_seed(seed, 0x52455031u, static_cast<std::uint32_t>(attempt));
}

std::uint32_t volume_seed(std::uint32_t seed, int volume) {
  return engine::mixed_seed(seed, 0x564F4C55u, static_cast<std::uint32_t>(volume));
}

void set_volume(BookSpec& spec, int volume) {
  if (spec.series_title.empty()) spec.series_title = spec.title;
  spec.volume = volume;
  spec.title = Wording(spec.language, spec.text).volume_title(spec.series_title, volume);
  for (TextField& field : spec.text_fields)
    if (field.key == "title") field.text = spec.title;
}

std::vector<engine::VariantOptions> generate_requests(const BookSpec& spec) {
  std::vector<engine::VariantOptions> out;
  const std::uint32_t base = spec.volume > 0 ? volume_seed(spec.seed, spec.volume) : spec.seed;
  std::uint32_t index = 0;
  for (const Section& section : spec.sections)
    for (int i = 0; i < section.count; ++i, ++index) {
      engine::GenerateOptions options;
      options.shape = section.shape;
      options.grade = section.grade;
      options.seed = engine::batch_seed(base, index);
      if (const auto it = spec.replaced.find(static_cast<int>(index)); it != spec.replaced.end())
        options.seed = replacement_seed(options.seed, it->second);
      options.symmetry = spec.symmetry;
      options.grading = spec.grading;
      options.allow_trial = spec.allow_trial;
      // A reader cannot infer a shape or a letter of the word the givens never show.
      options.every_symbol_given = section.skin != Skin::digits;
      out.push_back({section.kind, options});
    }
  return out;
}

std::vector<std::optional<engine::KillerOptions>> killer_requests(const BookSpec& spec) {
  if (spec.evil_killer_grade && !spec.allow_trial) {
    // Nearly every Evil killer is one no technique finishes (docs/puzzles.md, "Killer"): aiming
    // at the few the Evil techniques solve would cost hundreds of draws a puzzle.
    throw InputError(spec.evil_killer_grade->second,
                     spec.evil_killer_grade->first +
                         ": nearly every Evil killer needs trial and error (no technique finishes it); add "
                         "allow_trial: true to the spec (or build --allow-trial), or choose easy, medium or hard");
  }
  const std::vector<engine::VariantOptions> requests = generate_requests(spec);
  std::vector<std::optional<engine::KillerOptions>> out(requests.size());
  std::size_t index = 0;
  for (const Section& section : spec.sections)
    for (int i = 0; i < section.count; ++i, ++index) {
      if (!section.killer) continue;
      engine::KillerOptions options;
      options.shape = section.shape;
      options.seed = requests[index].base.seed;
      options.grade = section.grade;  // killer_offers_grade (the spec checked it)
      out[index] = options;
    }
  return out;
}

}  // namespace puzzlepress::book
