// ONNX TensorProto -> GeTensor, including external data read from
// the model's directory.
#ifndef GE_PARSER_ONNX_TENSOR_H_
#define GE_PARSER_ONNX_TENSOR_H_

#include <cstdint>
#include <string>

#include "ge/ge_error_codes.h"
#include "graph/ge_tensor.h"
#include "graph/types.h"
#include "parser/onnx_proto.h"

namespace ge {

/// ONNX TensorProto.DataType -> ge::DataType (GE's parser table). False for types GE does not map.
bool OnnxToGeDataType(int32_t onnx_type, DataType *dtype);

/// Converts `tensor` into a dense little-endian GeTensor (format ND). Data comes from external
/// data (read relative to `model_dir`, absolute paths and ".." rejected), else raw_data, else the
/// typed field. Errors name `source`, the tensor and its byte offset; sizes are checked against
/// the dims.
Status ConvertOnnxTensor(const onnx::TensorProto &tensor, const std::string &source,
                         const std::string &model_dir, GeTensor *out);

}  // namespace ge

#endif  // GE_PARSER_ONNX_TENSOR_H_
