// The command reference (docs/commands.md), the manual page and the shell completions are
// written by hand; these tests hold them to the program: every subcommand and option `--help`
// lists is in docs/commands.md and in the man page (in its subcommand's section, which names no
// option the subcommand lacks) and in each completion script, and both documents list every exit
// code.
#include <doctest/doctest.h>

#include <filesystem>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "cli/exit_codes.h"
#include "support/command.h"
#include "support/files.h"

namespace fs = std::filesystem;
using namespace puzzlepress::testing;

namespace {

fs::path source(const std::string& relative) { return fs::path(PUZZLEPRESS_SOURCE_DIR) / relative; }

// The subcommands `puzzlepress --help` lists.
std::vector<std::string> subcommands() {
  const std::string help = run_puzzlepress("--help").output;
  std::vector<std::string> out;
  std::istringstream in(help.substr(help.find("Subcommands:")));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_search(line, m, std::regex("^  ([a-z]+) "))) out.push_back(m[1]);
  }
  return out;
}

// The options `puzzlepress SUB --help` lists, without -h/--help: "-o", "--output", "--trim" …
std::set<std::string> options_of(const std::string& sub) {
  const std::string help = run_puzzlepress(sub + " --help").output;
  std::set<std::string> out;
  std::istringstream in(help.substr(help.find("Options:")));
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  -", 0) != 0) continue;
    std::string first = line.substr(2, line.find(' ', 2) - 2);
    std::istringstream names(first);
    for (std::string name; std::getline(names, name, ',');) {
      if (name != "-h" && name != "--help") out.insert(name);
    }
  }
  return out;
}

// Options named in `text` ("\-\-no\-bleed" in roff is --no-bleed): long ones and "-o".
std::set<std::string> options_named(std::string text) {
  text = std::regex_replace(text, std::regex(R"(\\-)"), "-");
  std::set<std::string> out;
  const std::regex option(R"((^|[^a-z0-9-])(--[a-z][a-z-]*[a-z]|-o)\b)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), option); it != std::sregex_iterator(); ++it) {
    out.insert((*it)[2]);
  }
  out.erase("--help");
  return out;
}

