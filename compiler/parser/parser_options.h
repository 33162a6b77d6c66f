// Command-line style options shared by the model parsers: --input_shape, --input_format and
// --out_nodes (atc flags, docs/atc.md), parsed once into typed values.
#ifndef GE_PARSER_PARSER_OPTIONS_H_
#define GE_PARSER_PARSER_OPTIONS_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ge/ge_error_codes.h"

namespace ge {

struct ModelImportOptions {
  /// --input_shape, in the order given: input name -> dims (-1 for unknown or a range a~b).
  std::vector<std::pair<std::string, std::vector<int64_t>>> input_shapes;
  /// --input_format ("" = the framework default).
  std::string input_format;
  /// --out_nodes: (node name, output index) replacing the model's outputs.
  std::vector<std::pair<std::string, int32_t>> out_nodes;
};

/// Parses "name1:d,d,d;name2:d,d" (dims are integers, -1, or ranges "a~b" which become -1; an
/// empty dim list is a scalar). Names may contain ':' (the last ':' separates the dims).
Status ParseInputShapeOption(const std::string &text,
                             std::vector<std::pair<std::string, std::vector<int64_t>>> *shapes);

/// Parses "node1:0;node2:1".
Status ParseOutNodesOption(const std::string &text,
                           std::vector<std::pair<std::string, int32_t>> *out_nodes);

}  // namespace ge

#endif  // GE_PARSER_PARSER_OPTIONS_H_
