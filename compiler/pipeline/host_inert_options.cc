// The compile options the host runtime does not act on (see host_inert_options.h).
#include "pipeline/host_inert_options.h"

#include <mutex>
#include <set>
#include <utility>

#include "common/log.h"

namespace ge {
namespace {

constexpr const char *kPrecisionReason =
    "operator precision is a choice among NPU kernels; the host runtime computes every op in "
    "the data types of the compiled graph";
constexpr const char *kIoTypeReason =
    "the graph's inputs and outputs keep the data types they were imported with; no FP16 casts "
    "are inserted";

struct InertOption {
  const char *off_value;  // the value that asks for nothing (GE's default)
  const char *reason;
};

const std::map<std::string, InertOption> &InertOptions() {
  static const std::map<std::string, InertOption> options = {
      {"ge.exec.precision_mode", {"", kPrecisionReason}},
      {"ge.exec.precision_mode_v2", {"", kPrecisionReason}},
      {"ge.exec.modify_mixlist", {"", kPrecisionReason}},
      {"ge.keepDtype", {"", kPrecisionReason}},
      {"ge.customizeDtypes", {"", kPrecisionReason}},
      {"ge.outputDatatype", {"", kIoTypeReason}},
      {"ge.INPUT_NODES_SET_FP16", {"", kIoTypeReason}},
      {"ge.exec.disableReuseMemory",
       {"0",
        "the host runtime gives every tensor memory of its own and frees an intermediate after "
        "its last consumer; there is no shared-memory plan to switch off"}},
      {"ge.deterministic", {"0", "the host kernels compute deterministically in any case"}},
      {"ge.deterministicLevel", {"0", "the host kernels compute deterministically in any case"}},
  };
  return options;
}

}  // namespace

const char *HostInertOptionReason(const std::string &key, const std::string &value) {
  const auto it = InertOptions().find(key);
  if (it == InertOptions().end() || value == it->second.off_value) {
    return nullptr;
  }
  return it->second.reason;
}

void WarnHostInertOptions(const std::map<std::string, std::string> &options, OptionSource source) {
  static std::mutex mutex;
  static std::set<std::pair<OptionSource, std::string>> warned;
  for (const auto &option : options) {
    const char *reason = HostInertOptionReason(option.first, option.second);
    if (reason == nullptr) {
      continue;
    }
    std::lock_guard<std::mutex> lock(mutex);
    if (!warned.insert({source, option.first}).second) {
      continue;
    }
    const char *key = option.first.c_str();
    const char *value = option.second.c_str();
    switch (source) {
      case OptionSource::kOfflineCompile:
        GELOGW(
            "compile option %s=%s is recorded in the model but has no effect on the host "
            "runtime: %s",
            key, value, reason);
        break;
      case OptionSource::kSession:
        GELOGW("session option %s=%s has no effect on the host runtime: %s", key, value, reason);
        break;
      case OptionSource::kGraph:
        GELOGW("graph option %s=%s has no effect on the host runtime: %s", key, value, reason);
        break;
    }
  }
}

}  // namespace ge
