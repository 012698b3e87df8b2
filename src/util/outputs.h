// Outputs: the files one command writes, written all or none.
//
// A command first names its outputs (check_outputs, before any slow work), then produces every
// output's bytes in memory, then hands them to write_outputs, which
//   1. locks each output's folder (flock on the folder, in path order), so two commands
//      writing the same files never interleave their renames;
//   2. removes stale temporary files of ours in those folders (".puzzlepress-XXXXXX.tmp",
//      owned by this user, left by a process killed with SIGKILL: under the lock no live
//      process can own one);
//   3. stages each output in a temporary file beside its target (same folder, so the rename is
//      atomic), flushed to disk, with the mode of the file it replaces (permission bits only)
//      or 0666 less the umask; an output that is a symbolic link replaces the file it names;
//   4. renames them all into place with SIGINT/SIGTERM/SIGHUP held back, then unlocks.
// If anything fails before step 4, every staged file is removed and every target is as it was.
// SIGINT, SIGTERM and SIGHUP remove staged files too (install_signal_cleanup).
#pragma once

#include <signal.h>

#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace puzzlepress::util {

/// Where an output goes, what it is, and the flag that chose it, e.g.
/// {"book.pdf", "the PDF", "-o"}.
struct OutputTarget {
  std::filesystem::path path;
  std::string what;  ///< e.g. "the PDF", "the manifest"
  std::string flag;  ///< e.g. "-o", "--manifest"; empty when the path is a default
};

/// An input file of the command (spec, layout, font, image): no output may land on it.
struct InputFile {
  std::filesystem::path path;
  std::string what;  ///< e.g. "the spec", "a font"
};

/// Checks outputs before any work is done. Throws InputError at the output's flag (no place
/// when its path is a default) when
///   two outputs are the same file ("--manifest: the PDF and the manifest would be the same
///     file: a.pdf"),
///   an output is an input ("the manifest would overwrite the spec: book.json"),
///   an output exists and is not a regular file ("-o: /dev/null is not a regular file (…)"),
///   an output is a folder ("-o: out is a folder");
/// throws EnvironmentError when an output's folder does not exist, is not a folder or cannot be
/// written ("-o: cannot write out/a.pdf: folder 'out' does not exist").
void check_outputs(std::span<const OutputTarget> outputs, std::span<const InputFile> inputs);

/// One output with its bytes.
struct Output {
  std::filesystem::path path;
  std::string bytes;
};

/// Writes every output as described above, all or none. Throws EnvironmentError
/// "cannot write PATH: reason" (nothing changed then, except in the rare case of a failing
/// rename after others succeeded, which the message says).
/// Seams for tests: `before_commit` runs once every output is staged and before any is renamed
/// (a signal or an exception there must leave every target as it was); `after_first_rename`
/// runs between the first and second rename (a signal there must wait until all are renamed).
void write_outputs(std::span<const Output> outputs, const std::function<void()>& before_commit = {},
                   const std::function<void()>& after_first_rename = {});

/// Holds back SIGINT, SIGTERM and SIGHUP in this thread from hold() (at once when made with no
/// argument) until it goes, so a signal waits until the steps that must not be parted are done
/// (a catalogue's commit and the renames of the files it registered; a new file and its name).
class SignalsBlocked {
 public:
  struct Later {};
  SignalsBlocked() { hold(); }
  explicit SignalsBlocked(Later) {}
  ~SignalsBlocked();
  SignalsBlocked(const SignalsBlocked&) = delete;
  SignalsBlocked& operator=(const SignalsBlocked&) = delete;
  void hold();  ///< idempotent

 private:
  sigset_t old_{};
  bool held_ = false;
};

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove every staged file of this
/// process and then end it as the signal would have, and ignores SIGXFSZ (a file size limit
/// then fails the write instead). Idempotent; call once from main.
void install_signal_cleanup();

}  // namespace puzzlepress::util
