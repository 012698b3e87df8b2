// libFuzzer harness: the book spec loader (YAML → BookSpec). Any input must end in a BookSpec
// or an InputError; nothing else (no crash, no other exception, no sanitizer report).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string_view>

#include "book/spec/spec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // No file exists: font, layout and image paths fail as "not found" without touching the disk.
  const puzzlepress::book::FileExists none = [](const std::filesystem::path&) { return false; };
  try {
    const puzzlepress::book::BookSpec spec = puzzlepress::book::load_spec(text, "fuzz.yaml", none);
    (void)spec.puzzle_count();
  } catch (const puzzlepress::InputError&) {
  }
  return 0;
}
