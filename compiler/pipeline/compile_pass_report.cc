// CompilePassReport implementation.
#include "pipeline/compile_pass_report.h"

#include <cstdio>
#include <fstream>

#include "common/error.h"
#include "common/log.h"
#include "dump/dot_dump.h"
#include "dump/dump_policy.h"

namespace ge {
namespace {

// Before/after Graphviz pictures of every detailed run that changed its graph, as dump files
// named "RunCustomPass_<stage>_<pass>_run<k>_before|after" (selected like stage dumps).
class PassPictures : public fusion::PassRunObserver {
 public:
  void BeforeRun(const ComputeGraph &graph, const fusion::PassRunRecord &record) override {
    before_.clear();
    if (ShouldDumpStage(Suffix(record, "before")) || ShouldDumpStage(Suffix(record, "after"))) {
      before_ = GraphToDot(graph);
    }
  }
  void AfterRun(const ComputeGraph &graph, const fusion::PassRunRecord &record) override {
    if (!record.changed || before_.empty()) {
      return;
    }
    Write(graph, Suffix(record, "before"), before_);
    Write(graph, Suffix(record, "after"), GraphToDot(graph));
    before_.clear();
  }

 private:
  static std::string Suffix(const fusion::PassRunRecord &record, const char *when) {
    return "RunCustomPass_" + record.stage + "_" + record.pass_name + "_run" +
           std::to_string(record.run) + "_" + when;
  }
  static void Write(const ComputeGraph &graph, const std::string &suffix,
                    const std::string &content) {
    if (ShouldDumpStage(suffix) &&
        WriteDumpFile(DumpFileKind::kDot, graph, suffix, content, nullptr) != SUCCESS) {
      GELOGW("Dump of pass picture[%s] failed: %s", suffix.c_str(), GetLastError().c_str());
    }
  }

  std::string before_;
};

std::string OptionOf(const std::map<std::string, std::string> &options) {
  auto it = options.find(kPassReportOption);
  return it == options.end() ? "" : it->second;
}

}  // namespace

CompilePassReport::CompilePassReport(const std::map<std::string, std::string> &options)
    : report_(!OptionOf(options).empty() || IsLogEnabled(LogLevel::kInfo)),
      path_(OptionOf(options)) {
  if (!path_.empty() && GetDumpContentLevel() != 0) {
    pictures_ = std::make_unique<PassPictures>();
    report_.SetObserver(pictures_.get());
  }
  scope_ = std::make_unique<fusion::PassReportScope>(&report_);
}

CompilePassReport::~CompilePassReport() = default;

Status CompilePassReport::Finish() {
  scope_.reset();
  const std::string failures = report_.FailureText();
  if (!failures.empty()) {
    // Shown whatever the log level: these callbacks are user code the compile went past.
    (void)std::fputs(failures.c_str(), stderr);
    (void)std::fflush(stderr);
  }
  if (path_.empty()) {
    return SUCCESS;
  }
  std::ofstream file(path_, std::ios::binary | std::ios::trunc);
  file << report_.ToJson().Dump(2) << '\n';
  file.close();
  if (!file) {
    GELOGE("Cannot write the pass report to %s.", path_.c_str());
    return Fail("Cannot write the pass report to " + path_);
  }
  return SUCCESS;
}

}  // namespace ge
