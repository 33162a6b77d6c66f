// Runtime key resolution: loaded Py_* symbols via dlsym, else a `python -c` probe.
#include "python_pass/python_runtime_key.h"

#include <dlfcn.h>

#include <cctype>
#include <cstdio>
#include <vector>

#include "common/log.h"

namespace ge {
namespace python_pass {
namespace {

using PyIsInitializedFn = int (*)();
using PyGetVersionFn = const char *(*)();

// Prints tag, version and executable on three lines; nothing else goes to stdout.
constexpr const char *kProbeScript =
    "import sys; v = sys.version_info; "
    "print('cp%d%d' % (v[0], v[1])); print('%d.%d.%d' % (v[0], v[1], v[2])); "
    "print(sys.executable)";

std::vector<std::string> RunProbe(const std::string &command) {
  std::vector<std::string> lines;
  const std::string shell = command + " -c \"" + kProbeScript + "\" 2>/dev/null";
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

std::string ParsePythonTag(const char *version) {
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
  return "cp" + major + minor;
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
  for (const char *command : {"python3", "python"}) {
    const std::vector<std::string> lines = RunProbe(command);
    if (lines.empty() || !IsPythonTag(lines[0])) {
      GELOGI("[PythonPass] Probe of `%s` gave no python tag.", command);
      continue;
    }
    PythonRuntimeKey key = loaded;
    key.python_tag = lines[0];
    key.version = lines.size() > 1 ? lines[1] : "";
    key.python_executable = lines.size() > 2 ? lines[2] : "";
    key.python_command = command;
    key.source = std::string("probe of `") + command + "`";
    return key;
  }
  loaded.source = "unresolved(no loaded Py_* symbols and no python3/python on PATH)";
  return loaded;
}

bool IsCompatiblePythonTag(const std::string &lhs, const std::string &rhs) {
  return lhs.empty() || rhs.empty() || lhs == rhs;
}

}  // namespace python_pass
}  // namespace ge
