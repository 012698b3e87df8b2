#include "cli/studio_server.h"

#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <thread>

#include "cli/studio_json.h"
#include "util/errors.h"
#include "util/text.h"

namespace puzzlepress::cli {
namespace {

namespace fs = std::filesystem;

std::string error_json(const book::StudioError& error) {
  return "{\"ok\":false,\"error\":{\"text\":" + json_string(error.text) + ",\"line\":" + std::to_string(error.line) +
         ",\"column\":" + std::to_string(error.column) + "}}";
}

std::string error_json(const std::string& text) { return error_json(book::StudioError{text}); }

void send_json(httplib::Response& res, int status, const std::string& body) {
  res.status = status;
  res.set_content(body, "application/json; charset=utf-8");
}

// --- Page sessions: one per open browser page -------------------------------------------------

// The newest preview request of one page wins: requests carry an increasing sequence number;
// one preview is made at a time, and a request older than the newest is answered 409 (while it
// waits, or between generated puzzles).
struct PageSession {
  std::atomic<std::uint64_t> newest{0};
  std::mutex busy;  // one preview at a time
  // The last page made for this browser page, by its spec text and page number.
  std::string book_text;
  long long book_page = -1;
  std::shared_ptr<const book::Book> book;
};

// A request parameter as an integer in [low, high]; nullopt when absent or not such a number.
std::optional<long long> int_param(const httplib::Request& req, const std::string& key, long long low, long long high) {
  if (!req.has_param(key.c_str())) return std::nullopt;
  const std::string text = req.get_param_value(key.c_str());
  if (text.empty() || text.size() > 18 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  const long long value = std::stoll(text);
  if (value < low || value > high) return std::nullopt;
  return value;
}

// "..", "//" or a backslash in a request path: traversal or an absolute path smuggled in.
bool refused_path(const std::string& path) {
  if (path.empty() || path.front() != '/') return true;
  if (path.find("//") != std::string::npos || path.find('\\') != std::string::npos) return true;
  std::size_t start = 1;
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    if (path.compare(start, end - start, "..") == 0) return true;
    start = end + 1;
  }
  return false;
}

// One connection's socket as cpp-httplib's Stream, with a total deadline for the request: until
// the handler says the request is in (DeadlineServer::request_read), every read waits only for
// what is left of `deadline` from the accept. cpp-httplib's own stream times out per read, so a
// client sending a byte every few seconds held a worker thread as long as it liked, and a
// handful stalled the studio. Reads are buffered (the header reader asks for one byte at a time).
class DeadlineStream final : public httplib::Stream {
 public:
  DeadlineStream(socket_t sock, std::chrono::steady_clock::time_point deadline) : sock_(sock), deadline_(deadline) {}

