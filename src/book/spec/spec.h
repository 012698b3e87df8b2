// The book spec: what a YAML book file means. Reading YAML itself is yaml_reader's job; the
// keys, their types, bounds, choices and defaults are data in spec_keys.h, which the loader
// checks against (a new key is an entry there and a few lines in the loader).
//
//   title: Sudoku for Adults        required, non-empty
//   subtitle, publisher, isbn       optional strings
//   author: Jane Doe                required, non-empty
//   year: 2026                      optional integer 1-9999
//   trim: 6x9                       optional, default 8.5x11 (what most buyers expect); one of
//                                   KDP's 16 names or a custom "WxH in" / "WxH mm"
//   bleed: false                    optional, default false
//   paper: white                    optional, white | cream, default white
//   layout: two-up                  optional, default two-up; a preset name (layouts/NAME.yaml)
//                                   or, when it contains '/' or ends in .yaml/.yml, a file
//                                   path relative to the spec's directory (must exist)
//   seed: 42                        required, 0-4294967295
//   symmetry: rotational            optional, rotational | none | mirror | diagonal (default rotational)
//   grading: techniques             optional, techniques | clues, default techniques: a grade
//                                   means the hardest technique a puzzle needs (and its clue
//                                   band); clues = the clue band alone
//   allow_trial: false              optional, default false: every puzzle can be solved by logic
//                                   alone (the generator draws again otherwise); true also
//                                   places puzzles that need trial and error
//   hints: false                    optional: a Hints section before the solutions (book/make/hints.h)
//   glossary: false                 optional: a "Techniques used in this book" page after the
//                                   puzzles (before the hints), one entry a technique the
//                                   puzzles' first steps beyond singles use
//   puzzles:                        required, at least one section, book order
//     - { grade: easy, count: 40 }  grade as engine::parse_grade, count > 0; 5000 in all at most;
//       size: 6x6                   optional: 4x4, 6x6, 8x8, 9x9 (default), 12x12, 16x16; the
//                                   grade must be one the size offers (engine::offers_grade)
//       skin: shapes                optional: digits (default) | letters | shapes (up to 9x9)
//       letters: WORDPUZLE          optional, says skin letters: N distinct letters A-Z (any
//                                   case, printed in capitals) that one row of each solution spells
//   solutions: { per_page: 6 }      optional override of the layout's value, 1-36
//   front_matter: [title, ...]      optional, default all of title, copyright, how_to_play;
//                                   each at most once; always laid out in that order
//   fonts: { text: a.ttf, bold: b.ttf, digits: c.ttf }   optional, each optional; relative
//                                   paths resolve against the spec's directory; must exist
//   cover:                          optional; when present, build also writes the full-wrap
//     printer: kdp                  cover PDF (see CoverSpec for every field)
//
// Every error is an InputError at "FILE:LINE:COL" (most are SpecErrors), raised before any
// page is made.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "book/spec/contents.h"
#include "book/kdp/cover_geometry.h"
#include "book/spec/image_file.h"
#include "book/text/spec_error.h"
#include "book/text/text_fields.h"
#include "book/kdp/trim.h"
#include "engine/generator9.h"
#include "engine/generator.h"
#include "engine/killer_generator.h"
#include "engine/variant_solver.h"
#include "util/errors.h"

