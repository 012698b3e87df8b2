#include "render/staged_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace puzzlepress::render {

std::optional<StagedFile> StagedFile::stage(const std::filesystem::path& path, std::string_view bytes,
                                            std::string* error) {
  namespace fs = std::filesystem;
  auto fail = [&](const std::string& message) -> std::optional<StagedFile> {
    if (error) *error = message;
    return std::nullopt;
  };
  const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    return fail((fs::exists(dir, ec) ? "not a directory: " : "directory does not exist: ") + dir.string());
  }
  if (fs::is_directory(path, ec)) return fail("is a directory: " + path.string());

  std::string temp = path.string() + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) return fail("cannot create a file in " + dir.string() + ": " + std::strerror(errno));
  auto fail_io = [&](const std::string& what) {
    const std::string reason = std::strerror(errno);
    ::close(fd);
    ::unlink(temp.c_str());
    return fail(what + " " + temp + ": " + reason);
  };
  ::fchmod(fd, 0644);
  const char* data = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, data, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail_io("cannot write");
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) return fail_io("cannot flush");
  if (::close(fd) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(temp.c_str());
    return fail("cannot close " + temp + ": " + reason);
  }
  return StagedFile(path, std::move(temp));
}

StagedFile::StagedFile(StagedFile&& other) noexcept
    : path_(std::move(other.path_)), temp_(std::move(other.temp_)) {
  other.temp_.clear();
}

StagedFile::~StagedFile() {
  if (!temp_.empty()) ::unlink(temp_.c_str());
}

std::optional<std::string> StagedFile::commit() {
  if (::rename(temp_.c_str(), path_.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    return "cannot rename " + temp_ + " to " + path_.string() + ": " + reason;
  }
  temp_.clear();
  return std::nullopt;
}

}  // namespace puzzlepress::render
