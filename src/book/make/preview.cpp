#include "book/make/preview.h"

#include "book/make/listing_mockup.h"
#include "book/make/listing_panels.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>

#include "engine/grade.h"
#include "render/pdf_writer.h"
#include "util/numbers.h"

namespace puzzlepress::book {
namespace {

namespace fs = std::filesystem;

std::string_view extension(PreviewFormat format) { return format == PreviewFormat::svg ? "svg" : "png"; }

std::string trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return "";
  const auto last = s.find_last_not_of(" \t");
  return std::string(s.substr(first, last - first + 1));
}

std::optional<int> whole_number(const std::string& s) {
  if (s.empty() || s.size() > 6) return std::nullopt;
  for (char c : s) {
    if (std::isdigit(static_cast<unsigned char>(c)) == 0) return std::nullopt;
  }
  return std::stoi(s);
}

// A listing spread shows puzzles of one group: a grade's id ("easy"), "killer" (a book's killers,
// whatever their grades: apart from the classic puzzles of a grade) or "solutions".
constexpr const char* kKillerGroup = "killer";
constexpr const char* kSolutionsGroup = "solutions";

// The puzzle groups of the book's sections, in book order, each once.
std::vector<std::string> groups_in_order(const std::vector<Section>& sections) {
  std::vector<std::string> groups;
  for (const Section& s : sections) {
    const std::string group = s.killer ? kKillerGroup : std::string(engine::grade_id(s.grade));
    if (std::find(groups.begin(), groups.end(), group) == groups.end()) groups.push_back(group);
  }
  return groups;
}

std::string spread_name(const std::string& group) { return "listing-spread-" + group + ".png"; }

std::string puzzle_group(const Book& book, std::size_t k) {
  const bool killer = k < book.killers.size() && !book.killers[k].cages.empty();
  return killer ? kKillerGroup : std::string(engine::grade_id(book.puzzles[k].grade));
}

const BookPage* page_at(const Book& book, int number) {
  if (number < 1 || number > static_cast<int>(book.pages.size())) return nullptr;
  return &book.pages[static_cast<std::size_t>(number - 1)];
}

// Does page `number` show puzzles of `group` (or solutions)?
bool shows(const Book& book, int number, const std::string& group) {
  const BookPage* page = page_at(book, number);
  if (page == nullptr) return false;
  if (group == kSolutionsGroup) return page->planned.kind == PageKind::solutions;
  if (page->planned.kind != PageKind::puzzles || page->planned.puzzles.empty()) return false;
  return puzzle_group(book, static_cast<std::size_t>(page->planned.puzzles.front())) == group;
}

int first_spread_of(const Book& book, const std::string& group) {
  const int count = static_cast<int>(book.pages.size());
  for (int left = 2; left <= count; left += 2) {
    if (shows(book, left, group) && shows(book, left + 1, group)) return left;
  }
  for (int p = 1; p <= count; ++p) {
    if (shows(book, p, group)) return p % 2 == 0 ? p : p - 1;
  }
  return 0;
}

// The paper of a listing: a page's outline, so that white pages stand apart from the white
// background.
render::Item outline(const render::Box& box) {
  render::Rect rect;
  rect.box = box;
  rect.stroke_width_pt = 1.5;
  rect.stroke = render::Colour::gray(0.78);
  return rect;
}

// The scale that makes a sheet of `width` x `height` (points) kListingShortSidePx on its short
// side (marketplaces zoom images of 2000 px or more there).
double listing_scale(double width, double height) { return kListingShortSidePx / std::min(width, height); }

}  // namespace

PreviewFormat read_preview_format(std::string_view text) {
  if (text == "png") return PreviewFormat::png;
  if (text == "svg") return PreviewFormat::svg;
  throw InputError(Place::flag("--format"), "expected png or svg, got '" + std::string(text) + "'");
}

std::vector<int> parse_page_numbers(std::string_view text, int page_count, const Place& flag) {
  std::set<int> pages;
  const std::string exists = "(the book has pages 1 to " + std::to_string(page_count) + ")";
  auto check = [&](int page) {
    if (page < 1 || page > page_count) {
      throw InputError(flag, "page " + std::to_string(page) + " does not exist " + exists);
    }
  };
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = trimmed(text.substr(start, comma - start));
    start = comma + 1;
    if (item.empty()) {
      if (comma == text.size() && !pages.empty()) break;  // a trailing comma
      if (trimmed(text).empty()) throw InputError(flag, "no pages given");
      throw InputError(flag, "'' is not a page number or a range such as 1,5,120-124");
    }
    const std::size_t dash = item.find('-');
    const auto bad = [&] {
      return InputError(flag, "'" + item + "' is not a page number or a range such as 1,5,120-124");
    };
    if (dash == std::string::npos) {
      const auto page = whole_number(item);
      if (!page) throw bad();
      check(*page);
      pages.insert(*page);
      continue;
    }
    const auto first = whole_number(trimmed(item.substr(0, dash)));
    const auto last = whole_number(trimmed(item.substr(dash + 1)));
    if (!first || !last) throw bad();
    if (*first > *last) {
      throw InputError(flag, item + " is an empty range (write the first page first)");
    }
    check(*first);
    check(*last);
    for (int p = *first; p <= *last; ++p) pages.insert(p);
  }
  return {pages.begin(), pages.end()};
}

