// The atc flag table, parser and help text (docs/atc.md).
#include "tools/atc_flags.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>

namespace ge {
namespace {

using T = AtcFlagType;
using U = AtcFlagUse;

AtcFlagDef Flag(const char *name, T type, const char *def, std::vector<std::string> allowed,
                const char *group, U use, const char *description) {
  AtcFlagDef flag;
  flag.name = name;
  flag.type = type;
  flag.default_value = def;
  flag.allowed = std::move(allowed);
  flag.group = group;
  flag.use = use;
  flag.description = description;
  return flag;
}

std::vector<AtcFlagDef> BuildFlagTable() {
  const char *in = "Input";
  const char *out = "Output";
  const char *gen = "General";
  const char *tgt = "Target";
  const char *opt = "Tuning / features";
  const char *dbg = "Debug";
  std::vector<AtcFlagDef> f;
  // ---- input ----
  f.push_back(Flag("model", T::kString, "", {}, in, U::kHonoured,
                   "Model file (ONNX .onnx for --framework=5, AIR .air for --framework=1)."));
  f.push_back(Flag("weight", T::kString, "", {}, in, U::kUnsupported,
                   "Weight file (Caffe only; ignored with a warning for ONNX/AIR)."));
  f.push_back(Flag("framework", T::kInt, "-1", {"0", "1", "3", "5"}, in, U::kHonoured,
                   "Framework of --model: 0 Caffe, 1 MindSpore (AIR), 3 TensorFlow, 5 ONNX. "
                   "ge_py imports 1 and 5."));
  f.push_back(Flag("om", T::kString, "", {}, in, U::kHonoured,
                   "Input model for --mode=1 (.om or a --framework model) and --mode=6 (.om)."));
  f.push_back(Flag("json", T::kString, "", {}, in, U::kHonoured, "Output JSON file of --mode=1."));
  f.push_back(Flag("input_format", T::kString, "", {"NCHW", "NHWC", "ND", "NCDHW", "NDHWC"}, in,
                   U::kHonoured, "Format of the graph inputs. ONNX: NCHW (default), ND, NCDHW."));
  f.push_back(Flag("input_shape", T::kString, "", {}, in, U::kHonoured,
                   "Shapes of graph inputs: \"name1:n,c,h,w;name2:d0,d1\" (-1 = unknown dim, "
                   "a~b = range)."));
  f.push_back(Flag("input_hint_shape", T::kString, "", {}, in, U::kUnsupported,
                   "Hint shapes of dynamic inputs: \"idx:[dims];...\"."));
  f.push_back(Flag("input_shape_range", T::kString, "", {}, in, U::kDeprecated,
                   "Deprecated: use --input_shape with ranges."));
  f.push_back(Flag("dynamic_batch_size", T::kString, "", {}, in, U::kUnsupported,
                   "Dynamic batch gears \"1,2,4,8\"."));
  f.push_back(Flag("dynamic_image_size", T::kString, "", {}, in, U::kUnsupported,
                   "Dynamic image size gears \"h1,w1;h2,w2\"."));
  f.push_back(Flag("dynamic_dims", T::kString, "", {}, in, U::kUnsupported,
                   "Dynamic dims gears \"d1,d2;d3,d4\"."));
  f.push_back(Flag("singleop", T::kString, "", {}, in, U::kUnsupported,
                   "Single-op list JSON (builds one model per op)."));
  f.push_back(Flag("insert_op_conf", T::kString, "", {}, in, U::kNotApplicable,
                   "AIPP configuration file (NPU image pre-processing)."));
  f.push_back(
      Flag("op_name_map", T::kString, "", {}, in, U::kUnsupported, "Custom op name mapping file."));
  f.push_back(Flag("cal_conf", T::kString, "", {}, in, U::kNotApplicable,
                   "Quantization calibration configuration."));
  // ---- output ----
  f.push_back(Flag("output", T::kString, "", {}, out, U::kHonoured,
                   "Output model path without suffix; \".om\" is appended (--mode=0)."));
  f.push_back(
      Flag("output_type", T::kString, "", {}, out, U::kCompileOption,
           "Data type of graph outputs: FP32, FP16, UINT8, INT8, or \"node:index:type;...\"."));
  f.push_back(Flag("out_nodes", T::kString, "", {}, out, U::kHonoured,
                   "Graph outputs instead of the model's: \"node1:0;node2:1\"."));
  f.push_back(Flag("input_fp16_nodes", T::kString, "", {}, out, U::kCompileOption,
                   "Input nodes whose data type becomes FP16: \"node1;node2\"."));
  f.push_back(Flag("is_input_adjust_hw_layout", T::kString, "", {}, out, U::kNotApplicable,
                   "NC1HWC0 layout of FP16 inputs (NPU layout)."));
  f.push_back(Flag("is_output_adjust_hw_layout", T::kString, "", {}, out, U::kNotApplicable,
                   "NC1HWC0 layout of FP16 outputs (NPU layout)."));
  f.push_back(Flag("check_report", T::kString, "check_result.json", {}, out, U::kUnsupported,
                   "Pre-check report file (--mode=3)."));
  f.push_back(Flag("host_env_os", T::kString, "", {}, out, U::kNotApplicable,
                   "OS of the host that runs the model (NPU deployment)."));
  f.push_back(Flag("host_env_cpu", T::kString, "", {}, out, U::kNotApplicable,
                   "CPU of the host that runs the model (NPU deployment)."));
  f.push_back(Flag("external_weight", T::kInt, "0", {"0", "1", "2"}, out, U::kUnsupported,
                   "Store Const weights in separate files (0 off)."));
  // ---- general ----
  f.push_back(Flag("help", T::kBool, "false", {}, gen, U::kHonoured, "Show this help."));
  f.push_back(Flag("h", T::kBool, "false", {}, gen, U::kHonoured, "Show this help."));
  f.push_back(Flag("mode", T::kInt, "0", {"0", "1", "3", "5", "6", "7", "30"}, gen, U::kHonoured,
                   "0 build .om, 1 model to JSON, 3 pre-check, 5 GE dump txt to JSON, 6 display "
                   ".om info, 7 .om2, 30 nano exe-om. ge_py implements 0, 1 and 6."));
  f.push_back(Flag("raw_ge_options", T::kString, "", {}, gen, U::kUnsupported,
                   "JSON {\"compile options\": {\"global\"|\"session\"|\"graph\": {...}}}."));
  f.push_back(Flag("raw_ge_options_ignore_unsupported", T::kBool, "false", {}, gen, U::kUnsupported,
                   "Ignore unsupported keys of --raw_ge_options."));
  f.push_back(Flag("target", T::kString, "", {}, gen, U::kNotApplicable, "Reserved."));
  f.push_back(Flag("log", T::kString, "null",
                   {"debug", "info", "warning", "error", "null", "default"}, gen, U::kHonoured,
                   "Log level: debug, info, warning, error, null. Without it, "
                   "ASCEND_GLOBAL_LOG_LEVEL decides."));
  // ---- target ----
  f.push_back(Flag("soc_version", T::kString, "", {}, tgt, U::kHonoured,
                   "Target SoC (selects the platform table), e.g. Ascend910B1."));
  f.push_back(Flag("virtual_type", T::kInt, "0", {"0", "1"}, tgt, U::kNotApplicable,
                   "Build for virtualized NPU instances."));
  f.push_back(Flag("core_type", T::kString, "AiCore", {"AiCore", "VectorCore"}, tgt,
                   U::kNotApplicable, "Core type the model runs on."));
  f.push_back(
      Flag("aicore_num", T::kString, "", {}, tgt, U::kNotApplicable, "Number of AI cores to use."));
  // ---- tuning / features ----
  f.push_back(Flag("precision_mode", T::kString, "",
                   {"force_fp16", "force_fp32", "cube_fp16in_fp32out", "allow_mix_precision",
                    "allow_fp32_to_fp16", "must_keep_origin_dtype", "allow_mix_precision_fp16",
                    "allow_mix_precision_bf16", "allow_fp32_to_bf16"},
                   opt, U::kCompileOption, "Operator precision policy."));
  f.push_back(Flag("precision_mode_v2", T::kString, "",
                   {"fp16", "origin", "cube_fp16in_fp32out", "mixed_float16", "mixed_bfloat16",
                    "cube_hif8", "mixed_hif8"},
                   opt, U::kCompileOption, "Operator precision policy (v2 names)."));
  f.push_back(Flag("op_precision_mode", T::kString, "", {}, opt, U::kNotApplicable,
                   "Per-op precision ini file (kernel implementation choice)."));
  f.push_back(Flag("modify_mixlist", T::kString, "", {}, opt, U::kCompileOption,
                   "Mixed-precision list file."));
  f.push_back(Flag("keep_dtype", T::kString, "", {}, opt, U::kCompileOption,
                   "File of ops that keep their original data type."));
  f.push_back(Flag("customize_dtypes", T::kString, "", {}, opt, U::kCompileOption,
                   "File of per-op computation data types."));
  f.push_back(Flag("allow_hf32", T::kString, "", {}, opt, U::kNotApplicable,
                   "Allow HF32 (NPU cube units)."));
  f.push_back(Flag("is_weight_clip", T::kString, "1", {}, opt, U::kNotApplicable,
                   "Clip weights out of FP16 range."));
  f.push_back(Flag(
      "op_select_implmode", T::kString, "",
      {"high_precision", "high_performance", "high_precision_for_all", "high_performance_for_all"},
      opt, U::kNotApplicable, "Kernel implementation mode."));
  f.push_back(Flag("optypelist_for_implmode", T::kString, "", {}, opt, U::kNotApplicable,
                   "Op types --op_select_implmode applies to."));
  f.push_back(Flag("jit_compile", T::kString, "1", {"0", "1", "2"}, opt, U::kNotApplicable,
                   "Online kernel compilation (NPU kernels)."));
  f.push_back(Flag("optimization_switch", T::kString, "", {}, opt, U::kCompileOption,
                   "Pass switches \"pass1:on;pass2:off\"."));
  f.push_back(Flag("static_model_ops_lower_limit", T::kString, "", {}, opt, U::kNotApplicable,
                   "Op count below which a model is built static (int >= -1)."));
  f.push_back(Flag("h2d_overlapped_with_compute", T::kString, "", {}, opt, U::kNotApplicable,
                   "Overlap host-to-device copies with compute."));
  f.push_back(Flag("disable_reuse_memory", T::kInt, "0", {"0", "1"}, opt, U::kCompileOption,
                   "Disable memory reuse."));
  f.push_back(Flag("fusion_switch_file", T::kString, "", {}, opt, U::kCompileOption,
                   "Fusion switch configuration file."));
  f.push_back(Flag("py_pass_strict", T::kString, "0", {"0", "1"}, opt, U::kCompileOption,
                   "1: a Python pass plugin that fails to import, or a Python pass bridge that "
                   "cannot load, fails the compile (default 0: reported and skipped)."));
  f.push_back(Flag("trace_pass", T::kString, "", {}, opt, U::kCompileOption,
                   "Name of a fusion pass whose patterns' closest non-matches are reported on "
                   "stderr and in <pass>.match_trace.txt/.dot (GE_PY_TRACE_PASS_DIR or .)."));
  f.push_back(Flag("pass_report", T::kString, "", {}, opt, U::kCompileOption,
                   "Write a JSON report of every fusion pass run to this file (ge_py extension)."));
  f.push_back(Flag("enable_scope_fusion_passes", T::kString, "", {}, opt, U::kNotApplicable,
                   "Scope fusion passes (TensorFlow parser)."));
  f.push_back(Flag("enable_single_stream", T::kString, "", {}, opt, U::kNotApplicable,
                   "Single NPU stream."));
  f.push_back(Flag("ac_parallel_enable", T::kString, "0", {}, opt, U::kNotApplicable,
                   "AI core / AI CPU parallelism."));
  f.push_back(Flag("tiling_schedule_optimize", T::kString, "0", {}, opt, U::kNotApplicable,
                   "Tiling schedule optimization."));
  f.push_back(Flag("quant_dumpable", T::kString, "", {}, opt, U::kNotApplicable,
                   "Keep quantized ops dumpable."));
  f.push_back(Flag("cluster_config", T::kString, "", {}, opt, U::kNotApplicable,
                   "Cluster configuration (multi-device)."));
  f.push_back(Flag("hccl_sub_comm_config", T::kString, "", {}, opt, U::kNotApplicable,
                   "HCCL sub-communicator configuration (multi-device)."));
  f.push_back(Flag("enable_small_channel", T::kString, "0", {}, opt, U::kNotApplicable,
                   "Small-channel optimization (NPU)."));
  f.push_back(Flag("enable_compress_weight", T::kString, "false", {}, opt, U::kNotApplicable,
                   "Weight compression (NPU)."));
  f.push_back(Flag("compress_weight_conf", T::kString, "", {}, opt, U::kNotApplicable,
                   "Weight compression configuration (NPU)."));
  f.push_back(Flag("compression_optimize_conf", T::kString, "", {}, opt, U::kNotApplicable,
                   "Compression optimization configuration (NPU)."));
  f.push_back(Flag("enable_attr_compression", T::kString, "true", {}, opt, U::kNotApplicable,
                   "Attribute compression in the .om (NPU loader)."));
  f.push_back(Flag("sparsity", T::kInt, "0", {"0", "1"}, opt, U::kNotApplicable,
                   "2:4 structured sparsity (NPU)."));
  f.push_back(Flag("buffer_optimize", T::kString, "l2_optimize",
                   {"l1_optimize", "l2_optimize", "off_optimize"}, opt, U::kNotApplicable,
                   "On-chip buffer optimization."));
  f.push_back(Flag("mdl_bank_path", T::kString, "", {}, opt, U::kNotApplicable,
                   "Model tuning knowledge bank (AOE tuning tool)."));
  f.push_back(Flag("op_bank_path", T::kString, "", {}, opt, U::kNotApplicable,
                   "Operator tuning knowledge bank (AOE tuning tool)."));
  f.push_back(Flag("oo_level", T::kString, "O3", {"O1", "O3"}, opt, U::kCompileOption,
                   "Optimization level."));
  f.push_back(Flag("auto_tune_mode", T::kString, "", {}, opt, U::kDeprecated,
                   "Deprecated: use the AOE tool."));
  // ---- debug ----
  f.push_back(Flag("op_debug_level", T::kInt, "0", {"0", "1", "2", "3", "4"}, dbg,
                   U::kNotApplicable, "Kernel debug level (NPU kernels)."));
  f.push_back(Flag("op_debug_config", T::kString, "", {}, dbg, U::kNotApplicable,
                   "Kernel debug configuration (NPU kernels)."));
  f.push_back(Flag("save_original_model", T::kString, "", {"true", "false"}, dbg, U::kUnsupported,
                   "Also save the original model."));
  f.push_back(Flag("dump_mode", T::kString, "0", {"0", "1"}, dbg, U::kNotApplicable,
                   "Keep NPU dump information in the .om."));
  f.push_back(Flag("debug_dir", T::kString, "./kernel_meta", {}, dbg, U::kNotApplicable,
                   "Kernel debug file directory (NPU kernels)."));
  f.push_back(Flag("status_check", T::kString, "0", {"0", "1"}, dbg, U::kNotApplicable,
                   "Overflow checks in kernels (NPU kernels)."));
  f.push_back(Flag("op_compiler_cache_dir", T::kString, "", {}, dbg, U::kNotApplicable,
                   "Kernel compile cache directory (default $HOME/atc_data)."));
  f.push_back(Flag("op_compiler_cache_mode", T::kString, "disable", {"enable", "disable", "force"},
                   dbg, U::kNotApplicable, "Kernel compile cache mode."));
  f.push_back(Flag("display_model_info", T::kString, "0", {"0", "1"}, dbg, U::kHonoured,
                   "With --mode=0, also print the built model's information."));
  f.push_back(Flag("device_id", T::kString, "0", {}, dbg, U::kNotApplicable,
                   "NPU device used while compiling."));
  f.push_back(Flag("build_config", T::kString, "", {}, dbg, U::kNotApplicable,
                   "Kernel build configuration."));
  f.push_back(Flag("shape_generalized_build_mode", T::kString, "shape_precise",
                   {"shape_generalized", "shape_precise"}, dbg, U::kDeprecated, "Deprecated."));
  f.push_back(Flag("atomic_clean_policy", T::kString, "0", {"0", "1"}, dbg, U::kNotApplicable,
                   "Atomic memory clean policy (NPU)."));
  f.push_back(Flag("deterministic", T::kString, "0", {"0", "1"}, dbg, U::kCompileOption,
                   "Deterministic computation."));
  f.push_back(Flag("deterministic_level", T::kString, "0", {"0", "1", "2", "3"}, dbg,
                   U::kCompileOption, "Deterministic computation level."));
  return f;
}

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string Join(const std::vector<std::string> &items, const char *sep) {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i) {
    text += (i == 0 ? "" : sep) + items[i];
  }
  return text;
}

}  // namespace

