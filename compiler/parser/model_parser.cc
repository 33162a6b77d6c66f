// Framework dispatch of the model front ends.
#include "parser/model_parser.h"

#include <map>

#include "air/air_io.h"
#include "common/error.h"
#include "parser/onnx_importer.h"

namespace ge {
namespace {

/// --input_shape / --input_format on an already-built graph (AIR): Data nodes by name.
Status ApplyInputOptions(const ModelImportOptions &options, const std::string &source,
                         ComputeGraph *graph) {
  for (const auto &entry : options.input_shapes) {
    Node *node = graph->FindNode(entry.first);
    if (node == nullptr || node->GetType() != "Data") {
      return Fail("--input_shape names '" + entry.first + "', which is not a Data node of " +
                  source);
    }
    for (GeTensorDesc *desc :
         {node->MutableOpDesc().MutableInputDesc(0), node->MutableOpDesc().MutableOutputDesc(0)}) {
      if (desc != nullptr) {
        desc->SetShape(GeShape(entry.second));
        desc->SetOriginShape(GeShape(entry.second));
      }
    }
  }
  if (!options.input_format.empty()) {
    const Format format = FormatFromString(options.input_format);
    for (Node *node : graph->GetInputNodes()) {
      for (GeTensorDesc *desc : {node->MutableOpDesc().MutableInputDesc(0),
                                 node->MutableOpDesc().MutableOutputDesc(0)}) {
        if (desc != nullptr) {
          desc->SetFormat(format);
          desc->SetOriginFormat(format);
        }
      }
    }
  }
  if (!options.out_nodes.empty()) {
    return Fail("--out_nodes is supported for ONNX models only");
  }
  return SUCCESS;
}

}  // namespace

std::string FrameworkName(int64_t framework) {
  static const std::map<int64_t, std::string> kNames = {{kFrameworkCaffe, "Caffe"},
                                                        {kFrameworkMindSpore, "MindSpore"},
                                                        {kFrameworkTensorFlow, "TensorFlow"},
                                                        {kFrameworkOnnx, "ONNX"}};
  auto it = kNames.find(framework);
  return it == kNames.end() ? std::to_string(framework) : it->second;
}

Status ParseModelFile(int64_t framework, const std::string &model_path,
                      const ModelImportOptions &options, ComputeGraphPtr *graph) {
  if (framework == kFrameworkOnnx) {
    return ImportOnnxFile(model_path, options, graph);
  }
  if (framework == kFrameworkMindSpore) {
    ComputeGraphPtr loaded;
    if (LoadGraphFromAir(model_path, &loaded) != SUCCESS) {
      return FAILED;
    }
    if (ApplyInputOptions(options, model_path, loaded.get()) != SUCCESS) {
      return FAILED;
    }
    *graph = std::move(loaded);
    return SUCCESS;
  }
  return Fail("--framework=" + std::to_string(framework) + " (" + FrameworkName(framework) +
              ") is not supported by this atc; supported: 1 (MindSpore AIR), 5 (ONNX)");
}

}  // namespace ge
