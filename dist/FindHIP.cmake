# FindHIP.cmake: the legacy HIP module that projects written for ROCm
# load with
#
#   list(APPEND CMAKE_MODULE_PATH <prefix>/lib/cmake/hip)   # or <prefix>/cmake
#   find_package(HIP MODULE REQUIRED)
#   hip_add_executable(app main.cpp kernels.hip HIPCC_OPTIONS -O2)
#   hip_add_library(lib STATIC k.hip)
#
# This one is hipc's own, written from the interface AMD documents
# (README, "Installing"). HIP sources (.hip, .cu, and any source whose
# HIP_SOURCE_PROPERTY_FORMAT property is true) are compiled by hipcc
# through custom commands; the other sources stay with the project's C or
# C++ compiler, and the target is linked by hipcc. Nothing needs
# project(... LANGUAGES HIP).
#
# Where hipc is: HIP_ROOT_DIR (cache) if set, else the HIP_PATH variable,
# $ENV{HIP_PATH}, $ENV{ROCM_PATH} (the first that holds bin/hipcc and
# include/hip/hip_version.h), else the prefix this file is installed in
# (<prefix>/lib/cmake/hip or <prefix>/cmake), else hipconfig on PATH.
#
# Variables set: HIP_FOUND, HIP_VERSION (+ _MAJOR, _MINOR, _PATCH),
# HIP_PLATFORM, HIP_COMPILER, HIP_RUNTIME (hipconfig's answers),
# HIP_ROOT_DIR, HIP_HIPCC_EXECUTABLE, HIP_HIPCONFIG_EXECUTABLE,
# HIP_INCLUDE_DIRS, HIP_LIBRARIES (the runtime library's path), HIPC (TRUE
# when the installation is hipc's).
#
# Flags read when a target is added (cache variables, or set in the
# calling scope): HIP_HIPCC_FLAGS and HIP_CLANG_FLAGS, each also per
# configuration (HIP_HIPCC_FLAGS_RELEASE, ...). hipc's hipcc takes
# hip-clang's command line, so the HCC and NVCC flavours (HIP_HCC_FLAGS,
# HIP_NVCC_FLAGS, HCC_OPTIONS, NVCC_OPTIONS) are accepted and ignored.

# The module is written for today's CMake behaviour, whatever the
# project's cmake_minimum_required; find_package gives it its own policy
# scope, which the functions below keep.
cmake_policy(VERSION 3.13...3.31)

# -- where hipc is

# _hipc_is_root(DIR OUT): OUT is TRUE when DIR holds a HIP installation.
function(_hipc_is_root dir out)
  set(${out} FALSE PARENT_SCOPE)
  if(dir AND EXISTS "${dir}/bin/hipcc" AND
     EXISTS "${dir}/include/hip/hip_version.h")
    set(${out} TRUE PARENT_SCOPE)
  endif()
endfunction()

set(_hipc_root "")
if(HIP_ROOT_DIR)
  _hipc_is_root("${HIP_ROOT_DIR}" _hipc_ok)
  if(_hipc_ok)
    set(_hipc_root "${HIP_ROOT_DIR}")
  endif()
endif()
if(NOT _hipc_root)
  find_program(_hipc_hipconfig_on_path hipconfig)
  mark_as_advanced(_hipc_hipconfig_on_path)
  set(_hipc_on_path "")
  if(_hipc_hipconfig_on_path)
    get_filename_component(_hipc_on_path "${_hipc_hipconfig_on_path}"
                           REALPATH)
    get_filename_component(_hipc_on_path "${_hipc_on_path}/../.." ABSOLUTE)
  endif()
  foreach(_hipc_dir IN ITEMS "${HIP_PATH}" "$ENV{HIP_PATH}" "$ENV{ROCM_PATH}"
                             "${CMAKE_CURRENT_LIST_DIR}/../../.."
                             "${CMAKE_CURRENT_LIST_DIR}/.." "${_hipc_on_path}")
    _hipc_is_root("${_hipc_dir}" _hipc_ok)
    if(_hipc_ok)
      get_filename_component(_hipc_root "${_hipc_dir}" ABSOLUTE)
      break()
    endif()
  endforeach()
