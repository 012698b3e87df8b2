// Manifest: the JSON record written beside a book PDF, listing every puzzle, where it and its
// solution are printed, and how to regenerate it; read back by a later `verify` command.
//
// Format (keys in exactly this order; lengths in PDF points rounded to 2 decimals; rects are
// [x, y, w, h] with the origin at the bottom-left of the physical page, bleed included):
//   { "title", "author", "trim" (as written in the spec), "page_width_pt", "page_height_pt",
//     "page_count", "seed", "version", "bleed", "paper" ("white" | "cream"),
//     "grading" ("techniques" | "clues"),
//     "pdf_sha256" (the interior PDF's SHA-256, 64 lower-case hex digits: verify --pdf
//              refuses another file),
//     "cover" (only for a book with a cover): { "printer" ("kdp" | "ingramspark" | "lulu"),
//              "paper" ("white" | "cream" | "color"), "spine_in" (inches, 4 decimals),
//              "spine_in_from_spec" (true: the spec's spine_in, not the printer's formula),
//              "width_pt", "height_pt" (the whole cover, bleed included),
//              "spine_text" (shown or not), "spine_text_why_not" ("" when shown),
//              "front", "back", "spine" (the trimmed panels), "barcode" (the box kept free of
//              text and art, the background under it; null with barcode: none); rects in the
//              cover's points; "barcode_image" (true: the box holds the publisher's barcode
//              image on white; written only then),
//              "sha256" (the cover PDF's SHA-256) },
//     "puzzles": [ { "number" (1-based), "grade" ("easy".."evil"), "seed", "clues",
//                    "size" ("4x4".."16x16"), "skin" ("digits" | "letters" | "shapes"),
//                    "kind" ("x" | "hyper" | "jigsaw"; written only for those),
//                    "regions" (a jigsaw's: N*N characters, region r as symbol r+1 in the
//                      grid's text form, engine/variant.h; written only for a jigsaw),
//                    "symbols" (N strings: symbol v prints as symbols[v-1] — a digit or letter,
//                      or a shape's id: circle, triangle, square, star, heart, cross, diamond,
//                      crescent, hexagon),
//                    "givens" (the text form of any size, engine/grid.h: N*N characters,
//                      symbol indices 1-9 then A-G, '.' empty — indices, not the printed
//                      faces), "solution" (the same, full), "valid",
//                    "page", "rect", "solution_page", "solution_rect",
//                    "rating" (1 decimal), "tier", "techniques" {name: steps},
//                    "hint" (only in a book with hints): { "technique" (engine name, "" for
//                      singles only), "text" (the printed sentence, after "Puzzle N — "),
//                      "page" (its hints page) } } ],
//     "allow_trial" (false: no puzzle may need trial and error; verify checks it),
//     "cross_references" (true: each puzzle prints "Solution on page N" under it and each solution
//              "Puzzle N, page M" over it; verify --pdf reads them back; written only when true),
//     "audience" ("kids" for a book in the kids register: How to Play says its levels in the
//              kids' words; written only then),
//     "grid_labels" (true: row numbers left of and column numbers above every puzzle grid;
//              verify --pdf reads them back; written only when true),
//     "series", "volume" (1-999) (the spec's series: and volume:; written only in the manifest of
//              a book built with a catalogue, which registers them, and only when set),
//     "language" (the book's language, book/text/wording.h; written when not "en"),
//     "text" {id: string} (the spec's text overrides; written when given),
//     "how_to_play" (only in a book with that page): { "page", "grades" (the grades its rules
//              name, easiest first: verify holds them to the puzzles' grades) },
//     "copyright" (only in a book with that page): { "page", "credit_line" (the page names
//              puzzlepress, its version and the seed: the spec's credit_line) },
//     "cage_table" (only in a book with killer_table): { "page" (its first), "pages" (how many) } }
// "rating", "tier", "techniques", "grading", "pdf_sha256", "cover", the cover's "sha256",
// "hint", "allow_trial", "cross_references", "audience", "grid_labels", "series", "volume", "language", "text",
// "how_to_play", "copyright" and "cage_table" are optional when read (older manifests; written only when set); so are
// "size", "skin", "symbols" and "kind": a manifest without them is classic 9x9 in digits. The same Manifest always
// gives the same bytes (2-space indent, trailing newline).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/variant.h"

#include "book/kdp/cover_geometry.h"
#include "book/kdp/geometry.h"
#include "book/manifest/manifest_cover.h"
#include "book/text/skin.h"
#include "book/kdp/trim.h"
#include "engine/generator9.h"
#include "engine/grade.h"
#include "engine/grid9.h"
#include "engine/generator.h"
#include "engine/grid.h"
#include "engine/killer.h"
#include "util/errors.h"

namespace puzzlepress::book {

/// A puzzle's printed hint (book/make/hints.h).
struct ManifestHint {
  std::string technique;  ///< engine::technique_name of the step; "" for singles only or trial
  std::string text;       ///< the sentence printed after "Puzzle N — "
  int page = 0;           ///< 1-based physical page of the hint