namespace puzzlepress::book {

/// Exactly one of the two is set.
struct LayoutChoice {
  std::string preset;          ///< preset name, e.g. "two-up" (not checked to exist here)
  std::filesystem::path file;  ///< layout file, resolved against the spec's directory
};

/// Font files chosen by the spec, resolved against the spec's directory; unset = layout's.
struct FontOverrides {
  std::optional<std::filesystem::path> text;
  std::optional<std::filesystem::path> bold;
  std::optional<std::filesystem::path> digits;
};

/// A colour as the spec writes it, "#rrggbb": 0-255 per channel.
struct Rgb {
  std::uint8_t r = 0;
  std::uint8_t g = 0;
  std::uint8_t b = 0;
  friend bool operator==(const Rgb&, const Rgb&) = default;
};

/// The front cover's composition (issue 26): books that differ at a search result's thumbnail
/// size by their layout, not only their colours. Every design uses the same palette, title rules
/// and safe zones.
///   card   the title at the top, the hardest puzzle on a white card, the author at the foot
///   band   a full-width band of the accent colour across the top third holding the title in
///          the ink that contrasts with it; the hardest puzzle large below; the author at the foot
///   giant  the hardest puzzle's grid, giant, cut off at the front's edges (bleed included),
///          behind a solid title panel; the author on a strip at the foot
///   pattern  a field of the book's own symbols (the hardest puzzle's solution, tiled, in its
///          skin) over the front, a solid title block of the accent colour across its middle
///   photo  front_image over the front and its bleed, the title and author on a solid panel of
///          the background colour at the foot (the design front_image is for; no puzzle)
enum class CoverDesign { card, band, giant, pattern, photo };
/// The spec's names of CoverDesign, in its order.
inline constexpr std::string_view kCoverDesignIds[] = {"card", "band", "giant", "pattern", "photo"};

/// Most badges on a front (cover.badges).
inline constexpr std::size_t kMaxBadges = 3;

/// One badge of cover.badges as the spec gives it.
struct CoverBadge {
  std::string text{};
  Place place{};  ///< its value in the spec
  friend bool operator==(const CoverBadge&, const CoverBadge&) = default;
};

/// The `cover:` mapping: a full-wrap cover for one printer. Title, subtitle and author come from
/// the book.
///   printer: kdp            kdp | ingramspark | lulu (default kdp)
///   design: card            card | band | giant | pattern | photo: the front's composition
///                           (CoverDesign)
///   badges: [large print]   up to 3 short texts set on the front where the design places them,
///                           or auto: the book's own (puzzle count, large print, grades)
///   paper: white            white | cream | color; default: the book's paper
///   background: "#1d3557"   solid colour over the whole wrap, bleed included
///   text_color: "#ffffff"   title, author, spine and blurb
///   front_image: art.png    optional PNG/JPEG (checked by its bytes), filling the front with
///                           its bleed; relative to the spec's folder
///   front_grid: true        a real puzzle of the book as cover art; default true without an
///                           image, false with one
///   back_text: |            the blurb on the back, wrapped inside the safe zone
///   barcode: keep_clear     keep_clear (nothing but the background in the printer's barcode
///                           box: KDP and Lulu print their barcode on white there) | none
///   barcode_image: ean.png  optional PNG/JPEG of the publisher's own barcode, fitted into the
///                           box on white (300 dpi or more at that size)
///   spine_text: auto        auto (title and author when the spine is wide enough) | never
///   spine_in: 0.4504        spine width in inches (0 < x <= 3): required for ingramspark
///                           (from its cover template generator), an override otherwise
struct CoverSpec {
  Printer printer = Printer::kdp;
  CoverDesign design = CoverDesign::card;
  std::vector<CoverBadge> badges{};  ///< as given; empty with badges_auto or without badges
  bool badges_auto = false;          ///< badges: auto
  std::optional<CoverPaper> paper;   ///< unset: the book's paper
  Rgb background{0x1d, 0x35, 0x57};
  Rgb text_color{0xff, 0xff, 0xff};
  std::optional<std::filesystem::path> front_image;  ///< resolved against the spec's folder
  std::optional<ImageInfo> front_image_info;         ///< set with front_image
  std::optional<bool> front_grid;                    ///< unset: !front_image
  std::string back_text;
  bool keep_barcode_clear = true;
  /// The publisher's own barcode, fitted into the kept-clear box on white (resolved against
  /// the spec's folder); unset: KDP and Lulu print their own.
  std::optional<std::filesystem::path> barcode_image;
  std::optional<ImageInfo> barcode_image_info;  ///< set with barcode_image
  bool spine_text = true;                       ///< auto
  std::optional<double> spine_in;
  // Where later errors point (spec positions; FILE:1:1 stands for an absent value).
  Place place;            ///< the `cover` key
  Place printer_place;    ///< the printer value, else the `cover` key
  Place back_text_place;  ///< the back_text value, else the `cover` key
  Place spine_in_place;   ///< the spine_in value, else the `cover` key

