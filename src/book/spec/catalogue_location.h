// Where a catalogue is (spec `catalogue:`, `--catalogue`): a PostgreSQL address or a file, and
// how to name it in a message without the secret it may carry. One reading for every command.
#pragma once

#include <string>
#include <vector>

namespace puzzlepress::book {

/// Whether `location` is a PostgreSQL address (it begins "postgresql://" or "postgres://", the
/// scheme in any case, as libpq reads it),
/// which is a server's database and no file; anything else names a SQLite file.
bool is_catalogue_address(const std::string& location);

/// `location` as messages print it: a file as it is; an address without its password, neither
/// the "user:password@" form nor a "password=" query parameter (its name percent-decoded, as
/// libpq decodes it): "postgresql://ann:s3cret@db/books?password=x&sslmode=require" is
/// "postgresql://ann@db/books?sslmode=require".
std::string catalogue_display_name(const std::string& location);

/// The secrets an address carries: the userinfo's password and every "password=" query value,
/// each as written and percent-decoded (as libpq decodes it), longest first; none for a file.
std::vector<std::string> catalogue_passwords(const std::string& location);

/// `text` (an error message of libpq, which may quote the address it could not read) safe to
/// print: every postgresql:// or postgres:// address in it as catalogue_display_name prints it,
/// then every one of `location`'s passwords (catalogue_passwords) replaced by "***".
std::string catalogue_redacted(const std::string& text, const std::string& location);

}  // namespace puzzlepress::book
