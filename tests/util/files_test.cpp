#include "util/files.h"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "support/files.h"

namespace puzzlepress::util {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

}  // namespace

TEST_SUITE("files") {
  TEST_CASE("read_regular_file reads regular files and refuses the rest by name") {
    const TempDir dir("files-read");
    std::ofstream(dir / "a.txt") << "hello";
    const auto ok = read_regular_file(dir / "a.txt");
    REQUIRE(ok.ok());
    CHECK(*ok == "hello");
    CHECK(read_regular_file(dir / "missing").error() == "no such file");
    CHECK(read_regular_file(dir.path).error() == "is a folder, not a file");
    CHECK(read_regular_file("/dev/zero").error() == "is not a regular file");
    REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
    CHECK(read_regular_file(dir / "fifo").error() == "is not a regular file");  // and no hang
    std::ofstream(dir / "big") << std::string(2048, 'x');
    CHECK(read_regular_file(dir / "big", 1024).error() == "is larger than 1024 bytes");
    CHECK(read_regular_file(dir / "big", std::size_t{1} << 20).ok());
  }

  TEST_CASE("same_file: spellings, links and missing files") {
    const TempDir dir("files-same");
    std::ofstream(dir / "a") << "x";
    fs::create_symlink(dir / "a", dir / "link");
    fs::create_hard_link(dir / "a", dir / "hard");
    CHECK(same_file(dir / "a", dir / "." / "a"));
    CHECK(same_file(dir / "a", dir / "sub" / ".." / "a"));
    CHECK(same_file(dir / "a", dir / "link"));
    CHECK(same_file(dir / "a", dir / "hard"));
    CHECK_FALSE(same_file(dir / "a", dir / "b"));
    CHECK(same_file(dir / "new", dir / "." / "new"));  // neither exists yet
    const fs::path here = fs::current_path();
    fs::current_path(dir.path);
    CHECK(same_file("new", dir / "new"));
    fs::current_path(here);
  }
}

}  // namespace puzzlepress::util
