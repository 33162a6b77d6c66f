// The text atc --mode=6 prints for a .om file (and --display_model_info=1 after a build).
#ifndef GE_OM_OM_INFO_H_
#define GE_OM_OM_INFO_H_

#include <cstdint>
#include <string>
#include <vector>

#include "om/om_file.h"

namespace ge {

/// Multi-line description: command line, system info (producer, format version, soc_version,
/// framework), resources (node/const counts, weight bytes), sizes, inputs/outputs with
/// dtype/shape/format, op type histogram and compile options.
std::string DescribeOmModel(const OmModel &model);

/// A bundle summary line (format version, model count, file size), then DescribeOmModel of each
/// model under a "bundle model [i]" heading.
std::string DescribeOmBundle(const std::vector<OmModel> &models, uint64_t file_size);

}  // namespace ge

#endif  // GE_OM_OM_INFO_H_
