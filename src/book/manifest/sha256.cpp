#include "book/manifest/sha256.h"

#include <qpdf/QPDFCryptoProvider.hh>

#include <memory>

namespace puzzlepress::book {

std::string sha256_hex(std::string_view bytes) {
  std::shared_ptr<QPDFCryptoImpl> crypto = QPDFCryptoProvider::getImpl();
  crypto->SHA2_init(256);
  crypto->SHA2_update(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  crypto->SHA2_finalize();
  const std::string digest = crypto->SHA2_digest();
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const char c : digest) {
    out += kHex[(static_cast<unsigned char>(c) >> 4) & 0xF];
    out += kHex[static_cast<unsigned char>(c) & 0xF];
  }
  return out;
}

}  // namespace puzzlepress::book
