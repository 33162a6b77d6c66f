// Graph section of the C API. A GeGraphHandle shares the graph body,
// so handles returned for subgraphs see the same graph as the root's registry.
#include <cstdint>
#include <string>
#include <vector>

#include "air/air_io.h"
#include "c_api/c_api_arrays.h"
#include "c_handles/c_handles.h"
#include "dump/graph_dump.h"
#include "ge/c_api/graph.h"

using ge::capi::Guard;

namespace {

bool CheckString(const char *text, const char *what) {
  if (text == nullptr) {
    ge::SetLastError(std::string(what) + " is null");
    return false;
  }
  return true;
}

/// The graph that owns `node` when it is `graph` itself or one of its subgraphs, so edits through
/// the root handle also reach nodes of registered subgraphs; nullptr (with an error) otherwise.
ge::ComputeGraph *ResolveOwner(ge::ComputeGraph *graph, const ge::Node &node, const char *role) {
  ge::ComputeGraph *owner = node.GetOwnerGraph();
  if (owner == graph || (owner != nullptr && owner->GetRootGraph() == graph)) {
    return owner;
  }
  ge::SetLastError(std::string(role) + " node '" + node.GetName() + "' does not belong to graph '" +
                   graph->GetName() + "'");
  return nullptr;
}

bool ToDumpFormat(int32_t format, ge::GraphDumpFormat *out) {
  if (format < static_cast<int32_t>(ge::GraphDumpFormat::kOnnx) ||
      format > static_cast<int32_t>(ge::GraphDumpFormat::kReadable)) {
    ge::SetLastError("invalid dump format " + std::to_string(format) +
                     " (expected 0 onnx, 1 txt or 2 readable)");
    return false;
  }
  *out = static_cast<ge::GraphDumpFormat>(format);
  return true;
}

/// Shared body of RemoveEdge and AddDataEdge: resolves both nodes to one owning graph.
template <typename F>
uint32_t WithEdgeEnds(GeGraphHandle *g, const GeNodeHandle *src, const GeNodeHandle *dst, F &&op) {
  ge::ComputeGraph *graph = ge::capi::GetGraph(g);
  if (graph == nullptr) {
    return ge::FAILED;
  }
  ge::NodePtr src_node = ge::capi::LockNode(src);
  if (src_node == nullptr) {
    return ge::FAILED;
  }
  ge::NodePtr dst_node = ge::capi::LockNode(dst);
  if (dst_node == nullptr) {
    return ge::FAILED;
  }
  ge::ComputeGraph *owner = ResolveOwner(graph, *src_node, "source");
  if (owner == nullptr || ResolveOwner(graph, *dst_node, "destination") == nullptr) {
    return ge::FAILED;
  }
  return op(owner, src_node.get(), dst_node.get());
}

}  // namespace

extern "C" {

GeGraphHandle *GeApiWrapper_Graph_CreateGraph(const char *name) {
  return Guard<GeGraphHandle *>(nullptr, [name]() -> GeGraphHandle * {
    if (!CheckString(name, "graph name")) {
      return nullptr;
    }
    return new GeGraphHandle{std::make_shared<ge::ComputeGraph>(name)};
  });
}

void GeApiWrapper_Graph_DestroyGraph(GeGraphHandle *g) {
  Guard<int>(0, [g] {
    delete g;
    return 0;
  });
}

void GeApiWrapper_Graph_FreeGraphArray(GeGraphHandle **graphs) { delete[] graphs; }

char *GeApiWrapper_Graph_GetName(const GeGraphHandle *g) {
  return Guard<char *>(nullptr, [g]() -> char * {
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    return graph == nullptr ? nullptr : ge::capi::DupString(graph->GetName());
  });
}

GeNodeHandle **GeApiWrapper_Graph_GetAllNodes(const GeGraphHandle *g, size_t *count) {
  return Guard<GeNodeHandle **>(nullptr, [g, count]() -> GeNodeHandle ** {
    if (count == nullptr) {
      ge::SetLastError("node count pointer is null");
      return nullptr;
    }
    *count = 0;
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    return graph == nullptr ? nullptr : ge::capi::NewNodeHandleArray(graph->GetAllNodes(), count);
  });
}

GeNodeHandle **GeApiWrapper_Graph_GetDirectNode(const GeGraphHandle *g, size_t *count) {
  return Guard<GeNodeHandle **>(nullptr, [g, count]() -> GeNodeHandle ** {
    if (count == nullptr) {
      ge::SetLastError("node count pointer is null");
      return nullptr;
    }
    *count = 0;
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    return graph == nullptr ? nullptr
                            : ge::capi::NewNodeHandleArray(graph->GetDirectNodes(), count);
  });
}

uint32_t GeApiWrapper_Graph_GetAttr(const GeGraphHandle *g, const char *key,
                                    GeAttrValueHandle *av) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    if (graph == nullptr || !CheckString(key, "attribute key")) {
      return ge::FAILED;
    }
    if (av == nullptr) {
      return ge::Fail("attr value handle is null");
    }
    const ge::GeAttrValue *value = graph->GetAttr(key);
    if (value == nullptr) {
      return ge::Fail("graph '" + graph->GetName() + "' has no attribute '" + key + "'");
    }
    av->value = *value;
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_Graph_SetAttr(GeGraphHandle *g, const char *key,
                                    const GeAttrValueHandle *av) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    if (graph == nullptr || !CheckString(key, "attribute key")) {
      return ge::FAILED;
    }
    if (av == nullptr) {
      return ge::Fail("attr value handle is null");
    }
    graph->SetAttr(key, av->value);
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_Graph_Dump_To_File(const GeGraphHandle *g, int32_t format,
                                         const char *suffix) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    ge::GraphDumpFormat dump_format = ge::GraphDumpFormat::kReadable;
    if (graph == nullptr || !ToDumpFormat(format, &dump_format)) {
      return ge::FAILED;
    }
    return ge::DumpGraphToFile(*graph, dump_format, suffix == nullptr ? "" : suffix, nullptr);
  });
}

