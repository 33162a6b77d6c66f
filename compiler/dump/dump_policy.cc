#include "dump/dump_policy.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "air/model_def_writer.h"
#include "common/error.h"
#include "common/log.h"
#include "dump/dot_dump.h"
#include "dump/ge_ir_text.h"
#include "dump/onnx_dump.h"
#include "dump/readable_dump.h"

namespace ge {
namespace {

// Linux file names are limited to 255 bytes; longer dump names are cut before the extension.
constexpr size_t kMaxFileNameLength = 255;
constexpr int kDeviceId = 0;  // host-only compiler: GE's <dev> is always 0 here

std::mutex g_dump_mutex;
std::string g_dump_dir;  // "" until computed
uint32_t g_counters[4] = {0, 0, 0, 0};

bool AllDigits(const std::string &text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

std::string GetEnv(const char *name, bool *is_set = nullptr) {
  const char *value = std::getenv(name);
  if (is_set != nullptr) {
    *is_set = value != nullptr;
  }
  return value == nullptr ? std::string() : std::string(value);
}

bool Contains(const std::string &text, const char *part) {
  return text.find(part) != std::string::npos;
}

bool MakeDirs(const std::string &dir) {
  std::string partial;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = dir.find('/', pos + 1);
    partial = dir.substr(0, pos);
    if (partial.empty()) {
      continue;
    }
    if (mkdir(partial.c_str(), 0750) != 0 && errno != EEXIST) {
      return false;
    }
  }
  struct stat st {};
  return stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string WithSlash(std::string dir) {
  if (!dir.empty() && dir.back() != '/') {
    dir += '/';
  }
  return dir;
}

std::string ComputeDumpDirectory() {
  const std::string pid = std::to_string(getpid());
  const std::string dev = std::to_string(kDeviceId);
  std::string dir;
  const std::string collect = GetEnv("NPU_COLLECT_PATH");
  const std::string dump_path = GetEnv("DUMP_GRAPH_PATH");
  const std::string work = GetEnv("ASCEND_WORK_PATH");
  if (!collect.empty()) {
    dir = WithSlash(collect) + "extra-info/graph/" + pid + "_" + dev + "/";
  } else if (!dump_path.empty()) {
    dir = WithSlash(dump_path) + "pid_" + pid + "_deviceid_" + dev + "/";
  } else if (!work.empty()) {
    dir = WithSlash(work);
  } else {
    return "./";
  }
  if (!MakeDirs(dir.substr(0, dir.size() - 1))) {
    GELOGW("cannot create graph dump directory %s (%s); dumping to ./", dir.c_str(),
           std::strerror(errno));
    return "./";
  }
  return dir;
}

const char *KindPrefix(DumpFileKind kind) {
  switch (kind) {
    case DumpFileKind::kGeProto: return "ge_proto_";
    case DumpFileKind::kOnnx: return "ge_onnx_";
    case DumpFileKind::kReadable: return "ge_readable_";
    case DumpFileKind::kDot: return "ge_dot_";
  }
  return "ge_";
}

const char *KindExtension(DumpFileKind kind) {
  switch (kind) {
    case DumpFileKind::kOnnx: return ".pbtxt";
    case DumpFileKind::kDot: return ".dot";
    default: return ".txt";
  }
}

}  // namespace

int GetDumpContentLevel() {
  const std::string value = GetEnv("DUMP_GE_GRAPH");
  if (!AllDigits(value) || value.size() > 2) {
    return 0;
  }
  const int level = std::atoi(value.c_str());
  return level >= 1 && level <= 3 ? level : 0;
}

bool ShouldDumpStage(const std::string &suffix) {
  if (GetDumpContentLevel() == 0) {
    return false;
  }
  bool is_set = false;
  const std::string value = GetEnv("DUMP_GRAPH_LEVEL", &is_set);
  if (is_set && (suffix.empty() || AllDigits(suffix))) {
    return false;
  }
  const std::string level = is_set ? value : "2";
  if (AllDigits(level)) {
    const long number = level.size() > 3 ? -1 : std::atol(level.c_str());
    const bool excluded = Contains(suffix, "partition") || Contains(suffix, "OptimizeSubGraph") ||
                          Contains(suffix, "Aicpu") || Contains(suffix, "sub_graph");
    switch (number) {
      case 1: return !excluded;
      case 2: {
        static const char *const kWhitelist[] = {"PreRunBegin",
                                                 "PreRunAfterNormalizeGraph",
                                                 "AfterInfershape",
                                                 "PreRunAfterPrepare",
                                                 "PreRunAfterOptimizeOriginalGraph",
                                                 "PreRunAfterOptimizeAfterStage1",
                                                 "PreRunAfterOptimizeSubgraph",
                                                 "PreRunAfterOptimizeGraphBeforeBuild",
                                                 "Build",
                                                 "ComputeGraphBeforeLowering",
                                                 "ExeGraphBeforeOptimize",
                                                 "ExecuteGraphAfterSplit"};
        if (excluded) {
          return false;
        }
        for (const char *name : kWhitelist) {
          if (suffix == name) {
            return true;
          }
        }
        return Contains(suffix, "AutoFuseBeforeOptimize") ||
               Contains(suffix, "AutoFuseAfterOptimize") || Contains(suffix, "RunCustomPass");
      }
      case 3: return suffix == "Build";
      case 4: return suffix == "PreRunBegin";
      default: return false;
    }
  }
  size_t start = 0;
  while (start <= level.size()) {
    size_t end = level.find('|', start);
    if (end == std::string::npos) {
      end = level.size();
    }
    const std::string token = level.substr(start, end - start);
    if (!token.empty() && Contains(suffix, token.c_str())) {
      return true;
    }
    start = end + 1;
  }
  return false;
}

DumpFormatSelection GetSelectedDumpFormats() {
  bool is_set = false;
  std::string value = GetEnv("DUMP_GRAPH_FORMAT", &is_set);
  DumpFormatSelection selection;
  if (!is_set || value.empty()) {
    return selection;  // default ge_proto|onnx
  }
  std::transform(value.begin(), value.end(), value.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  selection.ge_proto = Contains(value, "ge_proto");
  selection.onnx = Contains(value, "onnx");
  selection.readable = Contains(value, "readable");
  selection.dot = Contains(value, "dot");
  return selection;
}

const std::string &GetDumpDirectory() {
  std::lock_guard<std::mutex> lock(g_dump_mutex);
  if (g_dump_dir.empty()) {
    g_dump_dir = ComputeDumpDirectory();
  }
  return g_dump_dir;
}

std::string DumpFileName(DumpFileKind kind, uint32_t index, uint32_t graph_id,
                         const std::string &suffix) {
  std::string clean = suffix;
  for (char &c : clean) {
    if (std::strchr("/\\:*?\"<>|", c) != nullptr && c != '\0') {
      c = '_';
    }
  }
  char counter[16];
  std::snprintf(counter, sizeof(counter), "%08u", index);
  std::string name =
      std::string(KindPrefix(kind)) + counter + "_graph_" + std::to_string(graph_id) + "_" + clean;
  const std::string extension = KindExtension(kind);
  if (name.size() + extension.size() >= kMaxFileNameLength) {
    name.resize(kMaxFileNameLength - 1 - extension.size());
  }
  return name + extension;
}

Status WriteDumpFile(DumpFileKind kind, const ComputeGraph &graph, const std::string &suffix,
                     const std::string &content, std::string *written_path) {
  const std::string dir = GetDumpDirectory();
  std::lock_guard<std::mutex> lock(g_dump_mutex);
  uint32_t &counter = g_counters[static_cast<int>(kind)];
  const std::string path = dir + DumpFileName(kind, counter, graph.GetGraphId(), suffix);
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) {
    return Fail("cannot create graph dump file '" + path + "': " + std::strerror(errno));
  }
  // An existing file keeps its old mode through O_TRUNC; dumps are always private.
  (void)fchmod(fd, 0600);
  size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n <= 0) {
      const std::string reason = std::strerror(errno);
      close(fd);
      unlink(path.c_str());
      return Fail("cannot write graph dump file '" + path + "': " + reason);
    }
    done += static_cast<size_t>(n);
  }
  if (close(fd) != 0) {
    return Fail("cannot close graph dump file '" + path + "': " + std::strerror(errno));
  }
  ++counter;  // advances only for files actually written
  if (written_path != nullptr) {
    *written_path = path;
  }
  return SUCCESS;
}

