// Reading input files safely, and telling whether two paths name the same file.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "util/result.h"

namespace puzzlepress::util {

/// Largest input file read whole (spec, layout, manifest): 64 MiB. A manifest of a 5000-puzzle
/// book is about 4 MiB; anything near this is not ours.
inline constexpr std::size_t kMaxInputBytes = std::size_t{64} << 20;

/// The bytes of the regular file at `path`, at most `max_bytes` of them. Fails (without reading
/// on) for a missing file ("no such file"), a folder ("is a folder, not a file"), a device,
/// FIFO or socket ("is not a regular file"), a file larger than max_bytes ("is larger than
/// 64 MiB"), and on read errors (the system's reason).
Result<std::string> read_regular_file(const std::filesystem::path& path, std::size_t max_bytes = kMaxInputBytes);

/// The absolute, normalised form used to compare paths: symbolic links and ".." resolved for
/// the part that exists, the rest normalised lexically. Never throws.
std::filesystem::path identity_path(const std::filesystem::path& path);

/// True when `a` and `b` name the same file: the same identity_path, or the same existing
/// file (hard links, links through other folders). Never throws.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

}  // namespace puzzlepress::util
