#include "book/make/pages.h"

#include <algorithm>
#include <stdexcept>

#include "book/make/cage_table.h"
#include "book/text/figures.h"
#include "book/text/wording.h"

namespace puzzlepress::book {
namespace {

using Maker = LaidPage (*)(const PageContext&, const PlannedPage&, const render::PageFrame&);

LaidPage text_page(render::Page page) { return LaidPage{std::move(page), {}}; }

// The page puzzle `index` refers to in `pages` (CrossReferences), or 0 when the book prints no
// cross-references or the plan is not final.
int printed_reference(const PageContext& c, const std::vector<int>* pages, int index) {
  if (!c.spec.cross_references || pages == nullptr || index < 0 || index >= static_cast<int>(pages->size())) return 0;
  return (*pages)[static_cast<std::size_t>(index)];
}

LaidPage title(const PageContext& c, const PlannedPage&, const render::PageFrame& frame) {
  return text_page(render::layout_title_page(frame, c.style, c.spec.title, c.spec.subtitle, c.spec.author, c.measure));
}

LaidPage copyright(const PageContext& c, const PlannedPage&, const render::PageFrame& frame) {
  CopyrightFacts facts;
  facts.title = c.spec.title;
  facts.author = c.spec.author;
  facts.year = c.spec.year ? std::to_string(*c.spec.year) : "";
  facts.publisher = c.spec.publisher;
  facts.isbn = c.spec.isbn;
  facts.version = c.version;
  facts.seed = c.spec.seed;
  facts.credit = c.spec.credit_line;
  facts.logic_only = !c.puzzles.empty() && std::all_of(c.puzzles.begin(), c.puzzles.end(),
                                                       [](const auto& p) { return p.rated && !p.needs_trial; });
  return text_page(render::layout_footnote_page(frame, c.style, c.words.copyright(facts), c.measure));
}

// The rules for a book that is not all 9x9 digits, or for any book in the kids register: told
// for its first section (its size, its skin, its example figure), with a paragraph naming the
// other sizes (and, for adults, skins) when it mixes them, one for each word its letters sections
// hide and one for the shapes of each size the first section does not show. `kids`: the short
// sentences and the book's own level scale (Wording::kids_rules_*).
// The words the letters sections hide, each once, in book order.
std::vector<std::string> hidden_words(const std::vector<Section>& sections) {
  std::vector<std::string> words;
  for (const Section& s : sections) {
    if (!s.letters.empty() && std::find(words.begin(), words.end(), s.letters) == words.end())
      words.push_back(s.letters);
  }
  return words;
}

render::Article rules_article(const std::vector<Section>& sections, const Wording& w, bool kids) {
  // Told for the first section with boxes and givens: the plan gives this page to books that have
  // one (has_classic_rules). Killer sections have their own page and are not told here.
  const Section& first = *std::find_if(sections.begin(), sections.end(),
                                       [](const Section& s) { return s.kind != engine::Kind::jigsaw && !s.killer; });
  // "The rules are the same for all of them" is not so when kinds change them (their pages say how).
  const bool kinds = !book_kinds(sections).empty() || has_killers(sections);
  std::vector<engine::Shape> sizes;
  std::vector<Skin> skins;
  for (const Section& s : sections) {
    if (s.killer) continue;
    if (std::find(sizes.begin(), sizes.end(), s.shape) == sizes.end()) sizes.push_back(s.shape);
    if (std::find(skins.begin(), skins.end(), s.skin) == skins.end()) skins.push_back(s.skin);
  }
  const std::vector<std::string> words = hidden_words(sections);
  const std::string phrase = w.symbols_phrase(first.skin, first.shape, first.letters);
  render::Article article;
  article.heading = w.how_to_play_heading();
  article.paragraphs.push_back(kids ? w.kids_rules_grid(first.shape, first.skin)
                                    : w.rules_grid(first.shape, first.skin));
  article.paragraphs.push_back(kids ? w.kids_rules_fill(first.shape, first.skin, phrase)
                                    : w.rules_fill(first.shape, first.skin, phrase));
  // Several skins are named as for adults (the rules above tell the first section's).
  if (kids && !kinds && skins.size() == 1 && sizes.size() > 1) article.paragraphs.push_back(w.kids_rules_mixed(sizes));
  if (!kinds && (!kids || skins.size() > 1) && (sizes.size() > 1 || skins.size() > 1)) {
    article.paragraphs.push_back(w.rules_mixed(sizes, skins));
  }
  if (!words.empty()) article.paragraphs.push_back(w.rules_word(words));
  // Shapes of the other sizes: the first section's phrase names only its own.
  std::vector<engine::Shape> shape_sizes;
  for (const Section& s : sections) {
    if (s.killer) continue;
    const bool told = first.skin == Skin::shapes && s.shape == first.shape;
    if (s.skin == Skin::shapes && !told &&
        std::find(shape_sizes.begin(), shape_sizes.end(), s.shape) == shape_sizes.end()) {
      shape_sizes.push_back(s.shape);
      article.paragraphs.push_back(w.rules_shapes_of_size(s.shape));
    }
  }
  article.paragraphs.push_back(kids ? w.kids_rules_tips() : w.rules_tips(first.skin, first.shape));
  article.paragraphs.push_back(kids ? w.kids_rules_grades(book_grades(sections))
                                    : w.rules_grades(book_grades(sections)));
  // The example's first row holds symbols 1..N in order: with a word, it spells it.
  SymbolSet example = default_symbols(first.skin, first.shape);
  for (std::size_t i = 0; i < first.letters.size() && i < example.names.size(); ++i) {
    example.names[i] = std::string(1, first.letters[i]);
  }
  article.figure = how_to_play_figure(first.shape, example);
  article.caption = w.how_to_play_caption(first.skin, first.shape);
  return article;
}

bool all_9x9_digits(const std::vector<Section>& sections) {
  return std::all_of(sections.begin(), sections.end(),
                     [](const Section& s) { return s.shape == engine::kShape9x9 && s.skin == Skin::digits; });
}

// A kind's How to Play page (plan.h): its rule, and its section's first puzzle with one of the
// kind's houses filled in. In a book of jigsaws alone it is the only such page: it also gives
// the fill rule (rows, columns, regions), the words its letters hide and the grades.
// The killer How to Play page: its rule and its section's first puzzle with the first cage
// filled in. In a book of killers alone it is the only such page (has_classic_rules): it also
// names the book's grades and says where the solutions are (the grades paragraph).
render::Article killer_article(const PageContext& c, const PlannedPage& planned) {
  const Section& section = c.spec.sections.at(static_cast<std::size_t>(planned.section));
  const int index = planned.puzzles.at(0);
  const bool kids = c.spec.reader() == Audience::kids;
  const bool alone =
      std::all_of(c.spec.sections.begin(), c.spec.sections.end(), [](const Section& s) { return s.killer; });
  render::Article article;
  article.heading = c.words.killer_heading();
  article.paragraphs.push_back(c.words.rules_killer(section.shape, kids));
  if (alone) {
    const std::vector<engine::Grade> grades = book_grades(c.spec.sections);
    article.paragraphs.push_back(kids ? c.words.kids_rules_grades(grades) : c.words.rules_grades(grades));
  }
  if (const engine::Killer* killer = c.killer(index)) {
    const auto k = static_cast<std::size_t>(index);
    article.figure = killer_example_figure(c.puzzles[k], *killer, c.symbols[k]);
    article.caption = c.words.killer_caption(index + 1);
  }
  return article;
}

render::Article kind_article(const PageContext& c, const PlannedPage& planned) {
  const Section& section = c.spec.sections.at(static_cast<std::size_t>(planned.section));
  if (section.killer) return killer_article(c, planned);
  const auto index = static_cast<std::size_t>(planned.puzzles.at(0));
  const bool whole = !has_classic_rules(c.spec.sections);
  const bool kids = c.spec.reader() == Audience::kids;
  render::Article article;
  article.heading = whole ? c.words.how_to_play_heading() : c.words.kind_heading(section.kind);
  article.paragraphs.push_back(c.words.rules_kind(section.kind, section.shape, section.skin, kids));
  if (whole) {
    const std::string phrase = c.words.symbols_phrase(section.skin, section.shape, section.letters);
    article.paragraphs.push_back(c.words.rules_fill_regions(section.shape, section.skin, phrase, kids));
    if (const auto words = hidden_words(c.spec.sections); !words.empty()) {
      article.paragraphs.push_back(c.words.rules_word(words));
    }
    const std::vector<engine::Grade> grades = book_grades(c.spec.sections);
    article.paragraphs.push_back(kids ? c.words.kids_rules_grades(grades) : c.words.rules_grades(grades));
  }
  article.figure = kind_example_figure(c.puzzles[index], c.layouts[index], c.symbols[index]);
  article.caption = c.words.kind_caption(section.kind, static_cast<int>(index) + 1, section.shape, section.skin);
  return article;
}

LaidPage how_to_play(const PageContext& c, const PlannedPage& planned, const render::PageFrame& frame) {
  if (planned.section >= 0) {
    return text_page(render::layout_article_page(frame, c.style, kind_article(c, planned), c.measure));
  }
  render::Article article;
  if (c.spec.reader() == Audience::kids) {
    article = rules_article(c.spec.sections, c.words, true);
  } else if (all_9x9_digits(c.spec.sections)) {
    article.heading = c.words.how_to_play_heading();
    article.paragraphs = c.words.how_to_play(book_grades(c.spec.sections));
    article.figure = how_to_play_figure();
    article.caption = c.words.how_to_play_caption();
  } else {
    article = rules_article(c.spec.sections, c.words, false);
  }
  if (const std::vector<engine::Kind> kinds = book_kinds(c.spec.sections);
      !kinds.empty() || has_killers(c.spec.sections)) {
    article.paragraphs.push_back(
        c.words.rules_kinds(kinds, c.spec.reader() == Audience::kids, has_killers(c.spec.sections)));
  }
  return text_page(render::layout_article_page(frame, c.style, article, c.measure));
}

LaidPage blank(const PageContext& c, const PlannedPage&, const render::PageFrame& frame) {
  return text_page(render::layout_blank_page(frame, c.style, c.words.blank_page(), c.measure));
}

LaidPage solutions_heading(const PageContext& c, const PlannedPage&, const render::PageFrame& frame) {
  const int total = static_cast<int>(c.puzzles.size());
  return text_page(render::layout_heading_page(frame, c.style, c.words.solutions_heading(),
                                               c.words.puzzle_range(1, total), c.measure));
}

LaidPage notes(const PageContext& c, const PlannedPage&, const render::PageFrame& frame) {
  return text_page(render::layout_ruled_page(frame, c.style, c.words.notes_heading(), c.measure));
}

LaidPage puzzles(const PageContext& c, const PlannedPage& planned, const render::PageFrame& frame) {
  std::vector<render::FigureSlot> slots;
  for (int index : planned.puzzles) {
    const engine::Killer* killer = c.killer(index);  // graded as the others: grade and stars
    slots.push_back(killer ? killer_slot(c.puzzles[index], *killer, c.symbols[index], index + 1, c.words)
                           : puzzle_slot(c.puzzles[index], c.symbols[index], index + 1, c.words));
    show_kind(slots.back().figure, c.layouts[index], c.spec.section_of(index).tint);
    if (mixes_kinds(c.spec.sections))
      slots.back().kind_label = killer ? c.words.killer_heading() : c.words.kind_heading(c.layouts[index].kind);
    slots.back().figure.row_column_labels = c.spec.shows_grid_labels();
    if (c.spec.reader() == Audience::kids) {  // the book's own levels: grade k of n has k stars of n
      const StarScale stars = c.spec.stars(c.puzzles[index].grade);
      slots.back().stars_filled = stars.filled;
      slots.back().stars_total = stars.total;
    }
    if (const int page = printed_reference(c, c.references ? &c.references->solution_page : nullptr, index)) {
      slots.back().footnote = c.words.solution_on_page(page);
    }
  }
  // Shapes and letters cannot be inferred: the page names its puzzles' symbol set (a section,
  // and so a symbol set, starts on a new page).
  const SymbolSet* set = planned.puzzles.empty() ? nullptr : &c.symbols[planned.puzzles.front()];
  if (set == nullptr || set->skin == Skin::digits) {
    auto laid = render::layout_puzzle_page(frame, c.style, slots, c.measure);
    return LaidPage{std::move(laid.page), std::move(laid.grid_boxes), laid.smallest_cell_pt,
                    std::move(laid.overwide_line)};
  }
  render::SymbolLegend legend;
  legend.caption = c.words.text(set->skin == Skin::shapes ? "legend_shapes" : "legend_letters");
  const engine::Puzzle& first = c.puzzles[planned.puzzles.front()];
  const int n = first.shape.size();
  for (int k = 0; k < n; ++k) {  // a word's letters as it is spelled (its solution row), else in order
    const int value = set->word_row ? first.solution.cells[static_cast<std::size_t>(*set->word_row * n + k)] : k + 1;
    legend.symbols.push_back(symbol_cell(*set, value, render::Ink::given));
  }
  auto laid = render::layout_puzzle_page(frame, c.style, slots, legend, c.measure);
  return LaidPage{std::move(laid.page), std::move(laid.grid_boxes), laid.smallest_cell_pt,
                  std::move(laid.overwide_line)};
}

LaidPage glossary(const PageContext& c, const PlannedPage& planned, const render::PageFrame& frame) {
  const std::vector<render::GlossaryItem> all = glossary_items(c);
  std::vector<render::GlossaryItem> items;
  for (int e : planned.entries) items.push_back(all.at(static_cast<std::size_t>(e)));
  const bool first = !planned.entries.empty() && planned.entries.front() == 0;
  return text_page(render::layout_glossary_page(
      frame, c.style, first ? c.words.glossary_heading() : "",
      first ? c.words.glossary_intro(!book_kinds(c.spec.sections).empty()) : "", items, c.measure));
}

LaidPage hints(const PageContext& c, const PlannedPage& planned, const render::PageFrame& frame) {
  const std::vector<render::ListEntry> entries = hint_entries(c.hints, planned.puzzles, c.words);
  const bool first = planned.entries.empty() || planned.entries.front() == 0;
  return text_page(render::layout_list_page(frame, c.style, first ? c.words.hints_heading() : "",
                                            first ? hint_intro(c.hints, c.words, c.spec.sections) : "", entries,
                                            hint_label_sample(static_cast<int>(c.puzzles.size()), c.words), c.measure));
}

LaidPage solutions(const PageContext& c, const PlannedPage& planned, const render::PageFrame& frame) {
  std::vector<render::FigureSlot> slots;
  for (int index : planned.puzzles) {
    slots.push_back(solution_slot(c.puzzles[index], c.symbols[index], index + 1, c.words));
    show_kind(slots.back().figure, c.layouts[index], c.spec.section_of(index).tint);
    if (const int page = printed_reference(c, c.references ? &c.references->puzzle_page : nullptr, index)) {
      slots.back().name = c.words.solution_of_puzzle(index + 1, page);
    }
  }
  auto laid = render::layout_solution_page(frame, c.style, slots, c.measure);
  return LaidPage{std::move(laid.page), std::move(laid.grid_boxes), laid.smallest_cell_pt,
                  std::move(laid.overwide_line)};
}

}  // namespace

std::vector<int> hint_listed_puzzles(const std::vector<BookHint>& hints) {
  std::vector<int> listed;
  for (std::size_t k = 0; k < hints.size(); ++k) {
    if (!hints[k].step.singles_only) listed.push_back(static_cast<int>(k));
  }
  return listed;
}

std::vector<render::ListEntry> hint_entries(const std::vector<BookHint>& hints, const std::vector<int>& listed,
                                            const Wording& words) {
  std::vector<render::ListEntry> entries;
  for (int k : listed) entries.push_back({words.puzzle_label(k + 1), hints.at(static_cast<std::size_t>(k)).sentence});
  return entries;
}

std::string hint_intro(const std::vector<BookHint>& hints, const Wording& words, const std::vector<Section>& sections) {
  std::vector<int> left_out;  // 1-based
  for (std::size_t k = 0; k < hints.size(); ++k) {
    if (hints[k].step.singles_only) left_out.push_back(static_cast<int>(k) + 1);
  }
  return words.hints_intro(left_out, !book_kinds(sections).empty(), has_killers(sections));
}

std::string hint_label_sample(int puzzle_count, const Wording& words) {
  // The widest label: the digits of the largest number, each as wide as the widest digit.
  return words.format("puzzle_label", {{"n", std::string(std::to_string(std::max(1, puzzle_count)).size(), '0')}});
}

namespace {

// A killer's glossary figure: the cage its step reads (cage combinations, cage/house
// intersection, killer pairs and triples) outlined, without its sum: the figure's cells are too
// small for a sum of 7 pt (render::kMinCageSumPt), and every cage outlined would hide the shading.
void show_step_cage(render::Figure& figure, const engine::Hint& step) {
  std::vector<int> cells = step.technique == engine::Technique::cage_combination ? step.cells
                           : step.technique == engine::Technique::cage_house_intersection ||
                                   step.technique == engine::Technique::killer_subset
                               ? step.extra_cells
                               : std::vector<int>{};
  if (cells.empty()) return;
  std::sort(cells.begin(), cells.end());
  figure.cages.push_back({cells, ""});
}

}  // namespace

std::vector<render::GlossaryItem> glossary_items(const PageContext& c) {
  std::vector<render::GlossaryItem> items;
  for (const GlossaryEntry& e : c.glossary) {
    const auto k = static_cast<std::size_t>(e.puzzle);
    render::GlossaryItem item;
    item.figure = glossary_figure(c.hints.at(k), c.puzzles.at(k).shape, c.puzzles.at(k).givens, c.symbols.at(k));
    // A jigsaw's regions; not the shading of diagonals and windows, whose grey is the pattern's.
    if (c.layouts.at(k).kind == engine::Kind::jigsaw) show_kind(item.figure, c.layouts.at(k));
    if (c.killer(e.puzzle)) show_step_cage(item.figure, c.hints.at(k).step);
    item.name = c.words.technique_heading(e.technique);
    item.text = c.words.technique_definition(e.technique);
    item.caption = c.words.glossary_caption(e.puzzle + 1);
    items.push_back(std::move(item));
  }
  return items;
}

int last_puzzle_read(const PlannedPage& planned, int puzzle_count) {
  switch (planned.kind) {
    case PageKind::puzzles:
    case PageKind::solutions:
      return planned.puzzles.empty() ? -1 : *std::max_element(planned.puzzles.begin(), planned.puzzles.end());
    case PageKind::copyright:
    case PageKind::hints:
    case PageKind::glossary: return puzzle_count - 1;
    case PageKind::how_to_play:  // a kind's page shows a puzzle of the book
      return planned.puzzles.empty() ? -1 : planned.puzzles.front();
    case PageKind::title:
    case PageKind::cage_table:
    case PageKind::blank:
    case PageKind::solutions_heading:  // the puzzle count only
    case PageKind::notes: return -1;
  }
  return puzzle_count - 1;
}

LaidPage lay_out_page(const PageContext& context, const PlannedPage& planned, const render::PageFrame& frame) {
  // The table of makers, keyed by page kind (-Wswitch flags a kind without one).
  Maker maker = nullptr;
  switch (planned.kind) {
    case PageKind::title: maker = title; break;
    case PageKind::copyright: maker = copyright; break;
    case PageKind::how_to_play: maker = how_to_play; break;
    case PageKind::cage_table: maker = cage_table_page; break;
    case PageKind::blank: maker = blank; break;
    case PageKind::puzzles: maker = puzzles; break;
    case PageKind::glossary: maker = glossary; break;
    case PageKind::hints: maker = hints; break;
    case PageKind::solutions_heading: maker = solutions_heading; break;
    case PageKind::solutions: maker = solutions; break;
    case PageKind::notes: maker = notes; break;
  }
  if (maker == nullptr) throw std::logic_error("lay_out_page: no maker for this page kind");
  return maker(context, planned, frame);
}

}  // namespace puzzlepress::book
