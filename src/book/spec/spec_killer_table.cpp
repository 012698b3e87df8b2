#include "book/spec/spec_killer_table.h"

namespace puzzlepress::book {

void read_killer_table(const YamlReader& reader, const MapReader& top, BookSpec& spec) {
  const YamlNode* v = top.find("killer_table");
  if (v == nullptr) return;
  spec.killer_table = reader.get_bool(*v, "killer_table");
  if (spec.killer_table && !has_killers(spec.sections)) {
    reader.fail(v->where,
                "'killer_table': the cage combination table is for killer puzzles, and this book has no "
                "kind: killer section; remove killer_table or add a killer section");
  }
}

}  // namespace puzzlepress::book
