// ge_ir ModelDef wire bytes -> protobuf text, as in GE's ge_proto_*.txt dumps.
#ifndef GE_DUMP_GE_IR_TEXT_H_
#define GE_DUMP_GE_IR_TEXT_H_

#include <string>

namespace ge {

/// Renders serialized ModelDef bytes as protobuf text. Throws ge::GeException on malformed bytes.
std::string ModelDefBytesToText(const std::string &bytes);

}  // namespace ge

#endif  // GE_DUMP_GE_IR_TEXT_H_
