// TensorDesc functions of the C API (GE's ge.graph.TensorDesc, a value). Formats and data types
// are GE's Format / DataType numbers. Defined in compiler/c_api/tensor_desc_c_api.cc.
#ifndef GE_C_API_TENSOR_DESC_H_
#define GE_C_API_TENSOR_DESC_H_

#include <stddef.h>
#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A new desc with `dims` (none: a scalar), storage and origin format `format` and `dtype`; free
/// with GeApiWrapper_TensorDesc_Destroy.
GeTensorDescHandle *GeApiWrapper_TensorDesc_Create(const int64_t *dims, size_t dim_count,
                                                   int32_t format, int32_t dtype);
void GeApiWrapper_TensorDesc_Destroy(GeTensorDescHandle *td);
/// *dims = a malloc'd array of *dim_count dims, NULL for a scalar (free with
/// GeApiWrapper_Tensor_FreeDimsArray).
uint32_t GeApiWrapper_TensorDesc_GetShape(const GeTensorDescHandle *td, int64_t **dims,
                                          size_t *dim_count);
/// As GetShape, for the origin shape.
uint32_t GeApiWrapper_TensorDesc_GetOriginShape(const GeTensorDescHandle *td, int64_t **dims,
                                                size_t *dim_count);
uint32_t GeApiWrapper_TensorDesc_SetShape(GeTensorDescHandle *td, const int64_t *dims,
                                          size_t dim_count);
uint32_t GeApiWrapper_TensorDesc_SetOriginShape(GeTensorDescHandle *td, const int64_t *dims,
                                                size_t dim_count);
/// The getters return -1 for NULL.
int32_t GeApiWrapper_TensorDesc_GetFormat(const GeTensorDescHandle *td);
int32_t GeApiWrapper_TensorDesc_GetOriginFormat(const GeTensorDescHandle *td);
int32_t GeApiWrapper_TensorDesc_GetDataType(const GeTensorDescHandle *td);
uint32_t GeApiWrapper_TensorDesc_SetFormat(GeTensorDescHandle *td, int32_t format);
uint32_t GeApiWrapper_TensorDesc_SetOriginFormat(GeTensorDescHandle *td, int32_t format);
uint32_t GeApiWrapper_TensorDesc_SetDataType(GeTensorDescHandle *td, int32_t dtype);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_TENSOR_DESC_H_
