// The files of the target interpreter the loader itself touches, outside the bridge: its shared
// libpython (preloaded in a process without Python, so the bridge never depends on its own
// RUNPATH to find it) and the executable that runs fallback codegen.
#ifndef GE_PYTHON_BRIDGE_PYTHON_INTERPRETER_FILES_H_
#define GE_PYTHON_BRIDGE_PYTHON_INTERPRETER_FILES_H_

#include <string>

#include "python_bridge/python_runtime_key.h"

namespace ge {
namespace python_bridge {

/// In a process without loaded Py_* symbols (native atc): dlopen(RTLD_NOW | RTLD_GLOBAL) the
/// probed interpreter's libpython (LIBDIR/INSTSONAME, else INSTSONAME through the normal library
/// search). False with `error` naming the file when it is missing or cannot be opened. Does nothing
/// (true) when Python is already loaded or the probe reported no libpython. The library stays
/// loaded for the life of the process: CPython does not support being unloaded.
bool PreloadTargetLibpython(const PythonRuntimeKey &key, std::string &error);

/// The shell command that runs fallback codegen for `key`: the interpreter running in this process
/// (sys.executable) or the probed executable, quoted; `python3` only when neither is known.
std::string FallbackPythonCommand(const PythonRuntimeKey &key);

/// `text` single-quoted for /bin/sh.
std::string ShellQuote(const std::string &text);

}  // namespace python_bridge
}  // namespace ge

#endif  // GE_PYTHON_BRIDGE_PYTHON_INTERPRETER_FILES_H_
