// Logging: level from the environment or SetLogLevel, one line per message.
#include "common/log.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace ge {
namespace {
LogLevel LevelFromEnvironment() {
  const char *text = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
  if (text == nullptr || *text == '\0') {
    return LogLevel::kError;
  }
  char *end = nullptr;
  long value = std::strtol(text, &end, 10);
  if (*end != '\0' || value < 0 || value > 4) {
    return LogLevel::kError;
  }
  return static_cast<LogLevel>(value);
}

std::atomic<int> &LevelSlot() {
  static std::atomic<int> level{static_cast<int>(LevelFromEnvironment())};
  return level;
}

const char *LevelName(LogLevel level) {
  switch (level) {
    case LogLevel::kDebug: return "DEBUG";
    case LogLevel::kInfo: return "INFO";
    case LogLevel::kWarning: return "WARNING";
    case LogLevel::kError: return "ERROR";
    default: return "NULL";
  }
}
}  // namespace

LogLevel GetLogLevel() { return static_cast<LogLevel>(LevelSlot().load()); }

void SetLogLevel(LogLevel level) { LevelSlot().store(static_cast<int>(level)); }

bool ParseLogLevel(const std::string &text, LogLevel *level) {
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  static const struct {
    const char *name;
    LogLevel level;
  } kNames[] = {{"debug", LogLevel::kDebug},
                {"info", LogLevel::kInfo},
                {"warning", LogLevel::kWarning},
                {"error", LogLevel::kError},
                {"null", LogLevel::kNull}};
  for (const auto &entry : kNames) {
    if (lower == entry.name) {
      *level = entry.level;
      return true;
    }
  }
  return false;
}

bool IsLogEnabled(LogLevel level) {
  return level != LogLevel::kNull && static_cast<int>(level) >= LevelSlot().load();
}

void LogMessage(LogLevel level, const char *module, const std::string &message) {
  static std::mutex mutex;
  const char *to_stdout = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
  FILE *stream = (to_stdout != nullptr && std::string(to_stdout) == "1") ? stdout : stderr;
  std::lock_guard<std::mutex> lock(mutex);
  std::fprintf(stream, "[%s] %s(%d) %s\n", LevelName(level), module, static_cast<int>(getpid()),
               message.c_str());
  std::fflush(stream);
}

std::string FormatString(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  va_list copy;
  va_copy(copy, args);
  int size = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string result;
  if (size > 0) {
    result.resize(static_cast<size_t>(size) + 1);
    std::vsnprintf(&result[0], result.size(), fmt, args);
    result.resize(static_cast<size_t>(size));
  }
  va_end(args);
  return result;
}

}  // namespace ge
