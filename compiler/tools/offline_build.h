// The compile step shared by atc --mode=0 and ge.offline_compile: graph + compile options in, a
// compiled .om model out (the same bytes from both front ends for the same graph and options).
#ifndef GE_TOOLS_OFFLINE_BUILD_H_
#define GE_TOOLS_OFFLINE_BUILD_H_

#include <map>
#include <string>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"
#include "om/om_file.h"

namespace ge {

/// GE option key of the target soc (atc --soc_version, ir_option SOC_VERSION).
constexpr const char *kSocVersionOption = "ge.socVersion";

/// Compiles `graph` in place with `options` (ge option keys such as "ge.socVersion",
/// "ge.oo.level") through the compile pipeline (CompileGraph: pass stages, shape inference,
/// build order, per-stage graph dumps). Failures keep the pipeline's message (stage, pass).
Status BuildOfflineGraph(const ComputeGraphPtr &graph,
                         const std::map<std::string, std::string> &options);

/// Compiles `graph` in place for options[kSocVersionOption] (required; it also becomes the
/// process-wide soc_version passes see) and fills `model`: the compiled graph, the options, the
/// platform entries and the common build info (producer_version, build_time). The caller adds
/// the front-end keys (producer, framework, source_model, ...) to model->build_info.
/// build_time honours SOURCE_DATE_EPOCH so that builds can be reproducible byte for byte.
Status BuildOmModel(const ComputeGraphPtr &graph, const std::map<std::string, std::string> &options,
                    OmModel *model);

}  // namespace ge

#endif  // GE_TOOLS_OFFLINE_BUILD_H_