  bool is_readable() const override { return available_ > 0 || wait(POLLIN, read_wait_ms()); }
  bool is_writable() const override { return wait(POLLOUT, kIoTimeoutMs); }
  ssize_t read(char* ptr, size_t size) override {
    if (available_ == 0) {
      if (!wait(POLLIN, read_wait_ms())) return -1;
      ssize_t got = 0;
      do {
        got = ::recv(sock_, buffer_, sizeof buffer_, 0);
      } while (got < 0 && errno == EINTR);
      if (got <= 0) return got;
      start_ = 0;
      available_ = static_cast<std::size_t>(got);
    }
    const std::size_t n = std::min(size, available_);
    std::memcpy(ptr, buffer_ + start_, n);
    start_ += n;
    available_ -= n;
    return static_cast<ssize_t>(n);
  }
  ssize_t write(const char* ptr, size_t size) override {
    if (!wait(POLLOUT, kIoTimeoutMs)) return -1;
    ssize_t sent = 0;
    do {
      sent = ::send(sock_, ptr, size, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent;
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override { address(::getpeername, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address(::getsockname, ip, port); }
  socket_t socket() const override { return sock_; }

  void request_read() { armed_ = false; }

 private:
  static constexpr int kIoTimeoutMs = 5000;  // once the request is in: each read or write

  int read_wait_ms() const {
    if (!armed_) return kIoTimeoutMs;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - std::chrono::steady_clock::now());
    return static_cast<int>(std::max<long long>(0, left.count()));
  }
  bool wait(short events, int ms) const {
    pollfd p{sock_, events, 0};
    int ready = 0;
    do {
      ready = ::poll(&p, 1, ms);
    } while (ready < 0 && errno == EINTR);
    return ready > 0 && (p.revents & (events | POLLHUP)) != 0;
  }
  template <class Get>
  void address(Get get, std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t length = sizeof addr;
    ip.clear();
    port = 0;
    if (get(sock_, reinterpret_cast<sockaddr*>(&addr), &length) != 0) return;
    char host[NI_MAXHOST];
    char service[NI_MAXSERV];
    if (::getnameinfo(reinterpret_cast<sockaddr*>(&addr), length, host, sizeof host, service, sizeof service,
                      NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
      ip = host;
      port = std::atoi(service);
    }
  }

  socket_t sock_;
  std::chrono::steady_clock::time_point deadline_;
  bool armed_ = true;
  char buffer_[4096];
  std::size_t start_ = 0;
  std::size_t available_ = 0;
};

// An HTTP server whose connections must deliver their request (headers and body) within
// `deadline` of being accepted (DeadlineStream), one request a connection. A handler calls
// request_read() once its request is in; after that the work may take as long as it takes.
class DeadlineServer final : public httplib::Server {
 public:
  explicit DeadlineServer(std::chrono::milliseconds deadline) : deadline_(deadline) {
    new_task_queue = [] { return new httplib::ThreadPool(kStudioThreads); };
  }

  /// Called on a handler's thread: its connection's request is read whole, the deadline is off.
  static void request_read() {
    if (current_stream != nullptr) current_stream->request_read();
  }

  /// Whether the client of the calling handler's connection has gone (closed or reset): work it
  /// asked for may stop. The predicate may be called from any thread while the handler runs.
  static std::function<bool()> client_gone() {
    const socket_t sock = current_stream != nullptr ? current_stream->socket() : INVALID_SOCKET;
    return [sock] {
      if (sock == INVALID_SOCKET) return false;
      pollfd p{sock, POLLRDHUP, 0};
      return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
    };
  }

 private:
  static constexpr std::size_t kStudioThreads = 16;
  static thread_local DeadlineStream* current_stream;

  // Called by cpp-httplib on a worker thread for each accepted socket, which it leaves to us.
  bool process_and_close_socket(socket_t sock) override {
    DeadlineStream stream(sock, std::chrono::steady_clock::now() + deadline_);
    current_stream = &stream;
    bool closed = false;
    const bool ok = process_request(stream, true, closed, nullptr);
    current_stream = nullptr;
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return ok;
  }

  std::chrono::milliseconds deadline_;
};

thread_local DeadlineStream* DeadlineServer::current_stream = nullptr;

}  // namespace

struct StudioServer::Impl {
  explicit Impl(book::StudioSession& s) : session(s) {}

  book::StudioSession& session;
  DeadlineServer server{kRequestDeadline};
  std::string host;
  int port = 0;
  bool wildcard = false;                   // bound to every address: no Host allow-list
  std::vector<std::string> allowed_hosts;  // Host header values that name this server

  std::atomic<bool> serving{false};
  std::atomic<bool> stop_wanted{false};
  std::mutex build_mutex;  // one build (or save) at a time

  std::mutex sessions_mutex;
  std::list<std::pair<std::string, std::shared_ptr<PageSession>>> sessions;  // most recent first

  std::shared_ptr<PageSession> page_session(const std::string& id) {
    std::lock_guard lock(sessions_mutex);
    for (auto it = sessions.begin(); it != sessions.end(); ++it) {
      if (it->first == id) {
        sessions.splice(sessions.begin(), sessions, it);
        return sessions.front().second;
      }
    }
    sessions.emplace_front(id, std::make_shared<PageSession>());
    if (sessions.size() > kMaxPageSessions) sessions.pop_back();
    return sessions.front().second;
  }

  // Host must be one of the names this server answers to (loopback names and the bound
  // address, with the port); a POST's Origin, when the browser sends one, must be
  // "http://" + one of them. A wildcard bind (0.0.0.0, ::) has no list: any Host passes and the
  // Origin need only match the request's own Host (studio_command warns about this).
  std::optional<std::string> refuse_origin(const httplib::Request& req) const {
    const std::string host_header = req.get_header_value("Host");
    const auto allowed = [&](const std::string& authority) {
      return std::find(allowed_hosts.begin(), allowed_hosts.end(), authority) != allowed_hosts.end();
    };
    if (!wildcard && !allowed(host_header)) {
      return "refused: the Host header '" + util::echo(host_header) + "' does not name this studio";
    }
    if (req.method == "POST" && req.has_header("Origin")) {
      const std::string origin = req.get_header_value("Origin");
      const std::string prefix = "http://";
      const bool origin_ok =
          origin.compare(0, prefix.size(), prefix) == 0 &&
          (wildcard ? origin.substr(prefix.size()) == host_header : allowed(origin.substr(prefix.size())));
      if (!origin_ok) {
        return "refused: a request from '" + util::echo(origin) + "' (only the studio's own page may change files)";
      }
    }
    return std::nullopt;
  }

  void routes() {
    server.set_payload_max_length(book::kMaxSpecBytes);
    server.set_keep_alive_timeout(2);
    server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (!res.body.empty()) return;
      if (res.status == 413) {
        send_json(res, 413, error_json("request too large: at most " + std::to_string(book::kMaxSpecBytes) + " bytes"));
      } else if (res.status == 404) {
        send_json(res, 404, error_json("not found"));
      } else {
        send_json(res, res.status, error_json("HTTP " + std::to_string(res.status)));
      }
    });
    server.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      // Only GET and HEAD (no body) and POST (its handlers take the body) are served: any other
      // method could send a body the deadline would no longer cover once disarmed here.
      if (req.method != "GET" && req.method != "HEAD" && req.method != "POST") {
        send_json(res, 405, error_json("method " + util::echo(req.method) + " is not served (GET or POST)"));
        return httplib::Server::HandlerResponse::Handled;
      }
      if (req.method != "POST") DeadlineServer::request_read();  // no body to wait for
      if (refused_path(req.path)) {
        send_json(res, 400, error_json("refused: paths with '..', '//' or '\\' are not served"));
        return httplib::Server::HandlerResponse::Handled;
      }
      if (const auto why = refuse_origin(req)) {
        send_json(res, 403, error_json(*why));
        return httplib::Server::HandlerResponse::Handled;
      }
      return httplib::Server::HandlerResponse::Unhandled;
    });

