// On-disk cache of the target interpreter probe (see python_probe_cache.h).
#include "python_bridge/python_probe_cache.h"

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "python_bridge/fnv1a_hash.h"

namespace ge {
namespace python_bridge {
namespace {

constexpr const char *kHeader = "ge_py python probe cache v1";
constexpr const char *kLibpythonField = "libpython=";
constexpr const char *kLinesField = "probe_lines=";
constexpr const char *kEnd = "end";

// Variables that change which prefix (and so which libpython and site-packages) the interpreter
// reports. PATH is not one: the command is already resolved to a path.
constexpr const char *kSelectingEnv[] = {"PYTHONHOME", "PYTHONEXECUTABLE", "VIRTUAL_ENV",
                                         "CONDA_PREFIX", "PYENV_VERSION"};

std::string RealPath(const std::string &path) {
  char *resolved = realpath(path.c_str(), nullptr);
  if (resolved == nullptr) {
    return "";
  }
  std::string text = resolved;
  std::free(resolved);
  return text;
}

std::string DirName(const std::string &path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
}

bool IsScript(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  char magic[2] = {0, 0};
  in.read(magic, 2);
  return in.gcount() == 2 && magic[0] == '#' && magic[1] == '!';
}

// The libpython a probe points at (LIBDIR/INSTSONAME, or in LIBDIR/MULTIARCH), "" if none.
std::string ProbedLibpython(const std::vector<std::string> &lines) {
  if (lines.size() < 5 || lines[3].empty() || lines[4].empty()) {
    return "";
  }
  const std::string direct = lines[3] + "/" + lines[4];
  if (lines.size() > 5 && !lines[5].empty() && access(direct.c_str(), F_OK) != 0) {
    return lines[3] + "/" + lines[5] + "/" + lines[4];
  }
  return direct;
}

std::string LibpythonLine(const std::vector<std::string> &lines) {
  const std::string library = ProbedLibpython(lines);
  return kLibpythonField + library + (library.empty() ? "" : " " + FileStamp(library));
}

bool MakeDirs(const std::string &path) {
  if (path.empty()) {
    return false;
  }
  struct stat info;
  if (stat(path.c_str(), &info) == 0) {
    return S_ISDIR(info.st_mode);
  }
  const std::string parent = DirName(path);
  if (parent != path && !MakeDirs(parent)) {
    return false;
  }
  return mkdir(path.c_str(), 0700) == 0 || errno == EEXIST;
}

}  // namespace

std::string FileStamp(const std::string &path) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0) {
    return "";
  }
  const long long mtime_ns =
      static_cast<long long>(info.st_mtim.tv_sec) * 1000000000LL + info.st_mtim.tv_nsec;
  return std::to_string(static_cast<long long>(info.st_size)) + ":" + std::to_string(mtime_ns);
}

std::string GePyUserCacheDir() {
  const char *xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && xdg[0] == '/') {
    return std::string(xdg) + "/ge_py";
  }
  const char *home = std::getenv("HOME");
  if (home == nullptr || home[0] == '\0') {
    const passwd *entry = getpwuid(getuid());
    home = entry == nullptr ? nullptr : entry->pw_dir;
  }
  if (home == nullptr || home[0] == '\0') {
    return "";
  }
  return std::string(home) + "/.cache/ge_py";
}

std::string FindOnPath(const std::string &name) {
  const char *path = std::getenv("PATH");
  std::string dirs = path == nullptr ? "/usr/local/bin:/usr/bin:/bin" : path;
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) {
      end = dirs.size();
    }
    std::string dir = dirs.substr(start, end - start);
    start = end + 1;
    if (dir.empty()) {
      dir = ".";  // an empty PATH entry means the current directory, as for the shell
    }
    std::string candidate = dir + "/" + name;
    struct stat info;
    if (stat(candidate.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
        access(candidate.c_str(), X_OK) == 0) {
      if (candidate[0] != '/') {
        char cwd[4096];
        if (getcwd(cwd, sizeof(cwd)) != nullptr) {
          candidate = std::string(cwd) + "/" + candidate;
        }
      }
      return candidate;
    }
  }
  return "";
}

