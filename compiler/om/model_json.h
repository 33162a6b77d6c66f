// JSON rendering of a graph and of a loaded .om model (atc --mode=1).
#ifndef GE_OM_MODEL_JSON_H_
#define GE_OM_MODEL_JSON_H_

#include <string>
#include <vector>

#include "graph/compute_graph.h"
#include "om/om_file.h"

namespace ge {

/// The graph (and its subgraphs) as JSON in the shape of a ge_ir ModelDef: {"name", "graph":
/// [{"name", "input", "output", "op": [{"name", "type", "input", "attr", "input_desc",
/// "output_desc"}]}]}. Tensor attributes show dtype/shape/byte size, not their data.
std::string GraphToJson(const ComputeGraph &graph);

/// GraphToJson plus "om": {format_version, build_info, compile_options, platform}.
std::string OmModelToJson(const OmModel &model);

/// {"bundle": {"format_version", "models": [OmModelToJson of each model, as objects]}}.
std::string OmBundleToJson(const std::vector<OmModel> &models);

}  // namespace ge

#endif  // GE_OM_MODEL_JSON_H_