    server.Get(R"(/|/studio\.css|/studio\.js)", [](const httplib::Request& req, httplib::Response& res) {
      const StudioAsset* asset = find_studio_asset(req.path);
      res.set_content(asset->body, asset->content_type);
      res.set_header("Cache-Control", "no-store");
      res.set_header("Content-Security-Policy",
                     "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'");
    });

    server.Get("/api/spec", [this](const httplib::Request&, httplib::Response& res) {
      try {
        std::error_code error;
        const bool exists = fs::exists(session.spec_path(), error);
        const std::string text = session.spec_text();
        send_json(res, 200,
                  "{\"ok\":true,\"path\":" + json_string(session.spec_path().string()) + ",\"folder\":" +
                      json_string(session.folder().string()) + ",\"exists\":" + (exists ? "true" : "false") +
                      ",\"text\":" + json_string(text) + ",\"trims\":" + json_list(session.trim_names()) +
                      ",\"layouts\":" + json_list(session.layout_presets()) + "}");
      } catch (const InputError& e) {
        send_json(res, 422, error_json(session.describe(e)));
      }
    });

    server.Post("/api/check", [this](const httplib::Request& req, httplib::Response& res) {
      DeadlineServer::request_read();
      guarded(res, [&] {
        const book::BookSpec spec = session.read(req.body);
        send_json(res, 200, "{\"ok\":true,\"facts\":" + facts_json(session.facts(spec)) + "}");
      });
    });

