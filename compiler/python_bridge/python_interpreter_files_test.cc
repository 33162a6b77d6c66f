// The loader's own use of the target interpreter's files: probe parsing, libpython preload errors
// and the fallback codegen command. This binary has no Python loaded, like native atc.
#include "python_bridge/python_interpreter_files.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "python_bridge/python_runtime_key.h"

namespace ge {
namespace python_bridge {
namespace {

PythonRuntimeKey ProbedKey(const std::vector<std::string> &lines) {
  PythonRuntimeKey key;
  key.python_tag = lines[0];
  key.python_executable = lines[2];
  key.python_command = "python3";
  key.source = "probe of `python3`";
  ApplyProbeLines(lines, key);
  return key;
}

TEST(PythonInterpreterFilesTest, ProbeLinesGiveTheLibpythonPath) {
  const PythonRuntimeKey key = ProbedKey(
      {"cp311", "3.11.7", "/opt/py/bin/python3", "/opt/py/lib", "libpython3.11.so.1.0", "", "1"});
  EXPECT_EQ(key.libpython, "/opt/py/lib/libpython3.11.so.1.0");
  EXPECT_EQ(key.libpython_soname, "libpython3.11.so.1.0");
  EXPECT_TRUE(key.libpython_shared);

  // An old probe output (three lines) or a python without INSTSONAME: nothing to preload.
  const PythonRuntimeKey short_key = ProbedKey({"cp311", "3.11.7", "/opt/py/bin/python3"});
  EXPECT_EQ(short_key.libpython, "");
  std::string error;
  EXPECT_TRUE(PreloadTargetLibpython(short_key, error));
  EXPECT_EQ(error, "");
}

TEST(PythonInterpreterFilesTest, MissingLibpythonIsAnErrorNamingTheFile) {
  const PythonRuntimeKey key = ProbedKey({"cp399", "3.99.0", "/nonexistent/bin/python3",
                                          "/nonexistent/lib", "libpython3.99.so.1.0", "", "0"});
  std::string error;
  EXPECT_FALSE(PreloadTargetLibpython(key, error));
  EXPECT_NE(error.find("/nonexistent/lib/libpython3.99.so.1.0"), std::string::npos) << error;
  EXPECT_NE(error.find("/nonexistent/bin/python3"), std::string::npos) << error;
  EXPECT_NE(error.find("--enable-shared"), std::string::npos) << error;
}

TEST(PythonInterpreterFilesTest, AlreadyLoadedPythonIsNeverPreloaded) {
  PythonRuntimeKey key = ProbedKey({"cp399", "3.99.0", "/nonexistent/bin/python3",
                                    "/nonexistent/lib", "libpython3.99.so.1.0", "", "1"});
  key.has_python_symbols = true;
  std::string error;
  EXPECT_TRUE(PreloadTargetLibpython(key, error));
}

TEST(PythonInterpreterFilesTest, FallbackRunsTheProbedExecutableQuoted) {
  PythonRuntimeKey key;
  key.python_command = "python3";
  key.python_executable = "/opt/my env/bin/python3.12";
  EXPECT_EQ(FallbackPythonCommand(key), "'/opt/my env/bin/python3.12'");
  key.python_executable.clear();
  EXPECT_EQ(FallbackPythonCommand(key), "'python3'");
  key.python_command.clear();
  EXPECT_EQ(FallbackPythonCommand(key), "python3");
  EXPECT_EQ(ShellQuote("a'b"), "'a'\\''b'");
  EXPECT_EQ(GetRunningPythonExecutable(), "");  // no interpreter in this process
}

}  // namespace
}  // namespace python_bridge
}  // namespace ge
