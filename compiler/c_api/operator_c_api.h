// The Operator handle of the C API: a BORROWED view of the OpDesc of a
// node under construction, handed to Python only for the duration of a parse callback (e.g. an
// ONNX plugin's parse_node). The creator of the handle owns both the handle and the OpDesc and
// must keep the OpDesc alive until the callback returns; Python never frees it.
#ifndef GE_C_API_OPERATOR_C_API_H_
#define GE_C_API_OPERATOR_C_API_H_

#include "ge/c_api/ge_c_types.h"
#include "graph/op_desc.h"

struct GeOperatorHandle {
  ge::OpDesc *op = nullptr;
};

#endif  // GE_C_API_OPERATOR_C_API_H_
