// Match tracing of the C API: ge.passes.testing.trace_pass starts a trace of one pass, compiles,
// and reads the report. Defined in compiler/c_api/match_trace_c_api.cc.
#ifndef GE_C_API_MATCH_TRACE_H_
#define GE_C_API_MATCH_TRACE_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Starts tracing the pass named `pass_name` in this process, keeping the closest `top_n`
/// candidates per pattern. Fails when a trace is already running. 0 on success.
uint32_t GeApiWrapper_MatchTrace_Start(const char *pass_name, size_t top_n);
/// Stops the running trace; *json = its malloc'd JSON report (free with
/// GeApiWrapper_MatchTrace_FreeString). Fails when no trace runs. 0 on success.
uint32_t GeApiWrapper_MatchTrace_Finish(char **json);
void GeApiWrapper_MatchTrace_FreeString(char *text);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_MATCH_TRACE_H_
