// StudioSession: the book side of `puzzlepress studio`. One spec file and its folder; specs read
// from text (the editor's, not the disk's), with every file they name kept inside that folder;
// page count and spine width without generating; whole books made through a PuzzleCache (so an
// edit that changes only layout regenerates nothing); Build and Save through util::write_outputs.
// The web server (cli/studio_server.cpp) only maps requests onto these calls.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "book/kdp/cover_geometry.h"
#include "book/kdp/print_cost.h"
#include "book/make/build.h"
#include "book/make/puzzle_cache.h"
#include "book/spec/spec.h"
#include "render/image_painter.h"
#include "util/result.h"

namespace puzzlepress::book {

/// What the readout shows for a spec, known without generating a puzzle.
struct StudioFacts {
  int page_count = 0;
  double spine_in = 0;       ///< the cover's spine (its printer and paper), else KDP's for the book's paper
  std::string trim_name;     ///< as the spec writes it
  double page_width_pt = 0;  ///< one interior page, bleed included (points)
  double page_height_pt = 0;
  bool has_cover = false;
  int puzzle_count = 0;
  std::vector<std::string> page_kinds;  ///< page_kind_id of each page, page 1 first
  /// The cover's panels, folds, safe areas and barcode box (points, origin bottom-left of the
  /// whole wrap) as make_cover lays them out, for the page's guides; set with a cover.
  std::optional<CoverGeometry> cover;
  /// KDP's printing cost and least list price on Amazon.com for the page count and trim (black
  /// ink), and that marketplace's royalty rule; unset for a cover another printer prints, or
  /// when KDP's table has no row for the book.
  std::optional<KdpPrice> kdp_price;
  std::optional<KdpRoyaltyRule> kdp_royalty;
};

/// An error as the page shows it: the CLI's text, and the spec line and column it points at
/// (0 when it points at no line of the spec: a flag-less environment error, say).
struct StudioError {
  std::string text;
  int line = 0;
  int column = 0;
};

/// A spec that has never been saved: what `puzzlepress studio` with no file opens.
std::string starter_spec_text();

class StudioSession {
 public:
  /// `spec_path` as the user gave it: messages name the spec by it, exactly as `puzzlepress build
  /// SPEC` would. Its folder is the only one the session reads or writes (besides the program's
  /// own layouts and fonts). Throws InputError at the path when the spec is a folder or leads
  /// (through a link) outside its folder.
  StudioSession(std::filesystem::path spec_path, Resources resources, std::string version, int jobs = 0);

  const std::filesystem::path& spec_path() const { return spec_path_; }
  /// The spec's folder, absolute and canonical.
  const std::filesystem::path& folder() const { return folder_; }

  /// The spec file's text, or starter_spec_text() when the file does not exist yet. Throws
  /// InputError "SPEC: cannot read the spec: why" (as load_spec_file does).
  std::string spec_text() const;

  /// The spec in `text`, read as if it were the spec file (load_spec). A layout file, font or
  /// front image outside the folder is an InputError at its value: "SPEC:L:C: 'PATH' is outside
  /// the spec's folder DIR; the studio reads only files inside it".
  BookSpec read(std::string_view text) const;

  /// Page count and spine width (plan only, no puzzles). Throws InputError as a build would
  /// (a layout that cannot be read, a page count KDP refuses, an IngramSpark cover without
  /// spine_in).
  StudioFacts facts(const BookSpec& spec) const;

  /// The whole book as `puzzlepress build` makes it, its puzzles through the session's cache.
  /// `cancelled` is asked between generated puzzles (GenerationCancelled). Throws as make_book.
  Book make(const BookSpec& spec, const std::function<bool()>& cancelled = {});

  /// make() for a preview: only page `page` (1-based; 0: the cover alone) laid out and checked
  /// to fit (make_book_page), the puzzles through the cache.
  Book make_page(const BookSpec& spec, int page, const std::function<bool()>& cancelled = {});

  /// Where Build writes: SPEC's name with .pdf and .json beside it, and <name>-cover.pdf with a
  /// cover.
  BookPaths paths(const BookSpec& spec) const;

  /// Builds `text` and writes the PDF, manifest (and cover) all or none; returns the files
  /// written. Refuses (InputError) a book with a puzzle that failed its final check, any
  /// output that would land outside the folder (an existing link to elsewhere), and a spec with
  /// `catalogue:` (at its value: a catalogued book is registered with its files, which only
  /// `puzzlepress build` does).
  std::vector<std::filesystem::path> build(std::string_view text);

  /// Writes `text` over the spec file, and nothing else: staged and renamed (never a partial
  /// file). Text over kMaxSpecBytes is refused (InputError at the spec).
  void save(std::string_view text);

  /// Page `page` (1-based) of `book` as PNG bytes at `dpi` (render::ImagePainter, fonts loaded
  /// once per session), or its cover when `page` is 0. The result's error says why there is no
  /// image (a page the book does not have or did not lay out, no cover, a font that cannot be
  /// loaded, a dpi outside the painter's range).
  util::Result<std::string> preview_png(const Book& book, int page, int dpi) const;

  /// `book`'s cover as the PDF Build writes (render_pdf of its one page; IngramSpark's PDF/X
  /// conversion left out: it changes no text or colour the thumbnail check reads). The error
  /// says why not (no cover, a font that cannot be embedded).
  util::Result<std::string> cover_pdf(const Book& book) const;

  /// The values the page offers in its lists: KDP's trim names and the layout presets there are.
  std::vector<std::string> trim_names() const;
  std::vector<std::string> layout_presets() const;

  /// `error` as the page shows it (line and column when it points into the spec).
  StudioError describe(const InputError& error) const;

  /// Chooses the puzzles of a spec with `catalogue:` as `build` would (the CLI gives
  /// catalogue/choose_catalogue_puzzles: this room does not include the catalogue's), before
  /// make() and make_page() make the book, so the studio shows the puzzles the book prints.
  /// Without one, a spec's catalogue is not read.
  using PuzzleChooser = std::function<void(BookSpec& spec, const BuildSettings& settings)>;
  void set_puzzle_chooser(PuzzleChooser chooser) { chooser_ = std::move(chooser); }

  /// Test-only: the session's puzzle cache, to count what was generated.
  PuzzleCache& cache() { return *cache_; }
  const Resources& resources() const { return resources_; }

 private:
  BuildSettings settings(const std::function<bool()>& cancelled);
  void require_inside(const std::filesystem::path& path, const Place& place, const std::string& what) const;

  std::filesystem::path spec_path_;
  std::filesystem::path folder_;
  Resources resources_;
  std::string version_;
  int jobs_;
  std::unique_ptr<PuzzleCache> cache_;
  PuzzleChooser chooser_;
  std::mutex make_mutex_;  // one book made at a time (metrics_ is not thread-safe)
  MetricsCache metrics_;
  // Painters with their fonts loaded, by the fonts' names (painting is thread-safe).
  util::Result<const render::ImagePainter*> painter_for(const render::FontFiles& fonts) const;
  mutable std::mutex painters_mutex_;
  mutable std::map<std::string, std::unique_ptr<render::ImagePainter>> painters_;
};

}  // namespace puzzlepress::book
