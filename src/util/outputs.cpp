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
#include "util/text.h"

namespace puzzlepress::util {
namespace {

namespace fs = std::filesystem;

// Staged files are hidden files of a fixed shape in the target's folder, whatever the target's
// name (so a long name never makes the temporary name too long, and the sweep never matches a
// file of the user's): ".puzzlepress-XXXXXX.tmp".
constexpr std::string_view kTempPrefix = ".puzzlepress-";
constexpr std::string_view kTempSuffix = ".tmp";
constexpr std::size_t kTempRandom = 6;

// --- Staged files a signal handler must remove -------------------------------------------
// A list of fixed tables (no allocation or locks in the handler), so the handler only reads
// plain memory and calls unlink(), which is async-signal-safe. A slot is claimed with signals
// blocked, so a signal never sees a temporary file that is not in the list. When every slot is
// taken (a preview of a long book stages a file a page) another table is linked at the end; a
// table is never freed, so the handler can always walk the list.

constexpr int kSlotsPerTable = 64;
struct TempSlot {
  std::atomic<bool> used{false};
  char path[PATH_MAX]{};
};
struct SlotTable {
  std::array<TempSlot, kSlotsPerTable> slots;
  std::atomic<SlotTable*> next{nullptr};
};
SlotTable g_staged;

extern "C" void remove_staged_and_die(int signal_number) {
  for (SlotTable* table = &g_staged; table != nullptr; table = table->next.load(std::memory_order_acquire)) {
    for (TempSlot& slot : table->slots) {
      if (slot.used.load(std::memory_order_acquire)) ::unlink(slot.path);
    }
  }
  ::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

/// A free slot of the list, marked used; a new table is linked when all are taken.
TempSlot& claim_free_slot() {
  for (SlotTable* table = &g_staged;;) {
    for (TempSlot& slot : table->slots) {
      bool expected = false;
      if (!slot.used.load() && slot.used.compare_exchange_strong(expected, true)) return slot;
    }
    SlotTable* next = table->next.load(std::memory_order_acquire);
    if (next == nullptr) {
      auto fresh = std::make_unique<SlotTable>();
      if (table->next.compare_exchange_strong(next, fresh.get(), std::memory_order_acq_rel)) {
        next = fresh.release();  // lives until exit: the handler may walk it at any time
      }                          // else another thread linked one: `next` is now that one
    }
    table = next;
  }
}

std::string reason() { return std::strerror(errno); }

mode_t new_file_mode() {
  const mode_t mask = ::umask(0);  // there is no way to read the umask without setting it
  ::umask(mask);
  return 0666 & ~mask;
}

fs::path folder_of(const fs::path& path) { return path.parent_path().empty() ? fs::path(".") : path.parent_path(); }

/// A temporary file beside its target, removed unless committed.
class Staged {
 public:
  Staged(const Staged&) = delete;
  Staged& operator=(const Staged&) = delete;
  ~Staged() { discard(); }

  /// Writes `bytes` to a new ".puzzlepress-XXXXXX.tmp" beside `target`. Throws
  /// EnvironmentError naming `shown` (the path as the user gave it).
  static std::unique_ptr<Staged> stage(const fs::path& target, const fs::path& shown, std::string_view bytes) {
    std::unique_ptr<Staged> staged(new Staged(target, shown));
    std::string temp = (folder_of(target) / (std::string(kTempPrefix) + "XXXXXX" + std::string(kTempSuffix))).string();
    if (temp.size() >= PATH_MAX) fail(shown, "the path is too long");
    int fd = -1;
    {
      const SignalsBlocked blocked;
      fd = ::mkostemps(temp.data(), static_cast<int>(kTempSuffix.size()), O_CLOEXEC);
      if (fd < 0) fail(shown, "cannot create a file in " + echo_path(folder_of(target).string()) + ": " + reason());
      staged->claim_slot(temp);
    }
    auto fail_io = [&](const std::string& what) {
      const std::string why = reason();
      ::close(fd);
      fail(shown, what + ": " + why);
    };
    struct stat old {};
    const mode_t mode = ::stat(target.c_str(), &old) == 0 ? (old.st_mode & 0777) : new_file_mode();
    if (::fchmod(fd, mode) != 0) fail_io("cannot set the file mode");
    const char* data = bytes.data();
    std::size_t left = bytes.size();
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
    if (::close(fd) != 0) fail(shown, "cannot close: " + reason());
    return staged;
  }

  /// Renames the staged file over its target. Empty on success, else the reason.
  std::string commit() {
    if (::rename(temp_path(), target_.c_str()) != 0) return reason();
    release_slot();
    return {};
  }

  void discard() {
    if (slot_ == nullptr) return;
    ::unlink(temp_path());
    release_slot();
  }

  [[noreturn]] static void fail(const fs::path& target, const std::string& why) {
    throw EnvironmentError("cannot write " + echo_path(target.string()) + ": " + why);
  }

 private:
  Staged(fs::path target, fs::path shown) : target_(std::move(target)), shown_(std::move(shown)) {}

  const char* temp_path() const { return slot_->path; }

  // Called with signals blocked, right after mkstemp created `temp` (shorter than PATH_MAX).
  void claim_slot(const std::string& temp) {
    TempSlot& slot = claim_free_slot();
    std::memcpy(slot.path, temp.c_str(), temp.size() + 1);
    slot_ = &slot;
  }

  void release_slot() {
    const SignalsBlocked blocked;
    slot_->path[0] = '\0';  // a handler that sees the slot claimed again before its path is set unlinks ""
    slot_->used.store(false, std::memory_order_release);
    slot_ = nullptr;
  }

  fs::path target_;
  fs::path shown_;
  TempSlot* slot_ = nullptr;
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

/// Removes our staged files left in `folder` by a killed process: ".puzzlepress-XXXXXX.tmp"
/// files owned by this user. Only call under the folder's lock (no live process of ours can
/// own one then).
void sweep_stale_temps(const fs::path& folder) {
  DIR* dir = ::opendir(folder.c_str());
  if (dir == nullptr) return;
  const uid_t me = ::geteuid();
  while (const dirent* entry = ::readdir(dir)) {
    const std::string_view name = entry->d_name;
    if (name.size() != kTempPrefix.size() + kTempRandom + kTempSuffix.size() || !name.starts_with(kTempPrefix) ||
        !name.ends_with(kTempSuffix)) {
      continue;
    }
    const fs::path path = folder / std::string(name);
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == me) ::unlink(path.c_str());
  }
  ::closedir(dir);
}

/// Why the name of `path` cannot be a file on a POSIX file system, or "": a part of it longer
/// than NAME_MAX bytes, or the whole longer than PATH_MAX.
std::string name_problem(const fs::path& path) {
  const std::string whole = path.string();
  if (whole.size() >= PATH_MAX) {
    return "the path is " + std::to_string(whole.size()) + " bytes long; file systems take " +
           std::to_string(PATH_MAX - 1) + " at most";
  }
  for (const fs::path& part : path) {
    if (part.string().size() > NAME_MAX) {
      return "a name in it is " + std::to_string(part.string().size()) + " bytes long; file systems take " +
             std::to_string(NAME_MAX) + " at most";
    }
  }
  return "";
}

/// A link another user owns in a shared, sticky folder (/tmp): following it would let them choose
/// which file of ours is replaced (the kernel refuses to follow such links on open, under
/// fs.protected_symlinks; a rename into place does not ask it). Links of ours, or of the folder's
/// owner, are followed as any link.
bool foreign_link_in_shared_folder(const fs::path& path) {
  struct stat link {};
  if (::lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) return false;
  struct stat folder {};
  if (::stat(folder_of(path).c_str(), &folder) != 0) return false;
  const bool shared = (folder.st_mode & S_ISVTX) && (folder.st_mode & S_IWOTH);
  return shared && link.st_uid != ::geteuid() && link.st_uid != folder.st_uid;
}

/// Whether a file can be made in `folder` (a staged file is made and removed at once): "" or why
/// not. A pseudo file system (/proc/self/fd) or a read-only one says no here, before the work.
std::string cannot_create_in(const fs::path& folder) {
  std::string temp = (folder / (std::string(kTempPrefix) + "XXXXXX" + std::string(kTempSuffix))).string();
  const SignalsBlocked blocked;  // no signal between making and removing it
  const int fd = ::mkostemps(temp.data(), static_cast<int>(kTempSuffix.size()), O_CLOEXEC);
  if (fd < 0) return reason();
  ::close(fd);
  ::unlink(temp.c_str());
  return "";
}

}  // namespace

void SignalsBlocked::hold() {
  if (held_) return;
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &set, &old_);
  held_ = true;
}

SignalsBlocked::~SignalsBlocked() {
  if (held_) pthread_sigmask(SIG_SETMASK, &old_, nullptr);
}

void check_outputs(std::span<const OutputTarget> outputs, std::span<const InputFile> inputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const OutputTarget& out = outputs[i];
    const Place place = out.flag.empty() ? Place{} : Place::flag(out.flag);
    for (std::size_t j = 0; j < i; ++j) {
      if (same_file(outputs[j].path, out.path)) {
        const std::string& flag = out.flag.empty() ? outputs[j].flag : out.flag;
        throw InputError(
            flag.empty() ? Place{} : Place::flag(flag),
            outputs[j].what + " and " + out.what + " would be the same file: " + echo_path(out.path.string()));
      }
    }
    for (const InputFile& in : inputs) {
      if (same_file(in.path, out.path)) {
        throw InputError(place, out.what + " would overwrite " + in.what + ": " + echo_path(out.path.string()));
      }
    }
    if (const std::string problem = name_problem(out.path); !problem.empty()) {
      throw InputError(place, "cannot write " + echo_path(out.path.string()) + ": " + problem);
    }
    if (foreign_link_in_shared_folder(out.path)) {
      throw InputError(place, echo_path(out.path.string()) +
                                  " is a link another user owns in a shared folder: it is not followed (remove it, or "
                                  "write elsewhere)");
    }
    std::error_code ec;
    const fs::file_status status = fs::status(out.path, ec);
    if (fs::is_directory(status)) throw InputError(place, echo_path(out.path.string()) + " is a folder");
    if (fs::exists(status) && !fs::is_regular_file(status)) {
      throw InputError(place, echo_path(out.path.string()) +
                                  " is not a regular file (outputs are written whole and renamed "
                                  "into place, never into devices or pipes)");
    }
    const fs::path folder = folder_of(out.path);
    const std::string cannot =
        (out.flag.empty() ? "" : out.flag + ": ") + "cannot write " + echo_path(out.path.string()) + ": ";
    const fs::file_status folder_status = fs::status(folder, ec);
    if (!fs::exists(folder_status)) {
      throw EnvironmentError(cannot + "folder '" + echo_path(folder.string()) + "' does not exist");
    }
    if (!fs::is_directory(folder_status)) {
      throw EnvironmentError(cannot + "'" + echo_path(folder.string()) + "' is not a folder");
    }
    if (::access(folder.c_str(), W_OK | X_OK) != 0) {
      throw EnvironmentError(cannot + "folder '" + echo_path(folder.string()) + "': " + reason());
    }
    // Where the write will stage it (a link is followed): a file must be creatable there.
    const fs::path staging = folder_of(identity_path(out.path));
    if (const std::string why = cannot_create_in(staging); !why.empty()) {
      throw EnvironmentError(cannot + "cannot create a file in " + echo_path(staging.string()) + ": " + why);
    }
  }
}

