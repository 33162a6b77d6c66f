// Which CPython the bridge must match: the interpreter already loaded in
// this process (pyatc, sessions: Py_* symbols are visible), else the `python3` (then `python`) on
// PATH, whose executable is also the interpreter the bridge starts for atc.
#ifndef GE_PYTHON_BRIDGE_PYTHON_RUNTIME_KEY_H_
#define GE_PYTHON_BRIDGE_PYTHON_RUNTIME_KEY_H_

#include <string>
#include <vector>

namespace ge {
namespace python_bridge {

struct PythonRuntimeKey {
  bool has_python_symbols = false;
  bool is_initialized = false;
  std::string python_tag;         // "cp311"; empty = unresolved
  std::string version;            // Py_GetVersion() text or the probed "X.Y.Z"
  std::string python_command;     // the probed command ("python3"), empty for a loaded key
  std::string python_executable;  // sys.executable of the probed (or running) interpreter
  std::string libpython;          // probed LIBDIR/INSTSONAME (may not exist); empty if unknown
  std::string libpython_soname;   // probed INSTSONAME ("libpython3.11.so.1.0")
  bool libpython_shared = false;  // probed Py_ENABLE_SHARED
  std::string source;             // where the key came from, for logs
};

/// "cp<major><minor>" from a leading "<digits>.<digits>"; "" for null or anything else.
std::string ParsePythonTag(const char *version);
/// The artifact tag of an interpreter from its sys.implementation.name and version text, like a
/// wheel tag: "cp311" for CPython, "pp310" for PyPy (whose ABI differs), the full name for
/// implementations without a short one; "" when the version does not parse.
std::string PythonTagOf(const std::string &implementation, const char *version);
/// The key of the interpreter whose Py_* symbols are loaded in this process (tag empty if none).
PythonRuntimeKey GetLoadedPythonRuntimeKey();
/// The loaded key when it has a tag, else the first of `python3`, `python` that answers a probe.
/// The probe runs `-S` (no site: only the version, sys.executable and sysconfig are read) once
/// per process and command; the result is cached until ResetPythonRuntimeKeyCache().
PythonRuntimeKey ResolveTargetPythonRuntimeKey();
/// Forgets cached probe results (tests; a process that changed PATH).
void ResetPythonRuntimeKeyCache();
/// sys.executable of the interpreter running in this process ("" when none is initialized),
/// read through the stable C API under the GIL.
std::string GetRunningPythonExecutable();
/// Fills key.libpython* from the lines of a probe (tag, version, executable, LIBDIR, INSTSONAME,
/// MULTIARCH, Py_ENABLE_SHARED); exposed for tests.
void ApplyProbeLines(const std::vector<std::string> &lines, PythonRuntimeKey &key);
/// True if either tag is empty or both are equal.
bool IsCompatiblePythonTag(const std::string &lhs, const std::string &rhs);

}  // namespace python_bridge
}  // namespace ge

#endif  // GE_PYTHON_BRIDGE_PYTHON_RUNTIME_KEY_H_