std::string page_image_name(int number, PreviewFormat format) {
  char name[32];
  std::snprintf(name, sizeof name, "page-%03d.", number);
  return name + std::string(extension(format));
}

PreviewPlan plan_preview(const BookSpec& spec, const Resources& resources, const PreviewRequest& request) {
  PreviewPlan plan;
  plan.listing = request.listing;
  if (request.format) plan.format = read_preview_format(*request.format);
  if (request.listing) {
    const std::string why = "--listing (it makes its own images, each at its own size)";
    if (request.pages) throw InputError(Place::flag("--pages"), "not used with " + why);
    if (request.dpi) throw InputError(Place::flag("--dpi"), "not used with " + why);
    if (plan.format != PreviewFormat::png)
      throw InputError(Place::flag("--format"), "--listing writes PNG images only");
  }
  plan.dpi = request.dpi.value_or(kDefaultPreviewDpi);
  if (!(plan.dpi >= render::kMinImageDpi && plan.dpi <= render::kMaxImageDpi)) {
    throw InputError(Place::flag("--dpi"), "must be 36 to 1200 dots per inch, got " + util::format_general(plan.dpi));
  }
  const LayoutPreset layout = resolve_layout(spec, resources);
  const int page_count = static_cast<int>(plan_book(spec, layout).size());

  const fs::path& dir = request.dir;
  auto target = [&](const std::string& name, const std::string& what) {
    plan.targets.push_back(util::OutputTarget{dir / name, what, "-o"});
  };
  if (request.listing) {
    if (spec.cover) {
      target("listing-cover.png", "the listing's front cover");
      target("listing-mockup.png", "the listing's book mock-up");
      target("listing-inside.png", "the listing's what's-inside panel");
    }
    for (const std::string& group : groups_in_order(spec.sections)) {
      target(spread_name(group), "the listing's " + group + " spread");
    }
    target(spread_name(kSolutionsGroup), "the listing's solutions spread");
    if (spec.cover) {
      target("aplus-book.png", "the A+ banner of the book");
      target("aplus-spread.png", "the A+ banner of a spread");
    }
  } else {
    if (request.pages) {
      plan.pages = parse_page_numbers(*request.pages, page_count, Place::flag("--pages"));
    } else {
      for (int p = 1; p <= page_count; ++p) plan.pages.push_back(p);
    }
    for (int p : plan.pages) target(page_image_name(p, plan.format), "the image of page " + std::to_string(p));
    if (spec.cover) target("cover." + std::string(extension(plan.format)), "the cover image");
  }

  std::error_code ec;
  if (fs::exists(dir, ec) || fs::is_symlink(dir, ec)) {
    if (!fs::is_directory(dir, ec)) {
      throw InputError(Place::flag("-o"), dir.string() + " is not a folder (preview writes a folder of images)");
    }
    util::check_outputs(plan.targets, book_inputs(spec, resources));
  }
  return plan;
}

std::unique_ptr<render::ImagePainter> load_painter(const Book& book) {
  auto painter = render::ImagePainter::load(book.info.fonts);
  if (!painter) throw EnvironmentError(painter.error());
  return std::move(*painter);
}

int first_spread(const Book& book, std::optional<engine::Grade> grade) {
  return first_spread_of(book, grade ? std::string(engine::grade_id(*grade)) : std::string(kSolutionsGroup));
}

render::Sheet front_cover_sheet(const Book& book) {
  const BookCover& cover = *book.cover;
  const render::Box& front = cover.geometry.front;
  const double s = listing_scale(front.width(), front.height());
  render::Sheet sheet;
  sheet.width_pt = std::round(front.width() * s);
  sheet.height_pt = std::round(front.height() * s);
  sheet.pages.push_back({&cover.page, front, {0, 0, sheet.width_pt, sheet.height_pt}});
  return sheet;
}

