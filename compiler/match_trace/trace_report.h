// The reports of a finished match trace: readable text, Graphviz (one digraph per reported
// candidate) and JSON (what ge.passes.testing.trace_pass reads).
#ifndef GE_MATCH_TRACE_TRACE_REPORT_H_
#define GE_MATCH_TRACE_TRACE_REPORT_H_

#include <string>

#include "pattern/match_trace.h"

namespace ge {
namespace fusion {

std::string FormatTraceText(const MatchTracer &tracer);
std::string FormatTraceDot(const MatchTracer &tracer);
std::string FormatTraceJson(const MatchTracer &tracer);

}  // namespace fusion
}  // namespace ge

#endif  // GE_MATCH_TRACE_TRACE_REPORT_H_
