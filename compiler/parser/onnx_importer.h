// The ONNX front end (--framework=5): an ONNX ModelProto becomes a ComputeGraph of Ascend IR ops
// (Data / Const / mapped ops / NetOutput), following GE's parser (docs/onnx_import.md).
#ifndef GE_PARSER_ONNX_IMPORTER_H_
#define GE_PARSER_ONNX_IMPORTER_H_

#include <memory>
#include <string>
#include <string_view>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"
#include "parser/parser_options.h"

namespace ge {

/// Imports the ONNX model file at `path`. External tensor data is read from the file's directory.
/// Errors name the file and, for corrupt data, the byte offset; unsupported ops name the node,
/// op type, domain and opset.
Status ImportOnnxFile(const std::string &path, const ModelImportOptions &options,
                      ComputeGraphPtr *graph);

/// Imports serialized ModelProto `bytes`; `source` names them in errors, `model_dir` resolves
/// external data. `owner` keeps `bytes` alive: Const nodes of the graph may keep views of them
/// instead of copies (nullptr: everything is copied and `bytes` may go once this returns).
Status ImportOnnxBytes(std::string_view bytes, std::shared_ptr<const void> owner,
                       const std::string &source, const std::string &model_dir,
                       const ModelImportOptions &options, ComputeGraphPtr *graph);

}  // namespace ge

#endif  // GE_PARSER_ONNX_IMPORTER_H_
