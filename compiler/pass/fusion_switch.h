// Which fusion passes are switched on: the optimization switch option ("p1:on;p2:off") and the
// fusion switch file.
#ifndef GE_PASS_FUSION_SWITCH_H_
#define GE_PASS_FUSION_SWITCH_H_

#include <map>
#include <string>

namespace ge {
namespace fusion {

/// Option keys read by the executor (the atc flag names are accepted too).
constexpr const char *kOptionOptimizationSwitch = "ge.optimizationSwitch";
constexpr const char *kOptionFusionSwitchFile = "ge.fusionSwitchFile";

/// Parses `{"Switch": {"GraphFusion": {"<pass>": "on"|"off", ...}}}`: every non-empty key maps
/// to (value == "on"). Any error (missing file, bad JSON, wrong shape) gives an empty map and a
/// warning naming the file and the problem.
std::map<std::string, bool> ParseFusionSwitchFile(const std::string &path);

/// Parses "p1:on;p2:off" (spaces ignored). Entries whose value is not exactly on/off are
/// skipped with a warning.
std::map<std::string, bool> ParseOptimizationSwitch(const std::string &text);

class FusionSwitch {
 public:
  explicit FusionSwitch(const std::map<std::string, std::string> &options);
  /// Precedence: optimization switch / option named after the pass (exactly on/off), then the
  /// switch file entry for the pass, then its `ALL` entry, else enabled.
  bool IsEnabled(const std::string &pass_name, std::string *source) const;

 private:
  std::map<std::string, bool> optimization_;
  std::map<std::string, bool> file_;
  std::string file_path_;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_PASS_FUSION_SWITCH_H_
