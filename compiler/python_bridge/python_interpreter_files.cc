// Target interpreter files: libpython preload and the fallback codegen command.
#include "python_bridge/python_interpreter_files.h"

#include <dlfcn.h>
#include <unistd.h>

#include "common/log.h"

namespace ge {
namespace python_bridge {
namespace {

std::string DlError() {
  const char *error = dlerror();
  return error == nullptr ? "unknown error" : error;
}

std::string BaseName(const std::string &path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

bool PreloadTargetLibpython(const PythonRuntimeKey &key, std::string &error) {
  if (key.has_python_symbols || key.libpython_soname.empty()) {
    return true;
  }
  const std::string who = "the target python " + key.python_executable + " (" + key.source + ")";
  if (!key.libpython.empty() && access(key.libpython.c_str(), F_OK) == 0) {
    if (dlopen(key.libpython.c_str(), RTLD_NOW | RTLD_GLOBAL) == nullptr) {
      error = "Cannot load libpython " + key.libpython + " of " + who + ": " + DlError();
      return false;
    }
    GELOGI("[PythonBridge] Preloaded libpython[%s].", key.libpython.c_str());
    return true;
  }
  // Not in LIBDIR (static interpreter binary, relocated install): the dynamic linker's own search
  // (LD_LIBRARY_PATH, ld.so.cache) may still know the soname.
  if (dlopen(key.libpython_soname.c_str(), RTLD_NOW | RTLD_GLOBAL) != nullptr) {
    GELOGI("[PythonBridge] Preloaded libpython[%s] through the library search path.",
           key.libpython_soname.c_str());
    return true;
  }
  error = "libpython " + (key.libpython.empty() ? key.libpython_soname : key.libpython) + " of " +
          who + " does not exist and " + key.libpython_soname +
          " is not on the library search path (" + DlError() + ")" +
          (key.libpython_shared ? "" : "; this python is built without --enable-shared") +
          ". Python passes need a python with a shared libpython";
  return false;
}

std::string ShellQuote(const std::string &text) {
  std::string quoted = "'";
  for (const char c : text) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

std::string FallbackPythonCommand(const PythonRuntimeKey &key) {
  std::string executable = key.python_executable;
  if (executable.empty() && key.has_python_symbols) {
    executable = GetRunningPythonExecutable();
    // An application embedding Python reports its own binary as sys.executable: only run it
    // when it is a python.
    if (BaseName(executable).find("python") == std::string::npos) {
      executable.clear();
    }
  }
  if (!executable.empty()) {
    return ShellQuote(executable);
  }
  // The probed command is a path (PATH lookup or GE_PY_PASS_PYTHON): quote it for the shell.
  return key.python_command.empty() ? "python3" : ShellQuote(key.python_command);
}

}  // namespace python_bridge
}  // namespace ge
