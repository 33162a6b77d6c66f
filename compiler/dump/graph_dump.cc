#include "dump/graph_dump.h"

#include "common/error.h"

namespace ge {

Status DumpGraphToString(const ComputeGraph &graph, GraphDumpFormat format, std::string *text) {
  return Fail("DumpGraphToString: graph dumps are not implemented yet");
}

Status DumpGraphToFile(const ComputeGraph &graph, GraphDumpFormat format, const std::string &suffix,
                       std::string *written_path) {
  return Fail("DumpGraphToFile: graph dumps are not implemented yet");
}

}  // namespace ge
