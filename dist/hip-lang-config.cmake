# The HIP language's runtime package: CMake loads it from
# <CMAKE_HIP_COMPILER_ROCM_ROOT>/lib/cmake/hip-lang once it has identified
# the HIP compiler (hipc's hipcc answers "Found HIP installation: <prefix>"
# to `-v`), and links _CMAKE_HIP_DEVICE_RUNTIME_TARGET into every target
# with HIP sources. hipcc links libhipc itself; the target also serves
# targets that a C++ compiler links.
get_filename_component(_hipc_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.."
                       ABSOLUTE)
if(NOT TARGET hip-lang::amdhip64)
  add_library(hip-lang::amdhip64 SHARED IMPORTED)
  set_target_properties(hip-lang::amdhip64 PROPERTIES
    IMPORTED_LOCATION "${_hipc_prefix}/lib/libhipc.so"
    IMPORTED_NO_SONAME TRUE
    INTERFACE_INCLUDE_DIRECTORIES "${_hipc_prefix}/include")
  add_library(hip-lang::device INTERFACE IMPORTED)
  set_target_properties(hip-lang::device PROPERTIES
    INTERFACE_LINK_LIBRARIES "hip-lang::amdhip64")
endif()
set(_CMAKE_HIP_DEVICE_RUNTIME_TARGET "hip-lang::device")
unset(_hipc_prefix)