const std::vector<AtcFlagDef> &GetAtcFlagDefs() {
  static const std::vector<AtcFlagDef> flags = BuildFlagTable();
  return flags;
}

const AtcFlagDef *FindAtcFlag(const std::string &name) {
  for (const AtcFlagDef &flag : GetAtcFlagDefs()) {
    if (flag.name == name) {
      return &flag;
    }
  }
  return nullptr;
}

AtcOptions::AtcOptions() {
  for (const AtcFlagDef &flag : GetAtcFlagDefs()) {
    values_[flag.name] = flag.default_value;
  }
}

const std::string &AtcOptions::Get(const std::string &name) const {
  static const std::string kEmpty;
  auto it = values_.find(name);
  return it == values_.end() ? kEmpty : it->second;
}

int64_t AtcOptions::GetInt(const std::string &name) const {
  const std::string &text = Get(name);
  try {
    return text.empty() ? 0 : std::stoll(text);
  } catch (const std::exception &) {
    return 0;  // unreachable for parsed int flags: the parser accepts digits only
  }
}

bool AtcOptions::GetBool(const std::string &name) const {
  bool value = false;
  return ParseAtcBool(Get(name), &value) && value;
}

void AtcOptions::Set(const std::string &name, const std::string &value) {
  values_[name] = value;
  given_.insert(name);
}

