// The atc / pyatc command line (docs/atc.md): the flag table, the parser with GE's gflags-style
// syntax and messages, and the help text. Shared by the atc executable and GeApiWrapper_Atc_Main.
#ifndef GE_TOOLS_ATC_FLAGS_H_
#define GE_TOOLS_ATC_FLAGS_H_

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ge {

enum class AtcFlagType { kString, kInt, kBool };

/// What this atc does with a flag (every flag is accepted; none is silently ignored).
enum class AtcFlagUse {
  kHonoured,       // implemented by atc itself
  kCompileOption,  // forwarded to the compiler as a build option and recorded in the .om
  kNotApplicable,  // needs NPU hardware or tuning tools: reported "not applicable on this target"
  kUnsupported,    // a feature ge_py does not implement: a non-default value fails clearly
  kDeprecated,     // GE rejects any value
};

struct AtcFlagDef {
  std::string name;
  AtcFlagType type = AtcFlagType::kString;
  std::string default_value;
  std::vector<std::string> allowed;  // empty = free text
  std::string description;
  std::string group;
  AtcFlagUse use = AtcFlagUse::kHonoured;
};

/// Every flag atc knows, in help order.
const std::vector<AtcFlagDef> &GetAtcFlagDefs();
/// nullptr when `name` (already normalised: '-' → '_') is not a flag.
const AtcFlagDef *FindAtcFlag(const std::string &name);

/// The parsed command line: every flag's value (default when not given) and which were given.
class AtcOptions {
 public:
  AtcOptions();
  const std::string &Get(const std::string &name) const;
  /// Integer value of an int flag (validated at parse time).
  int64_t GetInt(const std::string &name) const;
  /// Boolean value of a bool flag.
  bool GetBool(const std::string &name) const;
  bool IsSet(const std::string &name) const { return given_.count(name) != 0; }
  void Set(const std::string &name, const std::string &value);
  /// Flags given on the command line, in name order.
  const std::set<std::string> &Given() const { return given_; }

 private:
  std::map<std::string, std::string> values_;
  std::set<std::string> given_;
};

struct AtcParseResult {
  bool ok = false;
  bool help = false;
  /// "ERROR: ..." lines for stderr when !ok.
  std::string error;
};

/// Parses argv[1..argc) (argv[0] is the program). Syntax: `--name=value` or `--name value`; a
/// single dash before >= 2 letters counts as a double dash; '-' in names becomes '_'; bool flags
/// take an optional value; int flags accept digits only; restricted values are checked here.
AtcParseResult ParseAtcFlags(int argc, const char *const *argv, AtcOptions *options);

/// Parses a bool flag value (1/t/true/y/yes, 0/f/false/n/no; case-insensitive).
bool ParseAtcBool(const std::string &text, bool *value);

/// The usage text printed for --help; `command` is "atc", "pyatc" or "python3 -m ge.pyatc".
std::string AtcHelpText(const std::string &command);

/// The usage command for argv[0]: basename "pyatc" -> "pyatc", "... -m ge.pyatc" ->
/// "python3 -m ge.pyatc", anything else -> "atc".
std::string AtcCommandName(const char *argv0);

}  // namespace ge

#endif  // GE_TOOLS_ATC_FLAGS_H_
