// GeUtils C API: whole-graph shape inference and the AICore
// support check, plus the process-wide soc_version the check uses.
#include "c_handles/c_handles.h"
#include "ge/c_api/utils.h"
#include "ops/graph_shape_inference.h"
#include "ops/platform_info.h"

namespace {
constexpr uint32_t kFailed = 0xFFFFFFFFU;
}  // namespace

extern "C" {

/// Infers every shape of graph `g`. The input shapes come flattened: shape i has ranks[i] dims,
/// taken in order from `dims` (Σ ranks must equal n_dims). 0 on success.
uint32_t GeApiWrapper_GeUtils_InferShape(GeGraphHandle *g, const int64_t *dims, size_t n_dims,
                                         const size_t *ranks, size_t n_shapes) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    if (graph == nullptr) {
      return kFailed;
    }
    if ((n_dims > 0 && dims == nullptr) || (n_shapes > 0 && ranks == nullptr)) {
      ge::SetLastError("GeUtils_InferShape: dims or ranks array is null");
      return kFailed;
    }
    size_t total = 0;
    for (size_t i = 0; i < n_shapes; ++i) {
      if (ranks[i] > n_dims - total || total > n_dims) {
        total = n_dims + 1;
        break;
      }
      total += ranks[i];
    }
    if (total != n_dims) {
      ge::SetLastError("GeUtils_InferShape: the ranks of the " + std::to_string(n_shapes) +
                       " input shapes do not add up to the " + std::to_string(n_dims) +
                       " dims given");
      return kFailed;
    }
    std::vector<std::vector<int64_t>> shapes(n_shapes);
    size_t offset = 0;
    for (size_t i = 0; i < n_shapes; ++i) {
      shapes[i].assign(dims + offset, dims + offset + ranks[i]);
      offset += ranks[i];
    }
    return ge::InferGraphShape(*graph, shapes);
  });
}

/// *supported = whether node `n` can run on AICore of the current soc_version; when not and
/// `reason` is given, *reason = a malloc'd explanation (free with GeApiWrapper_GeUtils_FreeString).
uint32_t GeApiWrapper_GeUtils_CheckNodeSupportOnAicore(GeNodeHandle *n, bool *supported,
                                                       char **reason) {
  if (reason != nullptr) {
    *reason = nullptr;
  }
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (supported == nullptr) {
      ge::SetLastError("GeUtils_CheckNodeSupportOnAicore: result pointer is null");
      return kFailed;
    }
    std::shared_ptr<ge::Node> node = ge::capi::LockNode(n);
    if (node == nullptr) {
      return kFailed;
    }
    std::string text;
    bool result = false;
    if (ge::CheckNodeSupportOnAicore(*node, &result, &text) != ge::SUCCESS) {
      return kFailed;
    }
    *supported = result;
    if (reason != nullptr && !text.empty()) {
      *reason = ge::capi::DupString(text);
    }
    return ge::SUCCESS;
  });
}

void GeApiWrapper_GeUtils_FreeString(char *text) { std::free(text); }

/// Sets the soc_version used by the AICore check (fails when it has no platform table).
uint32_t GeApiWrapper_GeUtils_SetSocVersion(const char *soc_version) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (soc_version == nullptr) {
      ge::SetLastError("GeUtils_SetSocVersion: soc_version is null");
      return kFailed;
    }
    return ge::SetCurrentSocVersion(soc_version);
  });
}

/// The current soc_version (malloc'd; free with GeApiWrapper_GeUtils_FreeString).
char *GeApiWrapper_GeUtils_GetSocVersion() {
  return ge::capi::Guard<char *>(
      nullptr, [&]() -> char * { return ge::capi::DupString(ge::GetCurrentSocVersion()); });
}

}  // extern "C"
