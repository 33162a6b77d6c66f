// Thread-local storage of the Python pass creation context.
#include "python_pass/python_pass_create_context.h"

namespace ge {
namespace python_pass {
namespace {

struct ThreadCreateContext {
  PythonPassCreateContext context;
  bool valid = false;
};

ThreadCreateContext &Current() {
  thread_local ThreadCreateContext current;
  return current;
}

}  // namespace

void SetCurrentPythonPassCreateContext(const PythonPassCreateContext &context) {
  Current().context = context;
  Current().valid = context.IsValid();
}

bool GetCurrentPythonPassCreateContext(PythonPassCreateContext &context) {
  if (!Current().valid) {
    return false;
  }
  context = Current().context;
  return true;
}

void ClearCurrentPythonPassCreateContext() {
  Current().context = PythonPassCreateContext();
  Current().valid = false;
}

PythonPassCreateScope::PythonPassCreateScope(const PythonPassCreateContext &context) {
  had_previous_ = GetCurrentPythonPassCreateContext(previous_);
  SetCurrentPythonPassCreateContext(context);
}

PythonPassCreateScope::~PythonPassCreateScope() {
  if (had_previous_) {
    SetCurrentPythonPassCreateContext(previous_);
  } else {
    ClearCurrentPythonPassCreateContext();
  }
}

}  // namespace python_pass
}  // namespace ge
