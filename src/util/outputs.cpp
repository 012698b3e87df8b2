#include "util/outputs.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <map>
#include <memory>
#include <optional>

#include "util/errors.h"
#include "util/files.h"

namespace puzzlepress::util {
namespace {

namespace fs = std::filesystem;

constexpr const char* kTempInfix = ".tmp-";  // "<target>.tmp-XXXXXX"

// --- Staged files a signal handler must remove -------------------------------------------
// A fixed table (no allocation, no locks), so the handler only reads plain memory and calls
// unlink(), which is async-signal-safe. A slot is claimed with signals blocked, so a signal
// never sees a temporary file that is not in the table.

constexpr int kMaxStaged = 64;
struct TempSlot {
  std::atomic<bool> used{false};
  char path[PATH_MAX]{};
};
std::array<TempSlot, kMaxStaged> g_staged;

extern "C" void remove_staged_and_die(int signal_number) {
  for (TempSlot& slot : g_staged) {
    if (slot.used.load(std::memory_order_acquire)) ::unlink(slot.path);
  }
  ::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

/// Blocks the cleanup signals for its lifetime (in this thread).
class SignalsBlocked {
 public:
  SignalsBlocked() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, &old_);
  }
  ~SignalsBlocked() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  SignalsBlocked(const SignalsBlocked&) = delete;
  SignalsBlocked& operator=(const SignalsBlocked&) = delete;

 private:
  sigset_t old_;
};

std::string reason() { return std::strerror(errno); }

mode_t new_file_mode() {
  const mode_t mask = ::umask(0);  // there is no way to read the umask without setting it
  ::umask(mask);
  return 0666 & ~mask;
}

fs::path folder_of(const fs::path& path) {
  return path.parent_path().empty() ? fs::path(".") : path.parent_path();
}

/// A temporary file beside its target, removed unless committed.
class Staged {
 public:
  Staged(const Staged&) = delete;
  Staged& operator=(const Staged&) = delete;
  ~Staged() { discard(); }

  /// Writes `bytes` to "<target>.tmp-XXXXXX". Throws EnvironmentError.
  static std::unique_ptr<Staged> stage(const Output& output) {
    std::unique_ptr<Staged> staged(new Staged(output.path));
    std::string temp = output.path.string() + kTempInfix + "XXXXXX";
    if (temp.size() >= PATH_MAX) fail(output.path, "the path is too long");
    int fd = -1;
    {
      const SignalsBlocked blocked;
      fd = ::mkstemp(temp.data());
      if (fd < 0) fail(output.path, "cannot create a file in " + folder_of(output.path).string() + ": " + reason());
      staged->claim_slot(temp);
    }
    auto fail_io = [&](const std::string& what) {
      const std::string why = reason();
      ::close(fd);
      fail(output.path, what + ": " + why);
    };
    struct stat old {};
    const mode_t mode = ::stat(output.path.c_str(), &old) == 0 ? (old.st_mode & 07777) : new_file_mode();
    if (::fchmod(fd, mode) != 0) fail_io("cannot set the file mode");
    const char* data = output.bytes.data();
    std::size_t left = output.bytes.size();
    while (left > 0) {
      const ssize_t n = ::write(fd, data, left);
      if (n < 0) {
        if (errno == EINTR) continue;
        fail_io("cannot write");
      }
      data += n;
      left -= static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) fail_io("cannot flush to disk");
    if (::close(fd) != 0) fail(output.path, "cannot close: " + reason());
    return staged;
  }

  /// Renames the staged file over its target. Empty on success, else the reason.
  std::string commit() {
    if (::rename(temp_path(), target_.c_str()) != 0) return reason();
    release_slot();
    return {};
  }

  void discard() {
    if (slot_ < 0) return;
    ::unlink(temp_path());
    release_slot();
  }

  [[noreturn]] static void fail(const fs::path& target, const std::string& why) {
    throw EnvironmentError("cannot write " + target.string() + ": " + why);
  }

 private:
  explicit Staged(fs::path target) : target_(std::move(target)) {}

  const char* temp_path() const { return g_staged[static_cast<std::size_t>(slot_)].path; }

  // Called with signals blocked, right after mkstemp created `temp`.
  void claim_slot(const std::string& temp) {
    for (int i = 0; i < kMaxStaged; ++i) {
      TempSlot& slot = g_staged[static_cast<std::size_t>(i)];
      bool expected = false;
      if (slot.used.load() || !slot.used.compare_exchange_strong(expected, true)) continue;
      std::memcpy(slot.path, temp.c_str(), temp.size() + 1);
      slot_ = i;
      return;
    }
    ::unlink(temp.c_str());
    fail(target_, "too many files staged at once");
  }

