// Platform table loading, search path and AICore support checks.
#include "ops/platform_info.h"

#include <dirent.h>
#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>

#include "common/error.h"
#include "ops/op_catalog.h"

namespace ge {
namespace {
constexpr const char *kDefaultSocVersion = "Ascend910B1";

std::mutex &PlatformMutex() {
  static std::mutex mutex;
  return mutex;
}

std::string &CurrentSoc() {
  static std::string soc = kDefaultSocVersion;
  return soc;
}

std::map<std::string, std::shared_ptr<const PlatformInfo>> &Cache() {
  static std::map<std::string, std::shared_ptr<const PlatformInfo>> cache;
  return cache;
}

std::string LibraryDirectory() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&GetPlatformSearchDirs), &info) == 0 ||
      info.dli_fname == nullptr) {
    return "";
  }
  std::string path = info.dli_fname;
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

bool ReadFile(const std::string &path, std::string *text) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return false;
  }
  std::ostringstream buffer;
  buffer << file.rdbuf();
  *text = buffer.str();
  return true;
}

// A soc name is used in a file path: keep it to letters, digits, '_' and '-'.
bool IsSafeSocName(const std::string &soc) {
  if (soc.empty() || soc.size() > 64) {
    return false;
  }
  for (char c : soc) {
    if (!isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') {
      return false;
    }
  }
  return true;
}

// True when input `index` of `op_desc` is an index-like port of its prototype (only int32/int64
// accepted), whose dtype the data-type table does not describe.
bool IsIndexInput(const OpDesc &op_desc, size_t index) {
  const OpPrototype *prototype = OpCatalog::Instance().Find(op_desc.GetType());
  if (prototype == nullptr) {
    return false;
  }
  const std::string &port = op_desc.GetInputName(index);
  for (const OpInputDef &input : prototype->inputs) {
    bool match = port == input.name;
    if (!match && input.kind == IrInputType::kDynamic && port.size() > input.name.size() &&
        port.compare(0, input.name.size(), input.name) == 0) {
      match = port.find_first_not_of("0123456789", input.name.size()) == std::string::npos;
    }
    if (match) {
      if (input.dtypes.empty()) {
        return false;
      }
      for (DataType type : input.dtypes) {
        if (type != DT_INT32 && type != DT_INT64) {
          return false;
        }
      }
      return true;
    }
  }
  return false;
}

std::string JoinNames(const std::vector<DataType> &types) {
  std::string text;
  for (size_t i = 0; i < types.size(); ++i) {
    text += (i == 0 ? "" : ", ") + DataTypeToString(types[i]);
  }
  return text;
}
}  // namespace

std::vector<std::string> GetPlatformSearchDirs() {
  std::vector<std::string> dirs;
  const char *env = std::getenv("GE_PY_PLATFORM_DIR");
  if (env != nullptr && env[0] != '\0') {
    dirs.emplace_back(env);
  }
  std::string lib_dir = LibraryDirectory();
  if (!lib_dir.empty()) {
    dirs.push_back(lib_dir + "/../data/platform");
  }
#ifdef GE_SOURCE_PLATFORM_DIR
  dirs.emplace_back(GE_SOURCE_PLATFORM_DIR);
#endif
  return dirs;
}

std::vector<std::string> ListSocVersions() {
  for (const std::string &dir : GetPlatformSearchDirs()) {
    DIR *handle = opendir(dir.c_str());
    if (handle == nullptr) {
      continue;
    }
    std::vector<std::string> socs;
    while (dirent *entry = readdir(handle)) {
      std::string name = entry->d_name;
      const std::string suffix = ".json";
      if (name.size() > suffix.size() &&
          name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
        socs.push_back(name.substr(0, name.size() - suffix.size()));
      }
    }
    closedir(handle);
    if (!socs.empty()) {
      std::sort(socs.begin(), socs.end());
      return socs;
    }
  }
  return {};
}

