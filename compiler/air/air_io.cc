#include "air/air_io.h"

#include "common/error.h"

namespace ge {

Status SaveGraphToAir(const ComputeGraphPtr &graph, const std::string &path) {
  return Fail("SaveGraphToAir(" + path + "): AIR writing is not implemented yet");
}

Status LoadGraphFromAir(const std::string &path, ComputeGraphPtr *graph) {
  return Fail("LoadGraphFromAir(" + path + "): AIR reading is not implemented yet");
}

Status SerializeGraphToModelDef(const ComputeGraphPtr &graph, std::string *bytes) {
  return Fail("SerializeGraphToModelDef: not implemented yet");
}

Status ParseModelDef(const std::string &bytes, const std::string &source_name,
                     ComputeGraphPtr *graph) {
  return Fail(source_name + ": ModelDef parsing is not implemented yet");
}

}  // namespace ge
