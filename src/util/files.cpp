#include "util/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace puzzlepress::util {

namespace fs = std::filesystem;

namespace {
// "64 MiB" for whole mebibytes, else "1500 bytes".
std::string size_text(std::size_t bytes) {
  if (bytes % (std::size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}
}  // namespace

Result<std::string> read_regular_file(const fs::path& path, std::size_t max_bytes) {
  using R = Result<std::string>;
  // O_NONBLOCK: opening a FIFO must not wait for a writer; the type check refuses it next.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return R::failure("no such file");
    return R::failure(std::strerror(errno));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const std::string reason = std::strerror(errno);
    ::close(fd);
    return R::failure(reason);
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    return R::failure("is a folder, not a file");
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return R::failure("is not a regular file");
  }
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes) {
    ::close(fd);
    return R::failure("is larger than " + size_text(max_bytes));
  }
  std::string bytes;
  bytes.reserve(static_cast<std::size_t>(st.st_size));
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      const std::string reason = std::strerror(errno);
      ::close(fd);
      return R::failure(reason);
    }
    if (n == 0) break;
    bytes.append(buffer, static_cast<std::size_t>(n));
    if (bytes.size() > max_bytes) {  // the file grew while we read it
      ::close(fd);
      return R::failure("is larger than " + size_text(max_bytes));
    }
  }
  ::close(fd);
  return R::success(std::move(bytes));
}

fs::path identity_path(const fs::path& path) {
  std::error_code ec;
  fs::path absolute = fs::absolute(path, ec);
  if (ec) absolute = path;
  fs::path canonical = fs::weakly_canonical(absolute, ec);
  if (ec) canonical = absolute;
  return canonical.lexically_normal();
}

bool same_file(const fs::path& a, const fs::path& b) {
  if (identity_path(a) == identity_path(b)) return true;
  std::error_code ec;
  return fs::exists(a, ec) && fs::exists(b, ec) && fs::equivalent(a, b, ec);
}

}  // namespace puzzlepress::util