// The man page's section ".SS SUB …" up to the next .SS or .SH.
std::string man_section(const std::string& man, const std::string& sub) {
  const std::size_t start = man.find("\n.SS " + sub);
  if (start == std::string::npos) return {};
  std::size_t end = man.find("\n.S", start + 1);
  return man.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// docs/commands.md's section "## SUB" up to the next "## " heading (its "###" ones included).
std::string markdown_section(const std::string& doc, const std::string& sub) {
  const std::size_t start = doc.find("\n## " + sub + "\n");
  if (start == std::string::npos) return {};
  std::size_t end = doc.find("\n## ", start + 1);
  return doc.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// Every subcommand has a section (found by `section_of` in its document) that names each option
// its `--help` lists, and no option it does not have.
void check_every_subcommand_and_option(const std::function<std::string(const std::string&)>& section_of) {
  const auto subs = subcommands();
  CHECK(subs.size() >= 9);
  for (const std::string& sub : subs) {
    CAPTURE(sub);
    const std::string section = section_of(sub);
    REQUIRE_MESSAGE(!section.empty(), "no section for " << sub);
    const auto cli = options_of(sub);
    const auto documented = options_named(section);
    for (const std::string& o : cli) {
      CAPTURE(o);
      CHECK(documented.count(o) == 1);
    }
    for (const std::string& o : documented) {
      CAPTURE(o);
      CHECK_MESSAGE(cli.count(o) == 1, "the section names an option " << sub << " does not have");
    }
  }
}

const std::vector<int>& exit_codes() {
  using namespace puzzlepress::cli;
  static const std::vector<int> codes{kExitOk,         kExitFailure,      kExitUsage,     kExitMultiple,
                                      kExitNoSolution, kExitInconsistent, kExitMalformed, kExitUnresolved};
  return codes;
}

}  // namespace

TEST_SUITE("packaging") {
  TEST_CASE("the man page documents every subcommand and option, each in its own section, and no other") {
    const std::string man = read_bytes(source("man/puzzlepress.1"));
    REQUIRE(!man.empty());
    check_every_subcommand_and_option([&](const std::string& sub) { return man_section(man, sub); });
    for (const std::string& sub : subcommands()) {
      CAPTURE(sub);
      CHECK(man.find(".B puzzlepress " + sub) != std::string::npos);  // in the synopsis
    }
    CHECK(man.find(".B \\-\\-version") != std::string::npos);
  }

  TEST_CASE("the man page lists every exit code") {
    const std::string man = read_bytes(source("man/puzzlepress.1"));
    const std::string status = man.substr(man.find(".SH EXIT STATUS"));
    for (int code : exit_codes()) {
      CAPTURE(code);
      CHECK(status.find(".TP\n.B " + std::to_string(code) + "\n") != std::string::npos);
    }
  }

  TEST_CASE("docs/commands.md documents every subcommand and option, each in its own section, and no other") {
    const std::string doc = read_bytes(source("docs/commands.md"));
    REQUIRE(!doc.empty());
    check_every_subcommand_and_option([&](const std::string& sub) { return markdown_section(doc, sub); });
    for (const std::string& sub : subcommands()) {
      CAPTURE(sub);
      CHECK(doc.find("| [`" + sub + "`](#" + sub + ") |") != std::string::npos);  // in the table of contents
    }
    const std::string global = markdown_section(doc, "Global options");
    CHECK(options_named(global) == std::set<std::string>{"--version"});  // and -h/--help, which every command has
  }

  TEST_CASE("docs/commands.md lists every exit code") {
    const std::string doc = read_bytes(source("docs/commands.md"));
    const std::string codes = markdown_section(doc, "Exit codes");
    REQUIRE(!codes.empty());
    for (int code : exit_codes()) {
      CAPTURE(code);
      CHECK(codes.find("\n| " + std::to_string(code) + " | ") != std::string::npos);
    }
  }

  TEST_CASE("bash, zsh and fish complete every subcommand and option") {
    const std::string bash = read_bytes(source("completions/puzzlepress.bash"));
    const std::string zsh = read_bytes(source("completions/_puzzlepress"));
    const std::string fish = read_bytes(source("completions/puzzlepress.fish"));
    REQUIRE(!bash.empty());
    REQUIRE(!zsh.empty());
    REQUIRE(!fish.empty());
    std::smatch m;
    REQUIRE(std::regex_search(bash, m, std::regex("local commands=\"([^\"]*)\"")));
    const std::string bash_commands = " " + std::string(m[1]) + " ";
    REQUIRE(std::regex_search(fish, m, std::regex("set -l commands ([^\\n]*)")));
    const std::string fish_commands = " " + std::string(m[1]) + " ";
    for (const std::string& sub : subcommands()) {
      CAPTURE(sub);
      CHECK(bash_commands.find(" " + sub + " ") != std::string::npos);
      CHECK(fish_commands.find(" " + sub + " ") != std::string::npos);
      CHECK(zsh.find("'" + sub + ":") != std::string::npos);
      // Each script's part for this subcommand.
      std::string bash_part, zsh_part, fish_part;
      if (std::regex_search(bash, m, std::regex("\\n    " + sub + "\\) options=\"([^\"]*)\""))) bash_part = m[1];
      const std::size_t z = zsh.find("\n    " + sub + ")");
      if (z != std::string::npos) zsh_part = zsh.substr(z, zsh.find(";;", z) - z);
      std::istringstream lines(fish);
      for (std::string line; std::getline(lines, line);) {
        if (std::regex_search(line, std::regex("__fish_seen_subcommand_from [a-z ]*\\b" + sub + "\\b"))) {
          // "-s o -l output" -> "-o --output"
          fish_part +=
              std::regex_replace(std::regex_replace(line, std::regex(" -l "), " --"), std::regex(" -s "), " -") + "\n";
        }
      }
      if (zsh_part.find("$progress") != std::string::npos) zsh_part += " --progress --quiet";
      for (const std::string& o : options_of(sub)) {
        CAPTURE(o);
        CHECK(options_named(bash_part).count(o) == 1);
        CHECK(options_named(zsh_part).count(o) == 1);
        CHECK(options_named(fish_part).count(o) == 1);
      }
    }
  }
}
