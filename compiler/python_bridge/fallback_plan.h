// Where fallback codegen keeps the artifact set it builds for one interpreter (docs/packaging.md,
// "Fallback codegen"). The build itself runs in Python (ge.passes.runtime.run_fallback_codegen,
// CMake in child processes); which cache entry it fills, and when an entry can be reused, is
// decided here, next to the loader that searches that cache.
#ifndef GE_PYTHON_BRIDGE_FALLBACK_PLAN_H_
#define GE_PYTHON_BRIDGE_FALLBACK_PLAN_H_

#include <string>

namespace ge {
namespace python_bridge {

struct FallbackRequest {
  std::string python_tag;
  std::string python_executable;  // sys.executable
  std::string python_version;     // sys.version
  std::string libpython;          // "" when there is none
  std::string ge_py_version;
  std::string sources_dir;  // the embedded CMake source tree
};

struct FallbackPlan {
  std::string cache_root;
  std::string key;      // <python_tag>-<platform>-<16 hex digits>
  std::string set_dir;  // cache_root/key
  std::string sources_hash;
  std::string compiler_lib;  // real path of this libge_compiler.so: the set links it
  std::string compiler_lib_stamp;
};

/// The cache entry for `request`. Its key changes with the bridge ABI, the ge_py version, any
/// embedded source file, the interpreter (real executable, version text, libpython) and this
/// compiler library (real path, size, mtime). False with `error` when the source tree lacks
/// CMakeLists.txt, native/CMakeLists.txt or compiler/include, or there is no cache directory.
bool PlanFallbackBuild(const FallbackRequest &request, FallbackPlan &plan, std::string &error);

}  // namespace python_bridge
}  // namespace ge

#endif  // GE_PYTHON_BRIDGE_FALLBACK_PLAN_H_
