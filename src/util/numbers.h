// Numbers as messages, file names and summaries print them: the one set of formats, so that a
// length reads the same in every message. Locale-independent (the "C" printf forms).
#pragma once

#include <string>

namespace puzzlepress::util {

/// `value` with at most `decimals` decimals, trailing zeros and a bare point removed, and "-0"
/// as "0": format_decimal(0.45, 4) = "0.45", format_decimal(612, 2) = "612",
/// format_decimal(441.499, 2) = "441.5". Inches in messages take 4 decimals, points 2.
std::string format_decimal(double value, int decimals);

/// Exactly `decimals` decimals (printf's %.Nf): format_fixed(7.45, 1) = "7.5".
std::string format_fixed(double value, int decimals);

/// printf's %g: 6 significant digits, no trailing zeros ("8.5", "0.125", "1e+06").
std::string format_general(double value);

}  // namespace puzzlepress::util
