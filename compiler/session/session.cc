// Session implementation.
#include "session/session.h"

#include <string>
#include <utility>

#include "common/error.h"
#include "pipeline/compile_graph.h"
#include "pipeline/host_inert_options.h"
#include "python_custom_op/python_custom_ops.h"

namespace ge {
namespace runtime {
namespace {

// Gives every root Data node created without a shape the desc of the tensor fed at its index;
// returns the indices it changed.
std::vector<size_t> TakeDescsFromInputs(ComputeGraph &graph, const std::vector<GeTensor> &inputs) {
  std::vector<size_t> taken;
  for (Node *node : graph.GetDirectNodes()) {
    if (!IsRunInputType(node->GetType())) {
      continue;
    }
    const int64_t *index = node->GetOpDesc().GetAttrAs<int64_t>("index");
    const GeTensorDesc *declared = node->GetOpDesc().GetOutputDesc(0);
    if (index == nullptr || *index < 0 || static_cast<size_t>(*index) >= inputs.size() ||
        declared == nullptr || declared->IsOriginShapeInitialized()) {
      continue;
    }
    const size_t at = static_cast<size_t>(*index);
    const GeTensorDesc &fed = inputs[at].GetTensorDesc();
    OpDesc &op_desc = node->MutableOpDesc();
    for (GeTensorDesc *desc : {op_desc.MutableOutputDesc(0), op_desc.MutableInputDesc(0)}) {
      if (desc == nullptr) {
        continue;
      }
      desc->SetShape(fed.GetShape());
      desc->SetOriginShape(fed.GetShape());
      desc->SetDataType(fed.GetDataType());
      desc->SetOriginDataType(fed.GetDataType());
      desc->SetFormat(fed.GetFormat());
      desc->SetOriginFormat(fed.GetFormat());
    }
    taken.push_back(at);
  }
  return taken;
}

Status RequireInitialized(const char *api) {
  if (!GeEnvironment::IsInitialized()) {
    return Fail(std::string(api) +
                ": GE is not initialized; call GEInitialize (ge.ge_global.GeApi.ge_initialize) "
                "first");
  }
  return SUCCESS;
}

}  // namespace

Session::Session(OptionMap options) : options_(std::move(options)) {
  WarnHostInertOptions(options_, OptionSource::kSession);
}

Status Session::AddGraph(uint32_t graph_id, const ComputeGraph &graph, const OptionMap &options) {
  if (RequireInitialized("AddGraph") != SUCCESS) {
    return FAILED;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (graphs_.count(graph_id) != 0) {
    return Fail("AddGraph: graph id " + std::to_string(graph_id) +
                " is already used in this session; remove it first");
  }
  GraphEntry entry;
  entry.graph = graph.Clone();
  if (entry.graph == nullptr) {
    return Fail("AddGraph: copying graph '" + graph.GetName() + "' failed: " + GetLastError());
  }
  entry.options = options;
  graphs_.emplace(graph_id, std::move(entry));
  WarnHostInertOptions(options, OptionSource::kGraph);
  return SUCCESS;
}

Status Session::RemoveGraph(uint32_t graph_id) {
  if (RequireInitialized("RemoveGraph") != SUCCESS) {
    return FAILED;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (graphs_.erase(graph_id) == 0) {
    return Fail("RemoveGraph: graph id " + std::to_string(graph_id) +
                " was not added to this session");
  }
  return SUCCESS;
}

Status Session::Prepare(uint32_t graph_id, GraphEntry &entry, const std::vector<GeTensor> &inputs) {
  // Global < session < graph options, as GE layers them.
  OptionMap options = GeEnvironment::GetGlobalOptions();
  for (const OptionMap *layer : {&options_, &entry.options}) {
    for (const auto &item : *layer) {
      options[item.first] = item.second;
    }
  }
  // Compile a copy so a failed compile leaves the added graph untouched for a retry.
  ComputeGraphPtr compiled = entry.graph->Clone();
  const std::vector<size_t> from_inputs = TakeDescsFromInputs(*compiled, inputs);
  CompileResult result;
  const std::string what =
      "graph " + std::to_string(graph_id) + " ('" + entry.graph->GetName() + "')";
  if (CompileGraph(compiled, options, &result) != SUCCESS) {
    return Fail("compiling " + what + " failed: " + GetLastError());
  }
  ++entry.compile_count;
  std::unique_ptr<Executor> executor;
  if (Executor::Create(*compiled, &executor) != SUCCESS) {
    return Fail("planning " + what + " for the host runtime failed: " + GetLastError());
  }
  if (python_custom_op::PythonCustomOps::Instance().CheckHostExecutable(*compiled) != SUCCESS) {
    return Fail(what + " cannot run: " + GetLastError());
  }
  if (executor->CheckKernels() != SUCCESS) {
    return Fail(what + " cannot run: " + GetLastError());
  }
  entry.executor = std::move(executor);
  entry.inputs_from_first_run = from_inputs;
  return SUCCESS;
}

// The executor checks every input too; this names the cause when an input that took its desc
// from the first run gets another one.
Status Session::CheckFirstRunInputs(uint32_t graph_id, const GraphEntry &entry,
                                    const std::vector<GeTensor> &inputs) const {
  for (size_t index : entry.inputs_from_first_run) {
    const GeTensorDesc &want = entry.executor->GetInputDescs()[index];
    if (index >= inputs.size()) {
      continue;  // the executor reports the input count
    }
    const GeTensorDesc &got = inputs[index].GetTensorDesc();
    if (got.GetShape() == want.GetShape() && got.GetDataType() == want.GetDataType()) {
      continue;
    }
    return Fail("running graph " + std::to_string(graph_id) + " failed: input " +
                std::to_string(index) + " (Data node '" + entry.executor->GetInputNames()[index] +
                "') has no shape of its own and took " + want.GetShape().ToString() + " " +
                DataTypeToString(want.GetDataType()) +
                " from the tensor fed to the first run; got " + got.GetShape().ToString() + " " +
                DataTypeToString(got.GetDataType()) +
                ". The graph stays compiled for its first inputs, as in GE; give the Data node "
                "unknown dims (-1) to feed varying shapes");
  }
  return SUCCESS;
}

Status Session::RunGraph(uint32_t graph_id, const std::vector<GeTensor> &inputs,
                         std::vector<GeTensor> *outputs) {
  if (outputs == nullptr) {
    return Fail("RunGraph: outputs must not be null");
  }
  if (RequireInitialized("RunGraph") != SUCCESS) {
    return FAILED;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = graphs_.find(graph_id);
  if (it == graphs_.end()) {
    return Fail("RunGraph: graph id " + std::to_string(graph_id) +
                " was not added to this session");
  }
  GraphEntry &entry = it->second;
  if (entry.executor == nullptr && Prepare(graph_id, entry, inputs) != SUCCESS) {
    return FAILED;
  }
  if (CheckFirstRunInputs(graph_id, entry, inputs) != SUCCESS) {
    return FAILED;
  }
  if (entry.executor->Run(inputs, outputs) != SUCCESS) {
    return Fail("running graph " + std::to_string(graph_id) + " failed: " + GetLastError());
  }
  return SUCCESS;
}

size_t Session::GetCompileCount(uint32_t graph_id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = graphs_.find(graph_id);
  return it == graphs_.end() ? 0 : it->second.compile_count;
}

}  // namespace runtime
}  // namespace ge
