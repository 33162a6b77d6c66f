// Test-only: the ONNX models of tests/models/generate_all.py, written into a per-process
// directory when a test suite starts and removed when it ends. Shared by the parser, C API and
// tools tests, which read the same models.
#ifndef GE_PARSER_GENERATED_MODELS_TEST_UTIL_H_
#define GE_PARSER_GENERATED_MODELS_TEST_UTIL_H_

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace ge {
namespace test {

class GeneratedModels {
 public:
  /// Runs the generator from `source_root` (the repository) into /tmp/<tag>_<pid>.
  GeneratedModels(const std::string &tag, const std::string &source_root)
      : dir_("/tmp/" + tag + "_" + std::to_string(getpid())) {
    const std::string command =
        "python3 " + source_root + "/tests/models/generate_all.py " + dir_ + " > /dev/null";
    ok_ = std::system(command.c_str()) == 0;
  }
  ~GeneratedModels() {
    const int removed = std::system(("rm -rf " + dir_).c_str());
    (void)removed;
  }
  GeneratedModels(const GeneratedModels &) = delete;
  GeneratedModels &operator=(const GeneratedModels &) = delete;

  /// False when the generator failed (it needs python3 with onnx).
  bool ok() const { return ok_; }
  static const char *FailureMessage() {
    return "tests/models/generate_all.py failed (needs python3 with onnx)";
  }
  const std::string &dir() const { return dir_; }
  std::string Path(const std::string &name) const { return dir_ + "/" + name; }
  /// The bytes of model `name`; empty when it cannot be read.
  std::string Read(const std::string &name) const {
    std::ifstream in(Path(name), std::ios::binary);
    std::stringstream content;
    content << in.rdbuf();
    return content.str();
  }

 private:
  std::string dir_;
  bool ok_ = false;
};

}  // namespace test
}  // namespace ge

#endif  // GE_PARSER_GENERATED_MODELS_TEST_UTIL_H_
