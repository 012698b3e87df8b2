// libFuzzer harness: the manifest reader (JSON → Manifest), and verify on what it accepts.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "book/manifest/manifest.h"
#include "book/check/verify.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const puzzlepress::book::Manifest manifest = puzzlepress::book::parse_manifest(text, "fuzz.json");
    // Verify what parses (small manifests of small grids: verify re-solves and rates each).
    bool small = manifest.puzzles.size() <= 2;
    for (const auto& p : manifest.puzzles) small = small && p.givens.size() <= 9;
    if (small) (void)puzzlepress::book::verify_manifest(manifest);
    (void)puzzlepress::book::manifest_to_json(manifest);
  } catch (const puzzlepress::InputError&) {
  }
  return 0;
}