void place_spread(const Book& book, int left, const render::Box& area, render::Sheet& sheet) {
  const render::Box& trim = book.pages.front().frame.trim_box;
  const double w = trim.width(), h = trim.height();
  const double s = std::min(area.width() / (2 * w), area.height() / h);
  const double x0 = area.left + (area.width() - 2 * w * s) / 2;
  const double y0 = area.bottom + (area.height() - h * s) / 2;
  for (int side = 0; side < 2; ++side) {
    const BookPage* page = page_at(book, left + side);
    if (page == nullptr) continue;
    const render::Box target{x0 + side * w * s, y0, x0 + (side + 1) * w * s, y0 + h * s};
    sheet.pages.push_back({&page->page, page->frame.trim_box, target});
    sheet.items.push_back(outline(target));
  }
  // The fold: a soft shadow either side of the spine when both pages are there, 10 px wide (in
  // proportion on pages under 1000 px tall).
  if (page_at(book, left) != nullptr && page_at(book, left + 1) != nullptr) {
    const double spine = x0 + w * s;
    const int steps = 10;
    const double px = std::min(1.0, h * s / 1000);
    for (int i = steps - 1; i >= 0; --i) {
      const double level = 0.80 + 0.2 * i / steps;
      for (int dir : {-1, 1}) {
        const double x = spine + dir * (i + 0.5) * px;
        render::Line line;
        line.from = {x, y0};
        line.to = {x, y0 + h * s};
        line.width_pt = px;
        line.colour = render::Colour::gray(level);
        sheet.items.emplace_back(line);
      }
    }
  }
}

render::Sheet spread_sheet(const Book& book, int left) {
  const render::Box& trim = book.pages.front().frame.trim_box;
  const double w = trim.width(), h = trim.height();
  const double margin = 0.05 * h;
  const double s = listing_scale(2 * w + 2 * margin, h + 2 * margin);
  render::Sheet sheet;
  sheet.width_pt = std::round((2 * w + 2 * margin) * s);
  sheet.height_pt = std::round((h + 2 * margin) * s);
  const double x0 = (sheet.width_pt - 2 * w * s) / 2;
  const double y0 = (sheet.height_pt - h * s) / 2;
  place_spread(book, left, {x0, y0, x0 + 2 * w * s, y0 + h * s}, sheet);
  return sheet;
}

std::vector<util::Output> preview_outputs(const Book& book, const PreviewPlan& plan,
                                          const render::ImagePainter& painter) {
  std::vector<util::Output> outputs;
  std::size_t next = 0;  // plan.targets, in order
  auto add = [&](const render::Sheet& sheet, double dpi, PreviewFormat format) {
    const util::OutputTarget& target = plan.targets.at(next++);
    util::Result<std::string> bytes = format == PreviewFormat::svg ? painter.svg(sheet) : painter.png(sheet, dpi);
    if (!bytes) throw EnvironmentError("cannot paint " + target.what + ": " + bytes.error());
    outputs.push_back({target.path, std::move(*bytes)});
  };
  if (!plan.listing) {
    for (int p : plan.pages) add(render::whole_page(page_at(book, p)->page), plan.dpi, plan.format);
    if (book.cover) add(render::whole_page(book.cover->page), plan.dpi, plan.format);
    return outputs;
  }
  // Listing images: painted at 72 dpi, where a sheet point is a pixel.
  // Measured with the fonts the painter paints with (the interior's).
  auto metrics = render::PdfFontMetrics::load(book.info.fonts);
  if (!metrics) throw EnvironmentError(metrics.error());
  render::Page backdrop;  // the mock-up's floor, alive while its sheet is painted
  ListingPanels panels;   // likewise the panels' pages
  if (book.cover) {
    add(front_cover_sheet(book), 72, PreviewFormat::png);
    add(mockup_sheet(book, backdrop), 72, PreviewFormat::png);
    add(inside_sheet(book, **metrics, panels), 72, PreviewFormat::png);
  }
  std::vector<std::string> groups;
  for (std::size_t k = 0; k < book.puzzles.size(); ++k) {
    const std::string group = puzzle_group(book, k);
    if (std::find(groups.begin(), groups.end(), group) == groups.end()) groups.push_back(group);
  }
  for (const std::string& group : groups) add(spread_sheet(book, first_spread_of(book, group)), 72, PreviewFormat::png);
  add(spread_sheet(book, first_spread_of(book, kSolutionsGroup)), 72, PreviewFormat::png);
  if (book.cover) {
    add(aplus_book_sheet(book, **metrics, panels), 72, PreviewFormat::png);
    add(aplus_spread_sheet(book, groups.empty() ? 0 : first_spread_of(book, groups.front())), 72, PreviewFormat::png);
  }
  return outputs;
}

void write_preview(const fs::path& dir, const std::vector<util::Output>& outputs) {
  // The folders this call creates, deepest first: removed again when the write fails, so a
  // failed run leaves nothing behind.
  std::vector<fs::path> created;
  std::error_code ec;
  for (fs::path missing = dir; !missing.empty() && !fs::exists(fs::symlink_status(missing, ec));
       missing = missing.parent_path()) {
    created.push_back(missing);
    if (missing == missing.parent_path()) break;
  }
  if (!fs::is_directory(dir, ec)) {
    fs::create_directories(dir, ec);
    if (ec) throw EnvironmentError("cannot create folder " + dir.string() + ": " + ec.message());
  }
  try {
    util::write_outputs(outputs);
  } catch (...) {
    for (const fs::path& folder : created) fs::remove(folder, ec);  // only when empty
    throw;
  }
}

}  // namespace puzzlepress::book
