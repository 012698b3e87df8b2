#include "util/outputs.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <stdexcept>

#include "support/files.h"
#include "util/errors.h"
#include "util/text.h"

namespace puzzlepress::util {
namespace {

namespace fs = std::filesystem;
using testing::names_in;
using testing::read_bytes;
using testing::TempDir;

// In a forked child: `sig` given its default action first (the suite may run with it ignored:
// nohup ignores SIGHUP, a background job of a shell SIGINT), then the cleanup handlers.
void install_cleanup_for(int sig) {
  ::signal(sig, SIG_DFL);
  install_signal_cleanup();
}

mode_t mode_of(const fs::path& p) {
  struct stat st {};
  ::stat(p.c_str(), &st);
  return st.st_mode & 07777;
}

}  // namespace

TEST_SUITE("outputs") {
  TEST_CASE("all outputs land together; nothing else is left") {
    const TempDir dir("outputs-basic");
    const Output outs[] = {{dir / "a.pdf", "pdf bytes"}, {dir / "a.json", "{}"}};
    write_outputs(outs);
    CHECK(read_bytes(dir / "a.pdf") == "pdf bytes");
    CHECK(read_bytes(dir / "a.json") == "{}");
    CHECK(names_in(dir) == std::vector<std::string>{"a.json", "a.pdf"});
  }

  TEST_CASE("a failure before the renames leaves every target as it was") {
    const TempDir dir("outputs-fail");
    std::ofstream(dir / "a.pdf") << "old";
    const Output outs[] = {{dir / "a.pdf", "new"}, {dir / "missing" / "a.json", "{}"}};
    CHECK_THROWS_AS(write_outputs(outs), EnvironmentError);
    CHECK(read_bytes(dir / "a.pdf") == "old");
    CHECK(names_in(dir) == std::vector<std::string>{"a.pdf"});
    // An exception after staging (the test seam) too.
    const Output ok[] = {{dir / "a.pdf", "new"}, {dir / "a.json", "{}"}};
    CHECK_THROWS_AS(write_outputs(ok, [] { throw std::runtime_error("interrupted"); }), std::runtime_error);
    CHECK(read_bytes(dir / "a.pdf") == "old");
    CHECK(names_in(dir) == std::vector<std::string>{"a.pdf"});
  }

  TEST_CASE("new files follow the umask; a replaced file keeps its mode") {
    const TempDir dir("outputs-mode");
    const mode_t old_mask = ::umask(027);
    const Output fresh[] = {{dir / "new.pdf", "x"}};
    write_outputs(fresh);
    CHECK(mode_of(dir / "new.pdf") == 0640);
    std::ofstream(dir / "kept.pdf") << "old";
    fs::permissions(dir / "kept.pdf",
                    fs::perms::owner_read | fs::perms::owner_write | fs::perms::others_read | fs::perms::set_uid);
    const Output replace[] = {{dir / "kept.pdf", "new"}};
    write_outputs(replace);
    CHECK(mode_of(dir / "kept.pdf") == 0604);  // permission bits kept, set-user-ID not
    CHECK(read_bytes(dir / "kept.pdf") == "new");
    ::umask(old_mask);
  }

  TEST_CASE("stale staged files of ours are swept; the user's files are not touched") {
    const TempDir dir("outputs-sweep");
    std::ofstream(dir / ".puzzlepress-Ab3xYz.tmp") << "left by a killed build";
    std::ofstream(dir / "a.pdf.tmp-Ab3xYz") << "the user's";
    std::ofstream(dir / "a.pdf.tmp-backup") << "the user's";
    std::ofstream(dir / ".puzzlepress-longer-name.tmp") << "not our shape";
    const Output outs[] = {{dir / "a.pdf", "x"}};
    write_outputs(outs);
    CHECK(names_in(dir) ==
          std::vector<std::string>{".puzzlepress-longer-name.tmp", "a.pdf", "a.pdf.tmp-Ab3xYz", "a.pdf.tmp-backup"});
  }

  TEST_CASE("a link is followed: the file it names is replaced, the link stays") {
    const TempDir dir("outputs-link");
    fs::create_directories(dir / "real");
    std::ofstream(dir / "real" / "book.pdf") << "old";
    fs::create_symlink(dir / "real" / "book.pdf", dir / "book.pdf");
    const Output outs[] = {{dir / "book.pdf", "new"}};
    write_outputs(outs);
    CHECK(fs::is_symlink(dir / "book.pdf"));
    CHECK(read_bytes(dir / "real" / "book.pdf") == "new");
  }

  TEST_CASE("a long file name still stages (the staged name does not grow with it)") {
    const TempDir dir("outputs-long");
    const std::string name = std::string(250, 'n') + ".pdf";  // 254 bytes: the most most file systems allow
    const Output outs[] = {{dir / name, "x"}};
    write_outputs(outs);
    CHECK(read_bytes(dir / name) == "x");
  }

  TEST_CASE("SIGTERM, SIGINT or SIGHUP while outputs are staged removes them and leaves the targets") {
    const TempDir dir("outputs-signal");
    std::ofstream(dir / "a.pdf") << "old";
    for (int sig : {SIGTERM, SIGINT, SIGHUP}) {
      CAPTURE(sig);
      const pid_t child = ::fork();
      REQUIRE(child >= 0);
      if (child == 0) {
        install_cleanup_for(sig);
        const Output outs[] = {{dir / "a.pdf", "new"}, {dir / "a.json", "{}"}};
        write_outputs(outs, [sig] { ::raise(sig); });
        ::_exit(0);  // not reached: the signal ends the process
      }
      int status = 0;
      REQUIRE(::waitpid(child, &status, 0) == child);
      CHECK(WIFSIGNALED(status));
      CHECK(WTERMSIG(status) == sig);
      CHECK(read_bytes(dir / "a.pdf") == "old");
      CHECK(names_in(dir) == std::vector<std::string>{"a.pdf"});
    }
  }

  TEST_CASE("a signal ignored when the program starts (nohup) stays ignored: the outputs land") {
    const TempDir dir("outputs-ignored");
    for (int sig : {SIGHUP, SIGINT, SIGTERM}) {
      CAPTURE(sig);
      std::ofstream(dir / "a.pdf") << "old";
      const pid_t child = ::fork();
      REQUIRE(child >= 0);
      if (child == 0) {
        ::signal(sig, SIG_IGN);
        install_signal_cleanup();
        const Output outs[] = {{dir / "a.pdf", "new"}, {dir / "a.json", "{}"}};
        write_outputs(outs, [sig] { ::raise(sig); });
        ::_exit(0);  // the signal is ignored: the write goes on and the child ends here
      }
      int status = 0;
      REQUIRE(::waitpid(child, &status, 0) == child);
      CHECK(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 0);
      CHECK(read_bytes(dir / "a.pdf") == "new");
      CHECK(names_in(dir) == std::vector<std::string>{"a.json", "a.pdf"});
    }
  }

  TEST_CASE("hundreds of outputs at once: all land, and a signal while they are staged removes them all") {
    // The staged-file table held 64: a preview of a book over 63 pages failed with "too many
    // files staged at once". It now grows, and the signal handler walks every table.
    const TempDir dir("outputs-many");
    std::vector<Output> outs;
    for (int i = 0; i < 300; ++i) outs.push_back({dir / ("page-" + std::to_string(i) + ".png"), std::to_string(i)});
    write_outputs(outs);
    CHECK(names_in(dir).size() == 300);
    CHECK(read_bytes(dir / "page-299.png") == "299");
    fs::remove_all(dir);
    fs::create_directories(dir);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      install_cleanup_for(SIGTERM);
      write_outputs(outs, [] { ::raise(SIGTERM); });
      ::_exit(0);  // not reached: the signal ends the process
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status));
    CHECK(fs::is_empty(dir));
  }

  TEST_CASE("a signal between the renames waits until every output is renamed") {
    const TempDir dir("outputs-between");
    std::ofstream(dir / "a.pdf") << "old";
    std::ofstream(dir / "a.json") << "old";
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      install_cleanup_for(SIGTERM);
      const Output outs[] = {{dir / "a.pdf", "new"}, {dir / "a.json", "new"}};
      write_outputs(outs, {}, [] { ::raise(SIGTERM); });
      ::_exit(0);  // not reached: the held-back signal ends the process after the renames
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status));
    CHECK(read_bytes(dir / "a.pdf") == "new");
    CHECK(read_bytes(dir / "a.json") == "new");
    CHECK(names_in(dir) == std::vector<std::string>{"a.json", "a.pdf"});
  }

  TEST_CASE("a file size limit fails the write cleanly instead of killing the process") {
    const TempDir dir("outputs-fsize");
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      install_signal_cleanup();
      struct rlimit limit {
        4096, 4096
      };
      ::setrlimit(RLIMIT_FSIZE, &limit);
      const Output outs[] = {{dir / "big.pdf", std::string(100000, 'x')}};
      try {
        write_outputs(outs);
      } catch (const EnvironmentError&) {
        ::_exit(3);  // the expected failure
      }
      ::_exit(0);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 3);
    CHECK(fs::is_empty(dir));
  }

  TEST_CASE("two writers of one output set never mix their files") {
    const TempDir dir("outputs-race");
    constexpr int kRounds = 40;
    pid_t children[2];
    for (int w = 0; w < 2; ++w) {
      children[w] = ::fork();
      REQUIRE(children[w] >= 0);
      if (children[w] == 0) {
        const std::string tag = "writer " + std::to_string(w);
        for (int i = 0; i < kRounds; ++i) {
          const Output outs[] = {{dir / "a.pdf", tag}, {dir / "a.json", tag}};
          write_outputs(outs);
        }
        ::_exit(0);
      }
    }
    for (pid_t child : children) {
      int status = 0;
      ::waitpid(child, &status, 0);
      CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
    }
    CHECK(read_bytes(dir / "a.pdf") == read_bytes(dir / "a.json"));
    CHECK(names_in(dir) == std::vector<std::string>{"a.json", "a.pdf"});
  }

  TEST_CASE("a link another user owns in a shared sticky folder is not followed") {
    if (::geteuid() != 0) return;  // only root can give a link to another user
    const TempDir shared("outputs-sticky");
    fs::permissions(shared, fs::perms::all | fs::perms::sticky_bit);
    std::ofstream(shared / "mine.pdf") << "mine";
    fs::create_symlink(shared / "mine.pdf", shared / "trap.pdf");
    REQUIRE(::lchown((shared / "trap.pdf").c_str(), 65534, 65534) == 0);
    const OutputTarget targets[] = {{shared / "trap.pdf", "the PDF", "-o"}};
    CHECK_THROWS_WITH_AS(check_outputs(targets, {}),
                         ("-o: " + (shared / "trap.pdf").string() +
                          " is a link another user owns in a shared folder: it is not followed (remove it, or write "
                          "elsewhere)")
                             .c_str(),
                         InputError);
    const Output outs[] = {{shared / "trap.pdf", "new"}};
    CHECK_THROWS_AS(write_outputs(outs), EnvironmentError);
    CHECK(read_bytes(shared / "mine.pdf") == "mine");
    // A link of ours there is followed, as anywhere.
    REQUIRE(::lchown((shared / "trap.pdf").c_str(), ::geteuid(), ::getegid()) == 0);
    write_outputs(outs);
    CHECK(read_bytes(shared / "mine.pdf") == "new");
  }

  TEST_CASE("check_outputs: clashes, inputs, special files and folders") {
    const TempDir dir("outputs-check");
    std::ofstream(dir / "spec.yaml") << "x";
    const InputFile inputs[] = {{dir / "spec.yaml", "the spec"}};
    const auto message = [&](std::vector<OutputTarget> targets) -> std::string {
      try {
        check_outputs(targets, inputs);
      } catch (const std::exception& e) {
        return e.what();
      }
      return "ok";
    };
    CHECK(message({{dir / "a.pdf", "the PDF", "-o"}, {dir / "a.json", "the manifest", ""}}) == "ok");
    CHECK(message({{dir / "spec.yaml", "the PDF", "-o"}}) ==
          "-o: the PDF would overwrite the spec: " + (dir / "spec.yaml").string());
    CHECK(message({{dir / "a.pdf", "the PDF", "-o"}, {dir / "." / "a.pdf", "the manifest", ""}}) ==
          "-o: the PDF and the manifest would be the same file: " + (dir / "." / "a.pdf").string());
    CHECK(message({{dir, "the PDF", "-o"}}) == "-o: " + dir.path.string() + " is a folder");
    CHECK(message({{"/dev/null", "the PDF", "-o"}}).rfind("-o: /dev/null is not a regular file", 0) == 0);
    CHECK(message({{dir / "no" / "a.pdf", "the PDF", "-o"}}) == "-o: cannot write " + (dir / "no" / "a.pdf").string() +
                                                                    ": folder '" + (dir / "no").string() +
                                                                    "' does not exist");
    CHECK(message({{dir / "spec.yaml" / "a.pdf", "the PDF", ""}}) ==
          "cannot write " + (dir / "spec.yaml" / "a.pdf").string() + ": '" + (dir / "spec.yaml").string() +
              "' is not a folder");
    // Names no file system takes, and folders where nothing can be made, are refused before the
    // work (hostile round two: they failed after a whole build).
    const std::string long_name(300, 'a');
    CHECK(message({{dir / (long_name + ".pdf"), "the PDF", "-o"}}) ==
          "-o: cannot write " + echo_path((dir / (long_name + ".pdf")).string()) +
              ": a name in it is 304 bytes long; file systems take 255 at most");
    const int fd = ::open((dir / "stdout.txt").c_str(), O_WRONLY | O_CREAT, 0644);
    REQUIRE(fd >= 0);
    const std::string fd_path = "/proc/self/fd/" + std::to_string(fd);
    const std::string via_proc = message({{fd_path + ".json", "the manifest", ""}});
    CHECK(via_proc.starts_with("cannot write " + fd_path + ".json: cannot create a file in /proc/"));
    ::close(fd);
    if (::geteuid() != 0) {  // root writes anywhere
      fs::create_directories(dir / "ro");
      fs::permissions(dir / "ro", fs::perms::owner_read | fs::perms::owner_exec);
      CHECK(message({{dir / "ro" / "a.pdf", "the PDF", "-o"}}) == "-o: cannot write " +
                                                                      (dir / "ro" / "a.pdf").string() + ": folder '" +
                                                                      (dir / "ro").string() + "': Permission denied");
      fs::permissions(dir / "ro", fs::perms::owner_all);
    }
  }
}

}  // namespace puzzlepress::util
