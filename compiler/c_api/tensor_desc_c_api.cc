// TensorDesc section of the C API. A TensorDesc handle is a value:
// node getters return copies and UpdateInputDesc/UpdateOutputDesc copy it back.
#include <cstdint>
#include <string>
#include <vector>

#include "c_api/c_api_arrays.h"
#include "c_handles/c_handles.h"
#include "ge/c_api/tensor_desc.h"

using ge::capi::Guard;

namespace {

bool CheckDesc(const GeTensorDescHandle *td) {
  if (td == nullptr) {
    ge::SetLastError("tensor desc handle is null");
    return false;
  }
  return true;
}

bool CheckFormat(int32_t format) {
  if (!ge::IsValidFormat(format)) {
    ge::SetLastError("invalid format value " + std::to_string(format));
    return false;
  }
  return true;
}

bool CheckDataType(int32_t dtype) {
  if (!ge::IsValidDataType(dtype)) {
    ge::SetLastError("invalid data type value " + std::to_string(dtype));
    return false;
  }
  return true;
}

}  // namespace

extern "C" {

/// A desc with `dims` (none = scalar), storage and origin format `format`, and `dtype`.
GeTensorDescHandle *GeApiWrapper_TensorDesc_Create(const int64_t *dims, size_t dim_count,
                                                   int32_t format, int32_t dtype) {
  return Guard<GeTensorDescHandle *>(nullptr, [=]() -> GeTensorDescHandle * {
    std::vector<int64_t> shape;
    if (!ge::capi::ImportDims(dims, dim_count, &shape) || !CheckFormat(format) ||
        !CheckDataType(dtype)) {
      return nullptr;
    }
    auto *handle = new GeTensorDescHandle{ge::GeTensorDesc(ge::GeShape(std::move(shape)),
                                                           static_cast<ge::Format>(format),
                                                           static_cast<ge::DataType>(dtype))};
    handle->desc.SetOriginFormat(static_cast<ge::Format>(format));
    return handle;
  });
}

void GeApiWrapper_TensorDesc_Destroy(GeTensorDescHandle *td) { delete td; }

uint32_t GeApiWrapper_TensorDesc_GetShape(const GeTensorDescHandle *td, int64_t **dims,
                                          size_t *dim_count) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (!CheckDesc(td)) {
      return ge::FAILED;
    }
    return ge::capi::ExportDims(td->desc.GetShape().GetDims(), dims, dim_count);
  });
}

uint32_t GeApiWrapper_TensorDesc_GetOriginShape(const GeTensorDescHandle *td, int64_t **dims,
                                                size_t *dim_count) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (!CheckDesc(td)) {
      return ge::FAILED;
    }
    return ge::capi::ExportDims(td->desc.GetOriginShape().GetDims(), dims, dim_count);
  });
}

uint32_t GeApiWrapper_TensorDesc_SetShape(GeTensorDescHandle *td, const int64_t *dims,
                                          size_t dim_count) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    std::vector<int64_t> shape;
    if (!CheckDesc(td) || !ge::capi::ImportDims(dims, dim_count, &shape)) {
      return ge::FAILED;
    }
    td->desc.SetShape(ge::GeShape(std::move(shape)));
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_TensorDesc_SetOriginShape(GeTensorDescHandle *td, const int64_t *dims,
                                                size_t dim_count) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    std::vector<int64_t> shape;
    if (!CheckDesc(td) || !ge::capi::ImportDims(dims, dim_count, &shape)) {
      return ge::FAILED;
    }
    td->desc.SetOriginShape(ge::GeShape(std::move(shape)));
    return ge::SUCCESS;
  });
}

int32_t GeApiWrapper_TensorDesc_GetFormat(const GeTensorDescHandle *td) {
  return CheckDesc(td) ? static_cast<int32_t>(td->desc.GetFormat()) : -1;
}

int32_t GeApiWrapper_TensorDesc_GetOriginFormat(const GeTensorDescHandle *td) {
  return CheckDesc(td) ? static_cast<int32_t>(td->desc.GetOriginFormat()) : -1;
}

int32_t GeApiWrapper_TensorDesc_GetDataType(const GeTensorDescHandle *td) {
  return CheckDesc(td) ? static_cast<int32_t>(td->desc.GetDataType()) : -1;
}

uint32_t GeApiWrapper_TensorDesc_SetFormat(GeTensorDescHandle *td, int32_t format) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (!CheckDesc(td) || !CheckFormat(format)) {
      return ge::FAILED;
    }
    td->desc.SetFormat(static_cast<ge::Format>(format));
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_TensorDesc_SetOriginFormat(GeTensorDescHandle *td, int32_t format) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (!CheckDesc(td) || !CheckFormat(format)) {
      return ge::FAILED;
    }
    td->desc.SetOriginFormat(static_cast<ge::Format>(format));
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_TensorDesc_SetDataType(GeTensorDescHandle *td, int32_t dtype) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (!CheckDesc(td) || !CheckDataType(dtype)) {
      return ge::FAILED;
    }
    td->desc.SetDataType(static_cast<ge::DataType>(dtype));
    return ge::SUCCESS;
  });
}

}  // extern "C"
