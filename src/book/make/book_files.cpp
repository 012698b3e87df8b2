#include "book/make/build.h"

#include <span>

#include "book/cover/pdfx.h"
#include "book/make/book_parts.h"
#include "book/manifest/sha256.h"
#include "book/spec/catalogue_location.h"
#include "render/pdf_writer.h"

namespace puzzlepress::book {
namespace {

// book_outputs with the interior PDF's bytes given, and the manifest's unhashed JSON (that of
// `book`, or empty).
std::vector<util::Output> outputs_with_pdf(const Book& book, std::string pdf, std::string unhashed_json,
                                           const BookPaths& paths) {
  // The manifest records the SHA-256 of the PDFs written with it (verify refuses others).
  const std::string pdf_sha256 = sha256_hex(pdf);
  std::string cover_sha256;
  std::vector<util::Output> outputs;
  outputs.push_back({paths.pdf.path, std::move(pdf)});
  std::optional<util::Output> cover_output;
  if (book.cover) {
    const std::filesystem::path cover_path = paths.cover ? paths.cover->path : default_cover_path(paths.pdf.path);
    const std::string where = "cannot write " + cover_path.string() + ": ";
    const render::Page* page = &book.cover->page;
    util::Result<std::string> cover = render::render_pdf(book.cover_info, std::span(&page, 1));
    if (!cover) throw EnvironmentError(where + cover.error());
    if (book.cover_pdfx) {
      cover = to_pdfx1a(*cover, *book.cover_pdfx);
      if (!cover) throw EnvironmentError(where + cover.error());
    }
    if (book.manifest.cover) cover_sha256 = sha256_hex(*cover);
    cover_output = util::Output{cover_path, std::move(*cover)};
  }
  std::optional<std::string> json;
  if (!unhashed_json.empty()) json = fill_hashes(std::move(unhashed_json), pdf_sha256, cover_sha256);
  if (!json) json = manifest_to_json_with_hashes(book.manifest, pdf_sha256, cover_sha256);
  outputs.push_back({paths.manifest.path, std::move(*json)});
  if (cover_output) outputs.push_back(std::move(*cover_output));
  return outputs;
}

}  // namespace

std::filesystem::path default_cover_path(const std::filesystem::path& pdf) {
  std::filesystem::path cover = pdf;
  cover.replace_filename(pdf.stem().string() + "-cover.pdf");
  return cover;
}

std::vector<util::InputFile> book_inputs(const BookSpec& spec, const Resources& resources) {
  std::vector<util::InputFile> inputs{{spec.file, "the spec"}};
  if (!spec.layout.file.empty()) {
    inputs.push_back({spec.layout.file, "the layout file"});
  } else if (auto preset = preset_file(resources, spec.layout.preset); !preset.empty()) {
    inputs.push_back({preset, "a layout preset"});  // built-in presets are no file
  }
  const render::FontFiles fonts = font_files(spec, resources);
  for (render::FontRole role : render::kAllFontRoles) {
    if (!fonts.for_role(role).file.empty()) inputs.push_back({fonts.for_role(role).file, "a font"});
  }
  if (spec.cover && spec.cover->front_image) inputs.push_back({*spec.cover->front_image, "the front image"});
  // A catalogue file is read (and written in place, never replaced by an output), whether or not
  // it exists yet; an address is no file.
  if (!spec.catalogue.empty() && !is_catalogue_address(spec.catalogue))
    inputs.push_back({spec.catalogue, "the catalogue"});
  return inputs;
}

void check_book_paths(const BookSpec& spec, const Resources& resources, const BookPaths& paths) {
  if (paths.cover && !spec.cover) {
    const std::string& flag = paths.cover->flag;
    throw InputError(flag.empty() ? Place{} : Place::flag(flag),
                     "the spec has no 'cover:' mapping, so there is no cover to write (add one, e.g. "
                     "cover: { printer: kdp })");
  }
  BookPaths all = paths;
  if (spec.cover && !all.cover) all.cover = util::OutputTarget{default_cover_path(paths.pdf.path), "the cover", ""};
  util::check_outputs(all.targets(), book_inputs(spec, resources));
}

std::vector<util::Output> book_outputs(const Book& book, const BookPaths& paths) {
  util::Result<std::string> pdf = book.painted_pdf ? util::Result<std::string>::success(*book.painted_pdf)
                                                   : render::render_pdf(book.info, book.page_list());
  if (!pdf) throw EnvironmentError("cannot write " + paths.pdf.path.string() + ": " + pdf.error());
  return outputs_with_pdf(book, std::move(*pdf), book.manifest_json_unhashed, paths);
}

void write_book(const Book& book, const BookPaths& paths) { util::write_outputs(book_outputs(book, paths)); }

void write_book(Book&& book, const BookPaths& paths) { write_book(std::move(book), paths, {}); }

void write_book(Book&& book, const BookPaths& paths,
                const std::function<void(const std::vector<util::Output>&)>& before_commit) {
  std::vector<util::Output> outputs;
  if (!book.painted_pdf) {
    outputs = book_outputs(book, paths);
  } else {
    std::string pdf = std::move(*book.painted_pdf);
    book.painted_pdf.reset();
    book.pdf_taken = true;  // the drawings are gone too: page_list and book_outputs refuse it now
    std::string unhashed_json = std::move(book.manifest_json_unhashed);
    book.manifest_json_unhashed.clear();
    outputs = outputs_with_pdf(book, std::move(pdf), std::move(unhashed_json), paths);
  }
  if (!before_commit) return util::write_outputs(outputs);
  util::write_outputs(outputs, [&] { before_commit(outputs); });
}

}  // namespace puzzlepress::book