  /// The paper the spine is sized for.
  CoverPaper paper_or(Paper book_paper) const { return paper.value_or(cover_paper_of(book_paper)); }
  bool draws_grid() const { return front_grid.value_or(!front_image.has_value()); }
};

/// Most puzzles a book may hold: six a page on KDP's largest page count (828) leaves room for
/// about 4,000 with their solutions; anything near this fails the page-count check anyway.
inline constexpr int kMaxPuzzles = 5000;
/// Most solutions on one page (6 x 6); more would print digits under KDP's 7 pt.
inline constexpr int kMaxSolutionsPerPage = 36;

/// Who reads the book: adults (the full register) or kids (short sentences, no "givens" or
/// "candidates", text of 14 pt or more, a level scale of the book's own grades, large grids).
enum class Audience { adults, kids };
/// "adults", "kids".
std::string_view audience_id(Audience audience);
/// The audience of every section: kids when each is 4x4 or 6x6 or of shapes.
Audience default_audience(const std::vector<Section>& sections);

/// The grades the book's puzzles have, easiest first, each once: what How to Play names (and
/// the manifest records as the page's grades), killer sections' among them.
std::vector<engine::Grade> book_grades(const std::vector<Section>& sections);

/// The kinds besides classic the sections hold, in the order the book first has them (each
/// gets a How to Play page of its own).
std::vector<engine::Kind> book_kinds(const std::vector<Section>& sections);
/// True when a section is told by the rules of sudoku (boxes and givens: every kind but jigsaw,
/// and not killer): How to Play then starts with that page. A book of jigsaws alone has its
/// jigsaw page only, with the whole rules; a book of killers alone its killer page only (the
/// classic page's givens and "no arithmetic" would be untrue of it).
bool has_classic_rules(const std::vector<Section>& sections);
/// True when the sections are not all of one kind (killer counts as one): each puzzle's label
/// then names its kind.
bool mixes_kinds(const std::vector<Section>& sections);
/// True when a section is of killers (Section::killer).
bool has_killers(const std::vector<Section>& sections);

/// How a puzzle of `grade` is starred: `filled` of `total` stars.
struct StarScale {
  int filled = 0;
  int total = 0;
};

struct BookSpec {
  std::string file;  ///< the spec's file name as given to load_spec (for later messages)
  std::string title;
  std::string subtitle;
  std::string author;
  std::string publisher;
  std::optional<int> year;
  std::string isbn;
  std::string trim_name = "8.5x11";  ///< the trim exactly as written (the manifest's "trim")
  Trim trim = kStandardTrims[14];    ///< 8.5x11 unless the spec says otherwise
  bool bleed = false;
  Paper paper = Paper::white;
  LayoutChoice layout{"two-up", {}};  ///< a kids book without `layout:` gets one-up (load_spec)
  /// `audience:`; unset: kids when every section is 4x4 or 6x6 or of shapes, else adults.
  std::optional<Audience> audience;
  Audience reader() const;
  /// The stars of a `grade` puzzle on its page and on the cover: of five for adults (grade_stars),
  /// of the book's own grades for kids (grade k of n: k of n).
  StarScale stars(engine::Grade grade) const;
  std::uint32_t seed = 0;
  engine::Symmetry symmetry = engine::Symmetry::rotational;
  engine::Grading grading = engine::Grading::techniques;
  bool allow_trial = false;  ///< also puzzles that need trial and error (never by default)
  /// The first Evil killer section's grade, where the spec gives it ("'puzzles[3].grade'" and
  /// its place): such a section needs allow_trial, from the spec or --allow-trial, which
  /// killer_requests holds it to once the flags are applied.
  std::optional<std::pair<std::string, Place>> evil_killer_grade{};
  bool credit_line = false;         ///< the copyright page names puzzlepress, its version and the seed
  bool cross_references = true;     ///< "Solution on page N" under puzzles, "Puzzle N, page M" over solutions
  bool hints = false;               ///< a Hints section before the solutions
  bool glossary = false;            ///< a "Techniques used in this book" page
  bool killer_table = false;        ///< the cage combination table (book/make/cage_table.h)
  std::optional<bool> grid_labels;  ///< row/column numbers at the puzzle grids; unset: as `hints`
  /// Whether puzzle grids carry row and column numbers (what a hint's "r4c2" refers to).
  bool shows_grid_labels() const { return grid_labels.value_or(hints); }
  std::vector<Section> sections;          ///< the `puzzles` list, book order
  std::optional<int> solutions_per_page;  ///< unset: the layout's value
  FrontMatter front_matter;
  FontOverrides fonts;
  std::optional<CoverSpec> cover;           ///< unset: no cover is made
  std::string language = "en";              ///< every printed word (book/text/wording.h): en de fr es it nl pt
  std::map<std::string, std::string> text;  ///< `text:` overrides, string id -> string
  /// `catalogue:` (book/catalogue): a catalogue file (resolved against the spec's folder) or a
  /// postgresql:// address; empty: no catalogue. `catalogue_place` is its value (or a flag).
  std::string catalogue;
  Place catalogue_place;
  /// `series:` and `volume:`: a volume of a series (volume 0: none). A volume's printed title is
  /// the wording's volume_title ("Sudoku, Volume 2", set in `title` when the spec loads;
  /// `series_title` keeps the title as written) and its puzzles are seeded from
  /// volume_seed(seed, volume), so the volumes of one spec differ (and, with a catalogue, never
  /// share a puzzle).
  std::string series;
  int volume = 0;
  std::string series_title;
  /// `unique_by: solution`: a puzzle whose solution grid is in another book is refused too.
  bool unique_by_solution = false;
  /// Puzzles the catalogue replaced (never read from YAML): 0-based puzzle index -> attempt
  /// (>= 1); such a puzzle is seeded replacement_seed(batch_seed(seed, index), attempt).
  std::map<int, int> replaced;
  /// Every text the book prints from the spec, with its place (title, subtitle, author,
  /// publisher, isbn, cover.back_text); checked against the fonts before any page is made.
  std::vector<TextField> text_fields;
  // Where errors about these values point: the spec position (FILE:1:1 when the key is absent),
  // or the flag that overrode the value (apply_overrides).
  Place fonts_place;    ///< the `fonts` value
  Place puzzles_place;  ///< the `puzzles` key
  Place layout_place;   ///< the `layout` value
  Place trim_place;     ///< the `trim` value
  Place bleed_place;    ///< the `bleed` value

