// AtcMain: flag parsing, flag-use reporting, and the modes 0 (build .om), 1 (model to JSON) and
// 6 (display .om info), with GE's messages and exit codes (docs/atc.md).
#include "tools/atc_main.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/log.h"
#include "om/model_json.h"
#include "om/om_bundle.h"
#include "om/om_file.h"
#include "om/om_info.h"
#include "ops/platform_info.h"
#include "parser/model_parser.h"
#include "pipeline/host_inert_options.h"
#include "python_custom_op/python_custom_ops.h"
#include "tools/atc_flags.h"
#include "tools/offline_build.h"

namespace ge {
namespace {

constexpr const char *kStartMessage = "ATC start working now, please wait for a moment.";
constexpr const char *kSuccessMessage = "ATC run success, welcome to the next use.";

std::string FailureMessage(const std::string &command) {
  return "ATC run failed, Please check the detail log, Try '" + command +
         " --help' for more information";
}

/// atc flag -> compile option key handed to the compiler and recorded in the .om.
const std::map<std::string, std::string> &CompileOptionKeys() {
  static const std::map<std::string, std::string> keys = {
      {"precision_mode", "ge.exec.precision_mode"},
      {"precision_mode_v2", "ge.exec.precision_mode_v2"},
      {"modify_mixlist", "ge.exec.modify_mixlist"},
      {"keep_dtype", "ge.keepDtype"},
      {"customize_dtypes", "ge.customizeDtypes"},
      {"optimization_switch", "ge.optimizationSwitch"},
      {"disable_reuse_memory", "ge.exec.disableReuseMemory"},
      {"fusion_switch_file", "ge.fusionSwitchFile"},
      {"py_pass_strict", "ge.pyPassStrict"},
      {"trace_pass", "ge.tracePass"},
      {"pass_report", "ge.passReport"},
      {"oo_level", "ge.oo.level"},
      {"output_type", "ge.outputDatatype"},
      {"input_fp16_nodes", "ge.INPUT_NODES_SET_FP16"},
      {"deterministic", "ge.deterministic"},
      {"deterministic_level", "ge.deterministicLevel"},
  };
  return keys;
}

Status ApplyLogOption(const AtcOptions &options) {
  if (!options.IsSet("log")) {
    return SUCCESS;  // ASCEND_GLOBAL_LOG_LEVEL (read by the log module) decides
  }
  const std::string &value = options.Get("log");
  if (value == "default" || (value == "null" && std::getenv("NPU_COLLECT_PATH") != nullptr)) {
    return SUCCESS;
  }
  LogLevel level = LogLevel::kNull;
  if (!ParseLogLevel(value, &level)) {
    return Fail("--log=" + value + " is not valid (debug, info, warning, error, null)");
  }
  SetLogLevel(level);
  return SUCCESS;
}

/// Reports every given flag this atc does not act on; fails for unsupported/deprecated values.
Status CheckFlagUses(const AtcOptions &options, int64_t mode) {
  for (const std::string &name : options.Given()) {
    const AtcFlagDef *flag = FindAtcFlag(name);
    if (flag == nullptr) {
      continue;
    }
    const std::string &value = options.Get(name);
    const bool non_default = value != flag->default_value;
    switch (flag->use) {
      case AtcFlagUse::kNotApplicable:
        if (non_default) {
          std::cout << "ATC WARNING: --" << name << "=" << value
                    << " is not applicable on this target (host CPU compiler, no NPU or tuning "
                       "tools): "
                    << flag->description << " It has no effect." << std::endl;
        }
        break;
      case AtcFlagUse::kUnsupported:
        if (name == "weight" && !value.empty() && mode == 0) {
          std::cout
              << "ATC WARNING: --weight is only used for Caffe models; ignored for --framework="
              << options.Get("framework") << "." << std::endl;
        } else if (non_default) {
          return Fail("--" + name + "=" + value +
                      " is not supported by this atc (ge_py): " + flag->description);
        }
        break;
      case AtcFlagUse::kCompileOption: {
        const auto key = CompileOptionKeys().find(name);
        const char *reason =
            key == CompileOptionKeys().end() ? nullptr : HostInertOptionReason(key->second, value);
        if (reason != nullptr) {
          std::cout << "ATC WARNING: --" << name << "=" << value
                    << " is recorded in the .om but has no effect on the host runtime: " << reason
                    << "." << std::endl;
        }
        break;
      }
      case AtcFlagUse::kDeprecated:
        return Fail("--" + name + " is deprecated and no longer supported: " + flag->description);
      default: break;
    }
  }
  return SUCCESS;
}

bool FileExists(const std::string &path) {
  struct stat info {};
  return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

Status RequireFlag(const AtcOptions &options, const std::string &name, const std::string &why) {
  if (options.Get(name).empty()) {
    return Fail("[--" + name + "] is required " + why + ".");
  }
  return SUCCESS;
}

Status CheckFramework(const AtcOptions &options) {
  if (!options.IsSet("framework")) {
    return Fail(
        "E10007: [--framework] is required. The value must be 0(Caffe), 1(MindSpore), "
        "3(TensorFlow) or 5(ONNX).");
  }
  return SUCCESS;
}

Status ImportOptions(const AtcOptions &options, ModelImportOptions *import) {
  import->input_format = options.Get("input_format");
  if (ParseInputShapeOption(options.Get("input_shape"), &import->input_shapes) != SUCCESS ||
      ParseOutNodesOption(options.Get("out_nodes"), &import->out_nodes) != SUCCESS) {
    return FAILED;
  }
  return SUCCESS;
}

Status ImportModel(const AtcOptions &options, const std::string &path, ComputeGraphPtr *graph) {
  if (!FileExists(path)) {
    return Fail("--model/--om file '" + path + "' does not exist or is not a regular file");
  }
  ModelImportOptions import;
  if (ImportOptions(options, &import) != SUCCESS) {
    return FAILED;
  }
  return ParseModelFile(options.GetInt("framework"), path, import, graph);
}

// Holds one custom-op user for the duration of a build, whatever path returns.
class CustomOpUse {
 public:
  Status Acquire() {
    acquired_ = python_custom_op::LoadCustomOps() == SUCCESS;
    return acquired_ ? SUCCESS : FAILED;
  }
  ~CustomOpUse() {
    if (acquired_) {
      (void)python_custom_op::UnloadCustomOps();
    }
  }

 private:
  bool acquired_ = false;
};

Status RunBuild(const AtcOptions &options, const std::string &command_line) {
  if (RequireFlag(options, "model", "for --mode=0") != SUCCESS ||
      CheckFramework(options) != SUCCESS ||
      RequireFlag(options, "output", "for --mode=0 (path and name of the .om, no suffix)") !=
          SUCCESS ||
      RequireFlag(options, "soc_version", "for --mode=0 (for example Ascend910B1)") != SUCCESS) {
    return FAILED;
  }
  // --soc_version selects the platform table the compiler (AICore support checks) works with.
  const std::string &soc = options.Get("soc_version");
  std::shared_ptr<const PlatformInfo> platform;
  if (PlatformInfo::Load(soc, &platform) != SUCCESS || SetCurrentSocVersion(soc) != SUCCESS) {
    return Fail("--soc_version=" + soc + ": " + GetLastError());
  }
  // Custom ops are loaded before the model is read (its nodes may be of their types) and stay
  // until the .om is written.
  CustomOpUse custom_ops;
  if (custom_ops.Acquire() != SUCCESS) {
    return FAILED;
  }
  ComputeGraphPtr graph;
  if (ImportModel(options, options.Get("model"), &graph) != SUCCESS) {
    return FAILED;
  }
  std::map<std::string, std::string> compile_options;
  compile_options[kSocVersionOption] = soc;
  for (const auto &entry : CompileOptionKeys()) {
    const AtcFlagDef *flag = FindAtcFlag(entry.first);
    if (options.IsSet(entry.first) || (flag != nullptr && !flag->default_value.empty())) {
      compile_options[entry.second] = options.Get(entry.first);
    }
  }
  OmModel model;
  if (BuildOmModel(graph, compile_options, &model) != SUCCESS) {
    return FAILED;
  }
  model.build_info["producer"] = "ge_py atc";
  model.build_info["framework"] = std::to_string(options.GetInt("framework")) + "(" +
                                  FrameworkName(options.GetInt("framework")) + ")";
  model.build_info["source_model"] = options.Get("model");
  model.build_info["atc_command_line"] = command_line;
  const std::string path = options.Get("output") + ".om";
  if (SaveOmModel(model, path) != SUCCESS) {
    return FAILED;
  }
  GELOGI("wrote %s", path.c_str());
  if (options.Get("display_model_info") == "1") {
    OmModel loaded;
    if (LoadOmModel(path, &loaded) != SUCCESS) {
      return FAILED;
    }
    std::cout << DescribeOmModel(loaded);
  }
  return SUCCESS;
}

Status WriteTextFile(const std::string &path, const std::string &text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) {
    return Fail("cannot write --json file '" + path + "': " + std::strerror(errno));
  }
  file << text;
  if (!file) {
    return Fail("writing --json file '" + path + "' failed");
  }
  return SUCCESS;
}

Status RunToJson(const AtcOptions &options) {
  if (RequireFlag(options, "om", "for --mode=1 (an .om file or a model of --framework)") !=
          SUCCESS ||
      RequireFlag(options, "json", "for --mode=1 (the JSON file to write)") != SUCCESS) {
    return FAILED;
  }
  const std::string &input = options.Get("om");
  if (!FileExists(input)) {
    return Fail("--om file '" + input + "' does not exist or is not a regular file");
  }
  std::string text;
  if (IsOmBundleFile(input)) {
    std::vector<OmModel> models;
    if (LoadOmBundle(input, &models) != SUCCESS) {
      return FAILED;
    }
    text = OmBundleToJson(models);
  } else if (IsOmFile(input)) {
    OmModel model;
    if (LoadOmModel(input, &model) != SUCCESS) {
      return FAILED;
    }
    text = OmModelToJson(model);
  } else {
    if (!options.IsSet("framework")) {
      return Fail(
          "E10007: [--framework] is required when --om is not an .om file. The value "
          "must be 1(MindSpore) or 5(ONNX).");
    }
    ComputeGraphPtr graph;
    if (ImportModel(options, input, &graph) != SUCCESS) {
      return FAILED;
    }
    text = GraphToJson(*graph);
  }
  return WriteTextFile(options.Get("json"), text);
}

Status RunDisplay(const AtcOptions &options) {
  if (RequireFlag(options, "om", "for --mode=6 (the .om file to describe)") != SUCCESS) {
    return FAILED;
  }
  const std::string &input = options.Get("om");
  if (IsOmBundleFile(input)) {
    std::vector<OmModel> models;
    uint64_t file_size = 0;
    if (LoadOmBundle(input, &models, &file_size) != SUCCESS) {
      return FAILED;
    }
    std::cout << DescribeOmBundle(models, file_size);
    return SUCCESS;
  }
  OmModel model;
  if (LoadOmModel(input, &model) != SUCCESS) {
    return FAILED;
  }
  std::cout << DescribeOmModel(model);
  return SUCCESS;
}

Status RunMode(const AtcOptions &options, const std::string &command_line) {
  const int64_t mode = options.GetInt("mode");
  if (CheckFlagUses(options, mode) != SUCCESS) {
    return FAILED;
  }
  switch (mode) {
    case 0: return RunBuild(options, command_line);
    case 1: return RunToJson(options);
    case 6: return RunDisplay(options);
    default: {
      static const std::map<int64_t, std::string> kNames = {
          {3, "pre-check"}, {5, "GE dump txt to JSON"}, {7, "OM2"}, {30, "nano exe-om"}};
      return Fail("--mode=" + std::to_string(mode) + " (" + kNames.at(mode) +
                  ") is not supported by this atc (ge_py); supported modes: 0, 1, 6");
    }
  }
}

}  // namespace

int AtcMain(int argc, const char *const *argv) {
  std::cout << kStartMessage << std::endl;
  const std::string command = AtcCommandName(argc > 0 ? argv[0] : nullptr);
  std::string command_line = command;
  for (int i = 1; i < argc; ++i) {
    command_line += std::string(" ") + (argv[i] == nullptr ? "" : argv[i]);
  }
  AtcOptions options;
  const AtcParseResult parsed = ParseAtcFlags(argc, argv, &options);
  if (!parsed.ok) {
    std::cerr << parsed.error << std::endl;
    std::cout << FailureMessage(command) << std::endl;
    return -1;
  }
  if (parsed.help) {
    std::cout << AtcHelpText(command);
    return 0;
  }
  ClearLastError();
  Status status = FAILED;
  try {
    status = ApplyLogOption(options);
    if (status == SUCCESS) {
      status = RunMode(options, command_line);
    }
  } catch (const std::exception &e) {
    SetLastError(std::string("internal error: ") + e.what());
    status = FAILED;
  }
  if (status != SUCCESS) {
    std::cout << FailureMessage(command) << std::endl;
    const std::string &message = GetLastError();
    if (!message.empty()) {
      std::cout << message << std::endl;
    }
    GELOGE("atc failed: %s", message.c_str());
    return -1;
  }
  std::cout << kSuccessMessage << std::endl;
  return 0;
}

}  // namespace ge
