// `bench --preview SPEC`: how long a preview takes, from the spec's text to PNG bytes of one
// puzzle page and of the cover, beside the PDF of the same page — cold (puzzles generated) and
// warm (puzzles from the cache, as the studio keeps them after the first preview).
#include <time.h>

#include <algorithm>
#include <initializer_list>
#include <fstream>
#include <iomanip>
#include <iterator>
#include <ostream>
#include <span>
#include <vector>

#include "book/make/build.h"
#include "book/make/preview.h"
#include "cli/bench_internal.h"
#include "cli/build_command.h"
#include "cli/exit_codes.h"
#include "render/image_painter.h"
#include "render/pdf_writer.h"
#include "util/errors.h"

namespace puzzlepress::cli {
namespace {

using namespace bench;

constexpr double kBenchDpi = 150;

// This thread's CPU time, ms: steadier than the wall clock on a shared machine.
double cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// A stopwatch of wall and thread-CPU time.
struct Stopwatch {
  Clock::time_point wall = Clock::now();
  double cpu = cpu_ms();
};

double best_of(std::vector<double> v) { return *std::min_element(v.begin(), v.end()); }

struct Times {
  std::vector<double> wall, cpu;
  void add(const Stopwatch& since) {
    wall.push_back(ms_since(since.wall));
    cpu.push_back(cpu_ms() - since.cpu);
  }
  void add_sum(std::initializer_list<const Times*> parts) {
    double w = 0, c = 0;
    for (const Times* t : parts) w += t->wall.back(), c += t->cpu.back();
    wall.push_back(w);
    cpu.push_back(c);
  }
};

int first_puzzle_page(const book::Book& book) {
  for (const book::BookPage& p : book.pages) {
    if (p.planned.kind == book::PageKind::puzzles) return p.planned.number;
  }
  return 0;
}

}  // namespace

int bench_preview(const BenchArgs& args, std::ostream& out) {
  std::ifstream in(args.preview, std::ios::binary);
  if (!in) throw InputError(Place::flag("--preview"), "cannot read " + args.preview);
  const std::string text(std::istreambuf_iterator<char>(in), {});
  const int rounds = std::max(args.rounds, 1) == 1 ? 10 : args.rounds;

  book::BuildSettings settings;
  settings.resources = resources();
  settings.version = PUZZLEPRESS_VERSION;
  settings.jobs = 1;  // one thread: the times add up as on a busy machine
  book::PuzzleCache cache;
  settings.cache = &cache;

  // Cold: the spec's text to a book with every puzzle generated.
  Times cold_ms, painter_ms;
  Stopwatch start;
  book::BookSpec spec = book::load_spec(text, args.preview);
  const book::Book cold = book::make_book(spec, settings);
  cold_ms.add(start);
  const int page_number = first_puzzle_page(cold);
  if (page_number == 0) throw InputError(Place::flag("--preview"), "the book has no puzzle page");
  start = Stopwatch{};
  const auto painter = book::load_painter(cold);
  painter_ms.add(start);

  Times spec_ms, book_ms, png_ms, cover_ms, pdf_ms, svg_ms, total_png_ms, total_pdf_ms;
  std::size_t png_bytes = 0, pdf_bytes = 0;
  for (int r = 0; r < rounds; ++r) {
    Stopwatch t;
    spec = book::load_spec(text, args.preview);
    spec_ms.add(t);
    t = Stopwatch{};
    const book::Book warm = book::make_book(spec, settings);  // every puzzle from the cache
    book_ms.add(t);
    const render::Page& page = warm.pages[static_cast<std::size_t>(page_number - 1)].page;
    t = Stopwatch{};
    auto png = painter->png(page, kBenchDpi);
    png_ms.add(t);
    if (!png) throw EnvironmentError(png.error());
    png_bytes = png->size();
    total_png_ms.add_sum({&spec_ms, &book_ms, &png_ms});
    if (warm.cover) {
      t = Stopwatch{};
      auto cover = painter->png(warm.cover->page, kBenchDpi);
      cover_ms.add(t);
      if (!cover) throw EnvironmentError(cover.error());
    }
    t = Stopwatch{};
    auto svg = painter->svg(page);
    svg_ms.add(t);
    t = Stopwatch{};
    const render::Page* one[] = {&page};
    auto pdf = render::render_pdf(warm.info, one);
    pdf_ms.add(t);
    if (!pdf) throw EnvironmentError(pdf.error());
    pdf_bytes = pdf->size();
    total_pdf_ms.add_sum({&spec_ms, &book_ms, &pdf_ms});
  }

  out << std::fixed << std::setprecision(1);
  out << "preview of " << args.preview << ": " << cold.pages.size() << " pages, " << cold.puzzles.size()
      << " puzzles, trim " << spec.trim_name << "; page " << page_number << " (first puzzle page) at " << kBenchDpi
      << " dpi; one thread\n";
  out << "cold (puzzles generated): spec text to book " << cold_ms.wall[0] << " ms wall, " << cold_ms.cpu[0]
      << " ms CPU; image painter fonts loaded once " << painter_ms.wall[0] << " ms\n";
  out << "warm (puzzles cached), " << rounds << " rounds, ms:        wall best  median   CPU best  median\n";
  const auto row = [&](const char* what, const Times& t) {
    out << "  " << std::left << std::setw(44) << what << std::right << std::setw(9) << best_of(t.wall) << std::setw(8)
        << median(t.wall) << std::setw(11) << best_of(t.cpu) << std::setw(8) << median(t.cpu) << '\n';
  };
  row("read the spec", spec_ms);
  row("make the book (plan, lay out every page)", book_ms);
  row("paint the page: PNG", png_ms);
  if (!cover_ms.wall.empty()) row("paint the cover: PNG", cover_ms);
  row("paint the page: SVG", svg_ms);
  row("paint the page: PDF (libharu)", pdf_ms);
  row("spec text to PNG bytes of the page", total_png_ms);
  row("spec text to PDF bytes of the page", total_pdf_ms);
  out << "  PNG " << png_bytes / 1024 << " KiB, PDF " << pdf_bytes / 1024
      << " KiB; spec-to-PNG CPU, cold / warm: " << std::setprecision(0)
      << (cold_ms.cpu[0] + median(png_ms.cpu)) / median(total_png_ms.cpu)
      << "x; warm spec-to-PDF / spec-to-PNG: " << std::setprecision(1)
      << median(total_pdf_ms.cpu) / median(total_png_ms.cpu) << "x\n";
  return kExitOk;
}

}  // namespace puzzlepress::cli
