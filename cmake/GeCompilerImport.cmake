# ge_import_prebuilt_compiler(): the target `ge_compiler` as an IMPORTED library taken from an
# already built compiler core instead of compiler/. Used for GE_BUILD_COMPILER=OFF: the native
# sub-wheels of the matrix and run-time fallback codegen link the artifact set against one
# installed libge_compiler.so and its public headers, so the core is built once, not per Python.
#
# Inputs: GE_COMPILER_PREBUILT_DIR (a dir with lib/libge_compiler.so and include/, e.g. the
# installed ge_compiler package) or GE_COMPILER_LIBRARY (the library file itself, e.g. a build
# tree's) plus GE_COMPILER_INCLUDE_DIR (default: <prebuilt>/include).
# Only the public headers are visible; the native sources must not need anything else.
function(ge_import_prebuilt_compiler)
  if(GE_COMPILER_LIBRARY)
    get_filename_component(library "${GE_COMPILER_LIBRARY}" ABSOLUTE)
  elseif(GE_COMPILER_PREBUILT_DIR)
    get_filename_component(prebuilt "${GE_COMPILER_PREBUILT_DIR}" ABSOLUTE)
    set(library "${prebuilt}/lib/libge_compiler.so")
  else()
    message(FATAL_ERROR "GE_BUILD_COMPILER=OFF needs -DGE_COMPILER_PREBUILT_DIR=<dir with "
                        "lib/libge_compiler.so> or -DGE_COMPILER_LIBRARY=<libge_compiler.so>")
  endif()
  if(NOT EXISTS "${library}")
    message(FATAL_ERROR "Prebuilt compiler library ${library} does not exist")
  endif()
  set(include_dir "${GE_COMPILER_INCLUDE_DIR}")
  if(NOT include_dir AND prebuilt)
    set(include_dir "${prebuilt}/include")
  endif()
  get_filename_component(include_dir "${include_dir}" ABSOLUTE)
  if(NOT EXISTS "${include_dir}/ge/python_pass/python_pass_bridge_abi.h")
    message(FATAL_ERROR
            "Compiler public headers not found: ${include_dir}/ge/python_pass/python_pass_bridge_abi.h "
            "is missing (set GE_COMPILER_INCLUDE_DIR)")
  endif()
  add_library(ge_compiler SHARED IMPORTED GLOBAL)
  set_target_properties(ge_compiler PROPERTIES
      IMPORTED_LOCATION "${library}"
      IMPORTED_SONAME "libge_compiler.so"
      INTERFACE_INCLUDE_DIRECTORIES "${include_dir}")
  message(STATUS "Using prebuilt compiler core: ${library} (headers ${include_dir})")
endfunction()

# ge_install_prebuilt_compiler(): install the already built core of GE_COMPILER_PREBUILT_DIR
# (lib/, bin/, include/, data/, as `cmake --install` of a full build lays out ge_compiler/) as
# the ge_compiler package. The matrix builder and the packaging tests use it to wrap the core
# that tools/run_tests.sh compiled into a ge_compiler wheel without compiling it a second time.
function(ge_install_prebuilt_compiler)
  if(NOT GE_COMPILER_PREBUILT_DIR)
    message(FATAL_ERROR "GE_INSTALL_PREBUILT_COMPILER=ON needs -DGE_COMPILER_PREBUILT_DIR=<dir>")
  endif()
  get_filename_component(prebuilt "${GE_COMPILER_PREBUILT_DIR}" ABSOLUTE)
  foreach(required lib/libge_compiler.so bin/atc include/ge data/platform)
    if(NOT EXISTS "${prebuilt}/${required}")
      message(FATAL_ERROR "Prebuilt compiler core ${prebuilt} is incomplete: ${required} is missing")
    endif()
  endforeach()
  install(DIRECTORY "${prebuilt}/lib/" DESTINATION ${GE_INSTALL_LIBDIR} USE_SOURCE_PERMISSIONS)
  install(DIRECTORY "${prebuilt}/bin/" DESTINATION ${GE_INSTALL_BINDIR} USE_SOURCE_PERMISSIONS)
  install(DIRECTORY "${prebuilt}/include/" DESTINATION ${GE_INSTALL_INCLUDEDIR})
  install(DIRECTORY "${prebuilt}/data/" DESTINATION ${GE_INSTALL_DATADIR})
  message(STATUS "Installing the prebuilt compiler core ${prebuilt} as ge_compiler")
endfunction()
