// Result<T>: a value, or one line saying why there is none. For outcomes a caller is expected
// to handle (a font that does not load, a file that cannot be staged), instead of an
// out-parameter or an exception.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace puzzlepress::util {

template <class T>
class Result {
 public:
  static Result success(T value) { return Result(std::move(value)); }
  static Result failure(std::string why) {
    Result r;
    r.error_ = std::move(why);
    return r;
  }

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  /// Precondition: ok().
  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  T& operator*() & { return *value_; }
  const T& operator*() const& { return *value_; }
  /// Why there is no value; empty when ok().
  const std::string& error() const { return error_; }

 private:
  Result() = default;
  explicit Result(T value) : value_(std::move(value)) {}
  std::optional<T> value_;
  std::string error_;
};

}  // namespace puzzlepress::util
