// The .om container: a compiled model (graph after all stages with its weights, compile options,
// platform, build metadata) in ge_py's own versioned binary format, docs/om_format.md.
#ifndef GE_OM_OM_FILE_H_
#define GE_OM_OM_FILE_H_

#include <cstdint>
#include <map>
#include <string>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

/// Format version this build writes; readers accept versions 1..kOmFormatVersion.
constexpr uint32_t kOmFormatVersion = 1;
/// The first 8 bytes of every .om file.
constexpr char kOmMagic[8] = {'G', 'E', 'P', 'Y', '_', 'O', 'M', '\0'};
constexpr uint32_t kOmHeaderSize = 64;

/// Section kinds (docs/om_format.md §3). Readers skip kinds they do not know.
enum class OmSectionKind : uint32_t {
  kModelDef = 1,        // ge_ir ModelDef bytes (the AIR encoding) of the compiled graph + weights
  kBuildInfo = 2,       // key/value: producer, producer_version, build_time, framework, ...
  kCompileOptions = 3,  // key/value: the options the model was compiled with
  kPlatform = 4,        // key/value: soc_version and the platform table entries used
};

struct OmModel {
  ComputeGraphPtr graph;
  std::map<std::string, std::string> build_info;
  std::map<std::string, std::string> compile_options;
  std::map<std::string, std::string> platform;
  /// Filled by the reader.
  uint32_t format_version = kOmFormatVersion;
  uint64_t model_def_size = 0;
  uint64_t file_size = 0;
};

/// Serializes `model` (graph required) into .om bytes.
Status SerializeOmModel(const OmModel &model, std::string *bytes);
/// Parses .om bytes. Errors name `source` and the byte offset of the bad field.
Status ParseOmModel(const std::string &bytes, const std::string &source, OmModel *model);

/// Writes `path` (parent directories are created; written through a temporary file + rename).
Status SaveOmModel(const OmModel &model, const std::string &path);
Status LoadOmModel(const std::string &path, OmModel *model);

/// True when the file at `path` starts with the .om magic.
bool IsOmFile(const std::string &path);

}  // namespace ge

#endif  // GE_OM_OM_FILE_H_
