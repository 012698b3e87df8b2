// The studio's server over HTTP (cpp-httplib's client): the page, the API, and its safety —
// only the spec's folder, no traversal, bounded requests, one preview at a time per page
// session with stale ones superseded, only its own page may change files, a clean stop on
// SIGINT and SIGTERM.
#include <doctest/doctest.h>
#include <httplib.h>
#include <signal.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <atomic>
#include <cstdint>

#include <cmath>
#include <filesystem>
#include <string>
#include <thread>

#include "cli/build_command.h"
#include "cli/studio_server.h"
#include "render/image_painter.h"
#include "support/command.h"
#include "support/files.h"
#include "support/raster.h"

namespace fs = std::filesystem;
using namespace puzzlepress::testing;
using namespace puzzlepress;

extern char** environ;

namespace {

std::string small_spec(const std::string& trim = "6x9", int count = 4) {
  return "title: Served Book\nauthor: Ann Example\ntrim: " + trim +
         "\nlayout: two-up\nseed: 5\npuzzles:\n"
         "  - { grade: easy, count: " +
         std::to_string(count) + " }\ncover: { printer: kdp }\n";
}

// A session on a fresh folder and its server on a free port, serving on a thread.
struct Studio {
  const testing::TempDir dir;
  fs::path spec;
  book::StudioSession session;
  cli::StudioServer server;
  int port = 0;
  std::thread thread;

  explicit Studio(const std::string& name)
      : dir("studio-" + name), spec(dir / "book.yaml"), session(spec, cli::resources(), "test", 2), server(session) {
    port = server.bind("127.0.0.1", 0);
    thread = std::thread([this] { server.serve(); });
  }
  ~Studio() {
    server.stop();
    thread.join();
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(120, 0);
    return c;
  }
  int files() const { return static_cast<int>(testing::names_in(dir).size()); }
};

std::string error_body(const std::string& text, int line = 0, int column = 0) {
  std::string escaped;
  for (char c : text) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return "{\"ok\":false,\"error\":{\"text\":\"" + escaped + "\",\"line\":" + std::to_string(line) +
         ",\"column\":" + std::to_string(column) + "}}";
}

}  // namespace

TEST_CASE("studio server: serves its page from the binary") {
  Studio studio("page");
  auto c = studio.client();
  const auto page = c.Get("/");
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->get_header_value("Content-Type") == "text/html; charset=utf-8");
  CHECK(page->body.find("<title>puzzlepress studio</title>") != std::string::npos);
  CHECK(page->get_header_value("Content-Security-Policy").find("default-src 'self'") != std::string::npos);
  const auto script = c.Get("/studio.js");
  REQUIRE(script);
  CHECK(script->status == 200);
  CHECK(script->body.find("'use strict'") != std::string::npos);
  const auto missing = c.Get("/nothing.js");
  REQUIRE(missing);
  CHECK(missing->status == 404);
}

TEST_CASE("studio server: the spec's text, its facts and errors as the command line prints them") {
  Studio studio("check");
  auto c = studio.client();
  const auto fresh = c.Get("/api/spec");
  REQUIRE(fresh);
  CHECK(fresh->body.find("\"exists\":false") != std::string::npos);
  CHECK(fresh->body.find("\"text\":\"# A new book") != std::string::npos);

  const auto good = c.Post("/api/check", small_spec(), "text/plain");
  REQUIRE(good);
  CHECK(good->status == 200);
  const book::StudioFacts facts = studio.session.facts(studio.session.read(small_spec()));
  CHECK(good->body.starts_with("{\"ok\":true,\"facts\":{\"page_count\":" + std::to_string(facts.page_count) +
                               ",\"spine_in\":0.054,\"trim\":\"6x9\""));

  // The same text `puzzlepress build` prints after "puzzlepress: ", with the line and column.
  write_file(studio.spec, small_spec("7x7"));
  const auto cli = run_puzzlepress("build " + testing::shell_quoted(studio.spec) + " -o " +
                                   testing::shell_quoted(studio.dir / "x.pdf"));
  CHECK(cli.exit_code == 2);
  const std::string cli_text = cli.output.substr(std::string("puzzlepress: ").size(), cli.output.size() - 14);
  CHECK(cli_text.starts_with(studio.spec.string() + ":3:7: "));
  const auto bad = c.Post("/api/check", small_spec("7x7"), "text/plain");
  REQUIRE(bad);
  CHECK(bad->status == 422);
  CHECK(bad->body == error_body(cli_text, 3, 7));
}

