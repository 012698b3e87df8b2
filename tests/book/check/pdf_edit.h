// Test helpers that break a finished PDF in one way each, with qpdf (tests only: src/ keeps
// qpdf to its reserved files). Every function takes PDF bytes and returns new PDF bytes.
#pragma once

#include <string>

namespace puzzlepress::testing {

/// Encrypted (AES-256) with an empty user password: opens without one.
std::string encrypted(const std::string& pdf);
/// Encrypted with user password "secret": cannot be read without it.
std::string password_protected(const std::string& pdf);
/// An annotation of `subtype` ("Link", "Text") added on 1-based page `page`.
std::string with_annotation(const std::string& pdf, int page, const std::string& subtype);
/// A Square annotation on page `page` whose normal appearance is a form painting `appearance`.
std::string with_annotation_appearance(const std::string& pdf, int page, const std::string& appearance);
/// A document outline with one entry (a bookmark).
std::string with_outline(const std::string& pdf);
/// An open action that runs JavaScript.
std::string with_javascript(const std::string& pdf);
/// Page `page`'s TrimBox set to [x, y, x + w, y + h].
std::string with_trim_box(const std::string& pdf, int page, double x, double y, double w, double h);
/// Page `page` draws a chain of `depth` form XObjects, each drawing the next; the innermost
/// strokes a line.
std::string with_nested_forms(const std::string& pdf, int page, int depth, int draws = 1);
/// Page `page` gets `content` appended, with a form XObject /G (BBox [0 0 1000 1000]) that
/// paints `form_content`.
std::string with_form(const std::string& pdf, int page, const std::string& form_content, const std::string& content);
/// Page `page` shows "Hi" at (100, 100) in 12 pt Helvetica, a base-14 font not embedded.
std::string with_unembedded_font(const std::string& pdf, int page);
// `content` appended to page `page`'s contents, with each entry of `resources` (a PDF
// dictionary of resource kinds, "<< /Shading << /Sh0 … >> >>") merged into the page's.
std::string with_content(const std::string& pdf, int page, const std::string& content, const std::string& resources);
/// Without 1-based page `page`.
std::string without_page(const std::string& pdf, int page);
/// Pages `a` and `b` (1-based) swapped.
std::string with_pages_swapped(const std::string& pdf, int a, int b);

}  // namespace puzzlepress::testing
