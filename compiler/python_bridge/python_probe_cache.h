// The `python -S` probe of the target interpreter, cached on disk between processes.
//
// Native atc must know which CPython it will embed before it starts one: a child `python -S`
// prints the version and where libpython is. That child costs tens of milliseconds (and half a
// second when `python3` on PATH is a pyenv shim), on every compile. Its answer only changes when
// the interpreter changes, so it is kept in the per-user cache dir, keyed by what decides it.
#ifndef GE_PYTHON_BRIDGE_PYTHON_PROBE_CACHE_H_
#define GE_PYTHON_BRIDGE_PYTHON_PROBE_CACHE_H_

#include <string>
#include <vector>

namespace ge {
namespace python_bridge {

/// Environment variable naming the interpreter to use for Python passes (absolute path or a
/// path relative to the current directory); when set, PATH is not searched.
constexpr const char *kTargetPythonEnv = "GE_PY_PASS_PYTHON";

/// "<size>:<mtime ns>" of a file, "" when it cannot be stat-ed: the stamp that tells a replaced
/// interpreter, libpython or compiler library from the one a cached answer was made for.
std::string FileStamp(const std::string &path);

/// $XDG_CACHE_HOME/ge_py (absolute XDG_CACHE_HOME only), else <home>/.cache/ge_py; "" if no home.
std::string GePyUserCacheDir();

/// Absolute path of the executable `name` found on PATH (like the shell's lookup), "" if none.
std::string FindOnPath(const std::string &name);

/// Everything that decides the probe's answer for the interpreter at `command_path`: the path,
/// the resolved binary and its size/mtime, the venv's pyvenv.cfg, and the environment variables
/// that select a prefix. "" when the answer must not be cached: a missing file, or a script
/// (a pyenv shim decides per directory and per call which python it runs).
std::string ProbeCacheKey(const std::string &command_path);

/// The cache file for `key` under GePyUserCacheDir() ("" without a cache dir).
std::string ProbeCacheFile(const std::string &key);

/// The probe lines stored for `key` in `file`. False on a miss: no file, another key, or a
/// libpython that changed since the probe. A damaged file is a miss with `warning` set.
bool ReadProbeCache(const std::string &file, const std::string &key,
                    std::vector<std::string> &lines, std::string &warning);

/// Stores the probe lines for `key` (atomically: a temp file renamed over `file`). Failures are
/// ignored: the cache only saves time.
void WriteProbeCache(const std::string &file, const std::string &key,
                     const std::vector<std::string> &lines);

}  // namespace python_bridge
}  // namespace ge

#endif  // GE_PYTHON_BRIDGE_PYTHON_PROBE_CACHE_H_
