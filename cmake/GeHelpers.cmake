# Helpers shared by every component of the compiler core.

# Warnings every target of ours compiles with.
function(ge_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
  if(GE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# ge_declare_unit(<name> DIR <dir> [KIND component|consumer] [PUBLIC_ONLY]
#                 [DEPS <components>...] [TEST_DEPS <components>...]
#                 [PUBLIC_HEADERS <headers>...] [PRIVATE_HEADERS <headers>...])
# Records what the sources under <dir> (relative to the repository root) may include, for
# tools/check_layering.py (docs/development.md, "Components and their dependencies"):
#   KIND             component (a part of the library, what ge_add_component declares) or
#                    consumer (default: code that uses the library, which nothing may depend on);
#   DEPS             components its sources use (each one directly, none transitively);
#   TEST_DEPS        components only its tests use (*_test.cc, *_test_*.h);
#   PUBLIC_HEADERS   the headers under compiler/include/ it owns (paths below that directory);
#   PRIVATE_HEADERS  headers of <dir> no other unit may include;
#   PUBLIC_ONLY      it may include public headers (compiler/include/) only: native code.
function(ge_declare_unit name)
  cmake_parse_arguments(ARG "PUBLIC_ONLY" "DIR;KIND"
                        "DEPS;TEST_DEPS;PUBLIC_HEADERS;PRIVATE_HEADERS" ${ARGN})
  if(NOT ARG_DIR)
    message(FATAL_ERROR "ge_declare_unit(${name}): DIR is required")
  endif()
  if(NOT ARG_KIND)
    set(ARG_KIND consumer)
  endif()
  get_property(declared GLOBAL PROPERTY GE_LAYERING_UNITS)
  if(name IN_LIST declared)
    message(FATAL_ERROR "ge_declare_unit(${name}): declared twice")
  endif()
  set(public_only false)
  if(ARG_PUBLIC_ONLY)
    set(public_only true)
  endif()
  set(entry "{\"name\": \"${name}\", \"kind\": \"${ARG_KIND}\", \"dir\": \"${ARG_DIR}\", ")
  string(APPEND entry "\"public_only\": ${public_only}")
  foreach(field DEPS TEST_DEPS PUBLIC_HEADERS PRIVATE_HEADERS)
    string(TOLOWER ${field} key)
    set(items "")
    foreach(item IN LISTS ARG_${field})
      list(APPEND items "\"${item}\"")
    endforeach()
    list(JOIN items ", " items)
    string(APPEND entry ", \"${key}\": [${items}]")
  endforeach()
  string(APPEND entry "}")
  set_property(GLOBAL APPEND PROPERTY GE_LAYERING_UNITS ${name})
  set_property(GLOBAL PROPERTY GE_LAYERING_UNIT_${name} "${entry}")
endfunction()

# ge_layering_scan_root(<dir>): every source file under <dir> (relative to the repository root)
# must belong to a declared unit.
function(ge_layering_scan_root dir)
  set_property(GLOBAL APPEND PROPERTY GE_LAYERING_SCAN_ROOTS ${dir})
endfunction()

# ge_add_component(<name> [DEPS ...] [TEST_DEPS ...] [PUBLIC_HEADERS ...] [PRIVATE_HEADERS ...]
#                  [SOURCES ...]): one compiler directory (compiler/<name>) as a component of
# libge_compiler.so. Its sources become the OBJECT library ge_<name>, linked into the shared
# library by compiler/CMakeLists.txt (a static archive could drop pass registrars); a component
# without sources (headers only) is declared but builds nothing. DEPS lists the components it
# uses, lower in the layering; the other arguments are those of ge_declare_unit.
function(ge_add_component name)
  cmake_parse_arguments(ARG "" "" "DEPS;TEST_DEPS;PUBLIC_HEADERS;PRIVATE_HEADERS;SOURCES" ${ARGN})
  file(RELATIVE_PATH dir ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  if(NOT dir STREQUAL "compiler/${name}")
    message(FATAL_ERROR "ge_add_component(${name}) belongs in compiler/${name}, not ${dir}")
  endif()
  ge_declare_unit(${name} DIR ${dir} KIND component DEPS ${ARG_DEPS} TEST_DEPS ${ARG_TEST_DEPS}
                  PUBLIC_HEADERS ${ARG_PUBLIC_HEADERS} PRIVATE_HEADERS ${ARG_PRIVATE_HEADERS})
  if(NOT ARG_SOURCES)
    return()
  endif()
  add_library(ge_${name} OBJECT ${ARG_SOURCES})
  target_include_directories(ge_${name} PUBLIC ${GE_COMPILER_INCLUDE_DIRS})
  ge_set_warnings(ge_${name})
  set_property(GLOBAL APPEND PROPERTY GE_COMPILER_COMPONENTS ge_${name})
endfunction()

# ge_write_layering_manifest(): the declarations above as JSON (<build>/ge_layering.json), the
# input of tools/check_layering.py. Called once everything is declared.
function(ge_write_layering_manifest)
  get_property(units GLOBAL PROPERTY GE_LAYERING_UNITS)
  get_property(roots GLOBAL PROPERTY GE_LAYERING_SCAN_ROOTS)
  set(entries "")
  foreach(unit IN LISTS units)
    get_property(entry GLOBAL PROPERTY GE_LAYERING_UNIT_${unit})
    list(APPEND entries "    ${entry}")
  endforeach()
  list(JOIN entries ",\n" entries)
  set(quoted "")
  foreach(root IN LISTS roots)
    list(APPEND quoted "\"${root}\"")
  endforeach()
  list(JOIN quoted ", " quoted)
  file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/ge_layering.json CONTENT "{
  \"include_dirs\": [\"compiler/include\", \"compiler\"],
  \"scan_roots\": [${quoted}],
  \"units\": [
${entries}
  ]
}
" @ONLY)
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
