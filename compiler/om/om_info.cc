// atc --mode=6 output.
#include "om/om_info.h"

#include <map>
#include <sstream>

#include "om/om_bundle.h"

namespace ge {
namespace {

std::string Lookup(const std::map<std::string, std::string> &values, const std::string &key) {
  auto it = values.find(key);
  return it == values.end() ? "" : it->second;
}

std::string DescText(const GeTensorDesc *desc) {
  if (desc == nullptr) {
    return "(no desc)";
  }
  return DataTypeToString(desc->GetDataType()) + " " + desc->GetShape().ToString() + " " +
         FormatToString(desc->GetFormat());
}

}  // namespace

std::string DescribeOmModel(const OmModel &model) {
  const ComputeGraph &graph = *model.graph;
  int64_t weight_bytes = 0;
  int64_t const_count = 0;
  std::map<std::string, int64_t> op_types;
  const std::vector<Node *> nodes = graph.GetAllNodes();
  for (Node *node : nodes) {
    ++op_types[node->GetType()];
    if (node->GetType() == "Const") {
      ++const_count;
      if (const GeTensor *value = node->GetOpDesc().GetAttrAs<GeTensor>("value")) {
        weight_bytes += static_cast<int64_t>(value->GetSize());
      }
    }
  }
  std::ostringstream out;
  out << "============ Display Model Info start ============\n";
  out << "Original Atc command line: " << Lookup(model.build_info, "atc_command_line") << "\n";
  out << "system   info: producer[" << Lookup(model.build_info, "producer") << " "
      << Lookup(model.build_info, "producer_version") << "], om_format_version["
      << model.format_version << "], soc_version[" << Lookup(model.platform, "soc_version")
      << "], framework_type[" << Lookup(model.build_info, "framework") << "], build_time["
      << Lookup(model.build_info, "build_time") << "]\n";
  out << "resource info: node_num[" << nodes.size() << "], const_num[" << const_count
      << "], weight_size[" << weight_bytes << "] B, subgraph_num[" << graph.GetAllSubgraphs().size()
      << "]\n";
  out << "om       info: file_size[" << model.file_size << "] B, modeldef_size["
      << model.model_def_size << "] B, graph_name[" << graph.GetName() << "], source_model["
      << Lookup(model.build_info, "source_model") << "]\n";
  for (Node *input : graph.GetInputNodes()) {
    const GeAttrValue *index = input->GetOpDesc().GetAttr("index");
    out << "input  [" << (index != nullptr && index->Get<int64_t>() ? *index->Get<int64_t>() : 0)
        << "]: " << input->GetName() << " " << DescText(input->GetOpDesc().GetOutputDesc(0))
        << "\n";
  }
  size_t output_index = 0;
  for (const auto &output : graph.GetOutputs()) {
    out << "output [" << output_index++ << "]: " << output.first->GetName() << ":" << output.second
        << " "
        << DescText(output.first->GetOpDesc().GetOutputDesc(static_cast<size_t>(output.second)))
        << "\n";
  }
  out << "op types:";
  for (const auto &entry : op_types) {
    out << " " << entry.first << "[" << entry.second << "]";
  }
  out << "\n";
  if (!model.compile_options.empty()) {
    out << "compile options:";
    for (const auto &kv : model.compile_options) {
      out << " " << kv.first << "=" << kv.second << ";";
    }
    out << "\n";
  }
  out << "============ Display Model Info end   ============\n";
  return out.str();
}

std::string DescribeOmBundle(const std::vector<OmModel> &models, uint64_t file_size) {
  std::ostringstream out;
  out << "============ Display Bundle Info start ============\n";
  out << "bundle   info: om_bundle_format_version[" << kOmBundleFormatVersion << "], model_num["
      << models.size() << "], file_size[" << file_size << "] B\n";
  out << "============ Display Bundle Info end   ============\n";
  for (size_t i = 0; i < models.size(); ++i) {
    out << "bundle model [" << i << "]:\n" << DescribeOmModel(models[i]);
  }
  return out.str();
}

}  // namespace ge
