#include "book/verify_pdf.h"

#include "book/pdf_check.h"
#include "book/pdf_grids.h"
#include "book/pdf_reader.h"
#include "book/pdf_scan.h"
#include "book/preflight.h"
#include "book/trim.h"

namespace puzzlepress::book {
namespace {

/// Hex digits of a SHA-256 shown in messages.
constexpr std::size_t kShownHexDigits = 12;

std::string short_hash(const std::string& hex) { return hex.substr(0, kShownHexDigits) + "…"; }

}  // namespace

std::vector<std::string> verify_pdf_bytes(const Manifest& manifest, std::string_view bytes, const std::string& name) {
  std::vector<std::string> out;
  if (!manifest.pdf_sha256.empty()) {
    const std::string hash = sha256_hex(bytes);
    if (hash != manifest.pdf_sha256) {
      out.push_back("PDF: " + name + " is not the PDF this manifest was written with (its SHA-256 is " +
                    short_hash(hash) + ", the manifest records " + short_hash(manifest.pdf_sha256) + ")");
    }
  }
  const std::vector<std::string> pages = check_pdf_bytes(bytes, name, manifest);
  out.insert(out.end(), pages.begin(), pages.end());
  const util::Result<PdfScan> scan = scan_pdf(bytes);
  if (!scan) {
    if (pages.empty() || pages.front().rfind("PDF: cannot read", 0) != 0) {
      out.push_back("PDF: cannot read " + name + ": " + scan.error());
    }
    return out;
  }
  const TrimResult trim = parse_trim(manifest.trim);
  if (!trim.trim) return out;
  PreflightTarget target{*trim.trim, manifest.bleed, manifest.paper};
  PreflightChecks checks;
  checks.page_count = false;  // verify_manifest and check_pdf report the page count, sizes and fonts
  checks.page_sizes = false;
  checks.fonts = false;
  checks.encryption = false;  // check_pdf reports it, with what to do
  for (const std::string& line : preflight(*scan, target, checks)) {
    out.push_back(line.rfind("page ", 0) == 0 ? "PDF " + line : line);
  }
  const util::Result<PdfTextReader> text = PdfTextReader::open(bytes);
  if (!text) {
    out.push_back("PDF: poppler cannot read " + name + ": " + text.error());
    return out;
  }
  const std::vector<std::string> grids = check_printed_grids(manifest, *scan, *text);
  out.insert(out.end(), grids.begin(), grids.end());
  return out;
}

std::vector<std::string> verify_pdf_file(const Manifest& manifest, const std::string& path) {
  const util::Result<std::string> bytes = read_pdf_file(path);
  if (!bytes) return {"PDF: cannot read " + path + ": " + bytes.error()};
  return verify_pdf_bytes(manifest, *bytes, path);
}

std::vector<std::string> verify_cover_file(const Manifest& manifest, const std::string& path) {
  const util::Result<std::string> bytes = read_pdf_file(path);
  if (!bytes) return {"cover PDF: cannot read " + path + ": " + bytes.error()};
  std::vector<std::string> out;
  if (manifest.cover && !manifest.cover->sha256.empty()) {
    const std::string hash = sha256_hex(*bytes);
    if (hash != manifest.cover->sha256) {
      out.push_back("cover PDF: " + path + " is not the cover this manifest was written with (its SHA-256 is " +
                    short_hash(hash) + ", the manifest records " + short_hash(manifest.cover->sha256) + ")");
    }
  }
  const std::vector<std::string> cover = check_cover_pdf_bytes(*bytes, path, manifest);
  out.insert(out.end(), cover.begin(), cover.end());
  return out;
}

}  // namespace puzzlepress::book
