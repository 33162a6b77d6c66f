// The on-disk probe cache: hits, invalidation when the interpreter or its environment changes,
// damaged files (re-probe with a warning, never a crash) and GE_PY_PASS_PYTHON.
#include "python_bridge/python_probe_cache.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "python_bridge/python_runtime_key.h"
#include "test_support/scoped_env.h"
#include "test_support/temp_dir.h"

namespace ge {
namespace python_bridge {
namespace {

using test_support::ScopedEnv;

void WriteFile(const std::string &path, const std::string &content, mode_t mode = 0755) {
  std::ofstream(path, std::ios::trunc | std::ios::binary) << content;
  chmod(path.c_str(), mode);
}

std::string ReadFile(const std::string &path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class ProbeCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(root_.empty());
    mkdir((root_ + "/bin").c_str(), 0755);
    mkdir((root_ + "/lib").c_str(), 0755);
    python_ = root_ + "/bin/python3";
    WriteFile(python_, std::string("\x7f"
                                   "ELF fake interpreter"));
    WriteFile(root_ + "/lib/libpython3.11.so.1.0", "fake libpython", 0644);
    lines_ = {"cp311", "3.11.7", python_, root_ + "/lib", "libpython3.11.so.1.0", "", "1"};
  }
  test_support::TempDir temp_{"ge_probe_cache_test"};
  const std::string root_ = temp_.path();
  std::string python_;
  std::vector<std::string> lines_;
  ScopedEnv cache_{"XDG_CACHE_HOME", "/tmp"};  // replaced per test where a file is written
};

TEST_F(ProbeCacheTest, StoredAnswerIsReadBackForTheSameInterpreter) {
  ScopedEnv cache("XDG_CACHE_HOME", root_ + "/cache");
  const std::string key = ProbeCacheKey(python_);
  ASSERT_FALSE(key.empty());
  const std::string file = ProbeCacheFile(key);
  EXPECT_EQ(file.rfind(root_ + "/cache/ge_py/python_probe/", 0), 0u) << file;

  std::vector<std::string> lines;
  std::string warning;
  EXPECT_FALSE(ReadProbeCache(file, key, lines, warning));  // nothing stored yet
  EXPECT_EQ(warning, "");
  WriteProbeCache(file, key, lines_);
  EXPECT_TRUE(ReadProbeCache(file, key, lines, warning));
  EXPECT_EQ(lines, lines_);
  EXPECT_EQ(warning, "");
  EXPECT_EQ(ProbeCacheKey(python_), key);  // stable while nothing changes
}

TEST_F(ProbeCacheTest, ChangedBinaryEnvironmentOrVenvGiveAnotherKey) {
  const std::string key = ProbeCacheKey(python_);
  {
    ScopedEnv home("PYTHONHOME", "/opt/other");
    EXPECT_NE(ProbeCacheKey(python_), key);
  }
  {
    ScopedEnv venv("VIRTUAL_ENV", root_);
    EXPECT_NE(ProbeCacheKey(python_), key);
  }
  EXPECT_EQ(ProbeCacheKey(python_), key);
  WriteFile(root_ + "/pyvenv.cfg", "home = /usr/bin\n", 0644);  // bin/python3 is now a venv's
  const std::string venv_key = ProbeCacheKey(python_);
  EXPECT_NE(venv_key, key);
  WriteFile(python_, std::string("\x7f"
                                 "ELF another build of the interpreter"));
  EXPECT_NE(ProbeCacheKey(python_), venv_key);
}

TEST_F(ProbeCacheTest, ReplacedLibpythonIsAMiss) {
  ScopedEnv cache("XDG_CACHE_HOME", root_ + "/cache");
  const std::string key = ProbeCacheKey(python_);
  const std::string file = ProbeCacheFile(key);
  WriteProbeCache(file, key, lines_);
  WriteFile(root_ + "/lib/libpython3.11.so.1.0", "a rebuilt, longer libpython", 0644);
  std::vector<std::string> lines;
  std::string warning;
  EXPECT_FALSE(ReadProbeCache(file, key, lines, warning));
  EXPECT_EQ(warning, "");  // a change, not damage
  EXPECT_TRUE(lines.empty());
}

TEST_F(ProbeCacheTest, DamagedFilesAreMissesWithAWarning) {
  ScopedEnv cache("XDG_CACHE_HOME", root_ + "/cache");
  const std::string key = ProbeCacheKey(python_);
  const std::string file = ProbeCacheFile(key);
  WriteProbeCache(file, key, lines_);
  const std::string good = ReadFile(file);
  const std::vector<std::string> damaged = {
      "garbage\n",
      "",
      good.substr(0, good.size() - 5),                      // truncated
      good.substr(0, key.size() / 2),                       // truncated inside the key
      key + "\nlibpython=x\nprobe_lines=many\nend\n",       // bad count
      key + "\nprobe_lines=7\n",                            // missing field
      key + "\nlibpython=\nprobe_lines=999999999999999\n",  // absurd count
  };
  for (const std::string &content : damaged) {
    WriteFile(file, content, 0644);
    std::vector<std::string> lines;
    std::string warning;
    EXPECT_FALSE(ReadProbeCache(file, key, lines, warning)) << content;
    EXPECT_NE(warning.find(file), std::string::npos) << content;
    EXPECT_NE(warning.find("probing the interpreter again"), std::string::npos) << warning;
  }
  // Another interpreter's entry under the same file name is a plain miss.
  WriteFile(file, good, 0644);
  std::vector<std::string> lines;
  std::string warning;
  EXPECT_FALSE(
      ReadProbeCache(file, ProbeCacheKey(root_ + "/lib/libpython3.11.so.1.0"), lines, warning));
  EXPECT_EQ(warning, "");
}

TEST_F(ProbeCacheTest, ScriptsAndMissingFilesAreNotCached) {
  WriteFile(root_ + "/bin/shim", "#!/bin/sh\nexec python3 \"$@\"\n");
  EXPECT_EQ(ProbeCacheKey(root_ + "/bin/shim"), "");
  EXPECT_EQ(ProbeCacheKey(root_ + "/bin/missing"), "");
}

TEST_F(ProbeCacheTest, FindOnPathReturnsTheFirstExecutable) {
  mkdir((root_ + "/other").c_str(), 0755);
  WriteFile(root_ + "/other/python3", "not executable", 0644);
  ScopedEnv path("PATH", root_ + "/nowhere:" + root_ + "/other:" + root_ + "/bin");
  EXPECT_EQ(FindOnPath("python3"), python_);
  EXPECT_EQ(FindOnPath("python2.7-not-here"), "");
}

// A CPython binary (not a shim script) to probe for real, or "" (the test is then skipped).
std::string RealPythonBinary() {
  for (const std::string &candidate : {FindOnPath("python3"), std::string("/usr/bin/python3")}) {
    if (!candidate.empty() && !ProbeCacheKey(candidate).empty()) {
      return candidate;
    }
  }
  return "";
}

TEST_F(ProbeCacheTest, ResolveUsesGePyPassPythonAndTheDiskCache) {
  const std::string python = RealPythonBinary();
  if (python.empty()) {
    GTEST_SKIP() << "no CPython binary on PATH or at /usr/bin/python3";
  }
  ScopedEnv cache("XDG_CACHE_HOME", root_ + "/cache");
  ScopedEnv chosen(kTargetPythonEnv, python);
  ScopedEnv path("PATH", root_ + "/nowhere");  // PATH must not be needed
  ResetPythonRuntimeKeyCache();
  const PythonRuntimeKey probed = ResolveTargetPythonRuntimeKey();
  ASSERT_FALSE(probed.python_tag.empty()) << probed.source;
  EXPECT_NE(probed.source.find(std::string(kTargetPythonEnv) + "=" + python), std::string::npos)
      << probed.source;
  const std::string file = ProbeCacheFile(ProbeCacheKey(python));
  const std::string stored = ReadFile(file);
  ASSERT_NE(stored.find(probed.version), std::string::npos) << stored;

  // A hit does not run the interpreter: an edited answer in the file comes back as is.
  std::string edited = stored;
  edited.replace(edited.find("\n" + probed.version + "\n"), probed.version.size() + 2,
                 "\n9.99.99\n");
  WriteFile(file, edited, 0644);
  ResetPythonRuntimeKeyCache();
  EXPECT_EQ(ResolveTargetPythonRuntimeKey().version, "9.99.99");

  // A damaged file: probe again (real answer) and repair the file.
  WriteFile(file, "damaged", 0644);
  ResetPythonRuntimeKeyCache();
  EXPECT_EQ(ResolveTargetPythonRuntimeKey().version, probed.version);
  EXPECT_EQ(ReadFile(file), stored);
  ResetPythonRuntimeKeyCache();
}

TEST_F(ProbeCacheTest, UnusableGePyPassPythonIsNamedInTheSource) {
  ScopedEnv chosen(kTargetPythonEnv, root_ + "/bin/not-there");
  ResetPythonRuntimeKeyCache();
  const PythonRuntimeKey key = ResolveTargetPythonRuntimeKey();
  EXPECT_EQ(key.python_tag, "");
  EXPECT_NE(key.source.find("GE_PY_PASS_PYTHON=" + root_ + "/bin/not-there"), std::string::npos)
      << key.source;
  ResetPythonRuntimeKeyCache();
}

}  // namespace
}  // namespace python_bridge
}  // namespace ge
