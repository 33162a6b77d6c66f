// AttrValue functions of the C API: a typed value box that callers fill and read, then hand to the
// Graph, GNode and Operator attribute functions; plus the Free* functions of the graph API's
// malloc'd strings and lists. Defined in compiler/c_api/attr_c_api.cc.
#ifndef GE_C_API_ATTR_VALUE_H_
#define GE_C_API_ATTR_VALUE_H_

#include <stdbool.h>
#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A new empty box; free with GeApiWrapper_AttrValue_Destroy.
GeAttrValueHandle *GeApiWrapper_AttrValue_Create(void);
void GeApiWrapper_AttrValue_Destroy(GeAttrValueHandle *av);
/// The AttrValueType held (VT_*), -1 for NULL.
int32_t GeApiWrapper_AttrValue_GetValueType(const GeAttrValueHandle *av);

uint32_t GeApiWrapper_AttrValue_SetString(GeAttrValueHandle *av, const char *value);
/// A malloc'd copy (free with GeApiWrapper_FreeString); NULL when the box holds another type.
char *GeApiWrapper_AttrValue_GetString(const GeAttrValueHandle *av);
uint32_t GeApiWrapper_AttrValue_SetFloat(GeAttrValueHandle *av, float value);
uint32_t GeApiWrapper_AttrValue_GetFloat(const GeAttrValueHandle *av, float *value);
uint32_t GeApiWrapper_AttrValue_SetBool(GeAttrValueHandle *av, bool value);
uint32_t GeApiWrapper_AttrValue_GetBool(const GeAttrValueHandle *av, bool *value);
uint32_t GeApiWrapper_AttrValue_SetInt(GeAttrValueHandle *av, int64_t value);
uint32_t GeApiWrapper_AttrValue_GetInt(const GeAttrValueHandle *av, int64_t *value);
uint32_t GeApiWrapper_AttrValue_SetDataType(GeAttrValueHandle *av, int32_t value);
uint32_t GeApiWrapper_AttrValue_GetDataType(const GeAttrValueHandle *av, int32_t *value);
/// Stores a copy of the tensor; `tensor` stays the caller's.
uint32_t GeApiWrapper_AttrValue_SetTensor(GeAttrValueHandle *av, const GeTensorHandle *tensor);
/// A new copy (free with GeApiWrapper_Tensor_DestroyEsCTensor); NULL on a type mismatch.
GeTensorHandle *GeApiWrapper_AttrValue_GetTensor(const GeAttrValueHandle *av);

uint32_t GeApiWrapper_AttrValue_SetListFloat(GeAttrValueHandle *av, const float *values,
                                             int64_t count);
uint32_t GeApiWrapper_AttrValue_SetListBool(GeAttrValueHandle *av, const bool *values,
                                            int64_t count);
uint32_t GeApiWrapper_AttrValue_SetListInt(GeAttrValueHandle *av, const int64_t *values,
                                           int64_t count);
uint32_t GeApiWrapper_AttrValue_SetListDataType(GeAttrValueHandle *av, const int32_t *values,
                                                int64_t count);
uint32_t GeApiWrapper_AttrValue_SetListString(GeAttrValueHandle *av, const char *const *values,
                                              int64_t count);
/// The list getters return a malloc'd array of *count elements (free with the matching
/// GeApiWrapper_FreeList*); NULL with *count = 0 when the list is empty or of another type.
float *GeApiWrapper_AttrValue_GetListFloat(const GeAttrValueHandle *av, int64_t *count);
bool *GeApiWrapper_AttrValue_GetListBool(const GeAttrValueHandle *av, int64_t *count);
int64_t *GeApiWrapper_AttrValue_GetListInt(const GeAttrValueHandle *av, int64_t *count);
int32_t *GeApiWrapper_AttrValue_GetListDataType(const GeAttrValueHandle *av, int64_t *count);
/// Pointer table and strings in one malloc'd block: free with GeApiWrapper_FreeListString only.
char **GeApiWrapper_AttrValue_GetListString(const GeAttrValueHandle *av, int64_t *count);

/// Frees a string returned by the graph API (AttrValue, Graph, GNode, Operator, Tensor getters).
void GeApiWrapper_FreeString(char *text);
void GeApiWrapper_FreeListString(char **list);
void GeApiWrapper_FreeListFloat(float *list);
void GeApiWrapper_FreeListBool(bool *list);
void GeApiWrapper_FreeListInt(int64_t *list);
void GeApiWrapper_FreeListDataType(int32_t *list);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_ATTR_VALUE_H_