    server.Post("/api/preview", [this](const httplib::Request& req, httplib::Response& res) {
      DeadlineServer::request_read();
      preview(req, res);
    });

    server.Post("/api/thumbnail", [this](const httplib::Request& req, httplib::Response& res) {
      DeadlineServer::request_read();
      thumbnail(req, res);
    });

    server.Post("/api/build", [this](const httplib::Request& req, httplib::Response& res) {
      DeadlineServer::request_read();
      std::unique_lock lock(build_mutex, std::try_to_lock);
      if (!lock) return send_json(res, 409, error_json("a build is already running"));
      guarded(res, [&] {
        const std::vector<fs::path> written = session.build(req.body);
        std::string list = "[";
        for (std::size_t i = 0; i < written.size(); ++i) list += (i ? "," : "") + json_string(written[i].string());
        send_json(res, 200, "{\"ok\":true,\"written\":" + list + "]}");
      });
    });

    server.Post("/api/save", [this](const httplib::Request& req, httplib::Response& res) {
      DeadlineServer::request_read();
      std::lock_guard lock(build_mutex);
      guarded(res, [&] {
        session.save(req.body);
        send_json(res, 200, "{\"ok\":true,\"path\":" + json_string(session.spec_path().string()) + "}");
      });
    });
  }

  // Runs `work`, answering an InputError 422, a cancelled generation 409 and anything else 500,
  // with the CLI's text.
  template <class Work>
  void guarded(httplib::Response& res, Work&& work) {
    try {
      work();
    } catch (const book::GenerationCancelled&) {
      send_json(res, 409, error_json("superseded by a newer preview request"));
    } catch (const InputError& e) {
      send_json(res, 422, error_json(session.describe(e)));
    } catch (const std::exception& e) {
      send_json(res, 500, error_json(e.what()));
    }
  }

  // The thumbnail check of the cover of the spec in the body, made (or taken from this page
  // session's last cover preview of the same text) with the puzzles through the cache.
  void thumbnail(const httplib::Request& req, httplib::Response& res) {
    const std::string id = req.has_param("session") ? req.get_param_value("session") : "";
    if (id.empty() || id.size() > 64)
      return send_json(res, 400, error_json("thumbnail needs session (1-64 characters)"));
    const std::shared_ptr<PageSession> ps = page_session(id);
    const std::function<bool()> gone = DeadlineServer::client_gone();
    std::lock_guard busy(ps->busy);
    guarded(res, [&] {
      std::shared_ptr<const book::Book> made = ps->book;
      if (!made || ps->book_text != req.body || ps->book_page != 0) {
        made = std::make_shared<const book::Book>(session.make_page(session.read(req.body), 0, gone));
      }
      send_json(res, 200, "{\"ok\":true,\"thumbnail\":" + thumbnail_json(session, *made) + "}");
    });
  }