  friend bool operator==(const ManifestHint&, const ManifestHint&) = default;
};

/// The how-to-play page as printed: where, and which grades its rules name.
struct ManifestHowToPlay {
  int page = 0;                       ///< 1-based physical page
  std::vector<engine::Grade> grades;  ///< easiest first, each once

  friend bool operator==(const ManifestHowToPlay&, const ManifestHowToPlay&) = default;
};

/// The copyright page as printed: where, and whether it names puzzlepress, its version and the
/// seed (the spec's credit_line).
struct ManifestCopyright {
  int page = 0;  ///< 1-based physical page
  bool credit_line = false;

  friend bool operator==(const ManifestCopyright&, const ManifestCopyright&) = default;
};

/// The cage combination table (spec killer_table) as printed: its first page and how many.
struct ManifestCageTable {
  int page = 0;   ///< 1-based physical page of its first page
  int pages = 0;  ///< its pages, consecutive

  friend bool operator==(const ManifestCageTable&, const ManifestCageTable&) = default;
};

struct ManifestPuzzle {
  int number = 0;  ///< 1-based, as printed
  engine::Grade grade = engine::Grade::easy;
  std::uint32_t seed = 0;
  int clues = 0;
  engine::Grid givens;  ///< its shape is the puzzle's size
  engine::Grid solution;
  /// Skin and faces (word_row is not recorded: unset). Names may be empty when read for a skin
  /// that does not fit the size (verify reports it).
  SymbolSet symbols;
  /// Its kind and (jigsaw) regions; shape the givens' (classic unless "kind" says).
  engine::Layout layout;
  /// A killer's text form (engine/killer.h: "killer:<grid>/<cages>/<sums>"), written as
  /// "killer" with "kind": "killer", graded as every puzzle by techniques (the killer grader,
  /// engine/killer_grade.h: grade, rating, tier, techniques); empty for every other puzzle
  /// (whose layout then says its kind).
  std::string killer_text{};
  bool valid = false;
  int page = 0;                              ///< 1-based physical page of the puzzle
  RectPt rect;                               ///< the puzzle's grid on that page, points
  int solution_page = 0;                     ///< 1-based physical page of the solution
  RectPt solution_rect;                      ///< the solution's grid on that page, points
  double rating = 0;                         ///< hardest logical step, Sudoku Explainer scale (0 = not rated)
  engine::Grade tier = engine::Grade::easy;  ///< tier of that step
  /// Steps of each technique in the logical solve, in the solver's order (names as
  /// engine::technique_name); techniques not used are left out.
  std::vector<std::pair<std::string, int>> techniques;
  std::optional<ManifestHint> hint;  ///< set in a book with hints

  friend bool operator==(const ManifestPuzzle&, const ManifestPuzzle&) = default;
};

struct Manifest {
  std::string title;
  std::string author;
  std::string trim;          ///< as written in the spec, e.g. "6x9" or "150x220 mm"
  double page_width_pt = 0;  ///< physical page (bleed included)
  double page_height_pt = 0;
  int page_count = 0;
  std::uint32_t seed = 0;  ///< the spec's base seed
  std::string version;     ///< puzzlepress version that wrote it
  bool bleed = false;
  Paper paper = Paper::white;
  std::string grading = "techniques";  ///< "techniques" | "clues": what the grades mean
  std::string pdf_sha256;              ///< the interior PDF's SHA-256 (hex); empty = not recorded
  std::optional<ManifestCover> cover;  ///< set when the book has a cover
  std::vector<ManifestPuzzle> puzzles;
  /// The spec's allow_trial; unset when read from a manifest that does not say (older ones).
  std::optional<bool> allow_trial;
  /// Puzzles print "Solution on page N" and solutions "Puzzle N, page M" (the spec's
  /// solutions.cross_references); written only when true (older manifests: false).
  bool cross_references = false;
  /// The book is in the kids register (the spec's audience): How to Play's grade sentence is
  /// the kids one. Written as "audience": "kids" only then.
  bool kids = false;
  /// Puzzle grids print row and column numbers (the spec's grid_labels, as hints by default:
  /// what a hint's "r4c2" refers to); written only when true.
  bool grid_labels = false;
  /// The spec's series and volume (0: none), written for a book built with a catalogue only:
  /// other books' manifests keep their bytes.
  std::string series;
  int volume = 0;
  /// The book's language and the spec's text overrides (book/text/wording.h): what verify words the
  /// hints in. Written only when not English / not empty.
  std::string language = "en";
  std::map<std::string, std::string> text;
  std::optional<ManifestHowToPlay> how_to_play;  ///< set when the book has the page
  std::optional<ManifestCopyright> copyright;    ///< set when the book has the page
  std::optional<ManifestCageTable> cage_table;   ///< set when the book has the table

