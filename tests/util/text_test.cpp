#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "util/text.h"

using namespace puzzlepress::util;

TEST_SUITE("text") {
  TEST_CASE("utf8_sequence_length: valid sequences and every kind of invalid one") {
    CHECK(utf8_sequence_length("a") == 1);
    CHECK(utf8_sequence_length("\xc3\xa9") == 2);          // é
    CHECK(utf8_sequence_length("\xe2\x82\xac") == 3);      // €
    CHECK(utf8_sequence_length("\xf0\x9f\x98\x80") == 4);  // 😀
    CHECK(utf8_sequence_length("") == 0);
    CHECK(utf8_sequence_length("\x80") == 0);              // stray continuation
    CHECK(utf8_sequence_length("\xc3") == 0);              // truncated
    CHECK(utf8_sequence_length("\xc0\xaf") == 0);          // overlong '/'
    CHECK(utf8_sequence_length("\xed\xa0\x80") == 0);      // surrogate U+D800
    CHECK(utf8_sequence_length("\xf4\x90\x80\x80") == 0);  // past U+10FFFF
    CHECK(utf8_sequence_length("\xff") == 0);
  }

  TEST_CASE("decode_utf8_at and code_point_name") {
    const std::string text = "a\xd7\x90\xf0\x9f\x98\x80";
    CHECK(*decode_utf8_at(text, 0) == U'a');
    CHECK(*decode_utf8_at(text, 1) == U'\u05D0');
    CHECK(*decode_utf8_at(text, 3) == U'\U0001F600');
    CHECK_FALSE(decode_utf8_at(text, 2).has_value());
    CHECK_FALSE(decode_utf8_at(text, 7).has_value());
    CHECK(code_point_name(U'\u05D0') == "U+05D0");
    CHECK(code_point_name(U'\U0001F600') == "U+1F600");
  }

  TEST_CASE("decode_utf8_lenient: never fails, U+FFFD for each malformed piece") {
    using V = std::vector<char32_t>;
    CHECK(decode_utf8_lenient("a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80") == V{U'a', U'\u00E9', U'\u20AC', U'\U0001F600'});
    CHECK(decode_utf8_lenient("") == V{});
    CHECK(decode_utf8_lenient("\x80x") == V{0xFFFD, U'x'});  // a byte that opens nothing
    CHECK(decode_utf8_lenient("\xff\xf8") == V{0xFFFD, 0xFFFD});
    CHECK(decode_utf8_lenient("\xe2\x82x") == V{0xFFFD, U'x'});      // broken: FFFD for the two bytes
    CHECK(decode_utf8_lenient("a\xf0\x9f\x98") == V{U'a', 0xFFFD});  // cut off by the end
    CHECK(decode_utf8_lenient("\xc0\xaf") == V{U'/'});               // an overlong taken as it comes
    CHECK(decode_utf8_lenient("\xed\xa0\x80") == V{0xD800});         // so is a surrogate
  }

  TEST_CASE("append_utf8: one to four bytes, the inverse of decoding") {
    for (const char32_t c : {U'a', U'\u00E9', U'\u05D0', U'\u20AC', U'\uFFFD', U'\U0001F600', U'\U0010FFFF'}) {
      std::string text;
      append_utf8(text, c);
      CHECK(utf8_sequence_length(text) == text.size());
      CHECK(decode_utf8_at(text, 0) == c);
    }
    std::string surrogate;
    append_utf8(surrogate, 0xDC00);
    CHECK(surrogate == "\xed\xb0\x80");
  }

  TEST_CASE("is_blank: nothing printed, by Unicode's white space and the invisible marks") {
    CHECK(is_blank(""));
    CHECK(is_blank(" \t\r\n"));
    CHECK(is_blank("\xc2\xa0"));                  // U+00A0 no-break space
    CHECK(is_blank("\xe2\x80\x83\xe2\x80\x83"));  // U+2003 em spaces
    CHECK(is_blank("\xe3\x80\x80\xe2\x80\x8b"));  // U+3000 ideographic space, U+200B zero width
    CHECK(is_blank("\xef\xbb\xbf"));              // U+FEFF
    CHECK_FALSE(is_blank(" a "));
    CHECK_FALSE(is_blank("\xc2\xa0\xd7\x90"));  // an alef after the space
    CHECK_FALSE(is_blank("\xff"));              // not UTF-8
  }

  TEST_CASE("echo_path keeps a path whole up to 240 characters, else its start and its end") {
    const std::string shortish = "/tmp/" + std::string(229, 'd') + "/a.pdf";  // 240
    CHECK(echo_path(shortish) == shortish);
    const std::string path = "/home/" + std::string(6000, 'x') + "/book.pdf";
    const std::string shown = echo_path(path);
    CHECK(shown.starts_with("/home/xxx"));
    CHECK(shown.find(" \u2026 ") == 80);
    CHECK(shown.ends_with("xxx/book.pdf (6015 bytes)"));
    CHECK(echo_path("a\nb") == "a\\x0Ab");
  }

  TEST_CASE("echo cuts long values and shows bytes that cannot be printed") {
    CHECK(echo("short") == "short");
    CHECK(echo(std::string(80, 'x')) == std::string(80, 'x'));
    CHECK(echo(std::string(81, 'x')) == std::string(80, 'x') + "... (81 bytes)");
    std::string accents;
    for (int i = 0; i < 100; ++i) accents += "\xc3\xa9";
    std::string first80;
    for (int i = 0; i < 80; ++i) first80 += "\xc3\xa9";
    CHECK(echo(accents) == first80 + "... (200 bytes)");  // whole characters, never half of one
    CHECK(echo(std::string("a\0b\n\xff", 5)) == "a\\x00b\\x0A\\xFF");
  }
}