endif()
if(_hipc_root)
  set(HIP_ROOT_DIR "${_hipc_root}" CACHE PATH "The HIP installation" FORCE)
else()
  set(HIP_ROOT_DIR "HIP_ROOT_DIR-NOTFOUND" CACHE PATH
      "The HIP installation" FORCE)
endif()

# -- what it is

if(_hipc_root)
  set(HIP_HIPCC_EXECUTABLE "${_hipc_root}/bin/hipcc")
  set(HIP_HIPCONFIG_EXECUTABLE "${_hipc_root}/bin/hipconfig")
  set(HIP_INCLUDE_DIRS "${_hipc_root}/include")
  file(STRINGS "${_hipc_root}/include/hip/hip_version.h" _hipc_lines
       REGEX "^#define HIP_VERSION_(MAJOR|MINOR|PATCH) +[0-9]+")
  foreach(_hipc_part MAJOR MINOR PATCH)
    set(HIP_VERSION_${_hipc_part} 0)
    foreach(_hipc_line IN LISTS _hipc_lines)
      if(_hipc_line MATCHES "^#define HIP_VERSION_${_hipc_part} +([0-9]+)")
        set(HIP_VERSION_${_hipc_part} "${CMAKE_MATCH_1}")
      endif()
    endforeach()
  endforeach()
  set(HIP_VERSION
      "${HIP_VERSION_MAJOR}.${HIP_VERSION_MINOR}.${HIP_VERSION_PATCH}")
  # hipconfig knows the platform ($HIP_PLATFORM when set), the compiler
  # and the runtime.
  foreach(_hipc_what PLATFORM COMPILER RUNTIME)
    string(TOLOWER "${_hipc_what}" _hipc_opt)
    execute_process(COMMAND "${HIP_HIPCONFIG_EXECUTABLE}" "--${_hipc_opt}"
                    OUTPUT_VARIABLE HIP_${_hipc_what}
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  endforeach()
  set(HIPC FALSE)
  if(HIP_RUNTIME STREQUAL "hipc")
    set(HIPC TRUE)
  endif()
  set(HIP_LIBRARIES "")
  foreach(_hipc_lib libhipc.so libamdhip64.so)
    if(EXISTS "${_hipc_root}/lib/${_hipc_lib}")
      set(HIP_LIBRARIES "${_hipc_root}/lib/${_hipc_lib}")
      break()
    endif()
  endforeach()
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(HIP
  REQUIRED_VARS HIP_ROOT_DIR HIP_HIPCC_EXECUTABLE HIP_HIPCONFIG_EXECUTABLE
  VERSION_VAR HIP_VERSION)

# -- flags: cache variables, unless the project has set them already
set(_hipc_configs ${CMAKE_CONFIGURATION_TYPES} ${CMAKE_BUILD_TYPE}
    Debug Release RelWithDebInfo MinSizeRel)
string(TOUPPER "${_hipc_configs}" _hipc_configs)
list(REMOVE_DUPLICATES _hipc_configs)
foreach(_hipc_flavour HIPCC HCC CLANG NVCC)
  set(_hipc_vars HIP_${_hipc_flavour}_FLAGS)
  foreach(_hipc_config IN LISTS _hipc_configs)
    list(APPEND _hipc_vars HIP_${_hipc_flavour}_FLAGS_${_hipc_config})
  endforeach()
  foreach(_hipc_var IN LISTS _hipc_vars)
    if(NOT DEFINED ${_hipc_var})
      set(${_hipc_var} "" CACHE STRING
          "Semicolon-separated ${_hipc_flavour} flags for hip_add_* sources")
      mark_as_advanced(${_hipc_var})
    endif()
  endforeach()
endforeach()

# -- linking with hipcc: a link language of its own, HIPCC, whose rules
# are the C++ (or C) compiler's with hipcc in its place. Its variables are
# set here, in the scope find_package(HIP) is called from, which is where
# CMake looks for them when it writes the build files.
set(_hipc_lang "")
if(CMAKE_CXX_COMPILER_LOADED)
  set(_hipc_lang CXX)
elseif(CMAKE_C_COMPILER_LOADED)
  set(_hipc_lang C)
endif()
if(_hipc_lang AND HIP_HIPCC_EXECUTABLE)
  set(_hipc_cc "${HIP_HIPCC_EXECUTABLE}")
  if(_hipc_cc MATCHES " ")
    set(_hipc_cc "\"${_hipc_cc}\"")
  endif()
  foreach(_hipc_var
      CMAKE_@_LINK_EXECUTABLE CMAKE_@_CREATE_SHARED_LIBRARY
      CMAKE_@_CREATE_SHARED_MODULE CMAKE_@_ARCHIVE_CREATE
      CMAKE_@_ARCHIVE_APPEND CMAKE_@_ARCHIVE_FINISH
      CMAKE_SHARED_LIBRARY_CREATE_@_FLAGS CMAKE_SHARED_LIBRARY_@_FLAGS
      CMAKE_SHARED_LIBRARY_LINK_@_FLAGS CMAKE_SHARED_LIBRARY_RUNTIME_@_FLAG
      CMAKE_SHARED_LIBRARY_RUNTIME_@_FLAG_SEP
      CMAKE_SHARED_LIBRARY_RPATH_LINK_@_FLAG
      CMAKE_SHARED_LIBRARY_SONAME_@_FLAG CMAKE_SHARED_MODULE_CREATE_@_FLAGS
      CMAKE_SHARED_MODULE_@_FLAGS CMAKE_EXECUTABLE_RUNTIME_@_FLAG
      CMAKE_EXECUTABLE_RUNTIME_@_FLAG_SEP CMAKE_EXECUTABLE_RPATH_LINK_@_FLAG
      CMAKE_EXE_EXPORTS_@_FLAG CMAKE_@_LINKER_WRAPPER_FLAG
      CMAKE_@_LINKER_WRAPPER_FLAG_SEP CMAKE_@_LINK_OPTIONS_PIE
      CMAKE_@_LINK_OPTIONS_NO_PIE CMAKE_@_IMPLICIT_LINK_LIBRARIES
      CMAKE_@_IMPLICIT_LINK_DIRECTORIES)
    string(REPLACE "@" "${_hipc_lang}" _hipc_from "${_hipc_var}")
    string(REPLACE "@" "HIPCC" _hipc_to "${_hipc_var}")
    string(REPLACE "<CMAKE_${_hipc_lang}_COMPILER>" "${_hipc_cc}"
           ${_hipc_to} "${${_hipc_from}}")
  endforeach()
endif()

# -- compiling with hipcc

# _hipc_sort(FLAGS_OUT OTHER_OUT ARGS...): splits hip_add_*'s arguments
# into the hipcc flags (the HIPCC_OPTIONS and CLANG_OPTIONS sections),
# into FLAGS_OUT, and the rest (sources, STATIC, ...), into OTHER_OUT; the
# HCC_OPTIONS and NVCC_OPTIONS sections are dropped.
function(_hipc_sort flags_out other_out)
  set(section "")
  set(flags "")
  set(other "")
  foreach(arg IN LISTS ARGN)
    if(arg MATCHES "^(HIPCC|HCC|CLANG|NVCC)_OPTIONS$")
      set(section "${CMAKE_MATCH_1}")
    elseif(section STREQUAL "HIPCC" OR section STREQUAL "CLANG")
      list(APPEND flags "${arg}")
    elseif(NOT section)
      list(APPEND other "${arg}")
    endif()
  endforeach()
  set(${flags_out} "${flags}" PARENT_SCOPE)
  set(${other_out} "${other}" PARENT_SCOPE)
endfunction()

# _hipc_is_hip_source(FILE OUT): OUT is TRUE when hipcc compiles FILE.
function(_hipc_is_hip_source file out)
  get_source_file_property(marked "${file}" HIP_SOURCE_PROPERTY_FORMAT)
  if(file MATCHES "\\.(hip|cu)$" OR marked)
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# _hipc_per_config(OUT PREFIX): generator expressions selecting
# ${PREFIX}_<CONFIG> for the configuration being built.
function(_hipc_per_config out prefix)
  set(result "")
  foreach(config IN LISTS _hipc_configs)
    if(NOT "${${prefix}_${config}}" STREQUAL "")
      string(REPLACE ";" "$<SEMICOLON>" flags "${${prefix}_${config}}")
      list(APPEND result "$<$<CONFIG:${config}>:${flags}>")
    endif()
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# _hipc_compile(TARGET OBJECTS_OUT SOURCES_OUT PIC FLAGS ARGS...): a custom
# command per HIP source in ARGS compiling it with hipcc into an object
# under the target's CMakeFiles folder (OBJECTS_OUT), with the target's
# include directories and compile definitions, the directory's
# definitions, the build type's C++ flags, HIP_HIPCC_FLAGS,
# HIP_CLANG_FLAGS (each with its _<CONFIG> variant) and FLAGS, whose items
# are separated by ';'. The other arguments come back in SOURCES_OUT.
function(_hipc_compile target objects_out sources_out pic flags)
  set(objects "")
  set(sources "")
  set(cxx "")
  if(CMAKE_CXX_COMPILER_LOADED)
    separate_arguments(cxx UNIX_COMMAND "${CMAKE_CXX_FLAGS}")
    foreach(config IN LISTS _hipc_configs)
      separate_arguments(CXX_${config} UNIX_COMMAND
                         "${CMAKE_CXX_FLAGS_${config}}")
    endforeach()
    _hipc_per_config(cxx_config CXX)
    list(APPEND cxx ${cxx_config})
  endif()
  _hipc_per_config(hipcc_config HIP_HIPCC_FLAGS)
  _hipc_per_config(clang_config HIP_CLANG_FLAGS)
  get_directory_property(dir_defs COMPILE_DEFINITIONS)
  set(incs "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defs "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(all_flags ${cxx} ${HIP_HIPCC_FLAGS} ${hipcc_config} ${HIP_CLANG_FLAGS}
      ${clang_config} ${flags})
  if(pic)
    list(APPEND all_flags -fPIC)
  endif()
  foreach(def IN LISTS dir_defs)
    list(APPEND all_flags "-D${def}")
  endforeach()
  foreach(src IN LISTS ARGN)
    _hipc_is_hip_source("${src}" hip)
    if(NOT hip)
      list(APPEND sources "${src}")
      continue()
    endif()
    get_filename_component(abs "${src}" ABSOLUTE)
    file(RELATIVE_PATH rel "${CMAKE_CURRENT_SOURCE_DIR}" "${abs}")
    string(REPLACE ".." "__" rel "${rel}")
    set(obj "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.dir")
    set(obj "${obj}/hipcc/${rel}.o")
    get_filename_component(obj_dir "${obj}" DIRECTORY)
    file(MAKE_DIRECTORY "${obj_dir}")
    # hipcc writes the headers it read to a .d file, from which CMake
    # (3.20 or newer with Makefiles, any with Ninja) rebuilds the object
    # when one changes.
    set(dep "")
    if(CMAKE_GENERATOR MATCHES "Ninja" OR
       (CMAKE_GENERATOR MATCHES "Makefiles" AND
        NOT CMAKE_VERSION VERSION_LESS 3.20))
      set(dep DEPFILE "${obj}.d")
      set(dep_flags -MD -MF "${obj}.d")
    else()
      set(dep_flags "")
    endif()
    add_custom_command(OUTPUT "${obj}"
      COMMAND "${HIP_HIPCC_EXECUTABLE}" ${all_flags}
              "$<$<BOOL:${defs}>:-D$<JOIN:${defs},$<SEMICOLON>-D>>"
              "$<$<BOOL:${incs}>:-I$<JOIN:${incs},$<SEMICOLON>-I>>"
              ${dep_flags} -c "${abs}" -o "${obj}"
      DEPENDS "${abs}" ${dep}
      COMMENT "Building HIP object ${rel}.o"
      COMMAND_EXPAND_LISTS VERBATIM)
    list(APPEND objects "${obj}")
  endforeach()
  set(${objects_out} "${objects}" PARENT_SCOPE)
  set(${sources_out} "${sources}" PARENT_SCOPE)
endfunction()

# _hipc_finish(TARGET): what every hip_add_* target gets: hipc's headers
# and platform macro for its other sources, and hipcc as its linker.
function(_hipc_finish target)
  target_include_directories(${target} PRIVATE ${HIP_INCLUDE_DIRS})
  if(HIPC)
    target_compile_definitions(${target} PRIVATE __HIP_PLATFORM_HIPC__=1)
  endif()
  set_target_properties(${target} PROPERTIES LINKER_LANGUAGE HIPCC)
endfunction()

# hip_add_executable(NAME [WIN32] [MACOSX_BUNDLE] [EXCLUDE_FROM_ALL]
#                    SOURCES... [HIPCC_OPTIONS ...] [CLANG_OPTIONS ...]
#                    [HCC_OPTIONS ...] [NVCC_OPTIONS ...])
function(hip_add_executable name)
  _hipc_sort(flags args ${ARGN})
  _hipc_compile(${name} objects sources FALSE "${flags}" ${args})
  add_executable(${name} ${sources} ${objects})
  _hipc_finish(${name})
endfunction()

# hip_add_library(NAME [STATIC|SHARED|MODULE] [EXCLUDE_FROM_ALL]
#                 SOURCES... [HIPCC_OPTIONS ...] ...): STATIC unless
# BUILD_SHARED_LIBS says otherwise, as add_library.
function(hip_add_library name)
  _hipc_sort(flags args ${ARGN})
  set(pic FALSE)
  if("SHARED" IN_LIST args OR "MODULE" IN_LIST args OR
     (BUILD_SHARED_LIBS AND NOT "STATIC" IN_LIST args) OR
     CMAKE_POSITION_INDEPENDENT_CODE)
    set(pic TRUE)
  endif()
  _hipc_compile(${name} objects sources ${pic} "${flags}" ${args})
  add_library(${name} ${sources} ${objects})
  _hipc_finish(${name})
endfunction()

# hip_include_directories(DIRS...): include directories for the HIP
# sources of the targets added after it in this directory.
macro(hip_include_directories)
  include_directories(${ARGN})
endmacro()

# hip_reset_flags(): empties HIP_HIPCC_FLAGS and the others in the calling
# scope.
macro(hip_reset_flags)
  foreach(_hipc_flavour HIPCC HCC CLANG NVCC)
    set(HIP_${_hipc_flavour}_FLAGS "")
    foreach(_hipc_config IN LISTS _hipc_configs)
      set(HIP_${_hipc_flavour}_FLAGS_${_hipc_config} "")
    endforeach()
  endforeach()
endmacro()

unset(_hipc_root)
unset(_hipc_ok)
unset(_hipc_dir)
unset(_hipc_on_path)
unset(_hipc_lines)
unset(_hipc_line)
unset(_hipc_part)
unset(_hipc_what)
unset(_hipc_opt)
unset(_hipc_lib)
unset(_hipc_flavour)
unset(_hipc_var)
unset(_hipc_vars)
unset(_hipc_config)
unset(_hipc_from)
unset(_hipc_to)
unset(_hipc_lang)
unset(_hipc_cc)
