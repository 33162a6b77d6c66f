// Op catalog functions of the C API (ge_py additions): list the registered op types and modules,
// read prototypes as JSON (schema in docs/op_catalog.md) and register or remove prototypes at run
// time. Defined in compiler/c_api/catalog_c_api.cc.
#ifndef GE_C_API_OP_CATALOG_H_
#define GE_C_API_OP_CATALOG_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The registered op types, sorted, as a malloc'd array of *n malloc'd strings (free with
/// GeOpCatalog_FreeTypeList); NULL with *n = 0 on failure.
char **GeOpCatalog_ListTypes(size_t *n);
/// The distinct module groups of the registered prototypes ("math", "nn", ...), sorted, in the
/// form of GeOpCatalog_ListTypes (free with GeOpCatalog_FreeTypeList); NULL with *n = 0 on failure.
char **GeOpCatalog_ListModules(size_t *n);
/// Frees a GeOpCatalog_ListTypes or GeOpCatalog_ListModules list of `n` strings.
void GeOpCatalog_FreeTypeList(char **types, size_t n);
/// The prototype of `type` as malloc'd JSON (free with GeOpCatalog_FreeString); NULL when unknown.
char *GeOpCatalog_GetPrototypeJson(const char *type);
/// Every prototype as one malloc'd JSON array sorted by type (free with GeOpCatalog_FreeString).
char *GeOpCatalog_GetAllPrototypesJson(void);
void GeOpCatalog_FreeString(char *text);
/// Registers one prototype object or an array of them, in order, stopping at the first failure;
/// `replace` overrides registered types.
uint32_t GeOpCatalog_RegisterPrototypeJson(const char *json, bool replace);
uint32_t GeOpCatalog_UnregisterPrototype(const char *type);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_OP_CATALOG_H_
