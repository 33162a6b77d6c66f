// Runtime key resolution: loaded Py_* symbols via dlsym, else a `python -S -c` probe.
#include "python_bridge/python_runtime_key.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>

#include "common/log.h"
#include "python_bridge/python_interpreter_files.h"
#include "python_bridge/python_probe_cache.h"

namespace ge {
namespace python_bridge {
namespace {

using PyIsInitializedFn = int (*)();
using PyGetVersionFn = const char *(*)();
using PyGilEnsureFn = int (*)();
using PyGilReleaseFn = void (*)(int);
using PySysGetObjectFn = void *(*)(const char *);
using PyUnicodeAsUtf8Fn = const char *(*)(void *);
using PyErrClearFn = void (*)();

// Prints tag, version, executable, LIBDIR, INSTSONAME, MULTIARCH and Py_ENABLE_SHARED, one per
// line; nothing else goes to stdout. Run with -S: the site module (and every .pth file it
// executes) is not needed for these values and costs most of a cold interpreter start. The
// environment is kept (no -E/-I): PYTHONHOME and friends also apply to the interpreter the bridge
// starts, so the probe must see them too.
constexpr const char *kProbeScript =
    "import sys, sysconfig; v = sys.version_info; g = sysconfig.get_config_var; "
    "print('cp%d%d' % (v[0], v[1])); print('%d.%d.%d' % (v[0], v[1], v[2])); "
    "print(sys.executable); print(g('LIBDIR') or ''); print(g('INSTSONAME') or ''); "
    "print(g('MULTIARCH') or ''); print(g('Py_ENABLE_SHARED') or 0)";

std::mutex g_probe_mutex;
// "<command path>\n<environment that selects the interpreter>" -> probe output lines.
std::map<std::string, std::vector<std::string>> g_probe_cache;

std::string MemoryCacheKey(const std::string &command_path) {
  std::string key = command_path;
  for (const char *name : {"PYENV_VERSION", "VIRTUAL_ENV", "CONDA_PREFIX", "PYTHONHOME"}) {
    const char *value = std::getenv(name);
    key += std::string("\n") + name + "=" + (value == nullptr ? "" : value);
  }
  return key;
}

std::vector<std::string> RunProbe(const std::string &command_path) {
  std::vector<std::string> lines;
  const std::string shell =
      ShellQuote(command_path) + " -S -c \"" + kProbeScript + "\" 2>/dev/null";
  FILE *pipe = popen(shell.c_str(), "r");
  if (pipe == nullptr) {
    return lines;
  }
  std::string current;
  char buffer[512];
  size_t n = 0;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0) {
    current.append(buffer, n);
  }
  (void)pclose(pipe);
  size_t start = 0;
  while (start < current.size()) {
    size_t end = current.find('\n', start);
    if (end == std::string::npos) {
      end = current.size();
    }
    lines.push_back(current.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

bool IsPythonTag(const std::string &text);

// Probe lines of the interpreter at `command_path`: from this process's memory, else from the
// per-user disk cache, else from running it (and storing the answer in both).
std::vector<std::string> CachedProbe(const std::string &command_path) {
  const std::string memory_key = MemoryCacheKey(command_path);
  std::lock_guard<std::mutex> lock(g_probe_mutex);
  auto found = g_probe_cache.find(memory_key);
  if (found != g_probe_cache.end()) {
    return found->second;
  }
  const auto start = std::chrono::steady_clock::now();
  const std::string disk_key = ProbeCacheKey(command_path);
  const std::string file = disk_key.empty() ? "" : ProbeCacheFile(disk_key);
  std::vector<std::string> lines;
  std::string warning;
  const bool hit = !file.empty() && ReadProbeCache(file, disk_key, lines, warning);
  if (!warning.empty()) {
    GELOGW("[PythonBridge] %s", warning.c_str());
  }
  if (!hit) {
    lines = RunProbe(command_path);
    if (!lines.empty() && IsPythonTag(lines[0])) {
      WriteProbeCache(file, disk_key, lines);
    }
  }
  const long long elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(
                                   std::chrono::steady_clock::now() - start)
                                   .count();
  GELOGI("[PythonBridge] Cold start: probe of %s took %lld us (%s).", command_path.c_str(),
         elapsed_us,
         hit ? "disk cache hit"
             : (disk_key.empty() ? "ran the interpreter; a script is not cached"
                                 : "ran the interpreter, answer cached on disk"));
  g_probe_cache[memory_key] = lines;
  return lines;
}

bool IsPythonTag(const std::string &text) {
  if (text.size() < 4 || text.compare(0, 2, "cp") != 0) {
    return false;
  }
  for (size_t i = 2; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::string ParsePythonTag(const char *version) { return PythonTagOf("cpython", version); }

std::string PythonTagOf(const std::string &implementation, const char *version) {
  if (version == nullptr) {
    return "";
  }
  const char *p = version;
  std::string major;
  std::string minor;
  while (std::isdigit(static_cast<unsigned char>(*p))) {
    major.push_back(*p++);
  }
  if (major.empty() || *p != '.') {
    return "";
  }
  ++p;
  while (std::isdigit(static_cast<unsigned char>(*p))) {
    minor.push_back(*p++);
  }
  if (minor.empty()) {
    return "";
  }
  // PEP 425 abbreviations; Python passes need CPython, but the tag keeps other ABIs apart.
  static const std::map<std::string, std::string> kShortNames = {
      {"cpython", "cp"}, {"pypy", "pp"}, {"ironpython", "ip"}, {"jython", "jy"}};
  const auto short_name = kShortNames.find(implementation);
  return (short_name == kShortNames.end() ? implementation : short_name->second) + major + minor;
}

PythonRuntimeKey GetLoadedPythonRuntimeKey() {
  PythonRuntimeKey key;
  auto is_initialized =
      reinterpret_cast<PyIsInitializedFn>(dlsym(RTLD_DEFAULT, "Py_IsInitialized"));
  auto get_version = reinterpret_cast<PyGetVersionFn>(dlsym(RTLD_DEFAULT, "Py_GetVersion"));
  if (is_initialized == nullptr || get_version == nullptr) {
    key.source = "unresolved(no loaded Py_* symbols)";
    return key;
  }
  key.has_python_symbols = true;
  key.is_initialized = is_initialized() != 0;
  const char *version = get_version();
  key.version = version == nullptr ? "" : version;
  key.python_tag = ParsePythonTag(version);
  key.source = "loaded Py_* symbols";
  return key;
}

PythonRuntimeKey ResolveTargetPythonRuntimeKey() {
  PythonRuntimeKey loaded = GetLoadedPythonRuntimeKey();
  if (!loaded.python_tag.empty()) {
    return loaded;
  }
  // An explicit interpreter replaces the PATH lookup (and any shim found there).
  const char *explicit_python = std::getenv(kTargetPythonEnv);
  std::vector<std::pair<std::string, std::string>> candidates;  // (path, how it was chosen)
  if (explicit_python != nullptr && explicit_python[0] != '\0') {
    const std::string chosen = std::string(kTargetPythonEnv) + "=" + explicit_python;
    if (access(explicit_python, X_OK) != 0) {
      loaded.source = "unresolved(" + chosen + " is not an executable file)";
      return loaded;
    }
    candidates.emplace_back(explicit_python, chosen);
  } else {
    for (const char *name : {"python3", "python"}) {
      const std::string path = FindOnPath(name);
      if (!path.empty()) {
        candidates.emplace_back(path, std::string("`") + name + "` on PATH");
      }
    }
  }
  for (const auto &candidate : candidates) {
    const std::vector<std::string> lines = CachedProbe(candidate.first);
    if (lines.empty() || !IsPythonTag(lines[0])) {
      GELOGI("[PythonBridge] Probe of %s (%s) gave no python tag.", candidate.first.c_str(),
             candidate.second.c_str());
      continue;
    }
    PythonRuntimeKey key = loaded;
    key.python_tag = lines[0];
    key.version = lines.size() > 1 ? lines[1] : "";
    key.python_executable = lines.size() > 2 ? lines[2] : "";
    key.python_command = candidate.first;
    key.source = "probe of " + candidate.first + " (" + candidate.second + ")";
    ApplyProbeLines(lines, key);
    return key;
  }
  loaded.source = explicit_python != nullptr && explicit_python[0] != '\0'
                      ? "unresolved(" + std::string(kTargetPythonEnv) + "=" + explicit_python +
                            " does not answer as a CPython)"
                      : "unresolved(no loaded Py_* symbols and no python3/python on PATH)";
  return loaded;
}

void ResetPythonRuntimeKeyCache() {
  std::lock_guard<std::mutex> lock(g_probe_mutex);
  g_probe_cache.clear();
}

void ApplyProbeLines(const std::vector<std::string> &lines, PythonRuntimeKey &key) {
  auto line = [&lines](size_t index) { return index < lines.size() ? lines[index] : ""; };
  const std::string libdir = line(3);
  key.libpython_soname = line(4);
  const std::string multiarch = line(5);
  key.libpython_shared = line(6) == "1";
  key.libpython.clear();
  if (libdir.empty() || key.libpython_soname.empty()) {
    return;
  }
  key.libpython = libdir + "/" + key.libpython_soname;
  // Debian-style layouts keep the shared library in LIBDIR/<multiarch>.
  if (!multiarch.empty()) {
    const std::string in_multiarch = libdir + "/" + multiarch + "/" + key.libpython_soname;
    if (access(key.libpython.c_str(), F_OK) != 0 && access(in_multiarch.c_str(), F_OK) == 0) {
      key.libpython = in_multiarch;
    }
  }
}

std::string GetRunningPythonExecutable() {
  auto is_initialized =
      reinterpret_cast<PyIsInitializedFn>(dlsym(RTLD_DEFAULT, "Py_IsInitialized"));
  auto ensure = reinterpret_cast<PyGilEnsureFn>(dlsym(RTLD_DEFAULT, "PyGILState_Ensure"));
  auto release = reinterpret_cast<PyGilReleaseFn>(dlsym(RTLD_DEFAULT, "PyGILState_Release"));
  auto get_object = reinterpret_cast<PySysGetObjectFn>(dlsym(RTLD_DEFAULT, "PySys_GetObject"));
  auto as_utf8 = reinterpret_cast<PyUnicodeAsUtf8Fn>(dlsym(RTLD_DEFAULT, "PyUnicode_AsUTF8"));
  auto clear = reinterpret_cast<PyErrClearFn>(dlsym(RTLD_DEFAULT, "PyErr_Clear"));
  if (is_initialized == nullptr || ensure == nullptr || release == nullptr ||
      get_object == nullptr || as_utf8 == nullptr || clear == nullptr || is_initialized() == 0) {
    return "";
  }
  // These are stable C API functions with C types only, so no Python header is needed here.
  const int gil = ensure();
  std::string executable;
  void *object = get_object("executable");  // borrowed reference, may be NULL
  if (object != nullptr) {
    const char *text = as_utf8(object);  // NULL (with an exception set) if not a str
    if (text != nullptr) {
      executable = text;
    } else {
      clear();
    }
  }
  release(gil);
  return executable;
}

bool IsCompatiblePythonTag(const std::string &lhs, const std::string &rhs) {
  return lhs.empty() || rhs.empty() || lhs == rhs;
}

}  // namespace python_bridge
}  // namespace ge
