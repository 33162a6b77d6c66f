// Op catalog C API: list the registered op types and modules, read prototypes as JSON (ES code
// generation, tools) and register custom prototypes at run time. Strings are malloc'd; free them
// with GeOpCatalog_FreeString / GeOpCatalog_FreeTypeList.
#include <set>
#include <string>
#include <vector>

#include "c_handles/c_handles.h"
#include "ge/c_api/op_catalog.h"
#include "ops/op_catalog.h"
#include "ops/op_prototype_json.h"

namespace {
constexpr uint32_t kFailed = 0xFFFFFFFFU;

// `strings` as a malloc'd array of malloc'd strings; *n = count. NULL when out of memory.
char **DupStringList(const std::vector<std::string> &strings, size_t *n) {
  char **list = static_cast<char **>(std::calloc(strings.size() + 1, sizeof(char *)));
  if (list == nullptr) {
    ge::SetLastError("op catalog: out of memory");
    return nullptr;
  }
  for (size_t i = 0; i < strings.size(); ++i) {
    list[i] = ge::capi::DupString(strings[i]);
  }
  *n = strings.size();
  return list;
}
}  // namespace

extern "C" {

/// The registered op types (sorted) as a malloc'd array of malloc'd strings; *n = count. NULL
/// (with *n = 0) on failure or when n is NULL.
char **GeOpCatalog_ListTypes(size_t *n) {
  return ge::capi::Guard<char **>(nullptr, [&]() -> char ** {
    if (n == nullptr) {
      ge::SetLastError("GeOpCatalog_ListTypes: count pointer is null");
      return nullptr;
    }
    *n = 0;
    return DupStringList(ge::OpCatalog::Instance().ListTypes(), n);
  });
}

/// The distinct module groups of the registered prototypes (sorted; "math", "nn", ...), in the
/// form of GeOpCatalog_ListTypes and freed the same way. The ES binding resolves the generated
/// library names `libes_<module>.so` with it.
char **GeOpCatalog_ListModules(size_t *n) {
  return ge::capi::Guard<char **>(nullptr, [&]() -> char ** {
    if (n == nullptr) {
      ge::SetLastError("GeOpCatalog_ListModules: count pointer is null");
      return nullptr;
    }
    *n = 0;
    std::set<std::string> modules;
    for (const std::string &type : ge::OpCatalog::Instance().ListTypes()) {
      const ge::OpPrototype *prototype = ge::OpCatalog::Instance().Find(type);
      if (prototype != nullptr) {  // NULL: unregistered since ListTypes
        modules.insert(prototype->module);
      }
    }
    return DupStringList(std::vector<std::string>(modules.begin(), modules.end()), n);
  });
}

/// Frees a list from GeOpCatalog_ListTypes or GeOpCatalog_ListModules (n = its count). NULL-safe.
void GeOpCatalog_FreeTypeList(char **types, size_t n) {
  if (types == nullptr) {
    return;
  }
  for (size_t i = 0; i < n; ++i) {
    std::free(types[i]);
  }
  std::free(types);
}

/// The prototype of `type` as JSON (schema in docs/op_catalog.md); NULL when unknown.
char *GeOpCatalog_GetPrototypeJson(const char *type) {
  return ge::capi::Guard<char *>(nullptr, [&]() -> char * {
    if (type == nullptr) {
      ge::SetLastError("GeOpCatalog_GetPrototypeJson: op type is null");
      return nullptr;
    }
    const ge::OpPrototype *prototype = ge::OpCatalog::Instance().Find(type);
    if (prototype == nullptr) {
      ge::SetLastError(std::string("op type '") + type + "' is not registered in the op catalog");
      return nullptr;
    }
    return ge::capi::DupString(ge::PrototypeToJson(*prototype).Dump());
  });
}

/// Every prototype as one JSON array, sorted by type.
char *GeOpCatalog_GetAllPrototypesJson() {
  return ge::capi::Guard<char *>(nullptr, [&]() -> char * {
    ge::JsonValue all = ge::JsonValue::MakeArray();
    for (const std::string &type : ge::OpCatalog::Instance().ListTypes()) {
      const ge::OpPrototype *prototype = ge::OpCatalog::Instance().Find(type);
      if (prototype != nullptr) {
        all.Append(ge::PrototypeToJson(*prototype));
      }
    }
    return ge::capi::DupString(all.Dump());
  });
}

void GeOpCatalog_FreeString(char *text) { std::free(text); }

/// Registers a prototype given as JSON (one object, or an array of objects registered in order;
/// registration stops at the first failure). `replace` overrides existing types. 0 on success.
uint32_t GeOpCatalog_RegisterPrototypeJson(const char *json, bool replace) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (json == nullptr) {
      ge::SetLastError("GeOpCatalog_RegisterPrototypeJson: JSON text is null");
      return kFailed;
    }
    ge::JsonValue parsed;
    if (ge::ParseJson(json, &parsed) != ge::SUCCESS) {
      ge::AppendLastError("in the op prototype JSON");
      return kFailed;
    }
    std::vector<ge::JsonValue> items;
    if (parsed.IsArray()) {
      items = parsed.GetArray();
    } else {
      items.push_back(parsed);
    }
    for (const ge::JsonValue &item : items) {
      ge::OpPrototype prototype;
      if (ge::PrototypeFromJson(item, &prototype) != ge::SUCCESS ||
          ge::OpCatalog::Instance().Register(std::move(prototype), replace) != ge::SUCCESS) {
        return kFailed;
      }
    }
    return ge::SUCCESS;
  });
}

/// Removes a registered type. 0 on success.
uint32_t GeOpCatalog_UnregisterPrototype(const char *type) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (type == nullptr) {
      ge::SetLastError("GeOpCatalog_UnregisterPrototype: op type is null");
      return kFailed;
    }
    return ge::OpCatalog::Instance().Unregister(type);
  });
}

}  // extern "C"
