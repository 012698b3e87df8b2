// pdf_fonts: what the qpdf files (pdf_check.cpp, pdf_scan.cpp, which defines these) ask of a
// font dictionary. Internal to them: it names qpdf's types, so no other file includes it.
#pragma once

#include <qpdf/QPDFObjectHandle.hh>

#include <string>

namespace puzzlepress::book {

/// The font's /BaseFont without the leading '/', or "(unnamed)".
std::string font_name(QPDFObjectHandle font);
/// A FontDescriptor with /FontFile, /FontFile2 or /FontFile3.
bool has_font_file(QPDFObjectHandle descriptor);
/// Embedded: Type3 (drawn by the PDF itself), or a font file in its descriptor (the descendant
/// font's, for Type0). A base-14 font without a descriptor is not.
bool font_embedded(QPDFObjectHandle font);

}  // namespace puzzlepress::book
