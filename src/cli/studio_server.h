// The studio's web server: the page (HTML, CSS and JavaScript compiled into the binary) and a
// small JSON/PNG API over one book::StudioSession. The only file that sees cpp-httplib is
// studio_server.cpp; no httplib type appears here.
//
//   GET  /                      the page;  GET /studio.css, /studio.js  its style and script
//   GET  /api/spec              {"path", "folder", "exists", "text"}: the spec file's text
//   POST /api/check             body: spec text -> {"ok":true,"facts":{...}} (studio_json.h: with the
//                               cover's guides and KDP's printing cost) or 422 {"ok":false,"error":{...}}
//   POST /api/preview?page=N|cover&dpi=D&session=S&seq=K
//                               body: spec text -> image/png, or 422 (the spec's error), 409 (a newer
//                               request of the same page session superseded it), 501 (no painter)
//   POST /api/thumbnail?session=S
//                               body: spec text -> {"ok":true,"thumbnail":{...}} (studio_json.h), or 422
//   POST /api/build             body: spec text -> {"ok":true,"written":[...]}: PDF, manifest, cover
//   POST /api/save              body: spec text -> {"ok":true,"path":...}: the spec file only
//
// Errors are JSON {"ok":false,"error":{"text","line","column"}}; "text" is exactly what the
// command line would print after "puzzlepress: ".
//
// Safety: request bodies of at most book::kMaxSpecBytes (413 otherwise); paths with ".." or
// "//" are refused (400) before routing; the Host header must be one of this server's names
// (studio_host_names: a page from another site cannot reach it through DNS rebinding) and a
// POST's Origin one of them too, so no other site can save or build (a wildcard bind has no
// list: the studio command warns); a port already listened on is refused at bind; one preview at a time per page
// session (the newest request wins, older ones are answered 409 and their generation cancelled); one build at a time.
#pragma once

#include <chrono>

#include <memory>
#include <string>
#include <vector>

#include "book/studio/studio_session.h"

namespace puzzlepress::cli {

/// The page, as compiled into the binary (studio_assets.cpp, made by CMake from studio_page/).
struct StudioAsset {
  const char* path;          ///< "/", "/studio.css", "/studio.js"
  const char* content_type;  ///< with charset
  const char* body;
};
const StudioAsset* find_studio_asset(const std::string& path);

/// Most page sessions (open browser tabs) remembered at once; the least recently used is
/// dropped beyond this.
inline constexpr std::size_t kMaxPageSessions = 16;
/// How long a connection may take to send its whole request (headers and body) once accepted;
/// a slower client is cut off so it cannot hold a worker thread.
inline constexpr std::chrono::milliseconds kRequestDeadline{5000};
/// Preview resolution bounds, dots per inch.
inline constexpr int kMinPreviewDpi = 36;
inline constexpr int kMaxPreviewDpi = 300;

/// 0.0.0.0, :: or [::]: every address of the machine, where no Host allow-list can be made.
bool is_wildcard_address(const std::string& host);

/// The Host header values a studio bound to `host`:`port` answers: "localhost:P", "127.0.0.1:P",
/// "[::1]:P" and the bound address (an IPv6 one in brackets); the names alone as well on port 80.
/// A POST's Origin must be "http://" followed by one of them.
std::vector<std::string> studio_host_names(const std::string& host, int port);

class StudioServer {
 public:
  /// `session` must outlive the server.
  explicit StudioServer(book::StudioSession& session);
  ~StudioServer();
  StudioServer(const StudioServer&) = delete;
  StudioServer& operator=(const StudioServer&) = delete;

  /// Binds `host`:`port` (port 0: any free port) and returns the port. A port another socket
  /// listens on (another studio too: no SO_REUSEPORT) throws EnvironmentError "cannot listen on
  /// HOST:PORT (…)". Requests must then name this server in Host (studio_host_names) unless
  /// `host` is a wildcard address (is_wildcard_address).
  int bind(const std::string& host, int port);
  /// Serves until stop(); requests under way finish first.
  void serve();
  /// Ends serve() (from any thread; safe before serve has started).
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace puzzlepress::cli
