#include "dump/ge_ir_text.h"

#include "air/ge_ir_schema.h"
#include "dump/proto_text.h"

namespace ge {
namespace {

using text::FieldKind;
using text::FieldSchema;
using text::MessageSchema;

const char *DataTypeEnumName(int32_t value) { return ir::ProtoDataTypeName(value); }
const char *ValueTypeEnumName(int32_t value) { return ir::ListValueTypeName(value); }

#define SCHEMA(name, table) const MessageSchema name = {table, sizeof(table) / sizeof(table[0])}

extern const MessageSchema kAttrDef;
extern const MessageSchema kGraphDef;
extern const MessageSchema kTensorDescriptor;

const FieldSchema kShapeDefFields[] = {{1, "dim", FieldKind::kInt64}};
SCHEMA(kShapeDef, kShapeDefFields);

const FieldSchema kAttrEntryFields[] = {{1, "key", FieldKind::kString},
                                        {2, "value", FieldKind::kMessage, &kAttrDef}};
SCHEMA(kAttrEntry, kAttrEntryFields);

const FieldSchema kTensorDescriptorFields[] = {
    {1, "name", FieldKind::kString},
    {2, "dtype", FieldKind::kEnum, nullptr, DataTypeEnumName},
    {3, "shape", FieldKind::kMessage, &kShapeDef},
    {4, "layout", FieldKind::kString},
    {5, "attr", FieldKind::kMessage, &kAttrEntry},
    {9, "has_out_attr", FieldKind::kBool},
    {10, "size", FieldKind::kInt64},
    {11, "weight_size", FieldKind::kInt64},
    {12, "reuse_input", FieldKind::kBool},
    {13, "output_tensor", FieldKind::kBool},
    {14, "device_type", FieldKind::kString},
    {15, "input_tensor", FieldKind::kBool},
    {16, "real_dim_cnt", FieldKind::kInt64},
    {17, "reuse_input_index", FieldKind::kInt64},
    {18, "data_offset", FieldKind::kInt64},
    {19, "cmps_size", FieldKind::kInt64},
    {20, "cmps_tab", FieldKind::kString},
    {21, "cmps_tab_offset", FieldKind::kInt64}};
const MessageSchema kTensorDescriptor = {
    kTensorDescriptorFields, sizeof(kTensorDescriptorFields) / sizeof(kTensorDescriptorFields[0])};

const FieldSchema kTensorDefFields[] = {{1, "desc", FieldKind::kMessage, &kTensorDescriptor},
                                        {2, "data", FieldKind::kString}};
SCHEMA(kTensorDef, kTensorDefFields);

const FieldSchema kNamedAttrsFields[] = {{1, "name", FieldKind::kString},
                                         {2, "attr", FieldKind::kMessage, &kAttrEntry}};
SCHEMA(kNamedAttrs, kNamedAttrsFields);

const FieldSchema kListValueFields[] = {
    {2, "s", FieldKind::kString},
    {3, "i", FieldKind::kInt64},
    {4, "f", FieldKind::kFloat},
    {5, "b", FieldKind::kBool},
    {7, "bt", FieldKind::kString},
    {8, "td", FieldKind::kMessage, &kTensorDescriptor},
    {9, "t", FieldKind::kMessage, &kTensorDef},
    {10, "g", FieldKind::kMessage, &kGraphDef},
    {11, "na", FieldKind::kMessage, &kNamedAttrs},
    {12, "dt", FieldKind::kInt64},
    {20, "val_type", FieldKind::kEnum, nullptr, ValueTypeEnumName}};
SCHEMA(kListValue, kListValueFields);

const FieldSchema kListIntFields[] = {{1, "list_i", FieldKind::kInt64}};
SCHEMA(kListInt, kListIntFields);
const FieldSchema kListListIntFields[] = {{1, "list_list_i", FieldKind::kMessage, &kListInt}};
SCHEMA(kListListInt, kListListIntFields);
const FieldSchema kListFloatFields[] = {{1, "list_f", FieldKind::kFloat}};
SCHEMA(kListFloat, kListFloatFields);
const FieldSchema kListListFloatFields[] = {{1, "list_list_f", FieldKind::kMessage, &kListFloat}};
SCHEMA(kListListFloat, kListListFloatFields);

const FieldSchema kAttrDefFields[] = {{1, "list", FieldKind::kMessage, &kListValue},
                                      {2, "s", FieldKind::kString},
                                      {3, "i", FieldKind::kInt64},
                                      {4, "f", FieldKind::kFloat},
                                      {5, "b", FieldKind::kBool},
                                      {7, "bt", FieldKind::kString},
                                      {10, "func", FieldKind::kMessage, &kNamedAttrs},
                                      {11, "td", FieldKind::kMessage, &kTensorDescriptor},
                                      {12, "t", FieldKind::kMessage, &kTensorDef},
                                      {13, "g", FieldKind::kMessage, &kGraphDef},
                                      {14, "list_list_int", FieldKind::kMessage, &kListListInt},
                                      {15, "dt", FieldKind::kInt64},
                                      {16, "list_list_float", FieldKind::kMessage, &kListListFloat},
                                      {17, "expression", FieldKind::kString}};
const MessageSchema kAttrDef = {kAttrDefFields, sizeof(kAttrDefFields) / sizeof(kAttrDefFields[0])};

const FieldSchema kOpDefFields[] = {{1, "name", FieldKind::kString},
                                    {2, "type", FieldKind::kString},
                                    {5, "input", FieldKind::kString},
                                    {10, "attr", FieldKind::kMessage, &kAttrEntry},
                                    {20, "has_out_attr", FieldKind::kBool},
                                    {21, "id", FieldKind::kInt64},
                                    {22, "stream_id", FieldKind::kInt64},
                                    {23, "input_name", FieldKind::kString},
                                    {24, "src_name", FieldKind::kString},
                                    {25, "src_index", FieldKind::kInt64},
                                    {26, "dst_name", FieldKind::kString},
                                    {27, "dst_index", FieldKind::kInt64},
                                    {28, "input_i", FieldKind::kInt64},
                                    {29, "output_i", FieldKind::kInt64},
                                    {30, "workspace", FieldKind::kInt64},
                                    {31, "workspace_bytes", FieldKind::kInt64},
                                    {32, "is_input_const", FieldKind::kBool},
                                    {33, "input_desc", FieldKind::kMessage, &kTensorDescriptor},
                                    {34, "output_desc", FieldKind::kMessage, &kTensorDescriptor},
                                    {35, "subgraph_name", FieldKind::kString}};
SCHEMA(kOpDef, kOpDefFields);

const FieldSchema kGraphDefFields[] = {{1, "name", FieldKind::kString},
                                       {4, "input", FieldKind::kString},
                                       {5, "output", FieldKind::kString},
                                       {6, "op", FieldKind::kMessage, &kOpDef},
                                       {11, "attr", FieldKind::kMessage, &kAttrEntry}};
const MessageSchema kGraphDef = {kGraphDefFields,
                                 sizeof(kGraphDefFields) / sizeof(kGraphDefFields[0])};

const FieldSchema kModelDefFields[] = {{1, "name", FieldKind::kString},
                                       {2, "version", FieldKind::kUInt64},
                                       {3, "custom_version", FieldKind::kString},
                                       {7, "graph", FieldKind::kMessage, &kGraphDef},
                                       {11, "attr", FieldKind::kMessage, &kAttrEntry}};
SCHEMA(kModelDef, kModelDefFields);

#undef SCHEMA

}  // namespace

std::string ModelDefBytesToText(const std::string &bytes) {
  std::string out;
  text::PrintMessage(bytes, kModelDef, 0, &out);
  return out;
}

}  // namespace ge