char *GeApiWrapper_Graph_Dump_To_Stream(const GeGraphHandle *g, int32_t format) {
  return Guard<char *>(nullptr, [=]() -> char * {
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    ge::GraphDumpFormat dump_format = ge::GraphDumpFormat::kReadable;
    if (graph == nullptr || !ToDumpFormat(format, &dump_format)) {
      return nullptr;
    }
    std::string text;
    if (ge::DumpGraphToString(*graph, dump_format, &text) != ge::SUCCESS) {
      return nullptr;
    }
    return ge::capi::DupString(text);
  });
}

/// Kept for ABI compatibility with GE (unused by the Python layer): an ONNX-style dump with
/// `suffix`. `path` is ignored: the dump directory comes from DUMP_GRAPH_PATH as for every dump.
uint32_t GeApiWrapper_Graph_Dump_To_Onnx(const GeGraphHandle *g, const char *path,
                                         const char *suffix) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    if (graph == nullptr) {
      return ge::FAILED;
    }
    return ge::DumpGraphToFile(*graph, ge::GraphDumpFormat::kOnnx, suffix == nullptr ? "" : suffix,
                               nullptr);
  });
}

uint32_t GeApiWrapper_Graph_SaveToAir(const GeGraphHandle *g, const char *path) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (ge::capi::GetGraph(g) == nullptr || !CheckString(path, "AIR file path")) {
      return ge::FAILED;
    }
    return ge::SaveGraphToAir(g->graph, path);
  });
}

/// Replaces the body behind this handle with the loaded graph. Other handles that shared the old
/// body (e.g. from get_subgraph or borrowed views) keep seeing the old body, and node handles of
/// the old body stay valid for as long as something still holds it.
uint32_t GeApiWrapper_Graph_LoadFromAir(GeGraphHandle *g, const char *path) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (ge::capi::GetGraph(g) == nullptr || !CheckString(path, "AIR file path")) {
      return ge::FAILED;
    }
    ge::ComputeGraphPtr loaded;
    if (ge::LoadGraphFromAir(path, &loaded) != ge::SUCCESS) {
      return ge::FAILED;
    }
    if (loaded == nullptr) {
      return ge::Fail(std::string("loading AIR file '") + path + "' produced no graph");
    }
    g->graph = std::move(loaded);
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_Graph_RemoveNode(GeGraphHandle *g, const GeNodeHandle *n) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    if (graph == nullptr) {
      return ge::FAILED;
    }
    ge::NodePtr node = ge::capi::LockNode(n);
    if (node == nullptr) {
      return ge::FAILED;
    }
    ge::ComputeGraph *owner = ResolveOwner(graph, *node, "removed");
    return owner == nullptr ? ge::FAILED : owner->RemoveNode(node.get());
  });
}

