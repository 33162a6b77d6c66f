// ge.parser.parse_onnx over the ONNX importer (GE's aclgrphParseONNX, named like the wrapper API).
#include <string>

#include "c_handles/c_handles.h"
#include "ge/c_api/parser.h"
#include "parser/model_parser.h"
#include "parser/parser_options.h"

using ge::Fail;
using ge::capi::Guard;

namespace {

constexpr const char *kSupportedParams = "input_format, input_shape, out_nodes";

ge::Status ApplyParam(const std::string &key, const std::string &value,
                      ge::ModelImportOptions *options) {
  if (key == "input_format") {
    options->input_format = value;
    return ge::SUCCESS;
  }
  if (key == "input_shape") {
    return ge::ParseInputShapeOption(value, &options->input_shapes);
  }
  if (key == "out_nodes") {
    return ge::ParseOutNodesOption(value, &options->out_nodes);
  }
  return Fail("unknown parser param '" + key + "' (supported: " + kSupportedParams + ")");
}

}  // namespace

extern "C" {

GeGraphHandle *GeApiWrapper_Parser_ParseOnnx(const char *model_path, const char **keys,
                                             const char **values, int size) {
  return Guard<GeGraphHandle *>(nullptr, [&]() -> GeGraphHandle * {
    if (model_path == nullptr) {
      Fail("ParseOnnx: model_path is NULL");
      return nullptr;
    }
    const std::string path = model_path;
    const std::string prefix = "parsing ONNX model '" + path + "' failed: ";
    if (size < 0 || (size > 0 && (keys == nullptr || values == nullptr))) {
      Fail(prefix + "invalid parser params (count " + std::to_string(size) + ")");
      return nullptr;
    }
    ge::ModelImportOptions options;
    for (int i = 0; i < size; ++i) {
      if (keys[i] == nullptr || values[i] == nullptr) {
        Fail(prefix + "parser param " + std::to_string(i) + " has a NULL key or value");
        return nullptr;
      }
      if (ApplyParam(keys[i], values[i], &options) != ge::SUCCESS) {
        Fail(prefix + ge::GetLastError());
        return nullptr;
      }
    }
    ge::ComputeGraphPtr graph;
    if (ge::ParseModelFile(ge::kFrameworkOnnx, path, options, &graph) != ge::SUCCESS) {
      const std::string reason = ge::GetLastError();
      // The importer usually names the file already; add it only when it does not.
      Fail(reason.find(path) == std::string::npos ? prefix + reason : reason);
      return nullptr;
    }
    return new GeGraphHandle{graph};
  });
}

}  // extern "C"
