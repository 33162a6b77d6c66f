// Tensor functions of the C API (GE's ge.graph.Tensor, a value plus its placement), and the
// runtime library's tensor functions (placement moves, raw bytes). Defined in
// compiler/c_api/tensor_c_api.cc and, for the runtime part, compiler/c_api/session_c_api.cc.
#ifndef GE_C_API_TENSOR_H_
#define GE_C_API_TENSOR_H_

#include <stddef.h>
#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A new empty host tensor ([], ND, FLOAT, no data); free with
/// GeApiWrapper_Tensor_DestroyEsCTensor.
GeTensorHandle *GeApiWrapper_Tensor_CreateTensor(void);
/// A new host tensor of `dtype` and `dims` over a copy of `size` bytes, which must be the
/// tensor's storage size (packed sub-byte types included, docs/runtime.md "Data types"). NULL,
/// with the error text set, for a dtype without a fixed storage size or a size mismatch.
GeTensorHandle *GeApiWrapper_Tensor_CreateFromBytes(const void *data, size_t size,
                                                    const int64_t *dims, size_t dim_count,
                                                    int32_t dtype, int32_t format);
/// Frees any tensor handle of the C API (created here, by EsCreateEsCTensor*, or returned).
void GeApiWrapper_Tensor_DestroyEsCTensor(GeTensorHandle *t);
/// The value is passed by pointer, as in GE.
uint32_t GeApiWrapper_Tensor_SetFormat(GeTensorHandle *t, const int32_t *format);
/// The value is passed by pointer, as in GE.
uint32_t GeApiWrapper_Tensor_SetDataType(GeTensorHandle *t, const int32_t *dtype);
/// The getters return -1 for NULL.
int32_t GeApiWrapper_Tensor_GetFormat(const GeTensorHandle *t);
int32_t GeApiWrapper_Tensor_GetDataType(const GeTensorHandle *t);
/// 0 host, 1 device.
int32_t GeApiWrapper_Tensor_GetPlacement(const GeTensorHandle *t);
/// A new copy of the desc; free with GeApiWrapper_TensorDesc_Destroy.
GeTensorDescHandle *GeApiWrapper_Tensor_GetTensorDesc(const GeTensorHandle *t);
/// *dims = a malloc'd array of *dim_count dims, NULL for a scalar
/// (GeApiWrapper_Tensor_FreeDimsArray).
uint32_t GeApiWrapper_Tensor_GetShape(const GeTensorHandle *t, int64_t **dims, size_t *dim_count);
/// Frees the dims of Tensor_GetShape and TensorDesc_Get(Origin)Shape.
void GeApiWrapper_Tensor_FreeDimsArray(int64_t *dims);
/// The data as malloc'd text ("[1,2,3]", "<empty>", ...); free with GeApiWrapper_FreeString.
char *GeApiWrapper_Tensor_GetData(const GeTensorHandle *t);
/// GetData's text and GetShape's dims written into the caller's buffers. *text_len (without the
/// NUL) and *dim_count always get the full sizes; the buffers are filled only when both fit.
uint32_t GeApiWrapper_Tensor_GetDataTextAndDims(const GeTensorHandle *t, char *text,
                                                size_t text_capacity, size_t *text_len,
                                                int64_t *dims, size_t dims_capacity,
                                                size_t *dim_count);

// ---- runtime library ----
/// Moves a host tensor into device memory (0 on success).
int GeApiWrapper_Tensor_ToDevice(GeTensorHandle *tensor);
/// Moves a device tensor back to the host (0 on success).
int GeApiWrapper_Tensor_ToHost(GeTensorHandle *tensor);
/// Returns a device tensor's block to its allocator (no-op on the host); call it before
/// GeApiWrapper_Tensor_DestroyEsCTensor on tensors that may be on the device.
uint32_t GeApiWrapper_Tensor_ReleaseDeviceMemory(GeTensorHandle *tensor);
/// *data = the host tensor's bytes, borrowed (valid while the tensor lives unchanged).
uint32_t GeApiWrapper_Tensor_GetRawData(const GeTensorHandle *tensor, const void **data,
                                        size_t *size);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_TENSOR_H_