Status DumpGraphAtStage(const ComputeGraph &graph, const std::string &suffix) {
  if (!ShouldDumpStage(suffix)) {
    return SUCCESS;
  }
  const int level = GetDumpContentLevel();
  const DumpFormatSelection formats = GetSelectedDumpFormats();
  try {
    if (formats.ge_proto) {
      ModelDefWriteOptions options;
      options.txt_peer_index = true;
      options.strip_weights = level >= 2;
      std::string bytes;
      if (SerializeModelDef(graph, options, &bytes) != SUCCESS ||
          WriteDumpFile(DumpFileKind::kGeProto, graph, suffix, ModelDefBytesToText(bytes),
                        nullptr) != SUCCESS) {
        return FAILED;
      }
    }
    if (formats.onnx && WriteDumpFile(DumpFileKind::kOnnx, graph, suffix,
                                      GraphToOnnxText(graph, level), nullptr) != SUCCESS) {
      return FAILED;
    }
    if (formats.readable && WriteDumpFile(DumpFileKind::kReadable, graph, suffix,
                                          GraphToReadableText(graph), nullptr) != SUCCESS) {
      return FAILED;
    }
    if (formats.dot &&
        WriteDumpFile(DumpFileKind::kDot, graph, suffix, GraphToDot(graph), nullptr) != SUCCESS) {
      return FAILED;
    }
  } catch (const GeException &e) {
    return Fail("dumping graph '" + graph.GetName() + "' at stage " + suffix +
                " failed: " + e.what());
  }
  return SUCCESS;
}

void ResetDumpStateForTesting() {
  std::lock_guard<std::mutex> lock(g_dump_mutex);
  g_dump_dir.clear();
  for (uint32_t &counter : g_counters) {
    counter = 0;
  }
}

}  // namespace ge