Status PlatformInfo::Parse(const std::string &text, const std::string &source,
                           std::shared_ptr<const PlatformInfo> *info) {
  JsonValue json;
  if (ParseJson(text, &json) != SUCCESS) {
    AppendLastError("in platform table " + source);
    return FAILED;
  }
  auto result = std::make_shared<PlatformInfo>();
  const JsonValue *soc = json.Find("soc_version");
  if (soc == nullptr || !soc->IsString() || soc->GetString().empty()) {
    return Fail("platform table " + source + ": member \"soc_version\" must be a string");
  }
  result->soc_version_ = soc->GetString();
  const JsonValue *short_soc = json.Find("short_soc_version");
  result->short_soc_version_ =
      short_soc != nullptr && short_soc->IsString() ? short_soc->GetString() : result->soc_version_;
  const JsonValue *cores = json.Find("ai_core_count");
  if (cores == nullptr || !cores->IsInteger() || cores->GetInt() <= 0) {
    return Fail("platform table " + source +
                ": member \"ai_core_count\" must be a positive integer");
  }
  result->ai_core_count_ = cores->GetInt();
  const JsonValue *vector_cores = json.Find("vector_core_count");
  result->vector_core_count_ = vector_cores != nullptr ? vector_cores->GetInt() : 0;
  const JsonValue *cpus = json.Find("ai_cpu_count");
  result->ai_cpu_count_ = cpus != nullptr ? cpus->GetInt() : 0;

  const JsonValue *aicore = json.Find("aicore");
  const JsonValue *sets = aicore == nullptr ? nullptr : aicore->Find("dtype_sets");
  const JsonValue *ops = aicore == nullptr ? nullptr : aicore->Find("ops");
  if (ops == nullptr || !ops->IsObject()) {
    return Fail("platform table " + source + ": member \"aicore.ops\" must be an object");
  }
  auto parse_list = [&](const JsonValue &list, const std::string &where,
                        std::vector<DataType> *types) -> Status {
    if (!list.IsArray()) {
      return Fail("platform table " + source + ": " + where + " must be an array of dtype names");
    }
    for (const JsonValue &entry : list.GetArray()) {
      DataType type = DataTypeFromString(entry.GetString());
      if (!entry.IsString() || type == DT_UNDEFINED) {
        return Fail("platform table " + source + ": " + where + " holds " + entry.Dump() +
                    ", not a dtype name like \"DT_FLOAT\"");
      }
      types->push_back(type);
    }
    return SUCCESS;
  };
  for (const auto &op : ops->GetObject()) {
    std::vector<DataType> types;
    const std::string where = "aicore.ops." + op.first;
    if (op.second.IsString()) {
      // "@name" refers to aicore.dtype_sets.name.
      const std::string &ref = op.second.GetString();
      const JsonValue *set =
          ref.size() > 1 && ref[0] == '@' && sets != nullptr ? sets->Find(ref.substr(1)) : nullptr;
      if (set == nullptr) {
        return Fail("platform table " + source + ": " + where + " refers to unknown dtype set \"" +
                    ref + "\"");
      }
      if (parse_list(*set, "aicore.dtype_sets." + ref.substr(1), &types) != SUCCESS) {
        return FAILED;
      }
    } else if (parse_list(op.second, where, &types) != SUCCESS) {
      return FAILED;
    }
    result->aicore_ops_[op.first] = std::move(types);
  }
  result->raw_ = std::move(json);
  *info = std::move(result);
  return SUCCESS;
}

Status PlatformInfo::Load(const std::string &soc_version,
                          std::shared_ptr<const PlatformInfo> *info) {
  if (!IsSafeSocName(soc_version)) {
    return Fail("invalid soc_version '" + soc_version +
                "' (expected letters, digits, '_' or '-', e.g. Ascend910B1)");
  }
  {
    std::lock_guard<std::mutex> lock(PlatformMutex());
    auto it = Cache().find(soc_version);
    if (it != Cache().end()) {
      *info = it->second;
      return SUCCESS;
    }
  }
  std::string searched;
  for (const std::string &dir : GetPlatformSearchDirs()) {
    std::string path = dir + "/" + soc_version + ".json";
    std::string text;
    if (!ReadFile(path, &text)) {
      searched += (searched.empty() ? "" : ", ") + dir;
      continue;
    }
    std::shared_ptr<const PlatformInfo> parsed;
    if (Parse(text, path, &parsed) != SUCCESS) {
      return FAILED;
    }
    if (parsed->GetSocVersion() != soc_version) {
      return Fail("platform table " + path + " describes soc_version '" + parsed->GetSocVersion() +
                  "', expected '" + soc_version + "'");
    }
    std::lock_guard<std::mutex> lock(PlatformMutex());
    Cache()[soc_version] = parsed;
    *info = parsed;
    return SUCCESS;
  }
  return Fail("no platform table for soc_version '" + soc_version + "' (looked for " + soc_version +
              ".json in: " + (searched.empty() ? "<no directories>" : searched) +
              "; set GE_PY_PLATFORM_DIR to a directory of tables)");
}

