#include "dump/graph_dump.h"

#include "air/model_def_writer.h"
#include "common/error.h"
#include "dump/dump_policy.h"
#include "dump/ge_ir_text.h"
#include "dump/onnx_dump.h"
#include "dump/readable_dump.h"

namespace ge {

Status DumpGraphToString(const ComputeGraph &graph, GraphDumpFormat format, std::string *text) {
  if (text == nullptr) {
    return Fail("DumpGraphToString: output text is null");
  }
  // Explicit dumps follow DUMP_GE_GRAPH's content level when it is set, and are complete otherwise.
  const int level = GetDumpContentLevel() == 0 ? 1 : GetDumpContentLevel();
  try {
    switch (format) {
      case GraphDumpFormat::kTxt: {
        ModelDefWriteOptions options;
        options.txt_peer_index = true;
        options.strip_weights = level >= 2;
        std::string bytes;
        if (SerializeModelDef(graph, options, &bytes) != SUCCESS) {
          return FAILED;
        }
        *text = ModelDefBytesToText(bytes);
        return SUCCESS;
      }
      case GraphDumpFormat::kOnnx: *text = GraphToOnnxText(graph, level); return SUCCESS;
      case GraphDumpFormat::kReadable: *text = GraphToReadableText(graph); return SUCCESS;
    }
  } catch (const GeException &e) {
    return Fail("dumping graph '" + graph.GetName() + "' failed: " + e.what());
  }
  return Fail("unknown graph dump format " + std::to_string(static_cast<int32_t>(format)) +
              " (expected 0 onnx, 1 txt or 2 readable)");
}

Status DumpGraphToFile(const ComputeGraph &graph, GraphDumpFormat format, const std::string &suffix,
                       std::string *written_path) {
  std::string text;
  if (DumpGraphToString(graph, format, &text) != SUCCESS) {
    return FAILED;
  }
  DumpFileKind kind = DumpFileKind::kReadable;
  if (format == GraphDumpFormat::kTxt) {
    kind = DumpFileKind::kGeProto;
  } else if (format == GraphDumpFormat::kOnnx) {
    kind = DumpFileKind::kOnnx;
  }
  return WriteDumpFile(kind, graph, suffix, text, written_path);
}

}  // namespace ge
