// Parser function of the C API (GE's aclgrphParseONNX), running the ONNX importer that
// atc --framework=5 runs. Defined in compiler/c_api/parser_c_api.cc.
#ifndef GE_C_API_PARSER_H_
#define GE_C_API_PARSER_H_

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A new graph parsed from the ONNX file `model_path` (free with GeApiWrapper_Graph_DestroyGraph).
/// Parser options as `size` key/value pairs: input_format, input_shape ("name:d,d;..."),
/// out_nodes ("node:idx;..."), as the atc flags.
GeGraphHandle *GeApiWrapper_Parser_ParseOnnx(const char *model_path, const char **keys,
                                             const char **values, int size);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_PARSER_H_
