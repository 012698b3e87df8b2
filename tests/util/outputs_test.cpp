#include "util/outputs.h"

#include <doctest/doctest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "util/errors.h"

namespace puzzlepress::util {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("puzzlepress-outputs-test-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

mode_t mode_of(const fs::path& p) {
  struct stat st {};
  ::stat(p.c_str(), &st);
  return st.st_mode & 0777;
}

}  // namespace

TEST_SUITE("outputs") {
  TEST_CASE("all outputs land together; nothing else is left") {
    const fs::path dir = fresh_dir("basic");
    const Output outs[] = {{dir / "a.pdf", "pdf bytes"}, {dir / "a.json", "{}"}};
    write_outputs(outs);
    CHECK(read(dir / "a.pdf") == "pdf bytes");
    CHECK(read(dir / "a.json") == "{}");
    CHECK(names_in(dir) == std::vector<std::string>{"a.json", "a.pdf"});
    fs::remove_all(dir);
  }

  TEST_CASE("a failure before the renames leaves every target as it was") {
    const fs::path dir = fresh_dir("fail");
    std::ofstream(dir / "a.pdf") << "old";
    const Output outs[] = {{dir / "a.pdf", "new"}, {dir / "missing" / "a.json", "{}"}};
    CHECK_THROWS_AS(write_outputs(outs), EnvironmentError);
    CHECK(read(dir / "a.pdf") == "old");
    CHECK(names_in(dir) == std::vector<std::string>{"a.pdf"});
    // An exception after staging (the test seam) too.
    const Output ok[] = {{dir / "a.pdf", "new"}, {dir / "a.json", "{}"}};
    CHECK_THROWS_AS(write_outputs(ok, [] { throw std::runtime_error("interrupted"); }), std::runtime_error);
    CHECK(read(dir / "a.pdf") == "old");
    CHECK(names_in(dir) == std::vector<std::string>{"a.pdf"});
    fs::remove_all(dir);
  }

  TEST_CASE("new files follow the umask; a replaced file keeps its mode") {
    const fs::path dir = fresh_dir("mode");
    const mode_t old_mask = ::umask(027);
    const Output fresh[] = {{dir / "new.pdf", "x"}};
    write_outputs(fresh);
    CHECK(mode_of(dir / "new.pdf") == 0640);
    std::ofstream(dir / "kept.pdf") << "old";
    fs::permissions(dir / "kept.pdf", fs::perms::owner_read | fs::perms::owner_write | fs::perms::others_read);
    const Output replace[] = {{dir / "kept.pdf", "new"}};
    write_outputs(replace);
    CHECK(mode_of(dir / "kept.pdf") == 0604);
    CHECK(read(dir / "kept.pdf") == "new");
    ::umask(old_mask);
    fs::remove_all(dir);
  }

  TEST_CASE("stale temporary files of ours are swept; others are not touched") {
    const fs::path dir = fresh_dir("sweep");
    std::ofstream(dir / "a.pdf.tmp-Ab3xYz") << "left by a killed build";
    std::ofstream(dir / "a.pdf.tmp-notours") << "not our pattern";
    std::ofstream(dir / "b.pdf.tmp-Ab3xYz") << "another target's";
    const Output outs[] = {{dir / "a.pdf", "x"}};
    write_outputs(outs);
    CHECK(names_in(dir) == std::vector<std::string>{"a.pdf", "a.pdf.tmp-notours", "b.pdf.tmp-Ab3xYz"});
    fs::remove_all(dir);
  }

  TEST_CASE("SIGTERM while outputs are staged removes them and leaves the targets") {
    const fs::path dir = fresh_dir("signal");
    std::ofstream(dir / "a.pdf") << "old";
    for (int sig : {SIGTERM, SIGINT, SIGHUP}) {
      const pid_t child = ::fork();
      REQUIRE(child >= 0);
      if (child == 0) {
        install_signal_cleanup();
        const Output outs[] = {{dir / "a.pdf", "new"}, {dir / "a.json", "{}"}};
        write_outputs(outs, [sig] { ::raise(sig); });
        ::_exit(0);  // not reached: the signal ends the process
      }
      int status = 0;
      REQUIRE(::waitpid(child, &status, 0) == child);
      CHECK(WIFSIGNALED(status));
      CHECK(WTERMSIG(status) == sig);
      CHECK(read(dir / "a.pdf") == "old");
      CHECK(names_in(dir) == std::vector<std::string>{"a.pdf"});
    }
    fs::remove_all(dir);
  }

  TEST_CASE("two writers of one output set never mix their files") {
    const fs::path dir = fresh_dir("race");
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
    CHECK(read(dir / "a.pdf") == read(dir / "a.json"));
    CHECK(names_in(dir) == std::vector<std::string>{"a.json", "a.pdf"});
    fs::remove_all(dir);
  }

  TEST_CASE("check_outputs: clashes, inputs, special files and folders") {
    const fs::path dir = fresh_dir("check");
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
    CHECK(message({{dir, "the PDF", "-o"}}) == "-o: " + dir.string() + " is a folder");
    CHECK(message({{"/dev/null", "the PDF", "-o"}}).rfind("-o: /dev/null is not a regular file", 0) == 0);
    CHECK(message({{dir / "no" / "a.pdf", "the PDF", "-o"}}) ==
          "cannot write " + (dir / "no" / "a.pdf").string() + ": folder '" + (dir / "no").string() +
              "' does not exist");
    CHECK(message({{dir / "spec.yaml" / "a.pdf", "the PDF", "-o"}}) ==
          "cannot write " + (dir / "spec.yaml" / "a.pdf").string() + ": '" + (dir / "spec.yaml").string() +
              "' is not a folder");
    fs::remove_all(dir);
  }
}

}  // namespace puzzlepress::util