bool ParseAtcBool(const std::string &text, bool *value) {
  const std::string lower = Lower(text);
  if (lower == "1" || lower == "t" || lower == "true" || lower == "y" || lower == "yes") {
    *value = true;
    return true;
  }
  if (lower == "0" || lower == "f" || lower == "false" || lower == "n" || lower == "no") {
    *value = false;
    return true;
  }
  return false;
}

AtcParseResult ParseAtcFlags(int argc, const char *const *argv, AtcOptions *options) {
  AtcParseResult result;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i] == nullptr ? "" : argv[i];
    std::string body;
    if (arg.rfind("--", 0) == 0 && arg.size() > 2) {
      body = arg.substr(2);
    } else if (arg.size() > 1 && arg[0] == '-') {
      // A single dash before >= 2 letters counts as a double dash; "-h" is the help alias.
      body = arg.substr(1);
      const std::string name_part = body.substr(0, body.find('='));
      if (name_part.size() < 2 && name_part != "h") {
        result.error = "ERROR: unknown command line flag '" + name_part + "'";
        return result;
      }
    } else {
      result.error = "ERROR: Non-option parameter: " + arg;
      return result;
    }
    const size_t eq = body.find('=');
    std::string name = body.substr(0, eq);
    std::replace(name.begin(), name.end(), '-', '_');
    const AtcFlagDef *flag = FindAtcFlag(name);
    if (flag == nullptr) {
      result.error = "ERROR: unknown command line flag '" + name + "'";
      return result;
    }
    std::string value;
    if (eq != std::string::npos) {
      value = body.substr(eq + 1);
    } else if (flag->type == AtcFlagType::kBool) {
      value = "true";  // a bare bool flag is true and never takes the next argument
    } else if (i + 1 < argc && argv[i + 1] != nullptr) {
      value = argv[++i];
    } else {
      // gflags quotes the argument as typed ("--model"), not the normalised name.
      result.error = "ERROR: flag '" + arg +
                     "' is missing its argument; flag description: " + flag->description;
      return result;
    }
    if (flag->type == AtcFlagType::kBool) {
      bool parsed = false;
      if (!ParseAtcBool(value, &parsed)) {
        result.error =
            "ERROR: illegal value '" + value + "' specified for bool flag '" + name + "'";
        return result;
      }
      value = parsed ? "true" : "false";
    } else if (flag->type == AtcFlagType::kInt) {
      // Digits only, no sign (GE flags are unsigned on the command line).
      const bool digits = !value.empty() && value.size() <= 9 &&
                          std::all_of(value.begin(), value.end(),
                                      [](unsigned char c) { return std::isdigit(c) != 0; });
      if (!digits) {
        result.error =
            "ERROR: illegal value '" + value + "' specified for int32 flag '" + name + "'";
        return result;
      }
    }
    if (!flag->allowed.empty() &&
        std::find(flag->allowed.begin(), flag->allowed.end(), value) == flag->allowed.end()) {
      result.error = "ERROR: invalid value '" + value + "' for flag '--" + name +
                     "'; allowed values: " + Join(flag->allowed, ", ");
      return result;
    }
    options->Set(name, value);
    if ((name == "help" || name == "h") && options->GetBool(name)) {
      result.help = true;
    }
  }
  result.ok = true;
  return result;
}

