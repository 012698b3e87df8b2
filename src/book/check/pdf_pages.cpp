#include "book/check/pdf_pages.h"

#include <qpdf/QPDFObjGen.hh>
#include <qpdf/QPDFObjectHandle.hh>

#include <cmath>
#include <set>
#include <utility>
#include <vector>

namespace puzzlepress::book {

std::optional<std::string> page_tree_problem(QPDF& qpdf) {
  QPDFObjectHandle root = qpdf.getRoot().getKey("/Pages");
  if (!root.isDictionary()) return std::nullopt;  // qpdf reports a missing tree itself
  QPDFObjectHandle count = root.getKey("/Count");
  if (count.isNumber() && std::isfinite(count.getNumericValue()) &&
      count.getNumericValue() > static_cast<double>(kMaxPdfPages)) {
    return "it has " + std::to_string(static_cast<long long>(std::min(count.getNumericValue(), 1e18))) +
           " pages (its /Count says); at most " + std::to_string(kMaxPdfPages) + " are read";
  }
  std::vector<std::pair<QPDFObjectHandle, int>> stack{{root, 0}};
  std::set<QPDFObjGen> seen;
  std::size_t nodes = 0;
  std::size_t leaves = 0;
  while (!stack.empty()) {
    auto [node, depth] = std::move(stack.back());
    stack.pop_back();
    if (node.isIndirect() && !seen.insert(node.getObjGen()).second) continue;
    if (depth > kMaxPageTreeDepth) {
      return "its page tree nests more than " + std::to_string(kMaxPageTreeDepth) + " levels deep";
    }
    if (++nodes > kMaxPageTreeNodes)
      return "its page tree has more than " + std::to_string(kMaxPageTreeNodes) + " nodes";
    QPDFObjectHandle kids = node.isDictionary() ? node.getKey("/Kids") : QPDFObjectHandle::newNull();
    if (!kids.isArray()) {
      if (++leaves > kMaxPdfPages) {
        return "it has more than " + std::to_string(kMaxPdfPages) + " pages; at most " + std::to_string(kMaxPdfPages) +
               " are read";
      }
      continue;
    }
    const int n = kids.getArrayNItems();
    if (static_cast<std::size_t>(n) > kMaxPageTreeNodes) {
      return "its page tree has more than " + std::to_string(kMaxPageTreeNodes) + " nodes";
    }
    for (int i = n - 1; i >= 0; --i) stack.emplace_back(kids.getArrayItem(i), depth + 1);
  }
  return std::nullopt;
}

}  // namespace puzzlepress::book