void write_outputs(std::span<const Output> outputs, const std::function<void()>& before_commit,
                   const std::function<void()>& after_first_rename) {
  // A link is followed: the file it names is replaced, beside itself (not one another user put
  // in a shared folder since check_outputs looked).
  std::vector<fs::path> targets;
  for (const Output& out : outputs) {
    if (foreign_link_in_shared_folder(out.path)) {
      Staged::fail(out.path, "it is a link another user owns in a shared folder: it is not followed");
    }
    targets.push_back(identity_path(out.path));
  }

  // Lock every folder involved, in a fixed order (no deadlock between two commands).
  std::map<fs::path, std::unique_ptr<FolderLock>> locks;
  for (const fs::path& target : targets) locks.try_emplace(folder_of(target));
  for (auto& [folder, lock] : locks) {
    lock = std::make_unique<FolderLock>(folder);
    sweep_stale_temps(folder);
  }

  std::vector<std::unique_ptr<Staged>> staged;
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    std::error_code ec;
    const fs::file_status status = fs::status(targets[i], ec);
    if (fs::exists(status) && !fs::is_regular_file(status)) {  // appeared since check_outputs
      Staged::fail(outputs[i].path, "not a regular file");
    }
    staged.push_back(Staged::stage(targets[i], outputs[i].path, outputs[i].bytes));
  }
  if (before_commit) before_commit();
  // No signal between the renames: a pending one arrives once all are done, so a kill never
  // leaves one build's PDF beside another build's manifest.
  const SignalsBlocked blocked;
  for (std::size_t i = 0; i < staged.size(); ++i) {
    if (const std::string why = staged[i]->commit(); !why.empty()) {
      std::string message = "cannot write " + echo_path(outputs[i].path.string()) + ": " + why;
      if (i > 0) message += " (" + std::to_string(i) + " other file(s) were already replaced)";
      throw EnvironmentError(message);
    }
    if (i == 0 && after_first_rename) after_first_rename();
  }
}

void install_signal_cleanup() {
  struct sigaction action {};
  action.sa_handler = remove_staged_and_die;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  // A file size limit (ulimit -f) must fail the write (EFBIG, cleaned up like any error),
  // not end the process with a half-written staged file.
  ::signal(SIGXFSZ, SIG_IGN);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    ::sigaction(s, nullptr, &old);
    if (old.sa_handler == SIG_IGN) continue;  // e.g. started under nohup: keep ignoring
    ::sigaction(s, &action, nullptr);
  }
}

}  // namespace puzzlepress::util
