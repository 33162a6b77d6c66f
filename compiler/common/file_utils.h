// Small POSIX file-system helpers shared by the loaders (plugin dirs, artifact sets).
#ifndef GE_COMMON_FILE_UTILS_H_
#define GE_COMMON_FILE_UTILS_H_

#include <string>
#include <vector>

namespace ge {

bool IsDirectory(const std::string &path);
bool IsRegularFile(const std::string &path);
/// realpath(3), or "" when the path does not resolve.
std::string RealPath(const std::string &path);
/// "a/b/c" -> "a/b"; "c" -> "."; "/c" -> "/".
std::string DirName(const std::string &path);
/// "a/b/c" -> "c".
std::string BaseName(const std::string &path);
/// Entry names of a directory except "." and "..", sorted; empty when it cannot be read.
std::vector<std::string> ListDirectory(const std::string &path);

}  // namespace ge

#endif  // GE_COMMON_FILE_UTILS_H_
