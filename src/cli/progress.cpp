#include "cli/progress.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <ostream>

#include "util/errors.h"

namespace puzzlepress::cli {

ProgressMode progress_mode(bool progress_flag, bool quiet_flag) {
  if (progress_flag && quiet_flag)
    throw InputError(Place::flag("--progress"), "--progress and --quiet exclude each other");
  return progress_flag ? ProgressMode::always : quiet_flag ? ProgressMode::never : ProgressMode::automatic;
}

std::chrono::milliseconds progress_delay(ProgressMode mode) {
  return mode == ProgressMode::automatic ? std::chrono::milliseconds(1000) : std::chrono::milliseconds(0);
}

bool progress_wanted(ProgressMode mode) {
  switch (mode) {
    case ProgressMode::always: return true;
    case ProgressMode::never: return false;
    case ProgressMode::automatic: return isatty(fileno(stderr)) != 0;
  }
  return false;
}

ProgressLine::ProgressLine(std::ostream& err, std::vector<std::string> groups, std::chrono::milliseconds delay)
    : err_(err), groups_(std::move(groups)), delay_(delay), start_(std::chrono::steady_clock::now()) {
  for (const std::string& g : groups_) {
    std::size_t index = 0;
    while (index < labels_.size() && labels_[index] != g) ++index;
    if (index == labels_.size()) {
      labels_.push_back(g);
      totals_.push_back(0);
    }
    ++totals_[index];
    group_of_.push_back(index);
  }
  done_.assign(labels_.size(), 0);
}

engine::BatchProgress ProgressLine::callback() {
  return [this](std::size_t done, std::size_t total, std::size_t item) { tick(done, total, item); };
}

std::string ProgressLine::line(std::size_t done, double elapsed_s) const {
  const std::size_t total = groups_.size();
  std::string out = "puzzles " + std::to_string(done) + "/" + std::to_string(total);
  if (labels_.size() > 1) {
    out += " ·";
    for (std::size_t g = 0; g < labels_.size(); ++g) {
      out += " " + labels_[g] + " " + std::to_string(done_[g]) + "/" + std::to_string(totals_[g]);
    }
  }
  if (elapsed_s > 0 && done > 0) {
    const double rate = static_cast<double>(done) / elapsed_s;
    char buf[64];
    std::snprintf(buf, sizeof buf, rate >= 10 ? " · %.0f/s" : rate >= 1 ? " · %.1f/s" : " · %.2f/s", rate);
    out += buf;
    if (done < total) {
      const double eta = static_cast<double>(total - done) / rate;
      std::snprintf(buf, sizeof buf, eta >= 60 ? " · ETA %.0f min %02.0f s" : " · ETA %.0f s",
                    eta >= 60 ? std::floor(eta / 60) : std::ceil(eta), std::fmod(std::ceil(eta), 60.0));
      out += buf;
    }
  }
  return out;
}

void ProgressLine::tick(std::size_t done, std::size_t /*total*/, std::size_t item) {
  if (item < group_of_.size()) ++done_[group_of_[item]];
  const auto now = std::chrono::steady_clock::now();
  const bool last = done == groups_.size();
  if (now - start_ < delay_) return;
  if (!last && drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  drawn_ = true;
  // \r and "erase to the end of the line": the line redraws in place on a terminal.
  err_ << '\r' << line(done, std::chrono::duration<double>(now - start_).count()) << "\033[K" << std::flush;
}

void ProgressLine::finish() {
  if (drawn_) err_ << '\n' << std::flush;
  drawn_ = false;
}

}  // namespace puzzlepress::cli
