// MatchTrace C API: one pass traced around whatever the caller compiles in between.
#include <cstdlib>
#include <string>

#include "c_handles/c_handles.h"
#include "common/error.h"
#include "ge/c_api/match_trace.h"
#include "match_trace/match_trace_run.h"
#include "match_trace/trace_report.h"

namespace {
constexpr uint32_t kFailed = 0xFFFFFFFFU;
}  // namespace

extern "C" {

uint32_t GeApiWrapper_MatchTrace_Start(const char *pass_name, size_t top_n) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (pass_name == nullptr) {
      ge::SetLastError("MatchTrace_Start: pass_name is null");
      return kFailed;
    }
    return ge::fusion::StartMatchTrace(pass_name, top_n) == ge::SUCCESS ? ge::SUCCESS : kFailed;
  });
}

uint32_t GeApiWrapper_MatchTrace_Finish(char **json) {
  if (json != nullptr) {
    *json = nullptr;
  }
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (json == nullptr) {
      ge::SetLastError("MatchTrace_Finish: result pointer is null");
      return kFailed;
    }
    const std::unique_ptr<ge::fusion::MatchTracer> tracer = ge::fusion::FinishMatchTrace();
    if (tracer == nullptr) {
      ge::SetLastError("MatchTrace_Finish: no match trace is running");
      return kFailed;
    }
    *json = ge::capi::DupString(ge::fusion::FormatTraceJson(*tracer));
    return ge::SUCCESS;
  });
}

void GeApiWrapper_MatchTrace_FreeString(char *text) { std::free(text); }

}  // extern "C"
