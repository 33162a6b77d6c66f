// Front-end dispatch by --framework: ONNX (5) through the ONNX importer, MindSpore AIR (1)
// through the AIR reader.
#ifndef GE_PARSER_MODEL_PARSER_H_
#define GE_PARSER_MODEL_PARSER_H_

#include <cstdint>
#include <string>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"
#include "parser/parser_options.h"

namespace ge {

constexpr int64_t kFrameworkCaffe = 0;
constexpr int64_t kFrameworkMindSpore = 1;
constexpr int64_t kFrameworkTensorFlow = 3;
constexpr int64_t kFrameworkOnnx = 5;

/// "Caffe", "MindSpore", "TensorFlow", "ONNX" or the number.
std::string FrameworkName(int64_t framework);

/// Reads `model_path` as a model of `framework` into a new graph, applying `options`.
Status ParseModelFile(int64_t framework, const std::string &model_path,
                      const ModelImportOptions &options, ComputeGraphPtr *graph);

}  // namespace ge

#endif  // GE_PARSER_MODEL_PARSER_H_
