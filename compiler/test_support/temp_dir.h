#ifndef GE_TEST_SUPPORT_TEMP_DIR_H_
#define GE_TEST_SUPPORT_TEMP_DIR_H_

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace ge {
namespace test_support {

// A fresh directory under /tmp (its real path), removed with its contents on destruction, even
// where a test made files or directories read-only.
class TempDir {
 public:
  explicit TempDir(const std::string &prefix = "ge_test") {
    std::string pattern = "/tmp/" + prefix + "_XXXXXX";
    if (mkdtemp(pattern.data()) != nullptr) {
      std::error_code error;
      path_ = std::filesystem::canonical(pattern, error).string();
    }
  }
  ~TempDir() {
    if (path_.empty()) {
      return;
    }
    namespace fs = std::filesystem;
    std::error_code error;
    for (auto it = fs::recursive_directory_iterator(path_, error);
         !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
      if (it->is_directory(error)) {
        fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, error);
      }
    }
    fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, error);
    fs::remove_all(path_, error);
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;

  // Empty when the directory could not be created (tests assert on it).
  const std::string &path() const { return path_; }
  // <path>/<relative>, created with its parents.
  std::string Dir(const std::string &relative) const {
    const std::string dir = path_ + "/" + relative;
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    return dir;
  }
  // Writes <path>/<relative> (parents must exist) and returns its path.
  std::string Write(const std::string &relative, const std::string &content) const {
    const std::string file = path_ + "/" + relative;
    std::ofstream(file, std::ios::binary | std::ios::trunc) << content;
    return file;
  }

 private:
  std::string path_;
};

}  // namespace test_support
}  // namespace ge

#endif  // GE_TEST_SUPPORT_TEMP_DIR_H_