  void preview(const httplib::Request& req, httplib::Response& res) {
    const std::string id = req.has_param("session") ? req.get_param_value("session") : "";
    const auto seq = int_param(req, "seq", 0, (1LL << 53));
    const auto dpi = int_param(req, "dpi", kMinPreviewDpi, kMaxPreviewDpi);
    const bool cover = req.has_param("page") && req.get_param_value("page") == "cover";
    const auto page = cover ? std::optional<long long>(0) : int_param(req, "page", 1, 100000);
    if (id.empty() || id.size() > 64 || !seq || !page || (req.has_param("dpi") && !dpi)) {
      return send_json(res, 400,
                       error_json("preview needs session (1-64 characters), seq (a number), page (1 or more, or "
                                  "'cover') and optionally dpi (" +
                                  std::to_string(kMinPreviewDpi) + "-" + std::to_string(kMaxPreviewDpi) + ")"));
    }
    const std::shared_ptr<PageSession> ps = page_session(id);
    // A newer request of the same tab, or the tab gone (closed, reloaded): stop generating.
    const std::function<bool()> gone = DeadlineServer::client_gone();
    const auto superseded = [&] { return ps->newest.load() > static_cast<std::uint64_t>(*seq) || gone(); };
    std::uint64_t seen = ps->newest.load();
    while (seen < static_cast<std::uint64_t>(*seq) && !ps->newest.compare_exchange_weak(seen, *seq)) {
    }
    const auto answer_superseded = [&] { send_json(res, 409, error_json("superseded by a newer preview request")); };
    if (superseded()) return answer_superseded();
    std::lock_guard busy(ps->busy);
    if (superseded()) return answer_superseded();
    guarded(res, [&] {
      if (!ps->book || ps->book_text != req.body || ps->book_page != *page) {
        const book::BookSpec spec = session.read(req.body);
        ps->book.reset();
        ps->book = std::make_shared<const book::Book>(session.make_page(spec, static_cast<int>(*page), superseded));
        ps->book_text = req.body;
        ps->book_page = *page;
      }
      const util::Result<std::string> png = session.preview_png(*ps->book, static_cast<int>(*page), dpi.value_or(96));
      if (!png) {
        const bool unavailable = png.error().find("not available") != std::string::npos;
        return send_json(res, unavailable ? 501 : 404, error_json(png.error()));
      }
      res.set_header("Cache-Control", "no-store");
      res.set_content(*png, "image/png");
    });
  }
};

StudioServer::StudioServer(book::StudioSession& session) : impl_(std::make_unique<Impl>(session)) { impl_->routes(); }

StudioServer::~StudioServer() = default;

bool is_wildcard_address(const std::string& host) { return host == "0.0.0.0" || host == "::" || host == "[::]"; }

std::vector<std::string> studio_host_names(const std::string& host, int port) {
  const std::string suffix = ":" + std::to_string(port);
  const bool ipv6 = host.find(':') != std::string::npos && host.front() != '[';
  const std::string bound = ipv6 ? "[" + host + "]" : host;
  std::vector<std::string> names;
  for (const std::string& name : {std::string("localhost"), std::string("127.0.0.1"), std::string("[::1]"), bound}) {
    if (std::find(names.begin(), names.end(), name + suffix) != names.end()) continue;
    names.push_back(name + suffix);
    if (port == 80) names.push_back(name);  // a browser leaves the default port out of Host
  }
  return names;
}

int StudioServer::bind(const std::string& host, int port) {
  // cpp-httplib's default socket options set SO_REUSEPORT, which lets a second studio listen on
  // the same port and the kernel split the requests between the two (one book's Save landing on
  // the other's spec). SO_REUSEADDR alone still allows a quick restart past TIME_WAIT and
  // refuses a port another socket listens on.
  impl_->server.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  const int bound =
      port == 0 ? impl_->server.bind_to_any_port(host) : (impl_->server.bind_to_port(host, port) ? port : -1);
  if (bound <= 0) {
    throw EnvironmentError("cannot listen on " + util::echo(host) + ":" + std::to_string(port) +
                           " (the port is in use, perhaps by another studio, or the address is not this machine's; "
                           "try another --port)");
  }
  impl_->host = host;
  impl_->port = bound;
  impl_->wildcard = is_wildcard_address(host);
  impl_->allowed_hosts = studio_host_names(host, bound);
  return bound;
}

void StudioServer::serve() {
  impl_->serving = true;
  if (!impl_->stop_wanted) impl_->server.listen_after_bind();
  impl_->serving = false;
}

void StudioServer::stop() {
  impl_->stop_wanted = true;
  // listen_after_bind may not have started its loop yet: wait until it runs, then stop it.
  while (impl_->serving && !impl_->server.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  impl_->server.stop();
}

}  // namespace puzzlepress::cli
