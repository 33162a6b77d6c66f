// PassReport implementation.
#include "pass/pass_report.h"

#include <algorithm>

#include "common/log.h"

namespace ge {
namespace fusion {
namespace {

thread_local PassReport *t_report = nullptr;
thread_local PassRunRecord *t_run = nullptr;
thread_local std::string t_last_hook_failure;

uint64_t Micros(uint64_t nanos) { return nanos / 1000U; }

JsonValue RunToJson(const PassRunRecord &record) {
  JsonValue run = JsonValue::MakeObject();
  run.Set("pass", record.pass_name);
  run.Set("stage", record.stage);
  run.Set("graph", record.graph_name);
  run.Set("run", static_cast<int64_t>(record.run));
  run.Set("status", record.ok ? "ok" : "failed");
  run.Set("changed", record.changed);
  run.Set("candidates", record.candidates);
  run.Set("rejected", record.rejected);
  run.Set("replaced", record.replaced);
  run.Set("cycle_skipped", record.cycle_skipped);
  run.Set("failed", record.failed);
  run.Set("nodes_before", record.nodes_before);
  run.Set("nodes_after", record.nodes_after);
  run.Set("time_us", Micros(record.time_ns));
  run.Set("matcher_us", Micros(record.matcher_ns));
  run.Set("callback_us", Micros(record.callback_ns));
  return run;
}

}  // namespace

PassRunRecord &PassReport::AddRun(const std::string &pass_name, const std::string &stage,
                                  const ComputeGraph &graph, uint32_t run) {
  runs_.emplace_back();
  PassRunRecord &record = runs_.back();
  record.pass_name = pass_name;
  record.stage = stage;
  record.graph_name = graph.GetName();
  record.run = run;
  record.nodes_before = graph.GetDirectNodesSize();
  return record;
}

void PassReport::AddHookFailure(const std::string &pass_name, const std::string &hook,
                                const std::string &message) {
  for (HookFailure &failure : hook_failures_) {
    if (failure.pass_name == pass_name && failure.hook == hook) {
      ++failure.count;
      return;
    }
  }
  hook_failures_.push_back(HookFailure{pass_name, hook, message, 1U});
}

void PassReport::AddFailedPass(const std::string &pass_name) {
  if (std::find(failed_passes_.begin(), failed_passes_.end(), pass_name) == failed_passes_.end()) {
    failed_passes_.push_back(pass_name);
  }
}

JsonValue PassReport::ToJson() const {
  JsonValue root = JsonValue::MakeObject();
  root.Set("version", 1);
  JsonValue runs = JsonValue::MakeArray();
  for (const PassRunRecord &record : runs_) {
    runs.Append(RunToJson(record));
  }
  root.Set("runs", std::move(runs));
  JsonValue failures = JsonValue::MakeArray();
  for (const HookFailure &failure : hook_failures_) {
    JsonValue item = JsonValue::MakeObject();
    item.Set("pass", failure.pass_name);
    item.Set("hook", failure.hook);
    item.Set("count", failure.count);
    item.Set("first_message", failure.first_message);
    failures.Append(std::move(item));
  }
  root.Set("callback_failures", std::move(failures));
  JsonValue failed = JsonValue::MakeArray();
  for (const std::string &name : failed_passes_) {
    failed.Append(name);
  }
  root.Set("failed_passes", std::move(failed));
  return root;
}

std::string PassReport::SummaryLine(const PassRunRecord &record) {
  return FormatString(
      "[PassReport] Pass[%s] stage[%s] graph[%s] run[%u] status=%s candidates=%llu "
      "rejected=%llu replaced=%llu cycle_skipped=%llu failed=%llu nodes=%llu->%llu time_us=%llu "
      "matcher_us=%llu callback_us=%llu",
      record.pass_name.c_str(), record.stage.c_str(), record.graph_name.c_str(), record.run,
      record.ok ? "ok" : "failed", static_cast<unsigned long long>(record.candidates),
      static_cast<unsigned long long>(record.rejected),
      static_cast<unsigned long long>(record.replaced),
      static_cast<unsigned long long>(record.cycle_skipped),
      static_cast<unsigned long long>(record.failed),
      static_cast<unsigned long long>(record.nodes_before),
      static_cast<unsigned long long>(record.nodes_after),
      static_cast<unsigned long long>(Micros(record.time_ns)),
      static_cast<unsigned long long>(Micros(record.matcher_ns)),
      static_cast<unsigned long long>(Micros(record.callback_ns)));
}

std::string PassReport::FailureText() const {
  if (hook_failures_.empty() && failed_passes_.empty()) {
    return "";
  }
  std::string text;
  std::vector<std::string> named;  // "<pass> (<what>)" in first-seen order
  for (const HookFailure &failure : hook_failures_) {
    text += "[PassReport] Pass[" + failure.pass_name + "] " + failure.hook + " raised or failed " +
            std::to_string(failure.count) + (failure.count == 1U ? " time" : " times");
    if (failure.count > 1U) {
      text += " (" + std::to_string(failure.count - 1U) + " repeat(s) not shown)";
    }
    text += "; first occurrence:\n" + failure.first_message;
    if (text.back() != '\n') {
      text += '\n';
    }
    named.push_back(failure.pass_name + " (" + failure.hook + " x" + std::to_string(failure.count) +
                    ")");
  }
  for (const std::string &name : failed_passes_) {
    named.push_back(name + " (run failed)");
  }
  text += "[PassReport] Passes that failed or raised in this compile: ";
  for (size_t i = 0; i < named.size(); ++i) {
    text += (i == 0U ? "" : ", ") + named[i];
  }
  text += '\n';
  return text;
}

PassReport *CurrentPassReport() { return t_report; }
PassRunRecord *CurrentPassRun() { return t_run; }

PassReportScope::PassReportScope(PassReport *report) : previous_(t_report) { t_report = report; }
PassReportScope::~PassReportScope() { t_report = previous_; }

PassRunScope::PassRunScope(PassRunRecord *record) : previous_(t_run) { t_run = record; }
PassRunScope::~PassRunScope() { t_run = previous_; }

void ReportHookFailure(const std::string &pass_name, const std::string &hook,
                       const std::string &message) {
  t_last_hook_failure = message;
  if (t_run != nullptr) {
    ++t_run->failed;
  }
  if (t_report != nullptr) {
    t_report->AddHookFailure(pass_name, hook, message);
  }
}

std::string TakeLastHookFailure() {
  std::string message;
  message.swap(t_last_hook_failure);
  return message;
}

}  // namespace fusion
}  // namespace ge