  void release_slot() {
    const SignalsBlocked blocked;
    g_staged[static_cast<std::size_t>(slot_)].used.store(false, std::memory_order_release);
    slot_ = -1;
  }

  fs::path target_;
  int slot_ = -1;
};

/// An exclusive flock on a folder, released on destruction. Where the file system cannot lock
/// (some network file systems), the write goes on unlocked.
class FolderLock {
 public:
  explicit FolderLock(const fs::path& folder) {
    fd_ = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd_ < 0) return;
    while (::flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
    }
  }
  ~FolderLock() {
    if (fd_ >= 0) ::close(fd_);  // closing releases the lock
  }
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

 private:
  int fd_ = -1;
};

/// Removes "<target>.tmp-XXXXXX" files in the target's folder (only call under the lock).
void sweep_stale_temps(const fs::path& target) {
  const std::string prefix = target.filename().string() + kTempInfix;
  const fs::path folder = folder_of(target);
  DIR* dir = ::opendir(folder.c_str());
  if (dir == nullptr) return;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string_view name = entry->d_name;
    if (name.size() == prefix.size() + 6 && name.starts_with(prefix)) {
      ::unlink((folder / std::string(name)).c_str());
    }
  }
  ::closedir(dir);
}

}  // namespace

void check_outputs(std::span<const OutputTarget> outputs, std::span<const InputFile> inputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const OutputTarget& out = outputs[i];
    const Place place = out.flag.empty() ? Place{} : Place::flag(out.flag);
    for (std::size_t j = 0; j < i; ++j) {
      if (same_file(outputs[j].path, out.path)) {
        const std::string& flag = out.flag.empty() ? outputs[j].flag : out.flag;
        throw InputError(flag.empty() ? Place{} : Place::flag(flag),
                         outputs[j].what + " and " + out.what + " would be the same file: " +
                             out.path.string());
      }
    }
    for (const InputFile& in : inputs) {
      if (same_file(in.path, out.path)) {
        throw InputError(place, out.what + " would overwrite " + in.what + ": " + out.path.string());
      }
    }
    std::error_code ec;
    const fs::file_status status = fs::status(out.path, ec);
    if (fs::is_directory(status)) throw InputError(place, out.path.string() + " is a folder");
    if (fs::exists(status) && !fs::is_regular_file(status)) {
      throw InputError(place, out.path.string() +
                                  " is not a regular file (outputs are written whole and renamed "
                                  "into place, never into devices or pipes)");
    }
    const fs::path folder = folder_of(out.path);
    const fs::file_status folder_status = fs::status(folder, ec);
    if (!fs::exists(folder_status)) {
      throw EnvironmentError("cannot write " + out.path.string() + ": folder '" + folder.string() +
                             "' does not exist");
    }
    if (!fs::is_directory(folder_status)) {
      throw EnvironmentError("cannot write " + out.path.string() + ": '" + folder.string() +
                             "' is not a folder");
    }
  }
}

void write_outputs(std::span<const Output> outputs, const std::function<void()>& before_commit) {
  // Lock every folder involved, in a fixed order (no deadlock between two commands).
  std::map<fs::path, std::unique_ptr<FolderLock>> locks;
  for (const Output& out : outputs) locks.try_emplace(identity_path(folder_of(out.path)));
  for (auto& [folder, lock] : locks) lock = std::make_unique<FolderLock>(folder);

  std::vector<std::unique_ptr<Staged>> staged;
  for (const Output& out : outputs) {
    sweep_stale_temps(out.path);
    std::error_code ec;
    const fs::file_status status = fs::status(out.path, ec);
    if (fs::exists(status) && !fs::is_regular_file(status)) {  // appeared since check_outputs
      Staged::fail(out.path, "not a regular file");
    }
    staged.push_back(Staged::stage(out));
  }
  if (before_commit) before_commit();
  for (std::size_t i = 0; i < staged.size(); ++i) {
    if (const std::string why = staged[i]->commit(); !why.empty()) {
      std::string message = "cannot write " + outputs[i].path.string() + ": " + why;
      if (i > 0) message += " (" + std::to_string(i) + " other file(s) were already replaced)";
      throw EnvironmentError(message);
    }
  }
}

void install_signal_cleanup() {
  struct sigaction action {};
  action.sa_handler = remove_staged_and_die;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  for (int s : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    ::sigaction(s, nullptr, &old);
    if (old.sa_handler == SIG_IGN) continue;  // e.g. started under nohup: keep ignoring
    ::sigaction(s, &action, nullptr);
  }
}

}  // namespace puzzlepress::util
