// The text atc --mode=6 prints for a .om file (and --display_model_info=1 after a build).
#ifndef GE_OM_OM_INFO_H_
#define GE_OM_OM_INFO_H_

#include <string>

#include "om/om_file.h"

namespace ge {

/// Multi-line description: command line, system info (producer, format version, soc_version,
/// framework), resources (node/const counts, weight bytes), sizes, inputs/outputs with
/// dtype/shape/format, op type histogram and compile options.
std::string DescribeOmModel(const OmModel &model);

}  // namespace ge

#endif  // GE_OM_OM_INFO_H_
