#include "book/spec/catalogue_location.h"

#include <cctype>

namespace puzzlepress::book {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// "%70assword" -> "password" (libpq percent-decodes a query parameter's name before reading it).
std::string percent_decoded(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

// The query "a=1&password=x&b=2" without its password parameters: "a=1&b=2".
std::string query_without_password(const std::string& query) {
  std::string out;
  std::size_t start = 0;
  while (start <= query.size()) {
    std::size_t end = query.find('&', start);
    if (end == std::string::npos) end = query.size();
    const std::string pair = query.substr(start, end - start);
    const std::string name = percent_decoded(pair.substr(0, pair.find('=')));
    if (!pair.empty() && name != "password") out += (out.empty() ? "" : "&") + pair;
    start = end + 1;
  }
  return out;
}

}  // namespace

bool is_catalogue_address(const std::string& location) {
  return location.rfind("postgresql://", 0) == 0 || location.rfind("postgres://", 0) == 0;
}

std::string catalogue_display_name(const std::string& location) {
  if (!is_catalogue_address(location)) return location;
  const std::size_t authority = location.find("://") + 3;
  std::string address = location;
  std::string query;
  if (const std::size_t mark = address.find('?', authority); mark != std::string::npos) {
    query = query_without_password(address.substr(mark + 1));
    address.erase(mark);
  }
  // The authority ends at the first '/' after it; its userinfo at its last '@'.
  const std::size_t slash = address.find('/', authority);
  const std::size_t at = address.rfind('@', slash == std::string::npos ? std::string::npos : slash);
  if (at != std::string::npos && at >= authority) {
    const std::size_t colon = address.find(':', authority);
    if (colon != std::string::npos && colon < at) address.erase(colon, at - colon);
  }
  return query.empty() ? address : address + "?" + query;
}

}  // namespace puzzlepress::book