std::string ProbeCacheKey(const std::string &command_path) {
  const std::string binary = RealPath(command_path);
  if (binary.empty() || IsScript(binary)) {
    return "";
  }
  const std::string binary_stamp = FileStamp(binary);
  if (binary_stamp.empty()) {
    return "";
  }
  std::ostringstream key;
  key << kHeader << "\ncommand=" << command_path << "\nbinary=" << binary << " " << binary_stamp;
  // A venv's python is a symlink to the base binary; its pyvenv.cfg decides sys.prefix.
  const std::string venv_cfg = DirName(DirName(command_path)) + "/pyvenv.cfg";
  const std::string venv_stamp = FileStamp(venv_cfg);
  key << "\nvenv=" << (venv_stamp.empty() ? "" : venv_cfg + " " + venv_stamp);
  for (const char *name : kSelectingEnv) {
    const char *value = std::getenv(name);
    key << "\nenv " << name << "=" << (value == nullptr ? "" : value);
  }
  return key.str();
}

std::string ProbeCacheFile(const std::string &key) {
  const std::string dir = GePyUserCacheDir();
  // The file stores the full key, so a name collision is only a miss.
  return dir.empty() ? "" : dir + "/python_probe/" + Fnv1aHex(key) + ".txt";
}

bool ReadProbeCache(const std::string &file, const std::string &key,
                    std::vector<std::string> &lines, std::string &warning) {
  std::ifstream in(file);
  if (!in) {
    return false;  // not cached yet
  }
  std::ostringstream text;
  text << in.rdbuf();
  const std::string content = text.str();
  const std::string damaged = "Python probe cache file " + file + " is damaged (";
  if (content.compare(0, std::string(kHeader).size(), kHeader) != 0) {
    warning = damaged + "unknown header); probing the interpreter again.";
    return false;
  }
  if (content.compare(0, key.size() + 1, key + "\n") != 0) {
    if (content.size() <= key.size() && key.compare(0, content.size(), content) == 0) {
      warning = damaged + "truncated); probing the interpreter again.";
    }
    return false;  // else another interpreter with the same file name: a plain miss
  }
  std::istringstream rest(content.substr(key.size() + 1));
  std::string libpython_line;
  std::string count_line;
  if (!std::getline(rest, libpython_line) || !std::getline(rest, count_line) ||
      libpython_line.compare(0, std::string(kLibpythonField).size(), kLibpythonField) != 0 ||
      count_line.compare(0, std::string(kLinesField).size(), kLinesField) != 0) {
    warning = damaged + "missing fields); probing the interpreter again.";
    return false;
  }
  const std::string count_text = count_line.substr(std::string(kLinesField).size());
  char *end = nullptr;
  const long count = std::strtol(count_text.c_str(), &end, 10);
  if (count_text.empty() || *end != '\0' || count <= 0 || count > 64) {
    warning = damaged + "bad line count); probing the interpreter again.";
    return false;
  }
  std::vector<std::string> stored;
  std::string line;
  for (long i = 0; i < count && std::getline(rest, line); ++i) {
    stored.push_back(line);
  }
  if (static_cast<long>(stored.size()) != count || !std::getline(rest, line) || line != kEnd) {
    warning = damaged + "truncated); probing the interpreter again.";
    return false;
  }
  // The same interpreter binary can be paired with a rebuilt or replaced libpython.
  if (LibpythonLine(stored) != libpython_line) {
    return false;
  }
  lines = stored;
  return true;
}

void WriteProbeCache(const std::string &file, const std::string &key,
                     const std::vector<std::string> &lines) {
  if (file.empty() || key.empty() || lines.empty() || !MakeDirs(DirName(file))) {
    return;
  }
  const std::string temp = file + ".tmp." + std::to_string(static_cast<long long>(getpid()));
  {
    std::ofstream out(temp, std::ios::trunc);
    if (!out) {
      return;
    }
    out << key << "\n" << LibpythonLine(lines) << "\n" << kLinesField << lines.size() << "\n";
    for (const std::string &line : lines) {
      out << line << "\n";
    }
    out << kEnd << "\n";
    if (!out.flush()) {
      out.close();
      (void)std::remove(temp.c_str());
      return;
    }
  }
  if (std::rename(temp.c_str(), file.c_str()) != 0) {
    (void)std::remove(temp.c_str());
  }
}

}  // namespace python_bridge
}  // namespace ge
