// libFuzzer harness: the layout-preset loader (layouts/*.yaml and layout files).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "book/spec/layout_preset.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    (void)puzzlepress::book::parse_layout_preset(text, "fuzz.yaml", "fuzz");
  } catch (const puzzlepress::InputError&) {
  }
  return 0;
}