  friend bool operator==(const Manifest&, const Manifest&) = default;
};

/// A generated puzzle as the manifest records it, printed with `symbols`, numbered `number`;
/// page and rectangles are left for the layout to fill.
/// `killer` (optional): the puzzle's cages when it is a killer (recorded as killer_text).
ManifestPuzzle to_manifest_puzzle(const engine::Puzzle& puzzle, const engine::Layout& layout, const SymbolSet& symbols,
                                  int number, const engine::Killer* killer = nullptr);

/// The engine's view of a recorded puzzle (what engine::validate checks): size, seed,
/// grade, clues, givens, solution, valid flag, and the recorded rating and tier.
engine::Puzzle to_engine_puzzle(const ManifestPuzzle& puzzle, engine::Grading grading);

/// The JSON text described above, written directly (book/manifest/json_writer.h).
std::string manifest_to_json(const Manifest& manifest);
/// manifest_to_json's text for `manifest` with these hashes in place of its own (none written
/// where empty; `cover_sha256` is ignored without a cover): no copy of the manifest is made.
std::string manifest_to_json_with_hashes(const Manifest& manifest, std::string_view pdf_sha256,
                                         std::string_view cover_sha256);
/// Test-only: the slow reference manifest_to_json is held to, the same text by way of a tree
/// of nlohmann values, dumped.
std::string manifest_to_json_reference(const Manifest& manifest);

/// manifest_to_json's text made before the PDFs exist, with kHashPlaceholder as pdf_sha256 (and
/// as the cover's sha256 when there is a cover); fill_hashes then puts the real ones in, so the
/// text can be made while the PDF is saved. kHashPlaceholder is 64 characters that are no hex
/// digits, so no real hash (nor any escaped text) can be taken for it, and verify refuses a
/// manifest left with it.
inline constexpr std::string_view kHashPlaceholder = "unhashed-unhashed-unhashed-unhashed-unhashed-unhashed-unhashed--";
static_assert(kHashPlaceholder.size() == 64);
std::string manifest_to_json_unhashed(const Manifest& manifest);
/// `unhashed` (from manifest_to_json_unhashed) with the hashes in: the text manifest_to_json
/// gives for the manifest holding them. `cover_sha256` is ignored for a manifest without a
/// cover. Nothing when a placeholder to fill is missing (not such a text).
std::optional<std::string> fill_hashes(std::string unhashed, std::string_view pdf_sha256,
                                       std::string_view cover_sha256);

/// Reads manifest JSON; every error is an InputError at the file (util/errors.h), its message
/// naming the field's JSON path. Unknown keys are ignored (newer writers may add some). Errors, each
/// prefixed "FILE: ": "malformed JSON at byte 12", "expected a JSON object at the top level",
/// "missing field 'puzzles[0].givens'", "field 'seed' must be an integer 0-4294967295",
/// "field 'page_count' must be an integer", "field 'title' must be a string", "field 'bleed'
/// must be true or false", "field 'page_width_pt' must be a number", "field 'puzzles' must be
/// an array", "field 'puzzles[0]' must be an object", "field 'puzzles[0].rect' must be
/// [x, y, w, h]", "field 'paper' must be white or cream, got 'x'", "field 'puzzles[0].grade'
/// must be one of easy, medium, hard, extreme, evil, got 'x'", "field 'puzzles[0].size' must
/// be one of 4x4, 6x6, 8x8, 9x9, 12x12, 16x16, got 'x'", "field 'puzzles[0].skin' must be one of
/// digits, letters, shapes, got 'x'", "field 'puzzles[0].symbols' must be an array of strings",
/// "field 'pdf_sha256' must be 64 lower-case hex digits (a SHA-256)" (likewise 'cover.sha256'),
/// "field 'puzzles[0].givens' is not a grid: <engine::ParseError::message()>" (for 9x9
/// the 9x9 parser's words). Before parsing, the text's shape is bounded (json_shape_problem):
/// "not a manifest: nested deeper than 32 levels at byte 33"; a number past double's range is
/// "malformed JSON: a number out of range (more than 1.8e308)".
/// Deepest nesting of arrays and objects a manifest may have (ours nests 4).
inline constexpr int kMaxManifestDepth = 32;
/// Most JSON values a manifest may hold (a 5000-puzzle manifest has about 350,000).
inline constexpr std::size_t kMaxManifestValues = 1000000;

/// Why `text` cannot be a manifest by its shape alone — nesting deeper than kMaxManifestDepth
/// or more than kMaxManifestValues values (counted by separators, outside strings) — or
/// nothing. Linear, no recursion, allocates nothing.
std::optional<std::string> json_shape_problem(std::string_view text);

Manifest parse_manifest(std::string_view json_text, const std::string& file_name);

/// Reads the file and parses it; a file that cannot be read (missing, a folder, not a regular
/// file, over util::kMaxInputBytes) is InputError "PATH: cannot read the manifest: why".
Manifest read_manifest_file(const std::filesystem::path& path);

/// The nlohmann-json version built against (its version macros), e.g. "3.11.2".
std::string json_library_version();

}  // namespace puzzlepress::book
