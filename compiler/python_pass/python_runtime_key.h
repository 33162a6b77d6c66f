// Which CPython the bridge must match (spec compiler.md §6.11): the interpreter already loaded in
// this process (pyatc, sessions: Py_* symbols are visible), else the `python3` (then `python`) on
// PATH, whose executable is also the interpreter the bridge starts for atc.
#ifndef GE_PYTHON_PASS_PYTHON_RUNTIME_KEY_H_
#define GE_PYTHON_PASS_PYTHON_RUNTIME_KEY_H_

#include <string>

namespace ge {
namespace python_pass {

struct PythonRuntimeKey {
  bool has_python_symbols = false;
  bool is_initialized = false;
  std::string python_tag;         // "cp311"; empty = unresolved
  std::string version;            // Py_GetVersion() text or the probed "X.Y.Z"
  std::string python_command;     // the probed command ("python3"), empty for a loaded key
  std::string python_executable;  // sys.executable of the probed interpreter
  std::string source;             // where the key came from, for logs
};

/// "cp<major><minor>" from a leading "<digits>.<digits>"; "" for null or anything else.
std::string ParsePythonTag(const char *version);
/// The key of the interpreter whose Py_* symbols are loaded in this process (tag empty if none).
PythonRuntimeKey GetLoadedPythonRuntimeKey();
/// The loaded key when it has a tag, else the first of `python3`, `python` that answers a probe.
PythonRuntimeKey ResolveTargetPythonRuntimeKey();
/// True if either tag is empty or both are equal.
bool IsCompatiblePythonTag(const std::string &lhs, const std::string &rhs);

}  // namespace python_pass
}  // namespace ge

#endif  // GE_PYTHON_PASS_PYTHON_RUNTIME_KEY_H_
