// doctest's main for every suite, with one option of ours: --shared-data runs only the test
// cases of the doctest test suite "shared-data" (those that read the shared data sets,
// ../shared/data beside the checkout: support/test_data.h), and exits 77, which ctest reports
// as skipped (SKIP_RETURN_CODE, tests/CMakeLists.txt), with a one-line reason when the data is
// absent. It fails when no test case is in that suite, so a stale ctest entry cannot pass empty.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "support/test_data.h"

namespace {

constexpr int kSkipped = 77;

// How many test cases the last run selected (its filters passed).
int g_selected = 0;

struct SelectionCounter : doctest::IReporter {
  explicit SelectionCounter(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats& stats) override {
    g_selected = static_cast<int>(stats.numTestCasesPassingFilters);
  }
  void test_case_start(const doctest::TestCaseData&) override {}
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};

}  // namespace

DOCTEST_REGISTER_LISTENER("selection-counter", 0, SelectionCounter);

int main(int argc, char** argv) {
  std::vector<char*> args;
  bool shared_data_only = false;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--shared-data") == 0) {
      shared_data_only = true;
    } else {
      args.push_back(argv[i]);
    }
  }
  doctest::Context context;
  if (shared_data_only) {
    if (!puzzlepress::testing::shared_data_dir()) {
      std::printf(
          "skipped: the shared data is absent (../shared/data beside the checkout, or the folder "
          "$PUZZLEPRESS_SHARED_DATA names); its test cases did not run\n");
      return kSkipped;
    }
    context.addFilter("test-suite", "shared-data");
  }
  context.applyCommandLine(static_cast<int>(args.size()), args.data());
  const int result = context.run();
  if (context.shouldExit()) return result;  // --help, --list-test-cases, …
  if (shared_data_only && g_selected == 0) {
    std::printf("--shared-data: no test case is in the doctest test suite \"shared-data\"\n");
    return 1;
  }
  return result;
}
