"""ctypes bindings of the compiler core's C API (module names follow GE's ``ge._capi``)."""