std::string AtcHelpText(const std::string &command) {
  std::ostringstream text;
  text
      << "usage: " << command << " <args>\n"
      << "example:\n"
      << "  " << command
      << " --model=resnet50.onnx --framework=5 --soc_version=Ascend910B1 --output=out/resnet50\n"
      << "  " << command << " --mode=6 --om=out/resnet50.om\n"
      << "  " << command << " --mode=1 --om=out/resnet50.om --json=out/resnet50.json\n"
      << "Flags are written --name=value or --name value. Flags marked [n/a] need NPU hardware or\n"
      << "tuning tools: they are accepted and reported as not applicable on this target.\n"
      << "Flags marked [unsupported] fail when given a non-default value.\n";
  std::string group;
  for (const AtcFlagDef &flag : GetAtcFlagDefs()) {
    if (flag.name == "h") {
      continue;  // alias of --help
    }
    if (flag.group != group) {
      group = flag.group;
      text << "\n===== " << group << " =====\n";
    }
    std::string line = "  --" + flag.name;
    if (flag.use == AtcFlagUse::kNotApplicable) {
      line += " [n/a]";
    } else if (flag.use == AtcFlagUse::kUnsupported) {
      line += " [unsupported]";
    } else if (flag.use == AtcFlagUse::kDeprecated) {
      line += " [deprecated]";
    }
    text << line << "\n      " << flag.description;
    if (!flag.allowed.empty()) {
      text << " Values: " << Join(flag.allowed, ", ") << ".";
    }
    if (!flag.default_value.empty() && flag.type != AtcFlagType::kBool) {
      text << " Default: " << flag.default_value << ".";
    }
    text << "\n";
  }
  text << "\nEnvironment: ASCEND_GLOBAL_LOG_LEVEL (0 debug .. 4 null), "
          "ASCEND_SLOG_PRINT_TO_STDOUT=1,\n"
       << "DUMP_GE_GRAPH=1|2|3 (graph dumps per stage), ASCEND_GE_PY_PASS_PATH (Python passes).\n";
  return text.str();
}

std::string AtcCommandName(const char *argv0) {
  const std::string arg = argv0 == nullptr ? "" : argv0;
  const std::string suffix = " -m ge.pyatc";
  if (arg.size() >= suffix.size() &&
      arg.compare(arg.size() - suffix.size(), suffix.size(), suffix) == 0) {
    return "python3 -m ge.pyatc";
  }
  const size_t slash = arg.find_last_of('/');
  const std::string base = slash == std::string::npos ? arg : arg.substr(slash + 1);
  return base == "pyatc" ? "pyatc" : "atc";
}

}  // namespace ge
