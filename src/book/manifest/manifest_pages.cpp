#include "book/manifest/manifest_pages.h"

namespace puzzlepress::book {

void write_page_records(JsonWriter& out, const Manifest& m) {
  if (m.how_to_play) {
    out.key("how_to_play");
    out.begin_object();
    out.member("page", m.how_to_play->page);
    out.key("grades");
    out.begin_array();
    for (const engine::Grade g : m.how_to_play->grades) out.value(engine::grade_id(g));
    out.end_array();
    out.end_object();
  }
  if (m.copyright) {
    out.key("copyright");
    out.begin_object();
    out.member("page", m.copyright->page);
    out.member("credit_line", m.copyright->credit_line);
    out.end_object();
  }
  if (m.cage_table) {
    out.key("cage_table");
    out.begin_object();
    out.member("page", m.cage_table->page);
    out.member("pages", m.cage_table->pages);
    out.end_object();
  }
}

}  // namespace puzzlepress::book