/// Ports -1/-1 remove the control edge src -> dst, as in GE.
uint32_t GeApiWrapper_Graph_RemoveEdge(GeGraphHandle *g, const GeNodeHandle *src, int32_t src_port,
                                       const GeNodeHandle *dst, int32_t dst_port) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    return WithEdgeEnds(g, src, dst, [=](ge::ComputeGraph *owner, ge::Node *s, ge::Node *d) {
      if (src_port == -1 && dst_port == -1) {
        return owner->RemoveControlEdge(s, d);
      }
      return owner->RemoveDataEdge(s, src_port, d, dst_port);
    });
  });
}

uint32_t GeApiWrapper_Graph_AddDataEdge(GeGraphHandle *g, const GeNodeHandle *src, int32_t src_port,
                                        const GeNodeHandle *dst, int32_t dst_port) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    return WithEdgeEnds(g, src, dst, [=](ge::ComputeGraph *owner, ge::Node *s, ge::Node *d) {
      return owner->AddDataEdge(s, src_port, d, dst_port);
    });
  });
}

uint32_t GeApiWrapper_Graph_AddControlEdge(GeGraphHandle *g, const GeNodeHandle *src,
                                           const GeNodeHandle *dst) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    return WithEdgeEnds(g, src, dst, [](ge::ComputeGraph *owner, ge::Node *s, ge::Node *d) {
      return owner->AddControlEdge(s, d);
    });
  });
}

/// Looks the name up among the top-level nodes, then among nodes of subgraphs.
uint32_t GeApiWrapper_Graph_FindNodeByName(const GeGraphHandle *g, const char *name,
                                           GeNodeHandle **out) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    if (graph == nullptr || !CheckString(name, "node name")) {
      return ge::FAILED;
    }
    if (out == nullptr) {
      return ge::Fail("output node pointer is null");
    }
    *out = nullptr;
    ge::Node *node = graph->FindNode(name);
    if (node == nullptr) {
      for (ge::Node *candidate : graph->GetAllNodes()) {
        if (candidate->GetName() == name) {
          node = candidate;
          break;
        }
      }
    }
    if (node == nullptr) {
      return ge::Fail("graph '" + graph->GetName() + "' has no node named '" + name + "'");
    }
    *out = new GeNodeHandle{node->shared_from_this()};
    return ge::SUCCESS;
  });
}

GeGraphHandle **GeApiWrapper_Graph_GetAllSubgraphs(const GeGraphHandle *g, size_t *count) {
  return Guard<GeGraphHandle **>(nullptr, [=]() -> GeGraphHandle ** {
    if (count == nullptr) {
      ge::SetLastError("subgraph count pointer is null");
      return nullptr;
    }
    *count = 0;
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    if (graph == nullptr) {
      return nullptr;
    }
    const std::vector<ge::ComputeGraphPtr> &subgraphs = graph->GetRootGraph()->GetAllSubgraphs();
    if (subgraphs.empty()) {
      return nullptr;
    }
    std::vector<std::unique_ptr<GeGraphHandle>> handles;
    for (const ge::ComputeGraphPtr &sub : subgraphs) {
      handles.emplace_back(new GeGraphHandle{sub});
    }
    auto **array = new GeGraphHandle *[handles.size()];
    for (size_t i = 0; i < handles.size(); ++i) {
      array[i] = handles[i].release();
    }
    *count = handles.size();
    return array;
  });
}

GeGraphHandle *GeApiWrapper_Graph_GetSubGraph(const GeGraphHandle *g, const char *name) {
  return Guard<GeGraphHandle *>(nullptr, [=]() -> GeGraphHandle * {
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    if (graph == nullptr || !CheckString(name, "subgraph name")) {
      return nullptr;
    }
    ge::ComputeGraphPtr sub = graph->GetRootGraph()->GetSubgraph(name);
    if (sub == nullptr) {
      ge::SetLastError("graph '" + graph->GetName() + "' has no subgraph named '" + name + "'");
      return nullptr;
    }
    return new GeGraphHandle{sub};
  });
}

uint32_t GeApiWrapper_Graph_AddSubGraph(GeGraphHandle *g, const GeGraphHandle *subgraph) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    if (graph == nullptr) {
      return ge::FAILED;
    }
    if (subgraph == nullptr || subgraph->graph == nullptr) {
      return ge::Fail("subgraph handle is null");
    }
    return graph->GetRootGraph()->AddSubgraph(subgraph->graph);
  });
}

uint32_t GeApiWrapper_Graph_RemoveSubgraph(GeGraphHandle *g, const char *name) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::ComputeGraph *graph = ge::capi::GetGraph(g);
    if (graph == nullptr || !CheckString(name, "subgraph name")) {
      return ge::FAILED;
    }
    return graph->GetRootGraph()->RemoveSubgraph(name);
  });
}

}  // extern "C"
