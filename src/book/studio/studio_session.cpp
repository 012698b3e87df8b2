#include "book/studio/studio_session.h"

#include <algorithm>
#include <charconv>

#include "book/cover/cover.h"
#include "book/kdp/cover_geometry.h"
#include "book/kdp/geometry.h"
#include "render/pdf_writer.h"
#include "util/files.h"
#include "util/outputs.h"

namespace puzzlepress::book {
namespace {

namespace fs = std::filesystem;

// The marketplace the readout prices the book for (the one KDP's table here has).
constexpr std::string_view kStudioMarketplace = "Amazon.com";

// True when `path` (made absolute, links and ".." resolved, a link to a file not there yet
// followed too: writing through it would create that file) is `folder` or below it.
bool is_inside(const fs::path& folder, const fs::path& path) {
  fs::path target = path;
  std::error_code error;
  for (int hops = 0; hops < 40 && fs::is_symlink(target, error); ++hops) {
    const fs::path next = fs::read_symlink(target, error);
    if (error) break;
    target = next.is_absolute() ? next : target.parent_path() / next;
  }
  const fs::path resolved = util::identity_path(target);
  auto f = folder.begin();
  auto p = resolved.begin();
  for (; f != folder.end(); ++f, ++p) {
    if (f->empty()) continue;  // a trailing separator
    if (p == resolved.end() || *p != *f) return false;
  }
  return true;
}

}  // namespace

std::string starter_spec_text() {
  return "# A new book: change anything here or in the form; Save writes this file.\n"
         "title: My Sudoku Book\n"
         "author: Your Name\n"
         "trim: 6x9\n"
         "bleed: false\n"
         "paper: white\n"
         "layout: two-up\n"
         "grading: techniques\n"
         "seed: 1\n"
         "puzzles:\n"
         "  - { grade: easy, count: 20 }\n"
         "  - { grade: medium, count: 20 }\n"
         "  - { grade: hard, count: 20 }\n"
         "front_matter: [title, copyright, how_to_play]\n"
         "cover:\n"
         "  printer: kdp\n"
         "  background: \"#1d3557\"\n"
         "  text_color: \"#ffffff\"\n"
         "  back_text: |\n"
         "    Sixty new puzzles, from gentle warm-ups to real challenges.\n";
}

StudioSession::StudioSession(fs::path spec_path, Resources resources, std::string version, int jobs)
    : spec_path_(std::move(spec_path)),
      resources_(std::move(resources)),
      version_(std::move(version)),
      jobs_(jobs),
      cache_(std::make_unique<PuzzleCache>()) {
  const Place place = Place::file(spec_path_.string());
  std::error_code error;
  if (fs::is_directory(spec_path_, error)) {
    throw InputError(place,
                     "is a folder; give the spec file to edit (e.g. " + (spec_path_ / "book.yaml").string() + ")");
  }
  const fs::path parent = fs::absolute(spec_path_, error).parent_path();
  if (!fs::is_directory(parent, error)) {
    throw InputError(place, "folder '" + spec_path_.parent_path().string() + "' does not exist");
  }
  folder_ = util::identity_path(parent);
  require_inside(spec_path_, place, "the spec");
}

void StudioSession::require_inside(const fs::path& path, const Place& place, const std::string& what) const {
  if (!is_inside(folder_, path)) {
    throw InputError(place, what + " '" + path.string() + "' is outside the spec's folder " + folder_.string() +
                                "; the studio reads and writes only inside it");
  }
}

std::string StudioSession::spec_text() const {
  std::error_code error;
  if (!fs::exists(fs::symlink_status(spec_path_, error))) return starter_spec_text();
  // Checked at each read, not only at start: the spec may since have been swapped for a link to
  // a file outside the folder (a key, another user's file), which the page would then show.
  require_inside(spec_path_, Place::file(spec_path_.string()), "the spec");
  const util::Result<std::string> text = util::read_regular_file(spec_path_, kMaxSpecBytes);
  if (!text) throw InputError(Place::file(spec_path_.string()), "cannot read the spec: " + text.error());
  return *text;
}

BookSpec StudioSession::read(std::string_view text) const {
  if (text.size() > kMaxSpecBytes) {
    throw InputError(Place::file(spec_path_.string()), "cannot read the spec: is larger than 1 MiB");
  }
  fs::path outside;  // the last file the spec named outside the folder
  const FileExists exists = [&](const fs::path& path) {
    if (!is_inside(folder_, path)) {
      outside = path;
      return false;
    }
    std::error_code error;
    return fs::is_regular_file(path, error);
  };
  try {
    return load_spec(text, spec_path_.string(), exists);
  } catch (const InputError& e) {
    if (outside.empty()) throw;
    // The spec named a file outside the folder: say that, at the value that named it.
    throw InputError(e.place(), "'" + outside.string() + "' is outside the spec's folder " + folder_.string() +
                                    "; the studio reads only files inside it");
  }
}

StudioFacts StudioSession::facts(const BookSpec& spec) const {
  const LayoutPreset layout = resolve_layout(spec, resources_);
  const std::vector<PlannedPage> plan = plan_book(spec, layout);
  StudioFacts facts;
  facts.page_count = static_cast<int>(plan.size());
  check_page_count(spec, facts.page_count);
  if (spec.cover) {
    facts.spine_in = cover_spine_in(spec, *spec.cover, facts.page_count);
  } else {
    facts.spine_in = formula_spine_in(Printer::kdp, cover_paper_of(spec.paper), facts.page_count).value_or(0);
  }
  facts.trim_name = spec.trim_name;
  const PageSizePt size = page_size_pt(spec.trim, spec.bleed);
  facts.page_width_pt = size.width;
  facts.page_height_pt = size.height;
  facts.has_cover = spec.cover.has_value();
  if (spec.cover) {
    facts.cover = cover_geometry(spec.trim, facts.spine_in, spec.cover->printer, spec.cover->keep_barcode_clear);
  }
  // Priced for a book KDP prints: no cover, or a KDP cover (as build's summary).
  if (!spec.cover || spec.cover->printer == Printer::kdp) {
    facts.kdp_price = kdp_price(kStudioMarketplace, facts.page_count, spec.trim);
    for (const KdpRoyaltyRule& rule : kdp_royalty_rules()) {
      if (rule.marketplace == kStudioMarketplace) facts.kdp_royalty = rule;
    }
  }
  facts.puzzle_count = spec.puzzle_count();
  for (const PlannedPage& page : plan) facts.page_kinds.emplace_back(page_kind_id(page.kind));
  return facts;
}

BuildSettings StudioSession::settings(const std::function<bool()>& cancelled) {
  BuildSettings settings;
  settings.resources = resources_;
  settings.version = version_;
  settings.jobs = jobs_;
  settings.cache = cache_.get();
  settings.cancelled = cancelled;
  settings.metrics_cache = &metrics_;
  return settings;
}

Book StudioSession::make(const BookSpec& spec, const std::function<bool()>& cancelled) {
  std::lock_guard lock(make_mutex_);
  if (!chooser_ || spec.catalogue.empty()) return make_book(spec, settings(cancelled));
  BookSpec chosen = spec;
  chooser_(chosen, settings(cancelled));
  return make_book(chosen, settings(cancelled));
}

Book StudioSession::make_page(const BookSpec& spec, int page, const std::function<bool()>& cancelled) {
  std::lock_guard lock(make_mutex_);
  if (!chooser_ || spec.catalogue.empty()) return make_book_page(spec, settings(cancelled), page);
  BookSpec chosen = spec;
  chooser_(chosen, settings(cancelled));
  return make_book_page(chosen, settings(cancelled), page);
}

BookPaths StudioSession::paths(const BookSpec& spec) const {
  const fs::path pdf = fs::path(spec_path_).replace_extension(".pdf");
  BookPaths paths{{pdf, "the PDF", ""}, {fs::path(spec_path_).replace_extension(".json"), "the manifest", ""}};
  if (spec.cover) paths.cover = util::OutputTarget{default_cover_path(pdf), "the cover", ""};
  return paths;
}

std::vector<fs::path> StudioSession::build(std::string_view text) {
  const BookSpec spec = read(text);
  if (!spec.catalogue.empty())
    throw InputError(spec.catalogue_place,
                     "the studio does not register books in a catalogue: build this spec with "
                     "'puzzlepress build', which registers the book with its files");
  const BookPaths paths = this->paths(spec);
  check_book_paths(spec, resources_, paths);
  std::vector<fs::path> written;
  for (const util::OutputTarget& target : paths.targets()) {
    require_inside(target.path, Place::file(target.path.string()), target.what);
    written.push_back(target.path);
  }
  const Book book = make(spec);
  const auto invalid =
      std::count_if(book.puzzles.begin(), book.puzzles.end(), [](const engine::Puzzle& p) { return !p.valid; });
  if (invalid) {
    throw EnvironmentError(std::to_string(invalid) + " puzzle(s) failed the final check; nothing was written");
  }
  write_book(book, paths);
  return written;
}

void StudioSession::save(std::string_view text) {
  if (text.size() > kMaxSpecBytes) {
    throw InputError(Place::file(spec_path_.string()), "cannot save the spec: is larger than 1 MiB");
  }
  require_inside(spec_path_, Place::file(spec_path_.string()), "the spec");
  const util::Output output{spec_path_, std::string(text)};
  util::write_outputs(std::span(&output, 1));
}

util::Result<std::string> StudioSession::preview_png(const Book& book, int page, int dpi) const {
  if (page > 0 && page <= static_cast<int>(book.pages.size()) && book.pages[page - 1].page.items.empty() &&
      book.pages[page - 1].planned.kind != PageKind::blank) {
    return util::Result<std::string>::failure("page " + std::to_string(page) + " was not laid out (make_page)");
  }
  if (page == 0 && !book.cover) return util::Result<std::string>::failure("the spec has no cover: to preview");
  if (page < 0 || page > static_cast<int>(book.pages.size())) {
    return util::Result<std::string>::failure("page " + std::to_string(page) + " does not exist: the book has " +
                                              std::to_string(book.pages.size()) + " pages");
  }
  const render::Page& shown = page == 0 ? book.cover->page : book.pages[page - 1].page;
  const util::Result<const render::ImagePainter*> painter = painter_for(book.info.fonts);
  if (!painter) return util::Result<std::string>::failure(painter.error());
  return (*painter)->png(shown, dpi);
}

util::Result<std::string> StudioSession::cover_pdf(const Book& book) const {
  if (!book.cover) return util::Result<std::string>::failure("the spec has no cover");
  const render::Page* page = &book.cover->page;
  return render::render_pdf(book.cover_info, std::span(&page, 1));
}

util::Result<const render::ImagePainter*> StudioSession::painter_for(const render::FontFiles& fonts) const {
  std::string key;
  for (render::FontRole role : render::kAllFontRoles) key += fonts.for_role(role).describe() + '\n';
  std::lock_guard lock(painters_mutex_);
  auto found = painters_.find(key);
  if (found == painters_.end()) {
    util::Result<std::unique_ptr<render::ImagePainter>> loaded = render::ImagePainter::load(fonts);
    if (!loaded) return util::Result<const render::ImagePainter*>::failure(loaded.error());
    if (painters_.size() >= 4) painters_.clear();  // a few font sets at most; fonts change rarely
    found = painters_.emplace(key, std::move(*loaded)).first;
  }
  return util::Result<const render::ImagePainter*>::success(found->second.get());
}

std::vector<std::string> StudioSession::trim_names() const {
  std::vector<std::string> names;
  for (const Trim& trim : kStandardTrims) names.emplace_back(trim.name);
  return names;
}

std::vector<std::string> StudioSession::layout_presets() const { return preset_names(resources_); }

StudioError StudioSession::describe(const InputError& error) const {
  StudioError out{error.what()};
  const std::string prefix = spec_path_.string() + ":";
  const std::string& place = error.place().text;
  if (error.place().is_flag || !place.starts_with(prefix)) return out;
  const std::string_view rest = std::string_view(place).substr(prefix.size());
  const auto colon = rest.find(':');
  if (colon == std::string_view::npos) return out;
  int line = 0, column = 0;
  const auto l = std::from_chars(rest.data(), rest.data() + colon, line);
  const auto c = std::from_chars(rest.data() + colon + 1, rest.data() + rest.size(), column);
  if (l.ec != std::errc{} || c.ec != std::errc{} || l.ptr != rest.data() + colon ||
      c.ptr != rest.data() + rest.size()) {
    return out;
  }
  out.line = line;
  out.column = column;
  return out;
}

}  // namespace puzzlepress::book
