# Helpers shared by every component of the compiler core.

# Warnings every target of ours compiles with.
function(ge_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
  if(GE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# ge_add_component(<name> SOURCES ...): one OBJECT library per compiler directory, linked into
# libge_compiler.so by compiler/CMakeLists.txt (a static archive could drop pass registrars).
function(ge_add_component name)
  cmake_parse_arguments(ARG "" "" "SOURCES" ${ARGN})
  add_library(${name} OBJECT ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${GE_COMPILER_INCLUDE_DIRS})
  ge_set_warnings(${name})
  set_property(GLOBAL APPEND PROPERTY GE_COMPILER_COMPONENTS ${name})
endfunction()

# ge_add_gtest(<name> SOURCES ...): a GoogleTest binary linked against libge_compiler.so and
# registered with ctest. Tests sit next to the code they test (foo_test.cc by foo.cc).
function(ge_add_gtest name)
  if(NOT GE_BUILD_TESTS)
    return()
  endif()
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ge_compiler GTest::gtest GTest::gtest_main ${ARG_LIBS})
  target_include_directories(${name} PRIVATE ${GE_COMPILER_INCLUDE_DIRS})
  ge_set_warnings(${name})
  include(GoogleTest)
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60)
endfunction()
