// Where a catalogue is (spec `catalogue:`, `--catalogue`): a PostgreSQL address or a file, and
// how to name it in a message without the secret it may carry. One reading for every command.
#pragma once

#include <string>

namespace puzzlepress::book {

/// Whether `location` is a PostgreSQL address (it begins "postgresql://" or "postgres://"),
/// which is a server's database and no file; anything else names a SQLite file.
bool is_catalogue_address(const std::string& location);

/// `location` as messages print it: a file as it is; an address without its password, neither
/// the "user:password@" form nor a "password=" query parameter (its name percent-decoded, as
/// libpq decodes it): "postgresql://ann:s3cret@db/books?password=x&sslmode=require" is
/// "postgresql://ann@db/books?sslmode=require".
std::string catalogue_display_name(const std::string& location);

}  // namespace puzzlepress::book
