// OnnxNode: the read-only snapshot of an ONNX node a plugin's parse_node receives. Values are
// copied from the bridge's C view when the node is built, so a node kept past the callback never
// dangles; attribute problems are reported on each `attrs` access, as GE does.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ge/onnx_plugin/onnx_plugin_bridge_abi.h"

namespace py = pybind11;

namespace {

// ONNX AttributeProto.type values OnnxNode converts.
constexpr int32_t kFloat = 1;
constexpr int32_t kInt = 2;
constexpr int32_t kString = 3;
constexpr int32_t kFloats = 6;
constexpr int32_t kInts = 7;
constexpr int32_t kStrings = 8;

struct Attr {
  std::string name;
  int32_t type = 0;
  float f = 0.0F;
  int64_t i = 0;
  std::string bytes;
  std::vector<float> floats;
  std::vector<int64_t> ints;
  std::vector<std::string> strings;
};

/// Strict UTF-8 (UnicodeDecodeError on invalid bytes).
py::str Utf8(const std::string &bytes) {
  PyObject *text =
      PyUnicode_DecodeUTF8(bytes.data(), static_cast<Py_ssize_t>(bytes.size()), "strict");
  if (text == nullptr) {
    throw py::error_already_set();
  }
  return py::reinterpret_steal<py::str>(text);
}

py::tuple Names(const std::vector<std::string> &names) {
  py::tuple result(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    result[i] = Utf8(names[i]);
  }
  return result;
}

class OnnxNode {
 public:
  explicit OnnxNode(const OnnxPluginNodeView &view) {
    auto text = [](const char *value) { return std::string(value == nullptr ? "" : value); };
    name_ = text(view.name);
    origin_type_ = text(view.origin_type);
    for (size_t i = 0; i < view.input_count; ++i) {
      inputs_.push_back(text(view.inputs[i]));
    }
    for (size_t i = 0; i < view.output_count; ++i) {
      outputs_.push_back(text(view.outputs[i]));
    }
    for (size_t k = 0; k < view.attr_count; ++k) {
      const OnnxPluginAttr &source = view.attrs[k];
      Attr attr;
      attr.name = text(source.name);
      attr.type = source.onnx_type;
      attr.f = source.f;
      attr.i = source.i;
      if (source.bytes != nullptr) {
        attr.bytes.assign(source.bytes, source.bytes_length);
      }
      if (source.floats != nullptr) {
        attr.floats.assign(source.floats, source.floats + source.float_count);
      }
      if (source.ints != nullptr) {
        attr.ints.assign(source.ints, source.ints + source.int_count);
      }
      for (size_t s = 0; s < source.string_count; ++s) {
        attr.strings.emplace_back(source.strings[s], source.string_lengths[s]);
      }
      attrs_.push_back(std::move(attr));
    }
  }

  py::str Name() const { return Utf8(name_); }
  py::str OriginType() const { return Utf8(origin_type_); }
  py::tuple Inputs() const { return Names(inputs_); }
  py::tuple Outputs() const { return Names(outputs_); }

  py::object Attrs() const {
    py::dict values;
    for (const Attr &attr : attrs_) {
      if (attr.name.empty()) {
        throw py::value_error("OnnxNode attribute name must be a non-empty string");
      }
      values[Utf8(attr.name)] = Value(attr);
    }
    return py::module_::import("types").attr("MappingProxyType")(values);
  }

 private:
  static py::object Value(const Attr &attr) {
    switch (attr.type) {
      case kFloat: return py::float_(static_cast<double>(attr.f));
      case kInt: return py::int_(attr.i);
      case kString: return Utf8(attr.bytes);
      case kFloats: {
        py::list list;
        for (float value : attr.floats) {
          list.append(py::float_(static_cast<double>(value)));
        }
        return std::move(list);
      }
      case kInts: {
        py::list list;
        for (int64_t value : attr.ints) {
          list.append(py::int_(value));
        }
        return std::move(list);
      }
      case kStrings: {
        py::list list;
        for (const std::string &value : attr.strings) {
          list.append(Utf8(value));
        }
        return std::move(list);
      }
      default:
        throw py::type_error(
            "OnnxNode attrs only supports int, float, string and homogeneous lists");
    }
  }

  std::string name_;
  std::string origin_type_;
  std::vector<std::string> inputs_;
  std::vector<std::string> outputs_;
  std::vector<Attr> attrs_;
};

}  // namespace

PYBIND11_MODULE(_ge_onnx_plugin_native, m) {
  m.doc() = "Native half of ge.onnx_plugin: the OnnxNode snapshot the bridge builds.";
  // No constructor: OnnxNode() raises TypeError; only the bridge builds nodes.
  py::class_<OnnxNode>(m, "OnnxNode")
      .def_property_readonly("name", &OnnxNode::Name)
      .def_property_readonly("origin_type", &OnnxNode::OriginType)
      .def_property_readonly("inputs", &OnnxNode::Inputs)
      .def_property_readonly("outputs", &OnnxNode::Outputs)
      .def_property_readonly("attrs", &OnnxNode::Attrs);
  // The bridge's constructor path: a snapshot of the OnnxPluginNodeView at `address`.
  m.def("_from_view", [](uintptr_t address) {
    return OnnxNode(*reinterpret_cast<const OnnxPluginNodeView *>(address));
  });
}
