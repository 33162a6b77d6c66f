// The per-pass report of one CompileGraph call (docs/python_passes.md, "Per-pass report"):
// installs a PassReport for the compile, draws each pass that changed the graph when dumps are on,
// and at the end prints the failing pass callbacks to stderr and writes the JSON file.
#ifndef GE_PIPELINE_COMPILE_PASS_REPORT_H_
#define GE_PIPELINE_COMPILE_PASS_REPORT_H_

#include <map>
#include <memory>
#include <string>

#include "ge/ge_error_codes.h"
#include "pass/pass_report.h"

namespace ge {

/// Compile option (ge_py extension; atc/pyatc --pass_report): path of the JSON report to write.
/// Not recorded in the .om.
constexpr const char *kPassReportOption = "ge.passReport";

class CompilePassReport {
 public:
  /// Detailed records are kept when the option names a file or the log level shows INFO.
  explicit CompilePassReport(const std::map<std::string, std::string> &options);
  ~CompilePassReport();
  CompilePassReport(const CompilePassReport &) = delete;
  CompilePassReport &operator=(const CompilePassReport &) = delete;

  /// Prints the failing callbacks (if any) to stderr and writes the requested file. FAILED
  /// (with the reason) only when the file cannot be written.
  Status Finish();

 private:
  fusion::PassReport report_;
  std::string path_;
  std::unique_ptr<fusion::PassRunObserver> pictures_;
  std::unique_ptr<fusion::PassReportScope> scope_;
};

}  // namespace ge

#endif  // GE_PIPELINE_COMPILE_PASS_REPORT_H_
