// Per-soc_version platform tables (compiler/data/platform/<soc>.json, installed to
// ge_compiler/data/platform): core counts and the op types and dtypes AICore supports.
// Format and search order: docs/platform_tables.md.
#ifndef GE_OPS_PLATFORM_INFO_H_
#define GE_OPS_PLATFORM_INFO_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/json.h"
#include "ge/ge_error_codes.h"
#include "graph/node.h"

namespace ge {

class PlatformInfo {
 public:
  /// The table of `soc_version`, loaded once per process and cached. Fails naming the file (or
  /// the directories searched) when absent or malformed.
  static Status Load(const std::string &soc_version, std::shared_ptr<const PlatformInfo> *info);
  /// Parses a table from JSON text; `source` names it in error messages.
  static Status Parse(const std::string &text, const std::string &source,
                      std::shared_ptr<const PlatformInfo> *info);

  const std::string &GetSocVersion() const { return soc_version_; }
  const std::string &GetShortSocVersion() const { return short_soc_version_; }
  int64_t GetAiCoreCount() const { return ai_core_count_; }
  int64_t GetVectorCoreCount() const { return vector_core_count_; }
  int64_t GetAiCpuCount() const { return ai_cpu_count_; }
  /// Every member of the table (for facts without a getter).
  const JsonValue &GetRaw() const { return raw_; }

  bool IsOpTypeSupported(const std::string &op_type) const;
  /// Supported dtypes of an AICore op type (empty when the type is not supported).
  const std::vector<DataType> &GetSupportedDtypes(const std::string &op_type) const;
  /// True when the op type is in the AICore table and every data input/output dtype of `op_desc`
  /// is one it accepts; otherwise false with a reason naming the node, type, port and soc.
  /// Inputs marked false in `connected` (absent optional inputs) and index-like inputs (whose
  /// prototype accepts only int32/int64: axes, perm, shape, ...) are not dtype-checked.
  bool CheckSupport(const OpDesc &op_desc, const std::vector<bool> &connected,
                    std::string *reason) const;

 private:
  std::string soc_version_;
  std::string short_soc_version_;
  int64_t ai_core_count_ = 0;
  int64_t vector_core_count_ = 0;
  int64_t ai_cpu_count_ = 0;
  std::map<std::string, std::vector<DataType>> aicore_ops_;
  JsonValue raw_;
};

/// Directories searched for <soc>.json, in order: $GE_PY_PLATFORM_DIR; ../data/platform next to
/// libge_compiler.so; the source tree's compiler/data/platform (development builds).
std::vector<std::string> GetPlatformSearchDirs();
/// soc_versions with a table in the first search directory that has any.
std::vector<std::string> ListSocVersions();

/// Process-wide soc_version used by CheckNodeSupportOnAicore (default "Ascend910B1"). Setting
/// it fails when no table for it can be loaded.
Status SetCurrentSocVersion(const std::string &soc_version);
std::string GetCurrentSocVersion();

/// Checks a node against the current soc's AICore table.
Status CheckNodeSupportOnAicore(const Node &node, bool *supported, std::string *reason);

}  // namespace ge

#endif  // GE_OPS_PLATFORM_INFO_H_
