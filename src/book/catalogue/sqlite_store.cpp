// The catalogue in a SQLite file (catalogue_store.h): the only file that includes sqlite3.h.
//
// Writers serialise on BEGIN IMMEDIATE (SQLite's reserved lock) with a busy timeout, so two
// builds against one file take turns: the second sees the first's puzzles once it holds the
// lock. The journal is SQLite's default rollback journal: a process killed inside a transaction
// leaves a hot journal that the next opening rolls back, so the file always holds whole books.
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include "book/catalogue/catalogue_store.h"
#include "util/outputs.h"

namespace puzzlepress::book {
namespace {

constexpr int kApplicationId = 0x70707263;  // "pprc"
constexpr int kSchemaVersion = 1;

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT OR IGNORE INTO meta VALUES ('schema', '1');
CREATE TABLE IF NOT EXISTS books(
  id INTEGER PRIMARY KEY,
  book_key TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  seed INTEGER NOT NULL,
  series TEXT NOT NULL DEFAULT '',
  volume INTEGER NOT NULL DEFAULT 0,
  edition TEXT NOT NULL DEFAULT '',
  spec_sha256 TEXT NOT NULL DEFAULT '',
  manifest_sha256 TEXT NOT NULL DEFAULT '',
  date TEXT NOT NULL,
  clashes_avoided INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS puzzles(
  book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  page INTEGER NOT NULL,
  kind TEXT NOT NULL,
  size TEXT NOT NULL,
  grade TEXT NOT NULL,
  canonical TEXT NOT NULL,
  canonical_solution TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (book_id, number));
CREATE INDEX IF NOT EXISTS puzzles_canonical ON puzzles(canonical);
CREATE INDEX IF NOT EXISTS puzzles_solution ON puzzles(canonical_solution);
)sql";

// Puzzles per kind, size and grade, a book's puzzles counted once however many editions hold them.
constexpr const char* kCountsSql =
    "SELECT kind, size, grade, count(*) FROM (SELECT DISTINCT b.title, b.seed, p.number, p.kind, p.size, p.grade "
    "FROM puzzles p JOIN books b ON b.id = p.book_id) AS per_book GROUP BY kind, size, grade ORDER BY kind, size, "
    "grade";

// A prepared statement. The constructor throws, through `fail` (the store's error for its
// database), when SQLite cannot prepare it: a statement never runs unprepared.
// Removes this user's ".puzzlepress-catalogue-XXXXXX.new" files in `folder` older than an hour:
// left by a creation killed there (a creation takes milliseconds, so none is still running).
void sweep_old_temporaries(const std::filesystem::path& folder) {
  constexpr std::string_view kPrefix = ".puzzlepress-catalogue-", kSuffix = ".new";
  std::error_code ec;
  const auto now = std::filesystem::file_time_type::clock::now();
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() != kPrefix.size() + 6 + kSuffix.size() || !name.starts_with(kPrefix) || !name.ends_with(kSuffix))
      continue;
    struct stat st {};
    if (::lstat(entry.path().c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid()) continue;
    const auto written = std::filesystem::last_write_time(entry.path(), ec);
    if (!ec && now - written > std::chrono::hours(1)) ::unlink(entry.path().c_str());
  }
}

class Statement {
 public:
  template <class Fail>
  Statement(sqlite3* db, const char* sql, const Fail& fail) {
    const int rc = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr);
    if (rc != SQLITE_OK || stmt_ == nullptr) {
      sqlite3_finalize(stmt_);
      stmt_ = nullptr;
      fail(rc == SQLITE_OK ? SQLITE_ERROR : rc);
    }
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  sqlite3_stmt* get() const { return stmt_; }
  void bind(int i, const std::string& text) {
    sqlite3_bind_text(stmt_, i, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  }
  void bind(int i, long long value) { sqlite3_bind_int64(stmt_, i, value); }
  std::string text(int i) const {
    const auto* p = sqlite3_column_text(stmt_, i);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
  }
  long long integer(int i) const { return sqlite3_column_int64(stmt_, i); }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

class SqliteStore final : public CatalogueStore {
 public:
  SqliteStore(std::string file, Place place, int wait_ms)
      : file_(std::move(file)), place_(std::move(place)), wait_ms_(wait_ms) {}
  ~SqliteStore() override {
    if (in_transaction_) rollback();
    sqlite3_close(db_);
  }

  void open(bool create) {
    std::error_code ec;
    const bool exists = std::filesystem::exists(file_, ec);
    if (!exists && !create) throw InputError(place_, "catalogue " + file_ + " does not exist");
    if (exists && !std::filesystem::is_regular_file(file_, ec))
      throw InputError(place_, "catalogue " + file_ + " is not a regular file");
    if (!exists) create_whole();
    if (sqlite3_open_v2(file_.c_str(), &db_, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK)
      throw EnvironmentError("catalogue " + file_ + ": cannot open (" + error() + ")");
    configure(db_);
    // The probe (and the schema, for a file without one) in one transaction (a writer's, when
    // creating): two builds at once see either no schema or all of it.
    if (create) {
      begin_write();
    } else {
      exec("BEGIN");
      in_transaction_ = true;
    }
    try {
      probe(create);
      commit();
    } catch (...) {
      rollback();
      throw;
    }
  }

  const std::string& name() const override { return file_; }

  void begin_write() override {
    const int rc = sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    if ((rc & 0xFF) == SQLITE_BUSY || (rc & 0xFF) == SQLITE_LOCKED)
      throw EnvironmentError(catalogue_locked(file_, wait_ms_));
    if (rc != SQLITE_OK) fail_write(rc);
    in_transaction_ = true;
  }
  void commit() override {
    const int rc = sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) fail_write(rc);
    in_transaction_ = false;
  }
  void rollback() noexcept override {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    in_transaction_ = false;
  }

  std::vector<StoredPuzzle> find(const std::vector<std::string>& forms, const std::vector<std::string>& solutions,
                                 const std::optional<BookPuzzles>& exclude) override {
    std::vector<StoredPuzzle> out;
    if (empty_) return out;
    const std::string head =
        "SELECT b.title, b.volume, b.book_key, b.edition, p.number, p.page, p.size, p.grade, p.canonical, "
        "p.canonical_solution FROM puzzles p JOIN books b ON b.id = p.book_id "
        "WHERE (?4 = 0 OR b.title <> ?1 OR b.seed <> ?3) AND ";
    const std::string tail = " ORDER BY b.title, b.volume, b.edition, p.number";
    Statement by_form = prepare(head + "p.canonical = ?2" + tail);
    Statement by_solution = prepare(head + "p.canonical_solution = ?2" + tail);
    const auto run = [&](Statement& st, const std::string& value) {
      sqlite3_reset(st.get());
      st.bind(1, exclude ? exclude->title : std::string());
      st.bind(2, value);
      st.bind(3, static_cast<long long>(exclude ? exclude->seed : 0));
      st.bind(4, static_cast<long long>(exclude ? 1 : 0));
      int rc;
      while ((rc = sqlite3_step(st.get())) == SQLITE_ROW)
        out.push_back({st.text(0), static_cast<int>(st.integer(1)), st.text(2), st.text(3),
                       static_cast<int>(st.integer(4)), static_cast<int>(st.integer(5)), st.text(6), st.text(7),
                       st.text(8), st.text(9)});
      if (rc != SQLITE_DONE) fail_read(rc);
    };
    for (const std::string& f : forms) run(by_form, f);
    for (const std::string& s : solutions)
      if (!s.empty()) run(by_solution, s);
    return out;
  }

  void put_book(const CatalogueBook& book, const std::vector<CatalogueEntry>& entries) override {
    {
      Statement gone = prepare("DELETE FROM books WHERE book_key = ?1 OR (title = ?2 AND seed = ?3 AND edition = '')");
      gone.bind(1, book.key);
      gone.bind(2, book.title);
      gone.bind(3, static_cast<long long>(book.seed));
      step_write(gone);
    }
    Statement add = prepare(
        "INSERT INTO books(book_key, title, seed, series, volume, edition, spec_sha256, manifest_sha256, date, "
        "clashes_avoided) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    add.bind(1, book.key);
    add.bind(2, book.title);
    add.bind(3, static_cast<long long>(book.seed));
    add.bind(4, book.series);
    add.bind(5, static_cast<long long>(book.volume));
    add.bind(6, book.edition);
    add.bind(7, book.spec_sha256);
    add.bind(8, book.manifest_sha256);
    add.bind(9, book.date);
    add.bind(10, static_cast<long long>(book.clashes_avoided));
    step_write(add);
    const long long id = sqlite3_last_insert_rowid(db_);
    Statement put = prepare(
        "INSERT INTO puzzles(book_id, number, page, kind, size, grade, canonical, canonical_solution) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    for (const CatalogueEntry& e : entries) {
      sqlite3_reset(put.get());
      put.bind(1, id);
      put.bind(2, static_cast<long long>(e.number));
      put.bind(3, static_cast<long long>(e.page));
      put.bind(4, e.kind);
      put.bind(5, e.size);
      put.bind(6, e.grade);
      put.bind(7, e.form);
      put.bind(8, e.solution_form);
      step_write(put);
    }
  }

  void set_manifest_sha256(const std::string& key, const std::string& sha256) override {
    Statement st = prepare("UPDATE books SET manifest_sha256 = ?1 WHERE book_key = ?2");
    st.bind(1, sha256);
    st.bind(2, key);
    step_write(st);
  }

  int remove_book(const std::string& key) override {
    if (empty_) return -1;
    long long puzzles = -1;
    {
      Statement count =
          prepare("SELECT (SELECT count(*) FROM puzzles p WHERE p.book_id = b.id) FROM books b WHERE b.book_key = ?1");
      count.bind(1, key);
      const int rc = sqlite3_step(count.get());
      if (rc == SQLITE_ROW) puzzles = count.integer(0);
      else if (rc != SQLITE_DONE) fail_read(rc);
    }
    if (puzzles < 0) return -1;
    // The puzzles first (not left to ON DELETE CASCADE: foreign keys are a connection's setting).
    Statement entries = prepare("DELETE FROM puzzles WHERE book_id IN (SELECT id FROM books WHERE book_key = ?1)");
    entries.bind(1, key);
    step_write(entries);
    Statement book = prepare("DELETE FROM books WHERE book_key = ?1");
    book.bind(1, key);
    step_write(book);
    return static_cast<int>(puzzles);
  }

  std::vector<CatalogueBook> books() override {
    std::vector<CatalogueBook> out;
    if (empty_) return out;
    Statement st = prepare(
        "SELECT b.book_key, b.title, b.seed, b.series, b.volume, b.edition, b.spec_sha256, b.manifest_sha256, "
        "b.date, b.clashes_avoided, (SELECT count(*) FROM puzzles p WHERE p.book_id = b.id) "
        "FROM books b ORDER BY b.title, b.volume, b.seed");
    int rc;
    while ((rc = sqlite3_step(st.get())) == SQLITE_ROW) {
      CatalogueBook b;
      b.key = st.text(0);
      b.title = st.text(1);
      b.seed = static_cast<std::uint32_t>(st.integer(2));
      b.series = st.text(3);
      b.volume = static_cast<int>(st.integer(4));
      b.edition = st.text(5);
      b.spec_sha256 = st.text(6);
      b.manifest_sha256 = st.text(7);
      b.date = st.text(8);
      b.clashes_avoided = static_cast<int>(st.integer(9));
      b.puzzles = static_cast<int>(st.integer(10));
      out.push_back(std::move(b));
    }
    if (rc != SQLITE_DONE) fail_read(rc);
    return out;
  }

  std::vector<CatalogueCount> counts() override {
    std::vector<CatalogueCount> out;
    if (empty_) return out;
    Statement st = prepare(kCountsSql);
    int rc;
    while ((rc = sqlite3_step(st.get())) == SQLITE_ROW)
      out.push_back({st.text(0), st.text(1), st.text(2), st.integer(3)});
    if (rc != SQLITE_DONE) fail_read(rc);
    return out;
  }

 private:
  // Reads the header's marks; creates the schema in a fresh file when `create`.
  void probe(bool create) {
    int application = 0, version = 0;
    {
      Statement st = prepare("PRAGMA application_id");
      const int rc = sqlite3_step(st.get());
      if (rc != SQLITE_ROW) fail_read(rc);
      application = static_cast<int>(st.integer(0));
    }
    {
      Statement st = prepare("PRAGMA user_version");
      const int rc = sqlite3_step(st.get());
      if (rc != SQLITE_ROW) fail_read(rc);
      version = static_cast<int>(st.integer(0));
    }
    if (application == 0 && version == 0) {
      Statement tables = prepare("SELECT count(*) FROM sqlite_master");
      if (const int rc = sqlite3_step(tables.get()); rc != SQLITE_ROW) fail_read(rc);
      if (tables.integer(0) != 0)
        throw InputError(place_, file_ + " is not a puzzlepress catalogue (a SQLite file of another program)");
      // An empty file: a catalogue whose creation was interrupted (an older puzzlepress made the
      // file first), read as one without books.
      empty_ = !create;
      if (create) write_schema(db_);
      return;
    }
    if (application != kApplicationId)
      throw InputError(place_, file_ + " is not a puzzlepress catalogue (a SQLite file of another program)");
    // The header's version and the meta table's, checked alike (check_schema_version).
    check_schema_version(std::to_string(version), file_, place_);
    Statement meta = prepare("SELECT value FROM meta WHERE key = 'schema'");
    const int rc = sqlite3_step(meta.get());
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) fail_read(rc);
    const std::string recorded = rc == SQLITE_ROW ? meta.text(0) : "";
    check_schema_version(recorded, file_, place_);
    if (recorded != std::to_string(version))
      throw InputError(place_, "catalogue " + file_ + " is corrupt (schema '" + recorded + "' in its meta table, " +
                                   std::to_string(version) + " in its header)");
  }

  std::string error() const { return db_ ? sqlite3_errmsg(db_) : "out of memory"; }

  // A statement that SQLite cannot prepare on a file with our marks names a table or column the
  // file lacks: a damaged catalogue ("… is not a puzzlepress catalogue (no such table: puzzles)").
  Statement prepare(const std::string& sql) {
    return Statement(db_, sql.c_str(), [this](int rc) {
      if ((rc & 0xFF) == SQLITE_ERROR)
        throw InputError(place_, file_ + " is not a puzzlepress catalogue (" + error() + ")");
      fail_read(rc);
    });
  }

  void configure(sqlite3* db) {
    sqlite3_busy_timeout(db, wait_ms_);
    sqlite3_extended_result_codes(db, 1);
    const int rc = sqlite3_exec(db, "PRAGMA foreign_keys = ON", nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) fail_read(rc);
  }

  void write_schema(sqlite3* db) {
    const std::string sql = std::string(kSchema) + "PRAGMA application_id = " + std::to_string(kApplicationId) +
                            ";\nPRAGMA user_version = " + std::to_string(kSchemaVersion) + ";\n";
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
      throw EnvironmentError("catalogue " + file_ + ": cannot create (" + std::string(sqlite3_errmsg(db)) + ")");
  }

  // A new catalogue, whole: the schema written into a temporary file beside `file_` (without a
  // journal: no one else sees it) with the cleanup signals held, then linked to `file_` — never
  // over a catalogue another build made meanwhile (that one is used then). So a first build
  // killed at any moment leaves no catalogue or a valid empty one. The temporary's name is its
  // own, ".puzzlepress-catalogue-XXXXXX.new": util/outputs' sweep of stale ".puzzlepress-XXXXXX.tmp"
  // files, run by a build writing into this folder, must not delete it while it is written. One
  // left by a kill is swept by a later creation in the folder once it is an hour old.
  void create_whole() {
    const std::filesystem::path folder =
        std::filesystem::path(file_).parent_path().empty() ? "." : std::filesystem::path(file_).parent_path();
    sweep_old_temporaries(folder);
    std::string temp = (folder / ".puzzlepress-catalogue-XXXXXX.new").string();
    const util::SignalsBlocked held;
    const int fd = ::mkostemps(temp.data(), 4, O_CLOEXEC);
    if (fd < 0) throw EnvironmentError("catalogue " + file_ + ": cannot create (" + std::strerror(errno) + ")");
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
    ::close(fd);
    struct Removed {
      std::string path;
      ~Removed() { ::unlink(path.c_str()); }
    } removed{temp};
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(temp.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
      const std::string why = db ? sqlite3_errmsg(db) : "out of memory";
      sqlite3_close(db);
      throw EnvironmentError("catalogue " + file_ + ": cannot create (" + why + ")");
    }
    try {
      if (sqlite3_exec(db, "PRAGMA journal_mode = OFF", nullptr, nullptr, nullptr) != SQLITE_OK)
        throw EnvironmentError("catalogue " + file_ + ": cannot create (" + std::string(sqlite3_errmsg(db)) + ")");
      write_schema(db);
    } catch (...) {
      sqlite3_close(db);
      throw;
    }
    sqlite3_close(db);
    if (::link(temp.c_str(), file_.c_str()) == 0 || errno == EEXIST) return;
    // A file system without hard links: renamed, unless a catalogue appeared meanwhile.
    std::error_code ec;
    if (!std::filesystem::exists(file_, ec) && ::rename(temp.c_str(), file_.c_str()) != 0)
      throw EnvironmentError("catalogue " + file_ + ": cannot create (" + std::strerror(errno) + ")");
  }

  void exec(const char* sql) {
    const int rc = sqlite3_exec(db_, sql, nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) fail_read(rc);
  }

  void step_write(Statement& st) {
    const int rc = sqlite3_step(st.get());
    if (rc != SQLITE_DONE) fail_write(rc);
  }

  // Reading failed: a damaged file or one that is not a database is the input's fault.
  [[noreturn]] void fail_read(int rc) const {
    const int primary = rc & 0xFF;
    if (primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT)
      throw InputError(place_, file_ + " is not a puzzlepress catalogue (" + error() + ")");
    if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED)
      throw EnvironmentError("catalogue " + file_ + " is locked by another build (" + error() + ")");
    throw EnvironmentError("catalogue " + file_ + ": " + error());
  }
  // Writing failed: read-only, full disk, I/O — the job cannot be done here.
  [[noreturn]] void fail_write(int rc) const {
    const int primary = rc & 0xFF;
    if (primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT) fail_read(rc);
    if (primary == SQLITE_READONLY) throw EnvironmentError("catalogue " + file_ + " is read-only (" + error() + ")");
    if (primary == SQLITE_FULL) throw EnvironmentError("catalogue " + file_ + ": the disk is full (" + error() + ")");
    if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED)
      throw EnvironmentError("catalogue " + file_ + " is locked by another build (" + error() + ")");
    throw EnvironmentError("catalogue " + file_ + ": cannot write (" + error() + ")");
  }

  std::string file_;
  Place place_;
  int wait_ms_ = 30000;
  sqlite3* db_ = nullptr;
  bool in_transaction_ = false;
  bool empty_ = false;  ///< a file without the schema, opened to read: no books
};

}  // namespace

std::string sqlite_version() { return sqlite3_libversion(); }

std::unique_ptr<CatalogueStore> open_sqlite_catalogue(const std::string& file, const Place& place, bool create,
                                                      int wait_ms) {
  auto store = std::make_unique<SqliteStore>(file, place, wait_ms);
  store->open(create);
  return store;
}

}  // namespace puzzlepress::book
