#ifndef GE_TEST_SUPPORT_SCOPED_ENV_H_
#define GE_TEST_SUPPORT_SCOPED_ENV_H_

#include <cstdlib>
#include <string>

namespace ge {
namespace test_support {

// Sets (or, with no value, unsets) an environment variable for the scope of a test and restores
// the old state afterwards, so one test's environment never leaks into the next.
class ScopedEnv {
 public:
  ScopedEnv(const char *name, const std::string &value) : ScopedEnv(name) {
    setenv(name, value.c_str(), 1);
  }
  explicit ScopedEnv(const char *name) : name_(name) {
    const char *old = std::getenv(name);
    had_ = old != nullptr;
    old_ = had_ ? old : "";
    unsetenv(name);
  }
  ~ScopedEnv() {
    if (had_) {
      setenv(name_, old_.c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv &) = delete;
  ScopedEnv &operator=(const ScopedEnv &) = delete;

 private:
  const char *name_;
  bool had_ = false;
  std::string old_;
};

}  // namespace test_support
}  // namespace ge

#endif  // GE_TEST_SUPPORT_SCOPED_ENV_H_
