#include "book/check/verify_pdf.h"

#include <algorithm>
#include <charconv>
#include <set>
#include <thread>

#include "book/check/pdf_check.h"
#include "book/check/pdf_grids.h"
#include "book/check/pdf_reader.h"
#include "book/check/pdf_scan.h"
#include "book/check/pdf_words.h"
#include "book/check/preflight.h"
#include "book/text/skin.h"
#include "book/kdp/trim.h"
#include "book/manifest/sha256.h"
#include "util/contained.h"

namespace puzzlepress::book {
namespace {

/// Hex digits of a SHA-256 shown in messages.
constexpr std::size_t kShownHexDigits = 12;

std::string short_hash(const std::string& hex) { return hex.substr(0, kShownHexDigits) + "…"; }

// What the contained reading sends back: 'E' and poppler's reason it cannot open the file, or
// 'L' and check_printed_grids's lines, each as its length in decimal, ':', its bytes.
std::string grid_lines_message(const std::vector<std::string>& lines) {
  std::string message = "L";
  for (const std::string& line : lines) message += std::to_string(line.size()) + ":" + line;
  return message;
}

std::optional<std::vector<std::string>> grid_lines_of(const std::string& message) {
  if (message.empty() || message[0] != 'L') return std::nullopt;
  std::vector<std::string> lines;
  for (std::size_t at = 1; at < message.size();) {
    const std::size_t colon = message.find(':', at);
    if (colon == std::string::npos) return std::nullopt;
    std::size_t size = 0;
    const char* first = message.data() + at;
    const char* last = message.data() + colon;
    const auto [end, error] = std::from_chars(first, last, size);
    if (first == last || error != std::errc() || end != last || size > message.size() - colon - 1) return std::nullopt;
    lines.push_back(message.substr(colon + 1, size));
    at = colon + 1 + size;
  }
  return lines;
}

/// poppler reads the PDF in a child process under ceilings (util/contained.h): it follows
/// things our scan does not (annotation appearances, soft masks, font programs), and a hostile
/// 1 MB file kept it busy for 15 s or made it take 559 MB. Ours take it about 8 ms a page.
void append_printed_grids(const Manifest& manifest, const PdfScan& scan, std::string_view bytes,
                          const std::string& name, const std::optional<util::ContainedLimits>& poppler_limits,
                          GridReader reader, std::vector<std::string>& out) {
  const std::vector<int> poppler_pages = pages_needing_poppler(manifest, scan, reader == GridReader::poppler);
  const std::vector<int> word_pages = word_pages_needing_poppler(manifest, scan);
  if (poppler_pages.empty() && word_pages.empty()) {  // the scan read every page's text: no poppler
    std::vector<std::string> lines = check_printed_grids(manifest, scan, nullptr, {});
    for (std::string& line : check_printed_words(manifest, scan, nullptr)) lines.push_back(std::move(line));
    out.insert(out.end(), lines.begin(), lines.end());
    return;
  }
  util::ContainedLimits limits =
      poppler_limits.value_or(poppler_reading_limits(static_cast<int>(poppler_pages.size() + word_pages.size())));
  limits.extra_memory_bytes += bytes.size();  // poppler's own copy of the file
  const util::Result<std::string> message = util::run_contained(limits, [&] {
    const util::Result<PdfTextReader> text = PdfTextReader::open(bytes);
    if (!text) return "E" + text.error();
    std::vector<std::string> lines = check_printed_grids(manifest, scan, &*text, poppler_pages, poppler_threads());
    for (std::string& line : check_printed_words(manifest, scan, &*text)) lines.push_back(std::move(line));
    return grid_lines_message(lines);
  });
  const std::string not_checked =
      "PDF: the printed grids of " + name + " were not checked: reading its text with poppler ";
  if (!message) {
    out.push_back(not_checked + message.error());
    return;
  }
  if (!message->empty() && message->front() == 'E') {
    out.push_back("PDF: poppler cannot read " + name + ": " + message->substr(1));
    return;
  }
  const std::optional<std::vector<std::string>> lines = grid_lines_of(*message);
  if (!lines) {
    out.push_back(not_checked + "gave an answer that could not be decoded");
    return;
  }
  out.insert(out.end(), lines->begin(), lines->end());
}

}  // namespace

int poppler_threads() {
  return static_cast<int>(
      std::clamp(std::thread::hardware_concurrency(), 1u, static_cast<unsigned>(kMaxPopplerThreads)));
}

util::ContainedLimits poppler_reading_limits(int pages) {
  util::ContainedLimits limits;
  limits.cpu_ms = kPopplerCpuMs + kPopplerCpuMsPerPage * static_cast<long>(std::clamp(pages, 0, kMaxPagesCounted));
  limits.extra_memory_bytes =
      kPopplerExtraMemoryBytes + static_cast<std::size_t>(poppler_threads() - 1) * kPopplerThreadMemoryBytes;
  if (util::kAddressSanitizerBuild) {
    limits.cpu_ms *= kAddressSanitizerScale;
    limits.extra_memory_bytes *= kAddressSanitizerScale;
  }
  return limits;
}

std::vector<std::string> verify_pdf_bytes(const Manifest& manifest, std::string_view bytes, const std::string& name,
                                          const std::optional<util::ContainedLimits>& poppler_limits,
                                          GridReader reader) {
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
  const util::Result<PdfScan> scan = scan_pdf(bytes, true);
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
  append_printed_grids(manifest, *scan, bytes, name, poppler_limits, reader, out);
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
  // The back cover's contents lines, read with poppler under the same ceilings as a page's.
  util::ContainedLimits limits = poppler_reading_limits(1);
  limits.extra_memory_bytes += bytes->size();
  const util::Result<std::string> message = util::run_contained(limits, [&] {
    const util::Result<PdfTextReader> text = PdfTextReader::open(*bytes);
    if (!text) return "E" + text.error();
    return grid_lines_message(check_cover_words(manifest, *text));
  });
  const std::optional<std::vector<std::string>> lines = message ? grid_lines_of(*message) : std::nullopt;
  if (lines) out.insert(out.end(), lines->begin(), lines->end());
  else if (!message)
    out.push_back("cover PDF: the contents lines of " + path + " were not checked: reading its text with poppler " +
                  message.error());
  else
    out.push_back("cover PDF: poppler cannot read " + path + ": " +
                  message->substr(std::min<std::size_t>(1, message->size())));
  return out;
}

}  // namespace puzzlepress::book
