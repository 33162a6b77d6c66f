// OnnxPluginBridge implementation and the ASCEND_CUSTOM_OPP_PATH pre-check.
#include "onnx_plugin/onnx_plugin_bridge.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>

#include "common/error.h"
#include "common/log.h"
#include "python_bridge/bridge_library.h"

namespace ge {
namespace onnx_plugin {
namespace {

constexpr const char *kBridgeUser = "python ONNX plugins";

// Rows and failures of the load in progress: the registrar's functions are plain C callbacks
// without a context argument; loads are serialised by OnnxPluginBridge::mutex_.
OnnxPluginLoad *g_current_load = nullptr;

bool EndsWithPy(const std::string &name) {
  return name.size() > 3 && name.compare(name.size() - 3, 3, ".py") == 0;
}

std::string Trim(const std::string &text) {
  const size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) {
    return "";
  }
  const size_t end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

bool DirectoryHasEntry(const std::string &dir) {
  DIR *handle = opendir(dir.c_str());
  if (handle == nullptr) {
    return false;
  }
  bool found = false;
  while (!found) {
    const dirent *entry = readdir(handle);
    if (entry == nullptr) {
      break;
    }
    const std::string name = entry->d_name;
    if (name.empty() || name[0] == '_' || name[0] == '.') {
      continue;
    }
    const std::string path = dir + "/" + name;
    struct stat info {};
    if (stat(path.c_str(), &info) != 0) {
      continue;
    }
    if (S_ISREG(info.st_mode) && EndsWithPy(name)) {
      found = true;
    } else if (S_ISDIR(info.st_mode)) {
      struct stat init {};
      found = stat((path + "/__init__.py").c_str(), &init) == 0 && S_ISREG(init.st_mode);
    }
  }
  closedir(handle);
  return found;
}

int AddRow(const OnnxPluginRow *row) {
  if (g_current_load == nullptr || row == nullptr) {
    return 0;
  }
  auto text = [](const char *value) { return std::string(value == nullptr ? "" : value); };
  OnnxPluginRowInfo info;
  info.descriptor_key = text(row->descriptor_key);
  info.domain = text(row->domain);
  info.source = text(row->source);
  info.target = text(row->target);
  info.origin_type = text(row->origin_type);
  info.plugin_file = text(row->plugin_file);
  info.qualname = text(row->qualname);
  info.opset = row->opset;
  info.override_builtin = row->override_builtin != 0;
  g_current_load->table.Add(std::move(info));
  return 1;
}

void AddLoadFailure(const char *text) {
  if (g_current_load != nullptr && text != nullptr) {
    const std::string message = text;
    g_current_load->failures.push_back(message.substr(0, message.find('\n')));
  }
}

void LogLine(int level, const char *message) {
  if (message == nullptr) {
    return;
  }
  switch (level) {
    case 0: GELOGD("[PythonOnnxPlugin] %s", message); break;
    case 1: GELOGI("[PythonOnnxPlugin] %s", message); break;
    case 2: GELOGW("[PythonOnnxPlugin] %s", message); break;
    default: GELOGE("[PythonOnnxPlugin] %s", message); break;
  }
}

void ShutdownAtExit() { OnnxPluginBridge::Instance().Shutdown(); }

}  // namespace

bool IsEnvFlagOn(const char *name) {
  const char *value = std::getenv(name);
  if (value == nullptr) {
    return false;
  }
  std::string text = Trim(value);
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text == "1" || text == "true" || text == "yes" || text == "on";
}

bool HasPythonPluginEntry(const char *value, std::string &error, const std::string &plugin_kind) {
  if (value == nullptr) {
    return false;
  }
  std::stringstream items(value);
  std::string item;
  while (std::getline(items, item, ':')) {
    item = Trim(item);
    if (item.empty()) {
      continue;
    }
    struct stat info {};
    if (stat(item.c_str(), &info) != 0) {
      if (EndsWithPy(item)) {
        error = plugin_kind + " path does not exist: " + item;
        return false;
      }
      GELOGW("[PythonOnnxPlugin] %s item '%s' does not exist; skipped.", kCustomOppPathEnv,
             item.c_str());
      continue;
    }
    if ((S_ISREG(info.st_mode) && EndsWithPy(item)) ||
        (S_ISDIR(info.st_mode) && DirectoryHasEntry(item))) {
      return true;
    }
  }
  return false;
}

OnnxPluginBridge &OnnxPluginBridge::Instance() {
  static OnnxPluginBridge instance;
  return instance;
}

Status OnnxPluginBridge::EnsureApi() {
  if (api_ != nullptr) {
    return SUCCESS;
  }
  python_bridge::BridgeLibrary &library = python_bridge::BridgeLibrary::Instance();
  if (library.Acquire(kBridgeUser) != SUCCESS) {
    return FAILED;
  }
  auto get_api = reinterpret_cast<GetPythonOnnxPluginBridgeApiFn>(
      library.Symbol(GE_ONNX_PLUGIN_BRIDGE_GET_API_SYMBOL));
  const PythonOnnxPluginBridgeApi *api = get_api == nullptr ? nullptr : get_api();
  if (api == nullptr || api->abi_version != GE_ONNX_PLUGIN_BRIDGE_ABI_VERSION ||
      api->load_plugins == nullptr || api->parse_node == nullptr ||
      api->shutdown_bridge == nullptr) {
    library.Release(kBridgeUser);
    return Fail("the python bridge library " + library.GetLoadedPath() +
                " has no usable ONNX plugin entry table (" + GE_ONNX_PLUGIN_BRIDGE_GET_API_SYMBOL +
                ", ABI " + std::to_string(GE_ONNX_PLUGIN_BRIDGE_ABI_VERSION) + ")");
  }
  api_ = api;
  static std::once_flag at_exit;
  std::call_once(at_exit, [] { (void)std::atexit(&ShutdownAtExit); });
  return SUCCESS;
}

Status OnnxPluginBridge::Load(bool strict, OnnxPluginLoad &load) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (EnsureApi() != SUCCESS) {
    return FAILED;
  }
  OnnxPluginRegistrar registrar{};
  registrar.add_row = &AddRow;
  registrar.add_load_failure = &AddLoadFailure;
  registrar.log = &LogLine;
  registrar.strict = strict ? 1 : 0;
  g_current_load = &load;
  char *error = nullptr;
  const uint32_t status = api_->load_plugins(&registrar, &error);
  g_current_load = nullptr;
  if (status != GE_ONNX_PLUGIN_SUCCESS) {
    const std::string reason = python_bridge::TakeBridgeString(error);
    return Fail(reason.empty() ? "loading python ONNX Plugins failed" : reason);
  }
  return SUCCESS;
}

Status OnnxPluginBridge::ParseNode(const std::string &origin_type, const OnnxPluginNodeView &node,
                                   void *operator_handle, std::string &error) {
  const PythonOnnxPluginBridgeApi *api = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    api = api_;
  }
  if (api == nullptr) {
    error = "RuntimeError: the python ONNX Plugin bridge is not loaded";
    return FAILED;
  }
  char *message = nullptr;
  if (api->parse_node(origin_type.c_str(), &node, operator_handle, &message) !=
      GE_ONNX_PLUGIN_SUCCESS) {
    error = python_bridge::TakeBridgeString(message);
    return FAILED;
  }
  return SUCCESS;
}

void OnnxPluginBridge::Shutdown() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (api_ == nullptr) {
    return;
  }
  api_ = nullptr;
  python_bridge::BridgeLibrary::Instance().Release(kBridgeUser);
}

}  // namespace onnx_plugin
}  // namespace ge
