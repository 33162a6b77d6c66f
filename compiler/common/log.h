// One logging module for the whole compiler (atc, pyatc, sessions, passes).
// Level: ASCEND_GLOBAL_LOG_LEVEL (0 debug, 1 info, 2 warning, 3 error, 4 null; default 3),
// overridden by SetLogLevel() (atc --log). Destination: stdout when ASCEND_SLOG_PRINT_TO_STDOUT=1,
// else stderr. Errors are always printed unless the level is null.
#ifndef GE_COMMON_LOG_H_
#define GE_COMMON_LOG_H_

#include <string>

namespace ge {

enum class LogLevel : int { kDebug = 0, kInfo = 1, kWarning = 2, kError = 3, kNull = 4 };

LogLevel GetLogLevel();
void SetLogLevel(LogLevel level);
/// Parses "debug", "info", "warning", "error", "null" (case-insensitive). False on anything else.
bool ParseLogLevel(const std::string &text, LogLevel *level);
bool IsLogEnabled(LogLevel level);
/// Writes one line "[LEVEL] GE(<pid>) <module>: <message>".
void LogMessage(LogLevel level, const char *module, const std::string &message);
/// printf-style formatting into std::string.
std::string FormatString(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace ge

#define GE_LOG_AT(level, ...)                                        \
  do {                                                               \
    if (::ge::IsLogEnabled(level)) {                                 \
      ::ge::LogMessage(level, "GE", ::ge::FormatString(__VA_ARGS__)); \
    }                                                                \
  } while (0)

#define GELOGD(...) GE_LOG_AT(::ge::LogLevel::kDebug, __VA_ARGS__)
#define GELOGI(...) GE_LOG_AT(::ge::LogLevel::kInfo, __VA_ARGS__)
#define GELOGW(...) GE_LOG_AT(::ge::LogLevel::kWarning, __VA_ARGS__)
#define GELOGE(...) GE_LOG_AT(::ge::LogLevel::kError, __VA_ARGS__)

#endif  // GE_COMMON_LOG_H_