TEST_CASE("studio server: files outside the spec's folder are refused") {
  Studio studio("outside");
  auto c = studio.client();
  const auto res = c.Post("/api/check", small_spec() + "fonts: { text: /etc/hostname }\n", "text/plain");
  REQUIRE(res);
  CHECK(res->status == 422);
  CHECK(res->body == error_body(studio.spec.string() + ":9:16: '/etc/hostname' is outside the spec's folder " +
                                    studio.session.folder().string() + "; the studio reads only files inside it",
                                9, 16));
  const auto up = c.Post("/api/check", small_spec() + "fonts: { text: ../../etc/hostname }\n", "text/plain");
  REQUIRE(up);
  CHECK(up->status == 422);
  CHECK(up->body.find("is outside the spec's folder") != std::string::npos);
}

TEST_CASE("studio server: traversal, other sites and oversized requests are refused") {
  Studio studio("safety");
  auto c = studio.client();
  const std::string traversal = error_body("refused: paths with '..', '//' or '\\' are not served");
  for (const char* path :
       {"/../etc/passwd", "/%2e%2e/etc/passwd", "/studio.js/../api/spec", "//etc/passwd", "/..%2fbook.yaml"}) {
    CAPTURE(path);
    const auto res = c.Get(path);
    REQUIRE(res);
    CHECK(res->status == 400);
    CHECK(res->body == traversal);
  }

  // A page of another site may not save or build (its browser sends its Origin).
  const auto other =
      c.Post("/api/save", httplib::Headers{{"Origin", "http://evil.example"}}, "title: x\n", "text/plain");
  REQUIRE(other);
  CHECK(other->status == 403);
  CHECK(other->body == error_body("refused: a request from 'http://evil.example' (only the studio's own page may "
                                  "change files)"));
  CHECK(!fs::exists(studio.spec));

  // DNS rebinding: a name that is not this studio's.
  const auto rebound = c.Get("/api/spec", httplib::Headers{{"Host", "evil.example:" + std::to_string(studio.port)}});
  REQUIRE(rebound);
  CHECK(rebound->status == 403);
  CHECK(rebound->body == error_body("refused: the Host header 'evil.example:" + std::to_string(studio.port) +
                                    "' does not name this studio"));

  const auto big = c.Post("/api/save", std::string(book::kMaxSpecBytes + 1, '#'), "text/plain");
  REQUIRE(big);
  CHECK(big->status == 413);
  CHECK(big->body == error_body("request too large: at most 1048576 bytes"));
  CHECK(!fs::exists(studio.spec));
}

TEST_CASE("studio server: save writes only the spec; build writes the book beside it") {
  Studio studio("save");
  auto c = studio.client();
  const auto saved =
      c.Post("/api/save", httplib::Headers{{"Origin", "http://127.0.0.1:" + std::to_string(studio.port)}}, small_spec(),
             "text/plain");
  REQUIRE(saved);
  CHECK(saved->status == 200);
  CHECK(saved->body == "{\"ok\":true,\"path\":\"" + studio.spec.string() + "\"}");
  CHECK(read_bytes(studio.spec) == small_spec());
  CHECK(studio.files() == 1);

  const auto built = c.Post("/api/build", small_spec("8.5x11"), "text/plain");
  REQUIRE(built);
  CHECK(built->status == 200);
  CHECK(built->body == "{\"ok\":true,\"written\":[\"" + (studio.dir / "book.pdf").string() + "\",\"" +
                           (studio.dir / "book.json").string() + "\",\"" + (studio.dir / "book-cover.pdf").string() +
                           "\"]}");
  CHECK(read_bytes(studio.dir / "book.pdf").starts_with("%PDF-"));
  CHECK(read_bytes(studio.dir / "book.json").find("\"trim\": \"8.5x11\"") != std::string::npos);
  CHECK(read_bytes(studio.spec) == small_spec());  // Build does not save
  CHECK(studio.files() == 4);

  const auto broken = c.Post("/api/build", small_spec("7x7"), "text/plain");
  REQUIRE(broken);
  CHECK(broken->status == 422);
  CHECK(broken->body.find(studio.spec.string() + ":3:7: ") != std::string::npos);
}

