// StartMatchTrace / FinishMatchTrace and CompileTrace.
#include "match_trace/match_trace_run.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>

#include "common/error.h"
#include "common/log.h"
#include "match_trace/trace_report.h"

namespace ge {
namespace fusion {
namespace {

std::mutex g_mutex;
std::unique_ptr<MatchTracer> g_tracer;  // guarded by g_mutex

std::string EnvOr(const char *name, const std::string &fallback) {
  const char *value = std::getenv(name);
  return value != nullptr && value[0] != '\0' ? value : fallback;
}

size_t TopFromEnv() {
  const std::string text = EnvOr(kTracePassTopEnv, "");
  char *end = nullptr;
  const unsigned long value = text.empty() ? 0UL : std::strtoul(text.c_str(), &end, 10);
  if (text.empty() || end == nullptr || *end != '\0' || value == 0UL) {
    if (!text.empty()) {
      GELOGW("%s=%s is not a positive integer, using %zu.", kTracePassTopEnv, text.c_str(),
             kDefaultTraceTop);
    }
    return kDefaultTraceTop;
  }
  return static_cast<size_t>(value);
}

// A pass name as a file name: anything but letters, digits, '.', '-' and '_' becomes '_'.
std::string FileStem(const std::string &pass_name) {
  std::string stem = pass_name;
  for (char &c : stem) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '.' || c == '-' || c == '_';
    if (!plain) {
      c = '_';
    }
  }
  return stem;
}

void WriteReport(const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out.good()) {
    GELOGW("Cannot write the match trace to %s.", path.c_str());  // a diagnostic: never fatal
  }
}

}  // namespace

Status StartMatchTrace(const std::string &pass_name, size_t top_n) {
  if (pass_name.empty()) {
    return Fail("StartMatchTrace: the pass name is empty");
  }
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_tracer != nullptr) {
    return Fail("StartMatchTrace: pass " + g_tracer->PassName() + " is being traced already");
  }
  g_tracer = std::make_unique<MatchTracer>(pass_name, top_n);
  MatchTracer::Install(g_tracer.get());
  return SUCCESS;
}

std::unique_ptr<MatchTracer> FinishMatchTrace() {
  std::lock_guard<std::mutex> lock(g_mutex);
  MatchTracer::Install(nullptr);
  return std::move(g_tracer);
}

bool IsMatchTraceRunning() {
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_tracer != nullptr;
}

CompileTrace::CompileTrace(const std::map<std::string, std::string> &options) {
  auto it = options.find(kTracePassOption);
  const std::string pass_name =
      it != options.end() && !it->second.empty() ? it->second : EnvOr(kTracePassEnv, "");
  if (pass_name.empty() || IsMatchTraceRunning()) {
    return;
  }
  started_ = StartMatchTrace(pass_name, TopFromEnv()) == SUCCESS;
}

CompileTrace::~CompileTrace() {
  if (!started_) {
    return;
  }
  const std::unique_ptr<MatchTracer> tracer = FinishMatchTrace();
  if (tracer == nullptr) {
    return;
  }
  const std::string text = FormatTraceText(*tracer);
  const std::string stem = EnvOr(kTracePassDirEnv, ".") + "/" + FileStem(tracer->PassName());
  WriteReport(stem + ".match_trace.txt", text);
  WriteReport(stem + ".match_trace.dot", FormatTraceDot(*tracer));
  std::fprintf(stderr, "%sMatch trace written to %s.match_trace.txt and .dot\n", text.c_str(),
               stem.c_str());
  std::fflush(stderr);
}

}  // namespace fusion
}  // namespace ge
