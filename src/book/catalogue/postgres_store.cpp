// The catalogue on a PostgreSQL server (catalogue_store.h), through libpq: the only file that
// includes libpq-fe.h. The same tables as the SQLite file. Writers serialise on a transaction-
// scoped advisory lock taken under `lock_timeout`, so builds on several machines take turns at
// registration exactly as builds on one machine do with a file; a transaction the server never
// sees committed (a client killed, a connection lost) is rolled back by the server.
#include <libpq-fe.h>

#include <cctype>
#include <memory>
#include <string>
#include <vector>

#include "book/catalogue/catalogue_store.h"
#include "book/spec/catalogue_location.h"

namespace puzzlepress::book {
namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta VALUES ('application', 'puzzlepress catalogue') ON CONFLICT DO NOTHING;
INSERT INTO meta VALUES ('schema', '1') ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS books(
  id BIGSERIAL PRIMARY KEY, book_key TEXT NOT NULL UNIQUE, title TEXT NOT NULL, seed BIGINT NOT NULL,
  series TEXT NOT NULL DEFAULT '', volume INTEGER NOT NULL DEFAULT 0, edition TEXT NOT NULL DEFAULT '',
  spec_sha256 TEXT NOT NULL DEFAULT '', manifest_sha256 TEXT NOT NULL DEFAULT '', date TEXT NOT NULL,
  clashes_avoided INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS puzzles(
  book_id BIGINT NOT NULL REFERENCES books(id) ON DELETE CASCADE, number INTEGER NOT NULL,
  page INTEGER NOT NULL, kind TEXT NOT NULL, size TEXT NOT NULL, grade TEXT NOT NULL,
  canonical TEXT NOT NULL, canonical_solution TEXT NOT NULL DEFAULT '', PRIMARY KEY (book_id, number));
CREATE INDEX IF NOT EXISTS puzzles_canonical ON puzzles(canonical);
CREATE INDEX IF NOT EXISTS puzzles_solution ON puzzles(canonical_solution);
)sql";

constexpr long long kSchemaLock = 0x70707263;  // advisory lock keys: creating the schema,
constexpr long long kWriteLock = 0x70707264;   // and registering a book

using Result = std::unique_ptr<PGresult, decltype(&PQclear)>;

// The address as libpq reads it: its scheme in lower case (libpq knows no "POSTGRESQL://").
std::string libpq_address(std::string address) {
  for (std::size_t i = 0; i < address.find("://"); ++i)
    address[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(address[i])));
  return address;
}

// A PostgreSQL text array literal of `values` (each quoted, '"' and '\' escaped).
std::string array_literal(const std::vector<std::string>& values) {
  std::string out = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    out += i ? ",\"" : "\"";
    for (char c : values[i]) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  return out + "}";
}

// Puzzles per kind, size and grade, a book's puzzles counted once however many editions hold them.
constexpr const char* kCountsSql =
    "SELECT kind, size, grade, count(*) FROM (SELECT DISTINCT b.title, b.seed, p.number, p.kind, p.size, p.grade "
    "FROM puzzles p JOIN books b ON b.id = p.book_id) AS per_book GROUP BY kind, size, grade ORDER BY kind, size, "
    "grade";

class PostgresStore final : public CatalogueStore {
 public:
  PostgresStore(const std::string& address, Place place, int wait_ms)
      : address_(libpq_address(address)),
        name_(catalogue_display_name(address)),
        place_(std::move(place)),
        wait_ms_(wait_ms) {}