  /// Puzzles in the whole book.
  int puzzle_count() const;
  /// The section puzzle `index` (0-based, book order) belongs to. Precondition: 0 <= index <
  /// puzzle_count().
  const Section& section_of(int index) const;
  /// Where a page that does not fit is blamed: every flag that changed the geometry (layout,
  /// trim, bleed; "--trim and --layout"), else the layout value.
  Place fit_place() const;
  /// Where a page count KDP refuses is blamed: the flags that changed the page count or KDP's
  /// limit for it (layout, trim; never bleed), else the puzzles key.
  Place page_count_place() const;
};

/// Largest spec file read: 1 MiB (a spec of 5000 puzzles in sections is a few KiB).
inline constexpr std::size_t kMaxSpecBytes = std::size_t{1} << 20;

/// Whether a file exists; a seam so tests need no files.
using FileExists = std::function<bool(const std::filesystem::path&)>;

/// Reads a spec from text. `file_name` is used in messages and, through its directory, to
/// resolve relative font and layout paths; `exists` checks those files (default: the disk).
/// Throws InputError at FILE:LINE:COL (a SpecError, or a value reader's error at its place).
BookSpec load_spec(std::string_view yaml_text, const std::string& file_name, const FileExists& exists = {});

/// Reads the file at `path` and calls load_spec. A file that cannot be read (missing, a folder,
/// not a regular file, over kMaxSpecBytes) throws InputError "PATH: cannot read the spec: why".
BookSpec load_spec_file(const std::filesystem::path& path);

/// What a spec that loads may still get wrong in print, one line each (build prints them as
/// "warning: …" and exits 0): "spec.yaml: no 'year:', so the copyright notice has no year (add
/// e.g. year: 2026)" when the book has a copyright page and no year.
std::vector<std::string> spec_warnings(const BookSpec& spec);

// The spec's readers for the values a command-line flag can also give (apply_overrides uses
// them too), so a flag and the spec accept exactly the same text. Each throws InputError at
// `place` naming what was expected.

/// A trim name or custom size (parse_trim).
Trim read_trim(std::string_view text, const Place& place);
/// "techniques" | "clues", any case. `key` names the value in the message when it is not the
/// place itself ("unknown grading 'x' for 'grading' (…)"; a flag: "--grading: unknown grading
/// 'x' (…)").
engine::Grading read_grading(std::string_view text, const Place& place, std::string_view key = {});
/// A language the book may be printed in (kLanguages), any case; its code as kLanguages spells
/// it ("en-gb" is "en-GB"). "unknown language 'xx' (expected one of: en, en-GB, de, fr, es, it,
/// nl, pt)".
std::string read_language(std::string_view text, const Place& place);
/// True when a layout value names a file rather than a preset: it contains '/' or '\\', or
/// ends in ".yaml" or ".yml". The one rule for every reader of layout values.
bool is_layout_path(std::string_view text);
/// Why `file` is no file a spec can name: "not found", or what it is instead ("is a FIFO (a named
/// pipe), not a file"; likewise a folder, a device, a socket).
std::string missing_file_words(const std::filesystem::path& file);
/// `text` as a file path resolved against `base_dir` (absolute paths as they are), when that
/// file exists (`exists`, default: a regular file on disk).
std::optional<std::filesystem::path> existing_file(std::string_view text, const std::filesystem::path& base_dir,
                                                   const FileExists& exists = {});
/// A preset name (letters, digits, '-', '_'), or a layout file resolved against `base_dir`
/// that must exist (`exists`, default the disk).
LayoutChoice read_layout(std::string_view text, const std::filesystem::path& base_dir, const Place& place,
                         const FileExists& exists = {});

/// Throws InputError at page_count_place() when KDP would reject `page_count` pages for the
/// spec's trim and paper: "the book would have 900 pages; KDP prints 24-828 pages at 6x9 on
/// white paper".
void check_page_count(const BookSpec& spec, int page_count);

/// What to generate: one entry per puzzle in book order, puzzle i seeded
/// engine::batch_seed(spec.seed, i), with its section's size and grade and the spec's symmetry
/// and grading (for 9x9 exactly the options of engine::generate, so the same puzzles); sections
/// of another skin than digits ask for every symbol among the givens; each with its section's
/// kind (classic: engine::generate(base) exactly).
std::vector<engine::VariantOptions> generate_requests(const BookSpec& spec);

/// The killers to generate: for each puzzle in book order, its options when its section is a
/// killer section (seeded as generate_requests seeds it, so the same puzzles at every trim and
/// thread count), else nullopt. generate_requests' entry for such a puzzle is not generated.
std::vector<std::optional<engine::KillerOptions>> killer_requests(const BookSpec& spec);

/// The seed of attempt `attempt` (>= 1) at a puzzle whose own seed is `seed` (BookSpec::replaced).
std::uint32_t replacement_seed(std::uint32_t seed, int attempt);

/// The base seed of volume `volume` (>= 1) of a series whose spec says `seed`.
std::uint32_t volume_seed(std::uint32_t seed, int volume);

/// `spec` as volume `volume` (>= 1) of its series: the volume, its printed title, its place
/// (`place`: the `volume` value or the flag that chose it). Used by the loader and `build --volumes`.
void set_volume(BookSpec& spec, int volume);

}  // namespace puzzlepress::book
