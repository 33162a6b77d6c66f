// Parser section of the extern "C" API: GE's aclgrphParseONNX for ctypes (ge.parser.parse_onnx),
// running the same ONNX importer as atc --framework=5.
#ifndef GE_C_API_PARSER_C_API_H_
#define GE_C_API_PARSER_C_API_H_

#include "c_api/c_api_handles.h"

extern "C" {
/// A new graph parsed from the ONNX file `model_path` (free with Graph_DestroyGraph), or NULL
/// with the last error naming the file. Parser params (`keys`/`values`, `size` entries):
/// input_format, input_shape ("name:d,d;..."), out_nodes ("node:idx;..."), as the atc flags.
GeGraphHandle *GeApiWrapper_Parser_ParseOnnx(const char *model_path, const char **keys,
                                             const char **values, int size);
}

#endif  // GE_C_API_PARSER_C_API_H_
