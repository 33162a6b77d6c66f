// gert::StorageFormat: a tensor's logical (origin) format, the format of its memory layout
// (storage) and the rule that expands the origin shape for that layout.
#ifndef GE_PY_EXE_GRAPH_RUNTIME_STORAGE_FORMAT_H_
#define GE_PY_EXE_GRAPH_RUNTIME_STORAGE_FORMAT_H_

#include "exe_graph/runtime/expand_dims_type.h"
#include "graph/types.h"

namespace gert {

class StorageFormat {
 public:
  StorageFormat() = default;
  StorageFormat(ge::Format origin_format, ge::Format storage_format,
                const ExpandDimsType &expand_dims_type)
      : origin_format_(origin_format),
        storage_format_(storage_format),
        expand_dims_type_(expand_dims_type) {}

  ge::Format GetOriginFormat() const { return origin_format_; }
  ge::Format GetStorageFormat() const { return storage_format_; }
  const ExpandDimsType &GetExpandDimsType() const { return expand_dims_type_; }
  ExpandDimsType &MutableExpandDimsType() { return expand_dims_type_; }
  void SetOriginFormat(ge::Format format) { origin_format_ = format; }
  void SetStorageFormat(ge::Format format) { storage_format_ = format; }
  void SetExpandDimsType(const ExpandDimsType &expand_dims_type) {
    expand_dims_type_ = expand_dims_type;
  }

  bool operator==(const StorageFormat &other) const {
    return origin_format_ == other.origin_format_ && storage_format_ == other.storage_format_ &&
           expand_dims_type_ == other.expand_dims_type_;
  }
  bool operator!=(const StorageFormat &other) const { return !(*this == other); }

 private:
  ge::Format origin_format_ = ge::FORMAT_ND;
  ge::Format storage_format_ = ge::FORMAT_ND;
  ExpandDimsType expand_dims_type_;
};

}  // namespace gert

#endif  // GE_PY_EXE_GRAPH_RUNTIME_STORAGE_FORMAT_H_