TEST_CASE("studio server: previews name their page and session; a newer request supersedes an older one") {
  Studio studio("preview");
  auto c = studio.client();
  const auto no_session = c.Post("/api/preview?page=1&seq=1", small_spec(), "text/plain");
  REQUIRE(no_session);
  CHECK(no_session->status == 400);
  CHECK(no_session->body == error_body("preview needs session (1-64 characters), seq (a number), page (1 or more, or "
                                       "'cover') and optionally dpi (36-300)"));
  const auto bad_dpi = c.Post("/api/preview?session=a&seq=1&page=1&dpi=5000", small_spec(), "text/plain");
  REQUIRE(bad_dpi);
  CHECK(bad_dpi->status == 400);

  const auto far = c.Post("/api/preview?session=a&seq=2&page=999", small_spec(), "text/plain");
  REQUIRE(far);
  CHECK(far->status == 404);
  const int pages = studio.session.facts(studio.session.read(small_spec())).page_count;
  CHECK(far->body == error_body("page 999 does not exist: the book has " + std::to_string(pages) + " pages"));

  // An older request than one already seen is answered at once.
  const auto stale = c.Post("/api/preview?session=a&seq=1&page=1", small_spec(), "text/plain");
  REQUIRE(stale);
  CHECK(stale->status == 409);
  CHECK(stale->body == error_body("superseded by a newer preview request"));
  // Another page session is not affected by this one's numbers.
  const auto other = c.Post("/api/preview?session=b&seq=1&page=999", small_spec(), "text/plain");
  REQUIRE(other);
  CHECK(other->status == 404);

  // A slow preview (200 new Evil puzzles) is cancelled by a newer one of the same session: the older
  // answers 409 whichever reaches the server first; the newer is served.
  std::string slow = small_spec("6x9", 200);
  slow.replace(slow.find("easy"), 4, "evil");
  int first_status = 0;
  std::thread older([&] {
    const auto first = studio.client().Post("/api/preview?session=c&seq=1&page=1", slow, "text/plain");
    first_status = first ? first->status : -1;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const auto newer = c.Post("/api/preview?session=c&seq=2&page=999", small_spec(), "text/plain");
  older.join();
  CHECK(first_status == 409);
  REQUIRE(newer);
  CHECK(newer->status == 404);
  CHECK(studio.session.cache().generated() < 200);
}

namespace {

// Starts the binary with `args` in `dir`, its output in `log`; waits for the address line.
pid_t start_studio(const fs::path& dir, const fs::path& log, const std::vector<std::string>& args) {
  std::vector<std::string> all{PUZZLEPRESS_BINARY, "studio"};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  REQUIRE(rc == 0);
  // Until it serves or exits (a studio refused its port never prints the line); the exit is left
  // to reap for the caller.
  for (int i = 0; i < 600 && read_bytes(log).find("Ctrl-C stops") == std::string::npos; ++i) {
    siginfo_t info{};
    if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return pid;
}

// The port a studio's log names in its "open http://HOST:PORT/" line.
int logged_port(const fs::path& log) {
  const std::string text = read_bytes(log);
  const auto open = text.find("open http://");
  REQUIRE(open != std::string::npos);
  const auto slash = text.find("/ in a browser", open);
  return std::stoi(text.substr(text.rfind(':', slash) + 1));
}

// Waits up to `seconds` for `pid` to exit and returns its exit code; a studio still serving by
// then is killed and -1 returned.
int exit_code_within(pid_t pid, int seconds) {
  int status = 0;
  for (int i = 0; i < seconds * 20; ++i) {
    if (waitpid(pid, &status, WNOHANG) == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return -1;
}

void stop_studio(pid_t pid) {
  kill(pid, SIGTERM);
  int status = 0;
  waitpid(pid, &status, 0);
}

}  // namespace

TEST_CASE("studio command: prints its address, binds 127.0.0.1 only, and stops cleanly on SIGINT and SIGTERM") {
  const testing::TempDir dir("studio-signal");
  const testing::TempDir logs("studio-signal-log");  // beside the spec's folder, not in it
  write_file(dir / "book.yaml", small_spec());
  for (const int signal : {SIGINT, SIGTERM}) {
    CAPTURE(signal);
    const fs::path log = logs / "studio.log";
    const pid_t pid = start_studio(dir, log, {"book.yaml", "--port", "0"});
    const std::string started = read_bytes(log);
    CHECK(started.starts_with("puzzlepress studio: editing book.yaml in " + dir.path.string() +
                              "\nopen http://127.0.0.1:"));
    const auto at = started.find("127.0.0.1:") + 10;
    const int port = std::stoi(started.substr(at));
    httplib::Client c("127.0.0.1", port);
    const auto spec = c.Get("/api/spec");
    REQUIRE(spec);
    CHECK(spec->status == 200);
    kill(pid, signal);
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    CHECK(read_bytes(log).ends_with("(Ctrl-C stops)\nstudio stopped\n"));
    fs::remove(log);
  }
  CHECK(read_bytes(dir / "book.yaml") == small_spec());
}

TEST_CASE("studio command: bad arguments") {
  const auto port = run_puzzlepress("studio --port 70000");
  CHECK(port.exit_code == 2);
  CHECK(port.output.find("puzzlepress: --port: Value 70000 not in range 0 to 65535") != std::string::npos);
  const fs::path dir = fs::temp_directory_path();
  const auto folder = run_puzzlepress("studio '" + dir.string() + "'");
  CHECK(folder.exit_code == 2);
  CHECK(folder.output == "puzzlepress: " + dir.string() + ": is a folder; give the spec file to edit (e.g. " +
                             (dir / "book.yaml").string() + ")\n");
}

TEST_CASE("studio server: a preview is the page (or the cover) as PNG at the dpi asked") {
  Studio studio("png");
  auto c = studio.client();
  using testing::png_size;
  const auto page = c.Post("/api/preview?session=p&seq=1&page=5&dpi=72", small_spec(), "text/plain");
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->get_header_value("Content-Type") == "image/png");
  REQUIRE(page->body.size() > 24);
  CHECK(page->body.starts_with("\x89PNG\r\n\x1a\n"));
  CHECK(png_size(page->body) == std::pair{432, 648});  // 6x9 in at 72 dpi

  // The same text at another trim: another page, same session, newer request.
  const auto wide = c.Post("/api/preview?session=p&seq=2&page=5&dpi=72", small_spec("8.5x11"), "text/plain");
  REQUIRE(wide);
  CHECK(wide->status == 200);
  CHECK(png_size(wide->body) == std::pair{612, 792});

  const auto cover = c.Post("/api/preview?session=p&seq=3&page=cover&dpi=36", small_spec(), "text/plain");
  REQUIRE(cover);
  CHECK(cover->status == 200);
  const book::Book made = studio.session.make(studio.session.read(small_spec()));
  REQUIRE(made.cover);
  const render::PixelSize expected =
      render::pixel_size(made.cover->geometry.width_pt, made.cover->geometry.height_pt, 36);
  CHECK(png_size(cover->body) == std::pair{expected.width, expected.height});
  CHECK(studio.session.cache().generated() == 4);  // the trim and the cover regenerated nothing

  const auto broken = c.Post("/api/preview?session=p&seq=4&page=1", small_spec("7x7"), "text/plain");
  REQUIRE(broken);
  CHECK(broken->status == 422);
  CHECK(broken->body.find(studio.spec.string() + ":3:7: ") != std::string::npos);
}

TEST_CASE("studio command: a second studio on a port in use is refused, not served beside the first") {
  // cpp-httplib's SO_REUSEPORT let both listen and the kernel split the requests: a Save from
  // book A's page overwrote book B's spec.
  const testing::TempDir root("studio-twice");
  fs::create_directories(root / "a");
  fs::create_directories(root / "b");
  write_file(root / "a" / "book.yaml", small_spec());
  write_file(root / "b" / "book.yaml", small_spec("8.5x11"));
  const pid_t first = start_studio(root / "a", root / "a.log", {"book.yaml", "--port", "0"});
  const int port = logged_port(root / "a.log");
  for (const std::string host : {"127.0.0.1", "0.0.0.0"}) {
    CAPTURE(host);
    const pid_t second =
        start_studio(root / "b", root / "b.log", {"book.yaml", "--port", std::to_string(port), "--host", host});
    CHECK(exit_code_within(second, 30) == 1);
    CHECK(read_bytes(root / "b.log")
              .find("puzzlepress: cannot listen on " + host + ":" + std::to_string(port) + " (the port is in use") !=
          std::string::npos);
  }
  // Every request still reaches book A.
  httplib::Client c("127.0.0.1", port);
  for (int i = 0; i < 20; ++i) {
    const auto spec = c.Get("/api/spec");
    REQUIRE(spec);
    CHECK(spec->body.find("trim: 6x9") != std::string::npos);
  }
  stop_studio(first);
  CHECK(read_bytes(root / "b" / "book.yaml") == small_spec("8.5x11"));
}

TEST_CASE("studio command: --host 127.0.0.1 or localhost keeps the Host and Origin checks") {
  // Naming the default address used to switch the Host check off, and the Origin was compared
  // with the request's own Host: a DNS-rebinding page could read and rewrite the spec.
  const testing::TempDir dir("studio-host");
  write_file(dir / "book.yaml", small_spec());
  for (const std::string host : {"127.0.0.1", "localhost"}) {
    CAPTURE(host);
    const pid_t pid = start_studio(dir, dir / "log", {"book.yaml", "--port", "0", "--host", host});
    const int port = logged_port(dir / "log");
    const std::string p = std::to_string(port);
    httplib::Client c("127.0.0.1", port);
    const auto read = c.Get("/api/spec", httplib::Headers{{"Host", "evil.example:" + p}});
    REQUIRE(read);
    CHECK(read->status == 403);
    const auto rebound =
        c.Post("/api/save", httplib::Headers{{"Host", "evil.example:" + p}, {"Origin", "http://evil.example:" + p}},
               "title: pwned\n", "text/plain");
    REQUIRE(rebound);
    CHECK(rebound->status == 403);
    CHECK(rebound->body == error_body("refused: the Host header 'evil.example:" + p + "' does not name this studio"));
    // Our own Host with a foreign Origin: the Origin is held to the same list.
    const auto foreign =
        c.Post("/api/save", httplib::Headers{{"Origin", "http://evil.example:" + p}}, "title: pwned\n", "text/plain");
    REQUIRE(foreign);
    CHECK(foreign->status == 403);
    const auto build =
        c.Post("/api/build", httplib::Headers{{"Host", "evil.example:" + p}}, small_spec(), "text/plain");
    REQUIRE(build);
    CHECK(build->status == 403);
    // The loopback names and the bound address pass, with the studio's own Origin.
    for (const std::string name : {"127.0.0.1", "localhost", "[::1]"}) {
      CAPTURE(name);
      const auto ok =
          c.Post("/api/check", httplib::Headers{{"Host", name + ":" + p}, {"Origin", "http://" + name + ":" + p}},
                 small_spec(), "text/plain");
      REQUIRE(ok);
      CHECK(ok->status == 200);
    }
    stop_studio(pid);
    CHECK(read_bytes(dir / "book.yaml") == small_spec());
    CHECK(read_bytes(dir / "log").find("warning") == std::string::npos);
  }
}

TEST_CASE("studio server: the names a studio answers to") {
  CHECK(cli::studio_host_names("127.0.0.1", 8321) ==
        std::vector<std::string>{"localhost:8321", "127.0.0.1:8321", "[::1]:8321"});
  CHECK(cli::studio_host_names("192.168.1.5", 9000) ==
        std::vector<std::string>{"localhost:9000", "127.0.0.1:9000", "[::1]:9000", "192.168.1.5:9000"});
  CHECK(cli::studio_host_names("::1", 80) ==
        std::vector<std::string>{"localhost:80", "localhost", "127.0.0.1:80", "127.0.0.1", "[::1]:80", "[::1]"});
  CHECK(cli::is_wildcard_address("0.0.0.0"));
  CHECK(cli::is_wildcard_address("::"));
  CHECK(!cli::is_wildcard_address("127.0.0.1"));
}

TEST_CASE("studio command: an empty --host is refused") {
  const auto empty = run_puzzlepress("studio --host '' --port 0");
  CHECK(empty.exit_code == 2);
  CHECK(empty.output == "puzzlepress: --host: expected a value, got ''\n(run 'puzzlepress --help' for usage)\n");
  const auto spaced = run_puzzlepress("studio --host 'a b' --port 0");
  CHECK(spaced.exit_code == 2);
  CHECK(spaced.output ==
        "puzzlepress: --host: expected an address of this machine (127.0.0.1, ::1, a host name, or "
        "0.0.0.0 for every address), got 'a b'\n");
}

namespace {

// A raw TCP connection to 127.0.0.1:`port` (cpp-httplib's client cannot send half a request).
int connect_to(int port) {
  const int sock = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(sock >= 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(sock, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  return sock;
}

bool send_all(int sock, const std::string& bytes) {
  return ::send(sock, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size());
}

}  // namespace

TEST_CASE("studio server: clients that send their request a byte at a time are cut off") {
  // Hostile round two: slow clients stalled the studio for 20+ s (a read timeout per read, not
  // per request). 24 connections trickle a header that never ends, more than the worker threads.
  Studio studio("slow");
  std::vector<int> slow;
  for (int i = 0; i < 24; ++i) {
    slow.push_back(connect_to(studio.port));
    CHECK(send_all(slow.back(), "GET /api/spec HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(studio.port) + "\r\n"));
  }
  std::atomic<bool> served{false};
  std::thread normal([&] {
    const auto res = studio.client().Get("/api/spec");
    served = res && res->status == 200;
  });
  // Trickle one byte a second on each, for up to 30 s, until the server has closed them all.
  int open = static_cast<int>(slow.size());
  for (int second = 0; second < 30 && open > 0; ++second) {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    open = 0;
    for (const int sock : slow) open += send_all(sock, "X") ? 1 : 0;
  }
  normal.join();
  CHECK(open == 0);  // every slow connection was closed by the server
  // A method with a body the studio does not serve is refused at its headers, never read.
  const auto put = studio.client().Put("/api/save", "title: T", "text/plain");
  REQUIRE(put);
  CHECK(put->status == 405);
  CHECK(served);  // and an ordinary request was answered meanwhile
  for (const int sock : slow) ::close(sock);
}

TEST_CASE("studio server: a preview whose tab went away stops generating") {
  // Hostile round two: an abandoned preview kept generating to the end.
  Studio studio("abandoned");
  std::string slow = small_spec("6x9", 200);
  slow.replace(slow.find("easy"), 4, "evil");
  const int sock = connect_to(studio.port);
  REQUIRE(send_all(
      sock, "POST /api/preview?session=z&seq=1&page=1 HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(studio.port) +
                "\r\nContent-Type: text/plain\r\nContent-Length: " + std::to_string(slow.size()) + "\r\n\r\n" + slow));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::close(sock);  // the tab is closed
  // Generation stops at the next puzzle: the count settles (two readings 2 s apart agree), far
  // short of the 200 asked.
  std::size_t before = studio.session.cache().generated();
  for (int i = 0; i < 30; ++i) {
    std::this_thread::sleep_for(std::chrono::seconds(2));
    const std::size_t now = studio.session.cache().generated();
    if (now == before) break;
    before = now;
  }
  std::this_thread::sleep_for(std::chrono::seconds(2));
  CHECK(studio.session.cache().generated() == before);
  CHECK(before < 200);
}