  // Connects; checks the tables (creating them when absent and `create`) under the schema lock.
  void open(bool create) {
    char* parse_error = nullptr;
    PQconninfoOption* options = PQconninfoParse(address_.c_str(), &parse_error);
    if (options == nullptr) {
      std::string why = parse_error ? parse_error : "out of memory";
      PQfreemem(parse_error);
      throw bad_address(why);
    }
    PQconninfoFree(options);
    conn_ = PQconnectdb(address_.c_str());
    if (PQstatus(conn_) != CONNECTION_OK) {
      const std::string why = last_error();
      // An option's value libpq refuses before reaching any server (sslmode=bogus, port 1x).
      if (why.rfind("invalid ", 0) == 0 || why.find(": invalid ") != std::string::npos) throw bad_address(why);
      throw EnvironmentError("catalogue " + name_ + ": cannot connect (" + why + ")");
    }
    PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);
    exec("BEGIN");
    try {
      exec("SELECT pg_advisory_xact_lock(" + std::to_string(kSchemaLock) + ")");
      probe(create);
      exec("COMMIT");
    } catch (...) {
      rollback();
      throw;
    }
  }
  ~PostgresStore() override { PQfinish(conn_); }

  const std::string& name() const override { return name_; }

  void begin_write() override {
    exec("BEGIN");
    const auto locked = [this] {
      rollback();
      return EnvironmentError(catalogue_locked(name_, wait_ms_));
    };
    // lock_timeout 0 would wait for ever: not waiting is a try instead (as SQLite's busy timeout 0).
    if (wait_ms_ <= 0) {
      Result r(PQexec(conn_, ("SELECT pg_try_advisory_xact_lock(" + std::to_string(kWriteLock) + ")").c_str()),
               PQclear);
      if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) fail(r.get());
      if (text(r, 0, 0) != "t") throw locked();
      return;
    }
    exec("SET LOCAL lock_timeout = " + std::to_string(wait_ms_));
    Result r(PQexec(conn_, ("SELECT pg_advisory_xact_lock(" + std::to_string(kWriteLock) + ")").c_str()), PQclear);
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) {
      const char* state = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
      if (state && std::string(state) == "55P03") throw locked();
      rollback();
      fail(r.get());
    }
  }
  void commit() override { exec("COMMIT"); }
  void rollback() noexcept override {
    if (PQstatus(conn_) == CONNECTION_OK) PQclear(PQexec(conn_, "ROLLBACK"));
  }

  std::vector<StoredPuzzle> find(const std::vector<std::string>& forms, const std::vector<std::string>& solutions,
                                 const std::optional<BookPuzzles>& exclude) override {
    if (empty_) return {};
    const std::string f = array_literal(forms), s = array_literal(solutions);
    Result r = query(
        "SELECT b.title, b.volume, b.book_key, b.edition, p.number, p.page, p.size, p.grade, p.canonical, "
        "p.canonical_solution FROM puzzles p JOIN books b ON b.id = p.book_id "
        "WHERE ($5 = 0 OR b.title <> $1 OR b.seed <> $4::bigint) AND "
        "(p.canonical = ANY($2::text[]) OR (p.canonical_solution <> '' AND p.canonical_solution = ANY($3::text[]))) "
        "ORDER BY b.title, b.volume, b.edition, p.number",
        {exclude ? exclude->title : std::string(), f, s, std::to_string(exclude ? exclude->seed : 0),
         exclude ? "1" : "0"});
    std::vector<StoredPuzzle> out;
    for (int i = 0; i < PQntuples(r.get()); ++i)
      out.push_back({text(r, i, 0), integer(r, i, 1), text(r, i, 2), text(r, i, 3), integer(r, i, 4), integer(r, i, 5),
                     text(r, i, 6), text(r, i, 7), text(r, i, 8), text(r, i, 9)});
    return out;
  }

  void put_book(const CatalogueBook& book, const std::vector<CatalogueEntry>& entries) override {
    query("DELETE FROM books WHERE book_key = $1 OR (title = $2 AND seed = $3::bigint AND edition = '')",
          {book.key, book.title, std::to_string(book.seed)});
    Result r = query(
        "INSERT INTO books(book_key, title, seed, series, volume, edition, spec_sha256, manifest_sha256, date, "
        "clashes_avoided) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
        {book.key, book.title, std::to_string(book.seed), book.series, std::to_string(book.volume), book.edition,
         book.spec_sha256, book.manifest_sha256, book.date, std::to_string(book.clashes_avoided)});
    const std::string id = text(r, 0, 0);
    std::vector<std::string> columns[7];
    for (const CatalogueEntry& e : entries) {
      columns[0].push_back(std::to_string(e.number));
      columns[1].push_back(std::to_string(e.page));
      columns[2].push_back(e.kind);
      columns[3].push_back(e.size);
      columns[4].push_back(e.grade);
      columns[5].push_back(e.form);
      columns[6].push_back(e.solution_form);
    }
    query(
        "INSERT INTO puzzles SELECT $1::bigint, * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], "
        "$6::text[], $7::text[], $8::text[])",
        {id, array_literal(columns[0]), array_literal(columns[1]), array_literal(columns[2]), array_literal(columns[3]),
         array_literal(columns[4]), array_literal(columns[5]), array_literal(columns[6])});
  }

  void set_manifest_sha256(const std::string& key, const std::string& sha256) override {
    query("UPDATE books SET manifest_sha256 = $1 WHERE book_key = $2", {sha256, key});
  }

  int remove_book(const std::string& key) override {
    if (empty_) return -1;
    // The puzzles first (the book's ON DELETE CASCADE would too, but uncounted).
    Result entries = query("DELETE FROM puzzles WHERE book_id IN (SELECT id FROM books WHERE book_key = $1)", {key});
    Result book = query("DELETE FROM books WHERE book_key = $1", {key});
    if (std::string(PQcmdTuples(book.get())) == "0") return -1;
    return std::stoi(PQcmdTuples(entries.get()));
  }

  std::vector<CatalogueBook> books() override {
    if (empty_) return {};
    Result r = query(
        "SELECT b.book_key, b.title, b.seed, b.series, b.volume, b.edition, b.spec_sha256, b.manifest_sha256, b.date, "
        "b.clashes_avoided, (SELECT count(*) FROM puzzles p WHERE p.book_id = b.id) FROM books b "
        "ORDER BY b.title, b.volume, b.seed",
        {});
    std::vector<CatalogueBook> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) {
      CatalogueBook b;
      b.key = text(r, i, 0);
      b.title = text(r, i, 1);
      b.seed = static_cast<std::uint32_t>(std::stoll(text(r, i, 2)));
      b.series = text(r, i, 3);
      b.volume = integer(r, i, 4);
      b.edition = text(r, i, 5);
      b.spec_sha256 = text(r, i, 6);
      b.manifest_sha256 = text(r, i, 7);
      b.date = text(r, i, 8);
      b.clashes_avoided = integer(r, i, 9);
      b.puzzles = integer(r, i, 10);
      out.push_back(std::move(b));
    }
    return out;
  }

  std::vector<CatalogueCount> counts() override {
    if (empty_) return {};
    Result r = query(kCountsSql, {});
    std::vector<CatalogueCount> out;
    for (int i = 0; i < PQntuples(r.get()); ++i)
      out.push_back({text(r, i, 0), text(r, i, 1), text(r, i, 2), std::stoll(text(r, i, 3))});
    return out;
  }

 private:
  // libpq's error text, trimmed, without the address's password (libpq may quote the address).
  std::string last_error() const { return redacted(PQerrorMessage(conn_)); }
  std::string redacted(std::string e) const {
    while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
    return catalogue_redacted(e, address_);
  }
  InputError bad_address(const std::string& why) const {
    return InputError(place_, "catalogue " + name_ + ": not a valid PostgreSQL address (" + redacted(why) + ")");
  }
  static std::string text(const Result& r, int row, int col) { return PQgetvalue(r.get(), row, col); }
  static int integer(const Result& r, int row, int col) { return std::stoi(text(r, row, col)); }

  // The schema, created when absent and `create` (a reader of a database without it sees no
  // books and writes nothing); another database's tables or a newer schema are refused.
  void probe(bool create) {
    Result tables = query(
        "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() "
        "AND table_name IN ('meta', 'books', 'puzzles')",
        {});
    const int present = std::stoi(text(tables, 0, 0));
    if (present == 0) {
      if (create) exec(kSchema);
      empty_ = !create;
      return;
    }
    if (present != 3) throw InputError(place_, name_ + " is not a puzzlepress catalogue (tables of another program)");
    Result meta = query("SELECT key, value FROM meta WHERE key IN ('application', 'schema') ORDER BY key", {});
    if (PQntuples(meta.get()) != 2 || text(meta, 0, 1) != "puzzlepress catalogue")
      throw InputError(place_, name_ + " is not a puzzlepress catalogue (tables of another program)");
    check_schema_version(text(meta, 1, 1), name_, place_);
  }

  void exec(const std::string& sql) {
    Result r(PQexec(conn_, sql.c_str()), PQclear);
    const auto status = PQresultStatus(r.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(r.get());
  }

  Result query(const char* sql, const std::vector<std::string>& params) {
    std::vector<const char*> values;
    for (const std::string& p : params) values.push_back(p.c_str());
    Result r(PQexecParams(conn_, sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0),
             PQclear);
    const auto status = PQresultStatus(r.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(r.get());
    return r;
  }

  [[noreturn]] void fail(const PGresult* r) const {
    std::string message = r ? redacted(PQresultErrorMessage(r)) : "";
    if (message.empty()) message = last_error();
    if (PQstatus(conn_) != CONNECTION_OK)
      throw EnvironmentError("catalogue " + name_ + ": the server went away (" + message + ")");
    throw EnvironmentError("catalogue " + name_ + ": " + message);
  }

  std::string address_;  ///< as libpq reads it, password included: never printed (catalogue_redacted)
  std::string name_;
  Place place_;
  int wait_ms_;
  PGconn* conn_ = nullptr;
  bool empty_ = false;  ///< a database without the tables, opened to read: no books
};

}  // namespace

std::unique_ptr<CatalogueStore> open_postgres_catalogue(const std::string& address, const Place& place, bool create,
                                                        int wait_ms) {
  auto store = std::make_unique<PostgresStore>(address, place, wait_ms);
  store->open(create);
  return store;
}

}  // namespace puzzlepress::book