bool PlatformInfo::IsOpTypeSupported(const std::string &op_type) const {
  return aicore_ops_.count(op_type) != 0;
}

const std::vector<DataType> &PlatformInfo::GetSupportedDtypes(const std::string &op_type) const {
  static const std::vector<DataType> kNone;
  auto it = aicore_ops_.find(op_type);
  return it == aicore_ops_.end() ? kNone : it->second;
}

bool PlatformInfo::CheckSupport(const OpDesc &op_desc, const std::vector<bool> &connected,
                                std::string *reason) const {
  auto it = aicore_ops_.find(op_desc.GetType());
  if (it == aicore_ops_.end()) {
    *reason = "op type '" + op_desc.GetType() + "' is not supported on AICore of " + soc_version_;
    return false;
  }
  const std::vector<DataType> &types = it->second;
  auto check = [&](const GeTensorDesc &desc, const std::string &port) {
    DataType dtype = desc.GetDataType();
    if (types.empty() || std::find(types.begin(), types.end(), dtype) != types.end()) {
      return true;
    }
    *reason = port + " of node '" + op_desc.GetName() + "' has dtype " + DataTypeToString(dtype) +
              ", which op type '" + op_desc.GetType() + "' does not support on AICore of " +
              soc_version_ + " (supported: " + JoinNames(types) + ")";
    return false;
  };
  for (size_t i = 0; i < op_desc.GetInputsSize(); ++i) {
    if ((i < connected.size() && !connected[i]) || IsIndexInput(op_desc, i)) {
      continue;
    }
    std::string name = op_desc.GetInputName(i);
    if (!check(*op_desc.GetInputDesc(i),
               "input " + std::to_string(i) + (name.empty() ? "" : " '" + name + "'"))) {
      return false;
    }
  }
  for (size_t i = 0; i < op_desc.GetOutputsSize(); ++i) {
    std::string name = op_desc.GetOutputName(i);
    if (!check(*op_desc.GetOutputDesc(i),
               "output " + std::to_string(i) + (name.empty() ? "" : " '" + name + "'"))) {
      return false;
    }
  }
  reason->clear();
  return true;
}

Status SetCurrentSocVersion(const std::string &soc_version) {
  std::shared_ptr<const PlatformInfo> info;
  if (PlatformInfo::Load(soc_version, &info) != SUCCESS) {
    return FAILED;
  }
  std::lock_guard<std::mutex> lock(PlatformMutex());
  CurrentSoc() = soc_version;
  return SUCCESS;
}

std::string GetCurrentSocVersion() {
  std::lock_guard<std::mutex> lock(PlatformMutex());
  return CurrentSoc();
}

Status CheckNodeSupportOnAicore(const Node &node, bool *supported, std::string *reason) {
  std::shared_ptr<const PlatformInfo> info;
  if (PlatformInfo::Load(GetCurrentSocVersion(), &info) != SUCCESS) {
    AppendLastError("while checking node '" + node.GetName() + "'");
    return FAILED;
  }
  std::vector<bool> connected(node.GetInputsSize());
  for (size_t i = 0; i < connected.size(); ++i) {
    connected[i] = node.GetInDataPeer(i).IsConnected();
  }
  *supported = info->CheckSupport(node.GetOpDesc(), connected, reason);
  return SUCCESS;
}

}  // namespace ge
