// ONNX TensorProto -> GeTensor, including external data read from
// the model's directory.
#ifndef GE_PARSER_ONNX_TENSOR_H_
#define GE_PARSER_ONNX_TENSOR_H_

#include <cstdint>
#include <memory>
#include <string>

#include "ge/ge_error_codes.h"
#include "graph/ge_tensor.h"
#include "graph/types.h"
#include "parser/onnx_proto.h"

namespace ge {

/// ONNX TensorProto.DataType -> ge::DataType: GE's parser table plus FLOAT4E2M1, FLOAT8E8M0, UINT2
/// and INT2. False for the types without an Ascend IR data type (FNUZ float8s, UINT4, FLOAT6).
bool OnnxToGeDataType(int32_t onnx_type, DataType *dtype);

/// Converts `tensor` into a dense little-endian GeTensor (format ND). Data comes from external
/// data (read relative to `model_dir`, absolute paths and ".." rejected), else raw_data, else the
/// typed field. raw_data aligned for its element type is shared, not copied, when `model_bytes`
/// (the owner of the serialized model the proto's views point into) is given. Errors name `source`,
/// the tensor and its byte offset; sizes are checked against the dims.
Status ConvertOnnxTensor(const onnx::TensorProto &tensor, const std::string &source,
                         const std::string &model_dir,
                         const std::shared_ptr<const void> &model_bytes, GeTensor *out);

}  // namespace ge

#endif  // GE_PARSER_ONNX_TENSOR_H_
