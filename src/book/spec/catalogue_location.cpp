#include "book/spec/catalogue_location.h"

#include <algorithm>
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
  const auto begins = [&](const std::string& scheme) {
    if (location.size() < scheme.size()) return false;
    for (std::size_t i = 0; i < scheme.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(location[i])) != scheme[i]) return false;
    return true;
  };
  return begins("postgresql://") || begins("postgres://");
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

std::vector<std::string> catalogue_passwords(const std::string& location) {
  std::vector<std::string> out;
  if (!is_catalogue_address(location)) return out;
  const std::size_t authority = location.find("://") + 3;
  const std::size_t end = std::min(location.find('/', authority), location.find('?', authority));
  const std::size_t colon = location.find(':', authority);
  // The userinfo ends at the authority's first '@' (as libpq reads it) or its last one (as
  // catalogue_display_name does): both candidates are secrets.
  for (const std::size_t at : {location.find('@', authority), location.rfind('@', end)}) {
    if (at != std::string::npos && at < end && colon != std::string::npos && colon < at)
      out.push_back(location.substr(colon + 1, at - colon - 1));
  }
  if (const std::size_t mark = location.find('?', authority); mark != std::string::npos) {
    const std::string query = location.substr(mark + 1);
    std::size_t start = 0;
    while (start <= query.size()) {
      std::size_t stop = query.find('&', start);
      if (stop == std::string::npos) stop = query.size();
      const std::string pair = query.substr(start, stop - start);
      const std::size_t equals = pair.find('=');
      if (equals != std::string::npos && percent_decoded(pair.substr(0, equals)) == "password")
        out.push_back(pair.substr(equals + 1));
      start = stop + 1;
    }
  }
  for (std::size_t i = 0, n = out.size(); i < n; ++i) out.push_back(percent_decoded(out[i]));
  std::erase_if(out, [](const std::string& p) { return p.empty(); });
  // Longest first: a password that holds another is replaced whole.
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string catalogue_redacted(const std::string& text, const std::string& location) {
  // Every address in the text (libpq quotes the one it could not read) as catalogue_display_name
  // prints it.
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (is_catalogue_address(text.substr(i, 13))) {  // 13: "postgresql://"
      std::size_t end = text.find_first_of(" \t\r\n\"'", i);
      if (end == std::string::npos) end = text.size();
      out += catalogue_display_name(text.substr(i, end - i));
      i = end;
    } else {
      out += text[i++];
    }
  }
  for (const std::string& password : catalogue_passwords(location)) {
    for (std::size_t at; (at = out.find(password)) != std::string::npos;) out.replace(at, password.size(), "***");
  }
  return out;
}

}  // namespace puzzlepress::book
