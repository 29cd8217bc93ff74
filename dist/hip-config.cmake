# hipc's CMake package, found by find_package(hip CONFIG) and
# find_package(HIP) (CMake matches <prefix>/lib/cmake/hip/hip-config.cmake
# case-insensitively). Everything is found relative to this file, so the
# installed tree can move.
#
# Targets, as AMD's package spells them:
#   hip::amdhip64  the runtime, <prefix>/lib/libhipc.so (headers and
#                  __HIP_PLATFORM_HIPC__ come with it)
#   hip::host      host code calling the HIP API (any C or C++ compiler)
#   hip::device    code compiled by hipc's hipcc (the HIP language, or
#                  CMAKE_CXX_COMPILER=<prefix>/bin/hipcc): hip::host, plus
#                  --offload-arch= for each of GPU_TARGETS (sm_XX) when the
#                  C++ compiler is hipc's hipcc
#   hip::hipc_static  <prefix>/lib/libhipc.a
# Variables: hip_VERSION, hip_INCLUDE_DIRS, hip_LIBRARIES, hip_LIB_INSTALL_DIR,
# hip_BIN_INSTALL_DIR, hip_HIPCC_EXECUTABLE, hip_HIPCONFIG_EXECUTABLE,
# HIP_COMPILER (clang), HIP_RUNTIME (hipc), HIP_PLATFORM (amd: see
# hipconfig --platform), HIPC (TRUE).

get_filename_component(_hipc_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.."
                       ABSOLUTE)
include("${CMAKE_CURRENT_LIST_DIR}/hip-config-version.cmake")
set(hip_VERSION "${PACKAGE_VERSION}")
set(HIP_VERSION "${PACKAGE_VERSION}")
set(HIPC TRUE)
set(HIP_COMPILER "clang")
set(HIP_RUNTIME "hipc")
if(NOT DEFINED HIP_PLATFORM)
  set(HIP_PLATFORM "amd")
endif()
set(hip_INCLUDE_DIR "${_hipc_prefix}/include")
set(hip_INCLUDE_DIRS "${_hipc_prefix}/include")
set(hip_LIB_INSTALL_DIR "${_hipc_prefix}/lib")
set(hip_BIN_INSTALL_DIR "${_hipc_prefix}/bin")
set(hip_HIPCC_EXECUTABLE "${_hipc_prefix}/bin/hipcc")
set(hip_HIPCONFIG_EXECUTABLE "${_hipc_prefix}/bin/hipconfig")
set(HIP_HIPCC_EXECUTABLE "${hip_HIPCC_EXECUTABLE}")
set(HIP_HIPCONFIG_EXECUTABLE "${hip_HIPCONFIG_EXECUTABLE}")

if(NOT TARGET hip::amdhip64)
  add_library(hip::amdhip64 SHARED IMPORTED)
  set_target_properties(hip::amdhip64 PROPERTIES
    IMPORTED_LOCATION "${_hipc_prefix}/lib/libhipc.so"
    IMPORTED_NO_SONAME TRUE
    INTERFACE_INCLUDE_DIRECTORIES "${_hipc_prefix}/include"
    INTERFACE_COMPILE_DEFINITIONS "__HIP_PLATFORM_HIPC__=1")

  add_library(hip::hipc_static STATIC IMPORTED)
  set_target_properties(hip::hipc_static PROPERTIES
    IMPORTED_LOCATION "${_hipc_prefix}/lib/libhipc.a"
    INTERFACE_INCLUDE_DIRECTORIES "${_hipc_prefix}/include"
    INTERFACE_COMPILE_DEFINITIONS "__HIP_PLATFORM_HIPC__=1"
    INTERFACE_LINK_LIBRARIES "pthread;dl;m")

  add_library(hip::host INTERFACE IMPORTED)
  set_target_properties(hip::host PROPERTIES
    INTERFACE_LINK_LIBRARIES "hip::amdhip64")

  add_library(hip::device INTERFACE IMPORTED)
  set_target_properties(hip::device PROPERTIES
    INTERFACE_LINK_LIBRARIES "hip::host")
  # GPU_TARGETS (AMD's name; AMDGPU_TARGETS too): the NVIDIA architectures
  # that C++ sources compiled by hipc's hipcc also get code for. hipcc
  # takes the same flag when it links, so it goes to both.
  if(NOT DEFINED GPU_TARGETS AND DEFINED AMDGPU_TARGETS)
    set(GPU_TARGETS "${AMDGPU_TARGETS}")
  endif()
  set(_hipc_cxx "")
  if(CMAKE_CXX_COMPILER)
    get_filename_component(_hipc_cxx "${CMAKE_CXX_COMPILER}" REALPATH)
  endif()
  get_filename_component(_hipc_hipcc "${hip_HIPCC_EXECUTABLE}" REALPATH)
  if(GPU_TARGETS AND _hipc_cxx STREQUAL _hipc_hipcc)
    foreach(_hipc_arch IN LISTS GPU_TARGETS)
      set_property(TARGET hip::device APPEND PROPERTY
        INTERFACE_COMPILE_OPTIONS
        "$<$<COMPILE_LANGUAGE:CXX>:--offload-arch=${_hipc_arch}>")
      set_property(TARGET hip::device APPEND PROPERTY
        INTERFACE_LINK_OPTIONS "--offload-arch=${_hipc_arch}")
    endforeach()
  endif()
  unset(_hipc_cxx)
  unset(_hipc_hipcc)
  unset(_hipc_arch)
endif()
set(hip_LIBRARIES hip::host)
set(hip_FOUND TRUE)
set(HIP_FOUND TRUE)
unset(_hipc_prefix)
