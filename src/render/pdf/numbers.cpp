// libharu's number format and the operators written straight into a page's content stream
// (render/pdf/pdf_internal.h says what each writer promises). Coordinates are points.
//
// append_number writes HPDF_FToA's text (libharu 2.3) with its arithmetic, types included, but
// not its digit-by-digit buffer: clamped to +-32767, the integer part and five decimals each
// rounded by adding 0.000005 (in double) and cut, trailing zeros and a bare point dropped, a
// minus sign kept even before 0 ("-0"). number_text_reference is HPDF_FToA itself; a test holds
// the two to the same text for every number (NaN, which HPDF_FToA garbles, is written as 0).
#include <hpdf.h>
#include <hpdf_utils.h>  // HPDF_FToA: libharu's number format

#include <charconv>
#include <cmath>
#include <span>
#include <string>

#include "render/pdf/pdf_internal.h"
#include "render/pdf_writer.h"

namespace puzzlepress::render::pdf {

void append_number(std::string& ops, double v) {
  // Not a number: 0 (HPDF_FToA casts NaN to an int, which is undefined; on x86 it wrote
  // "-2147483648.(-*,(", no PDF number, and too long for `text`).
  HPDF_REAL val = std::isnan(v) ? HPDF_REAL{0} : real(v);
  if (val > HPDF_LIMIT_MAX_REAL) {
    val = HPDF_LIMIT_MAX_REAL;
  } else if (val < HPDF_LIMIT_MIN_REAL) {
    val = HPDF_LIMIT_MIN_REAL;
  }
  if (val < 0) {
    ops += '-';
    val = -val;
  }
  const auto int_part = static_cast<HPDF_INT32>(val + 0.000005);
  auto fraction = static_cast<HPDF_INT32>(static_cast<HPDF_REAL>(val - int_part + 0.000005) * 100000);
  char text[16];  // at most "32767.99999"
  char* end = std::to_chars(text, text + sizeof text, int_part).ptr;
  char decimals[5];  // the fraction's last five digits, as libharu writes them
  for (int i = 4; i >= 0; --i) {
    decimals[i] = static_cast<char>('0' + fraction % 10);
    fraction /= 10;
  }
  int kept = 5;
  while (kept > 0 && decimals[kept - 1] == '0') --kept;
  if (kept > 0) {
    *end++ = '.';
    for (int i = 0; i < kept; ++i) *end++ = decimals[i];
  }
  ops.append(text, end);
}

namespace {

bool write_ops(HPDF_PageAttr attr, const std::string& ops) {
  return HPDF_Stream_Write(attr->stream, reinterpret_cast<const HPDF_BYTE*>(ops.data()),
                           static_cast<HPDF_UINT>(ops.size())) == HPDF_OK;
}

thread_local std::string scratch_ops;  // reused: one allocation for all pages

}  // namespace

bool write_polyline(HPDF_Page p, std::span<const Point> points, bool close, const char* paint_op) {
  auto* attr = static_cast<HPDF_PageAttr>(p->attr);
  if (points.size() < 2 || attr->gmode != HPDF_GMODE_PAGE_DESCRIPTION || HPDF_Error_GetCode(p->error) != HPDF_OK) {
    return false;
  }
  std::string& ops = scratch_ops;
  ops.clear();
  for (std::size_t i = 0; i < points.size(); ++i) {
    append_number(ops, points[i].x);
    ops += ' ';
    append_number(ops, points[i].y);
    ops += i == 0 ? " m\n" : " l\n";
  }
  if (close) ops += "h\n";
  ops += paint_op;
  ops += '\n';
  return write_ops(attr, ops);
}

bool write_text_start(HPDF_Page p, Point origin) {
  auto* attr = static_cast<HPDF_PageAttr>(p->attr);
  const HPDF_TransMatrix& m = attr->text_matrix;
  if (attr->gmode != HPDF_GMODE_TEXT_OBJECT || HPDF_Error_GetCode(p->error) != HPDF_OK || m.a != 1 || m.b != 0 ||
      m.c != 0 || m.d != 1 || m.x != 0 || m.y != 0) {
    return false;
  }
  std::string& ops = scratch_ops;
  ops.clear();
  append_number(ops, origin.x);
  ops += ' ';
  append_number(ops, origin.y);
  ops += " Td\n";
  if (!write_ops(attr, ops)) return false;
  attr->text_matrix.x = real(origin.x);
  attr->text_matrix.y = real(origin.y);
  attr->text_pos.x = attr->text_matrix.x;
  attr->text_pos.y = attr->text_matrix.y;
  return true;
}

}  // namespace puzzlepress::render::pdf

namespace puzzlepress::render {

std::string number_text(double v) {
  std::string text;
  pdf::append_number(text, v);
  return text;
}

std::string number_text_reference(double v) {
  char digits[HPDF_REAL_LEN + 4] = {};
  const char* end = HPDF_FToA(digits, pdf::real(v), digits + sizeof digits - 2);  // returns the end
  return std::string(digits, static_cast<std::size_t>(end - digits));
}

}  // namespace puzzlepress::render
