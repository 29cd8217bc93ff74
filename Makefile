# hipc: HIP on the CPU (and NVIDIA GPUs). See README.md.
#
#   make          build/bin/hipcc, build/lib/libhipc.{so,a}, build/include,
#                 build/lib/libhiprand.so (hipRAND)
#   make run      build and run examples/warp_shuffle.hip on the CPU device
#   make test     the whole test suite (ends with "N passed, N failed")
#   make test-asan / test-ubsan / test-tsan   the suite under the sanitizers
#   make bench    CPU benchmarks against hand-written C (not part of test)
#   make test-gpu the suite with kernels also built for the GPU
#                 (--offload-arch=$(HIPC_GPU_ARCH)), run on GPUs if present
#   make gpu-bundle   everything a GPU machine runs, in build/gpu-bundle
#                 (tests/gpu/run_on_device.sh runs it there)
#   make install PREFIX=/usr/local DESTDIR=   the toolchain, relocatable
#   make uninstall    removes what make install put there
#   make deb      build/hipc_VERSION_ARCH.deb (dpkg-deb), installed in /usr

BUILD ?= build
CC ?= cc
CFLAGS ?= -O2 -g
WARN := -Wall -Wextra
BASE_CFLAGS := -std=c11 $(WARN) -fPIC -fvisibility=hidden -pthread \
	-Iinclude -Isrc -Isrc/runtime

UNAME_M := $(shell uname -m)
RUNTIME_SRC := $(wildcard src/runtime/*.c)
CPU_SRC := $(wildcard src/backend/cpu/*.c) src/backend/cpu/fiber_$(UNAME_M).S
CUDA_SRC := $(wildcard src/backend/cuda/*.c)
LIB_SRC := $(RUNTIME_SRC) $(CPU_SRC) $(CUDA_SRC)
LIB_OBJ := $(patsubst %,$(BUILD)/obj/%.o,$(LIB_SRC))
HIPCC_SRC := $(wildcard src/hipcc/*.c)
HIPCC_OBJ := $(patsubst %,$(BUILD)/obj/%.o,$(HIPCC_SRC))
HEADERS := $(shell find include src -name '*.h' -not -path 'include/hiprand*' \
	-not -path 'src/lib/hiprand/*')
HIPRAND_HEADERS := $(HEADERS) $(wildcard include/hiprand*.h include/hiprand/*.h \
	include/hiprand/hipc/*.h src/lib/hiprand/*.h)

# The CMake package and the pkg-config file (dist/), with the HIP version
# of include/hip/hip_version.h.
hip_version_part = $(shell sed -n 's/^\#define HIP_VERSION_$(1) *\([0-9]*\).*/\1/p' \
	include/hip/hip_version.h)
HIP_VERSION_MAJOR := $(call hip_version_part,MAJOR)
HIP_VERSION_TEXT := $(HIP_VERSION_MAJOR).$(call hip_version_part,MINOR).$(call hip_version_part,PATCH)
hipc_version_part = $(shell sed -n 's/^\#define HIPC_VERSION_$(1) *\([0-9]*\).*/\1/p' \
	include/hip/hip_version.h)
HIPC_VERSION_TEXT := $(call hipc_version_part,MAJOR).$(call hipc_version_part,MINOR).$(call hipc_version_part,PATCH)
DIST_FILES := $(BUILD)/lib/cmake/hip/hip-config.cmake \
	$(BUILD)/lib/cmake/hip/hip-config-version.cmake \
	$(BUILD)/lib/cmake/hip-lang/hip-lang-config.cmake \
	$(BUILD)/lib/cmake/hip/FindHIP.cmake $(BUILD)/cmake/FindHIP.cmake \
	$(BUILD)/lib/pkgconfig/hip.pc
SUBST = sed -e 's/@HIP_VERSION@/$(HIP_VERSION_TEXT)/g' \
	-e 's/@HIP_VERSION_MAJOR@/$(HIP_VERSION_MAJOR)/g'

all: $(BUILD)/lib/libhipc.so $(BUILD)/lib/libhipc.a $(BUILD)/bin/hipcc \
	$(BUILD)/include $(BUILD)/bin/hipconfig $(BUILD)/bin/hipInfo \
	$(BUILD)/lib/hipc/bin/clang++ $(BUILD)/bin/hipc-clang++ $(DIST_FILES) \
	$(BUILD)/lib/libroctx64.so

$(BUILD)/obj/%.c.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(CFLAGS) $(FILE_CFLAGS) -c $< -o $@

# hipGetProcAddress (src/runtime/proc_address.c) finds libhipc's API by
# name in a table made from the headers: every function they declare with
# HIPC_API whose name starts with hip and a capital letter.
PROC_HEADERS := include/hip/hip_runtime_api.h include/hip/hip_ext.h \
	$(wildcard include/hip/hipc/*_api.h)
$(BUILD)/gen/proc_names.h: $(PROC_HEADERS)
	@mkdir -p $(dir $@)
	cat $(PROC_HEADERS) | \
	  sed -n 's/^HIPC_API .*[ *]\(hip[A-Z][A-Za-z0-9_]*\)(.*/HIPC_PROC(\1)/p' | \
	  sort -u > $@
$(BUILD)/obj/src/runtime/proc_address.c.o: $(BUILD)/gen/proc_names.h
$(BUILD)/obj/src/runtime/proc_address.c.o: FILE_CFLAGS := -I$(BUILD)/gen

# Directed rounding: the compiler must honour the run-time rounding mode.
$(BUILD)/obj/src/backend/cpu/fp_round.c.o: FILE_CFLAGS := -frounding-math

$(BUILD)/obj/%.S.o: %.S
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/lib/libhipc.so: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -shared $(CFLAGS) -pthread -o $@ $(LIB_OBJ) -ldl -lm

# hipcc itself is never built with sanitizers: it only runs compilers.
HIPCC_CFLAGS := -O2 -g

# roctx (include/roctx.h) is in libhipc; programs written for ROCm link
# -lroctx64, which this linker script turns into libhipc.
$(BUILD)/lib/libroctx64.so:
	@mkdir -p $(dir $@)
	echo '/* roctx is part of libhipc. */ INPUT(AS_NEEDED(-lhipc))' > $@

$(BUILD)/lib/libhipc.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $(LIB_OBJ)

$(BUILD)/obj/src/hipcc/%.c.o: src/hipcc/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(HIPCC_CFLAGS) -c $< -o $@

$(BUILD)/bin/hipcc: $(HIPCC_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(HIPCC_CFLAGS) -o $@ $(HIPCC_OBJ)

# The CPU device pass's precompiled headers, one per flavour, with the
# lists hipcc checks before it uses one (src/hipcc/pch.h).
PCH_DIR := $(BUILD)/lib/hipc/pch
PCH_FILES := $(PCH_DIR)/device.pch $(PCH_DIR)/device-fast-math.pch
all: $(PCH_FILES)
$(PCH_DIR)/device-fast-math.pch: PCH_FLAGS := -ffast-math
$(PCH_FILES): $(HEADERS) $(BUILD)/bin/hipcc tools/pch/manifest.sh \
		| $(BUILD)/include
	@mkdir -p $(PCH_DIR) && : >$@.h
	$(BUILD)/bin/hipcc --hipc-device-pch -x hip $(PCH_FLAGS) \
		-c $(abspath $@).h -o $@
	tools/pch/manifest.sh $@

# The kernel compiler (src/kc, docs/frontend.md), on LLVM 19's C API. Built
# by `make` where llvm-config-19 is installed (.ci/run installs it).
LLVM_CONFIG ?= llvm-config-19
KC_SRC := $(wildcard src/kc/*.c) src/llvm_cfg/llvm_cfg.c
KC_OBJ := $(patsubst %,$(BUILD)/obj/%.o,$(KC_SRC))
ifneq ($(shell command -v $(LLVM_CONFIG) 2>/dev/null),)
all: $(BUILD)/bin/hipc-kc
endif

# hipc's clang pass plugin (src/clang_plugin): the host pass's fold of
# constant long double math and its loop interchange, which clang loads
# (-fpass-plugin); C on LLVM's C API with a C++ registration
# shim; LLVM's headers as system headers (their own unused parameters are
# not ours to warn about).
CLANG_PLUGIN := $(BUILD)/lib/hipc/libhipc-clang-plugin.so
CLANG_PLUGIN_C := $(wildcard src/clang_plugin/*.c)
CLANG_PLUGIN_OBJ := $(patsubst %,$(BUILD)/obj/%.o,$(CLANG_PLUGIN_C)) \
	$(BUILD)/obj/src/clang_plugin/plugin.cpp.o \
	$(BUILD)/obj/src/clang_plugin/llvm_cfg.pic.o
ifneq ($(shell command -v $(LLVM_CONFIG) 2>/dev/null),)
all: $(CLANG_PLUGIN)
endif
$(BUILD)/obj/src/clang_plugin/%.c.o: src/clang_plugin/%.c src/clang_plugin/clang_plugin.h \
		src/clang_plugin/host_nest.h src/clang_plugin/host_loops.h \
		src/llvm_cfg/llvm_cfg.h
	@mkdir -p $(dir $@)
	$(CC) -std=c11 $(WARN) -fPIC -O2 -Isrc \
		-isystem $(shell $(LLVM_CONFIG) --includedir) -c $< -o $@
# The control-flow graph hipc-kc also links (src/llvm_cfg), compiled
# position-independent for the plugin.
$(BUILD)/obj/src/clang_plugin/llvm_cfg.pic.o: src/llvm_cfg/llvm_cfg.c \
		src/llvm_cfg/llvm_cfg.h
	@mkdir -p $(dir $@)
	$(CC) -std=c11 $(WARN) -fPIC -O2 -Isrc \
		-isystem $(shell $(LLVM_CONFIG) --includedir) -c $< -o $@
$(BUILD)/obj/src/clang_plugin/plugin.cpp.o: src/clang_plugin/plugin.cpp src/clang_plugin/clang_plugin.h
	@mkdir -p $(dir $@)
	$(CXX) -std=c++17 $(WARN) -fPIC -O2 -fno-rtti \
		-isystem $(shell $(LLVM_CONFIG) --includedir) -c $< -o $@
$(CLANG_PLUGIN): $(CLANG_PLUGIN_OBJ)
	@mkdir -p $(dir $@)
	$(CXX) -shared -o $@ $(CLANG_PLUGIN_OBJ)

# LLVM's OpenMP runtime (libomp5-19, which libomp-19-dev brings), which
# programs built with `hipcc -fopenmp` load: a copy in hipc's library folder,
# beside libhipc.so, where the run path hipcc gives every program finds it,
# so that such a program needs nothing at run time but that folder (and the
# CUDA driver for GPUs). make install puts it beside libhipc.so; the Debian
# package depends on libomp5-19 instead.
LIBOMP := $(firstword $(wildcard $(shell $(LLVM_CONFIG) --libdir 2>/dev/null)/libomp.so.5))
ifneq ($(LIBOMP),)
all: $(BUILD)/lib/libomp.so.5
$(BUILD)/lib/libomp.so.5: $(LIBOMP)
	@mkdir -p $(dir $@)
	cp -L $< $@
endif

# libhiprand (src/lib/hiprand): C, one C++ file reading Boost's copy of Joe
# and Kuo's Sobol table (libboost-dev), and kernels that hipcc builds for the
# CPU device (and for GPUs with HIPC_OFFLOAD_ARCH, which hipcc reads).
HIPRAND_C := $(filter-out src/lib/hiprand/gen_jump.c,$(wildcard src/lib/hiprand/*.c))
HIPRAND_OBJ := $(patsubst %,$(BUILD)/obj/%.o,$(HIPRAND_C)) \
	$(BUILD)/obj/src/lib/hiprand/sobol_data.cpp.o \
	$(BUILD)/obj/src/lib/hiprand/kernels.hip.o \
	$(BUILD)/obj/src/lib/hiprand/mtgp32_gen.hip.o \
	$(BUILD)/obj/src/lib/hiprand/mt19937_gen.hip.o
ifneq ($(shell command -v $(LLVM_CONFIG) 2>/dev/null),)
all: $(BUILD)/lib/libhiprand.so
endif

$(BUILD)/obj/src/lib/hiprand/sobol_data.cpp.o: src/lib/hiprand/sobol_data.cpp
	@mkdir -p $(dir $@)
	$(CXX) -std=c++11 $(WARN) -fPIC -fvisibility=hidden -Iinclude \
		$(CFLAGS) -c $< -o $@

$(BUILD)/obj/src/lib/hiprand/%.c.o: src/lib/hiprand/%.c $(HIPRAND_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(CFLAGS) -c $< -o $@

# With the CUDA toolkit there, the kernels are built for NVIDIA GPUs too
# (HIPRAND_OFFLOAD_ARCH, a comma-separated list; empty: the CPU device only).
CUDA_PATH ?= /usr/local/cuda
HIPRAND_OFFLOAD_ARCH ?= $(if $(wildcard $(CUDA_PATH)/bin/ptxas),sm_90)
$(BUILD)/obj/src/lib/hiprand/%.hip.o: src/lib/hiprand/%.hip \
		$(HIPRAND_HEADERS) $(BUILD)/bin/hipcc $(BUILD)/bin/hipc-kc $(BUILD)/include
	@mkdir -p $(dir $@)
	$(BUILD)/bin/hipcc -O2 $(WARN) -fPIC -fvisibility=hidden \
		$(if $(HIPRAND_OFFLOAD_ARCH),--offload-arch=$(HIPRAND_OFFLOAD_ARCH)) \
		-Isrc/lib/hiprand -c $< -o $@

# Linked beside libhipc.so, which it finds there ($ORIGIN) once installed.
$(BUILD)/lib/libhiprand.so: $(HIPRAND_OBJ) $(BUILD)/lib/libhipc.so
	$(CC) -shared $(CFLAGS) -pthread -o $@ $(HIPRAND_OBJ) -L$(BUILD)/lib \
		-Wl,-rpath,'$$ORIGIN' -lhipc -lstdc++ -lm

# The skip-ahead tables of hiprand_kernel.h, from their generator
# (tests/shell/hiprand_tables.sh checks that they agree).
hiprand-tables:
	@mkdir -p $(BUILD)/obj
	$(CC) -std=c11 $(WARN) -O2 src/lib/hiprand/gen_jump.c \
		-o $(BUILD)/obj/gen_jump
	$(BUILD)/obj/gen_jump > include/hiprand/hipc/jump_tables.h

$(BUILD)/obj/src/kc/%.c.o: src/kc/%.c src/llvm_cfg/llvm_cfg.h $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(shell $(LLVM_CONFIG) --cflags) $(HIPCC_CFLAGS) \
		-c $< -o $@
$(BUILD)/obj/src/llvm_cfg/%.c.o: src/llvm_cfg/%.c src/llvm_cfg/llvm_cfg.h
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(shell $(LLVM_CONFIG) --cflags) $(HIPCC_CFLAGS) \
		-c $< -o $@

$(BUILD)/bin/hipc-kc: $(KC_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(HIPCC_CFLAGS) -pthread -o $@ $(KC_OBJ) \
		$(shell $(LLVM_CONFIG) --ldflags) \
		$(shell $(LLVM_CONFIG) --link-shared --libs)

# The HIP libraries (src/lib, README.md "HIP libraries"): each its own
# shared library in $(BUILD)/lib, linked with libhipc. libhipblas needs
# OpenBLAS (libopenblas-dev) and libhipfft FFTW3 (libfftw3-dev) for the CPU
# device; each is left out where its back end is not installed (a test
# compile decides: lib_probe HEADER, CODE, FLAGS). libhipsparse needs
# nothing. On NVIDIA GPUs they load cuBLAS / cuFFT / cuSPARSE at run time.
LIBS_COMMON_SRC := $(wildcard src/lib/common/*.c)
OPENBLAS_CFLAGS := $(shell pkg-config --cflags openblas 2>/dev/null)
OPENBLAS_LIBS := $(or $(shell pkg-config --libs openblas 2>/dev/null),-lopenblas)
FFTW_LIBS := -lfftw3f_threads -lfftw3f -lfftw3_threads -lfftw3
COMMA := ,
lib_probe = $(shell printf '\043include <$(1)>\nint main(void){$(2);return 0;}\n' | \
	$(CC) -x c - $(3) -o /dev/null >/dev/null 2>&1 && echo 1)
HAVE_OPENBLAS := $(call lib_probe,cblas.h,cblas_sdot(1$(COMMA)(float[]){1}$(COMMA)1$(COMMA)(float[]){1}$(COMMA)1),$(OPENBLAS_CFLAGS) $(OPENBLAS_LIBS))
HAVE_FFTW := $(call lib_probe,fftw3.h,fftwf_init_threads();fftw_init_threads(),$(FFTW_LIBS))
HIP_LIBS := hipsparse $(if $(HAVE_OPENBLAS),hipblas) $(if $(HAVE_FFTW),hipfft)
all: $(patsubst %,$(BUILD)/lib/lib%.so,$(HIP_LIBS))

$(BUILD)/obj/src/lib/hipblas/%.c.o: FILE_CFLAGS := $(OPENBLAS_CFLAGS)
$(BUILD)/lib/libhipblas.so: LIB_LDLIBS := $(OPENBLAS_LIBS)
$(BUILD)/lib/libhipfft.so: LIB_LDLIBS := $(FFTW_LIBS)
define hip_lib_rule
$(BUILD)/lib/lib$(1).so: $(patsubst %,$(BUILD)/obj/%.o,$(wildcard src/lib/$(1)/*.c) $(LIBS_COMMON_SRC)) $(BUILD)/lib/libhipc.so
	$$(CC) -shared $$(CFLAGS) -pthread -o $$@ $$(filter %.o,$$^) \
		-L$(BUILD)/lib -Wl,-rpath,'$$$$ORIGIN' -lhipc $$(LIB_LDLIBS) -ldl -lm
endef
$(foreach l,hipblas hipfft hipsparse,$(eval $(call hip_lib_rule,$(l))))

# librccl (src/lib/rccl, README.md "Several devices and RCCL"): NCCL's API.
# Ranks in several processes need MPI (libopenmpi-dev, or any MPI whose
# mpicc answers --showme or whose pkg-config file is ompi-c / mpich);
# without it the library is built for ranks of one process only, and says
# so. WITH_MPI=0 leaves MPI out.
WITH_MPI ?= 1
MPI_CFLAGS := $(or $(shell pkg-config --cflags ompi-c 2>/dev/null),$(shell mpicc --showme:compile 2>/dev/null))
MPI_LIBS := $(or $(shell pkg-config --libs ompi-c 2>/dev/null),$(shell mpicc --showme:link 2>/dev/null),-lmpi)
HAVE_MPI := $(if $(filter 1,$(WITH_MPI)),$(call lib_probe,mpi.h,MPI_Init(0$(COMMA)0),$(MPI_CFLAGS) $(MPI_LIBS)))
RCCL_SRC := $(filter-out src/lib/rccl/mpi.c src/lib/rccl/no_mpi.c,$(wildcard src/lib/rccl/*.c)) \
	src/lib/rccl/$(if $(HAVE_MPI),mpi.c,no_mpi.c)
all: $(BUILD)/lib/librccl.so
$(BUILD)/obj/src/lib/rccl/mpi.c.o: FILE_CFLAGS := $(MPI_CFLAGS)
# The GPU-to-GPU all-reduce's kernel (gpu_peer.c, peer_kernels.hip) is
# built for NVIDIA GPUs where the CUDA toolkit is (RCCL_OFFLOAD_ARCH, as
# hipRAND's; empty: staged through host memory on GPUs).
RCCL_OFFLOAD_ARCH ?= $(HIPRAND_OFFLOAD_ARCH)
$(BUILD)/obj/src/lib/rccl/peer_kernels.hip.o: src/lib/rccl/peer_kernels.hip \
		src/lib/rccl/peer.h $(BUILD)/bin/hipcc $(BUILD)/bin/hipc-kc $(BUILD)/include
	@mkdir -p $(dir $@)
	$(BUILD)/bin/hipcc -O2 $(WARN) -fPIC -fvisibility=hidden -Iinclude \
		$(if $(RCCL_OFFLOAD_ARCH),--offload-arch=$(RCCL_OFFLOAD_ARCH) -DRCCL_PEER_GPU) \
		-c $< -o $@
$(BUILD)/lib/librccl.so: $(patsubst %,$(BUILD)/obj/%.o,$(RCCL_SRC) src/lib/rccl/peer_kernels.hip) $(BUILD)/lib/libhipc.so
	$(if $(HAVE_MPI),,@echo "librccl: MPI not found (libopenmpi-dev): ranks of one process only")
	$(CC) -shared $(CFLAGS) -pthread -o $@ $(filter %.o,$^) \
		-L$(BUILD)/lib -Wl,-rpath,'$$ORIGIN' -lhipc $(if $(HAVE_MPI),$(MPI_LIBS)) -lstdc++ -ldl -lm

# libhipc_mpi (src/lib/hipc_mpi, README.md "Several devices and RCCL"):
# GPU-aware MPI on any MPI through its profiling interface (PMPI_); hipcc
# links it before MPI's library. Built where MPI is.
HIPC_MPI_SRC := $(wildcard src/lib/hipc_mpi/*.c)
ifneq ($(HAVE_MPI),)
all: $(BUILD)/lib/libhipc_mpi.so
endif
$(patsubst %,$(BUILD)/obj/%.o,$(HIPC_MPI_SRC)): FILE_CFLAGS := $(MPI_CFLAGS)
$(BUILD)/lib/libhipc_mpi.so: $(patsubst %,$(BUILD)/obj/%.o,$(HIPC_MPI_SRC)) $(BUILD)/lib/libhipc.so
	$(CC) -shared $(CFLAGS) -pthread -o $@ $(filter %.o,$^) \
		-L$(BUILD)/lib -Wl,-rpath,'$$ORIGIN' -lhipc $(MPI_LIBS) -ldl -lm

# hipcc finds headers at <its dir>/../include.
$(BUILD)/include:
	@mkdir -p $(BUILD)
	ln -sfn $(CURDIR)/include $@

# The tools (src/tools). hipInfo uses only the public API; its rpath is
# relative ($ORIGIN), so it runs from the build tree and where installed.
$(BUILD)/bin/hipconfig: src/tools/hipconfig.c include/hip/hip_version.h
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(HIPCC_CFLAGS) -o $@ $<

$(BUILD)/bin/hipInfo: src/tools/hipInfo.c $(HEADERS) $(BUILD)/lib/libhipc.so
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(CFLAGS) -o $@ $< -L$(BUILD)/lib \
		-Wl,-rpath,'$$ORIGIN/../lib' -lhipc

# hipcc under names CMake takes as a HIP compiler: CMake 3.25 refuses any
# CMAKE_HIP_COMPILER whose path contains "hipcc", and looks for clang++ in
# `hipconfig --hipclangpath` (docs/internals.md, "Installed tree").
$(BUILD)/bin/hipc-clang++:
	@mkdir -p $(dir $@)
	ln -sfn hipcc $@

$(BUILD)/lib/hipc/bin/clang++:
	@mkdir -p $(dir $@)
	ln -sfn ../../../bin/hipcc $@

$(BUILD)/lib/cmake/hip/%: dist/%
	@mkdir -p $(dir $@)
	cp $< $@

$(BUILD)/lib/cmake/hip/%: dist/%.in include/hip/hip_version.h
	@mkdir -p $(dir $@)
	$(SUBST) $< > $@

$(BUILD)/lib/cmake/hip-lang/%: dist/%
	@mkdir -p $(dir $@)
	cp $< $@

# FindHIP.cmake also where HIP_PATH/cmake puts it (AMD's older layout).
$(BUILD)/cmake/FindHIP.cmake: dist/FindHIP.cmake
	@mkdir -p $(dir $@)
	cp $< $@

$(BUILD)/lib/pkgconfig/%: dist/%.in include/hip/hip_version.h
	@mkdir -p $(dir $@)
	$(SUBST) $< > $@

# make install: the build's toolchain under $(DESTDIR)$(PREFIX). Nothing
# in it names the build tree or the prefix: hipcc, hipconfig, libhipc's
# hiprtc, the CMake files and hip.pc find the rest from their own place.
PREFIX ?= /usr/local
DEST = $(DESTDIR)$(PREFIX)
INSTALLED_BIN := hipcc hipc-kc hipconfig hipInfo
# The HIP libraries' headers (all of them, built or not: a program can
# compile against one whose library this build left out).
HIP_LIB_HEADERS := hipblas hipfft hipsparse rccl hipblas.h hipfft.h hipsparse.h rccl.h
install: all
	install -d $(DEST)/bin $(DEST)/lib/hipc/bin $(DEST)/lib/cmake/hip \
		$(DEST)/lib/cmake/hip-lang $(DEST)/lib/pkgconfig $(DEST)/include \
		$(DEST)/cmake
	install -m 755 $(addprefix $(BUILD)/bin/,$(INSTALLED_BIN)) $(DEST)/bin
	ln -sfn hipcc $(DEST)/bin/hipc-clang++
	ln -sfn ../../../bin/hipcc $(DEST)/lib/hipc/bin/clang++
	install -m 755 $(BUILD)/lib/libhipc.so $(DEST)/lib
	install -m 755 $(patsubst %,$(BUILD)/lib/lib%.so,$(HIP_LIBS) rccl) $(DEST)/lib
	install -m 644 $(BUILD)/lib/libhipc.a $(BUILD)/lib/libroctx64.so \
		$(DEST)/lib
	if [ -e $(BUILD)/lib/libomp.so.5 ]; then \
		install -m 644 $(BUILD)/lib/libomp.so.5 $(DEST)/lib; fi
	if [ -e $(CLANG_PLUGIN) ]; then \
		install -m 755 $(CLANG_PLUGIN) $(DEST)/lib/hipc; fi
	rm -rf $(addprefix $(DEST)/include/,hip roctracer hipcub hiprand \
		$(HIP_LIB_HEADERS))
	cp -R $(addprefix include/,hip roctracer hipcub $(HIP_LIB_HEADERS)) \
		$(DEST)/include
	install -m 644 include/roctx.h $(DEST)/include
	install -m 644 include/hipc_mpi.h $(DEST)/include
	install -m 644 include/math_constants.h $(DEST)/include
	if [ -e $(BUILD)/lib/libhipc_mpi.so ]; then \
		install -m 755 $(BUILD)/lib/libhipc_mpi.so $(DEST)/lib; fi
	# Thrust's hip system: only its own folder, next to Debian's Thrust
	# when DEST is /usr (docs/thrust.md).
	rm -rf $(DEST)/include/thrust/system/hip
	mkdir -p $(DEST)/include/thrust/system
	cp -R include/thrust/system/hip $(DEST)/include/thrust/system
	chmod -R u=rwX,go=rX $(DEST)/include/thrust/system/hip
	chmod -R u=rwX,go=rX $(addprefix $(DEST)/include/,hip roctracer hipcub \
		$(HIP_LIB_HEADERS))
	if [ -e $(BUILD)/lib/libhiprand.so ]; then \
		install -m 755 $(BUILD)/lib/libhiprand.so $(DEST)/lib; \
		cp -R include/hiprand $(DEST)/include/hiprand; \
		chmod -R u=rwX,go=rX $(DEST)/include/hiprand; \
		install -m 644 include/hiprand.h include/hiprand_kernel.h \
			include/hiprand.hpp include/hiprand_mtgp32_host.h \
			$(DEST)/include; \
	fi
	install -m 644 $(BUILD)/lib/cmake/hip/*.cmake $(DEST)/lib/cmake/hip
	install -m 644 $(BUILD)/lib/cmake/hip-lang/*.cmake \
		$(DEST)/lib/cmake/hip-lang
	install -m 644 $(BUILD)/cmake/FindHIP.cmake $(DEST)/cmake
	install -m 644 $(BUILD)/lib/pkgconfig/hip.pc $(DEST)/lib/pkgconfig

uninstall:
	rm -f $(addprefix $(DEST)/bin/,$(INSTALLED_BIN) hipc-clang++) \
		$(DEST)/lib/libhipc.so $(DEST)/lib/libhipc.a \
		$(DEST)/lib/libroctx64.so $(DEST)/lib/libomp.so.5 \
		$(DEST)/include/roctx.h $(DEST)/include/hipc_mpi.h \
		$(DEST)/include/math_constants.h \
		$(patsubst %,$(DEST)/lib/lib%.so,hipblas hipfft hipsparse hiprand rccl hipc_mpi) \
		$(DEST)/include/hiprand.h $(DEST)/include/hiprand_kernel.h \
		$(DEST)/include/hiprand.hpp $(DEST)/include/hiprand_mtgp32_host.h \
		$(DEST)/lib/pkgconfig/hip.pc \
		$(DEST)/cmake/FindHIP.cmake
	rm -rf $(addprefix $(DEST)/include/,hip roctracer hipcub hiprand \
		$(HIP_LIB_HEADERS)) \
		$(DEST)/lib/cmake/hip \
		$(DEST)/lib/cmake/hip-lang $(DEST)/lib/hipc \
		$(DEST)/include/thrust/system/hip
	-rmdir $(DEST)/lib/pkgconfig $(DEST)/lib/cmake $(DEST)/cmake \
		$(DEST)/include/thrust/system $(DEST)/include/thrust $(DEST)/include \
		$(DEST)/lib $(DEST)/bin 2>/dev/null

# make deb: a Debian package of the toolchain in /usr (dist/deb-control.in
# names what hipcc runs), written to $(DEB_DIR).
DEB_DIR ?= $(BUILD)
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEB := $(DEB_DIR)/hipc_$(HIPC_VERSION_TEXT)_$(DEB_ARCH).deb
DEB_ROOT = $(abspath $(DEB_DIR))/deb-root
# What the HIP libraries this build made link with.
DEB_LIB_DEPS := $(if $(HAVE_OPENBLAS),$(COMMA) libopenblas0)$(if \
	$(HAVE_FFTW),$(COMMA) libfftw3-single3$(COMMA) libfftw3-double3)
deb: all
	rm -rf $(DEB_ROOT)
	$(MAKE) --no-print-directory install DESTDIR=$(DEB_ROOT) PREFIX=/usr
	rm -f $(DEB_ROOT)/usr/lib/libomp.so.5
	# /usr/cmake is no place in a Debian system: the package keeps
	# FindHIP.cmake in /usr/lib/cmake/hip only.
	rm -rf $(DEB_ROOT)/usr/cmake
	install -d $(DEB_ROOT)/DEBIAN
	sed -e 's/@VERSION@/$(HIPC_VERSION_TEXT)/' -e 's/@ARCH@/$(DEB_ARCH)/' \
		-e 's/@LIBDEPS@/$(DEB_LIB_DEPS)/' \
		dist/deb-control.in > $(DEB_ROOT)/DEBIAN/control
	dpkg-deb --root-owner-group -Zgzip --build $(DEB_ROOT) $(DEB)
	rm -rf $(DEB_ROOT)

run: all
	@mkdir -p $(BUILD)/examples
	$(BUILD)/bin/hipcc -O2 examples/warp_shuffle.hip \
		-o $(BUILD)/examples/warp_shuffle
	$(BUILD)/examples/warp_shuffle

# make run-NAME builds and runs examples/NAME.hip (e.g.
# run-cooperative_groups).
run-%: all
	@mkdir -p $(BUILD)/examples
	$(BUILD)/bin/hipcc -O2 examples/$*.hip -o $(BUILD)/examples/$*
	$(BUILD)/examples/$*

test: all
	@BUILD=$(BUILD) CC="$(CC)" TEST_CFLAGS="$(TEST_CFLAGS)" tests/run.sh

# The sanitizers instrument the library and every test program. Fault
# reports are switched off there: the sanitizers own the signals. The
# programs are built with g++ like the library: one sanitizer runtime.
ASAN := -fsanitize=address -fno-omit-frame-pointer
UBSAN := -fsanitize=undefined -fno-sanitize-recover=all
test-asan:
	HIPC_CXX=g++ HIPC_NO_SIGNALS=1 $(MAKE) BUILD=build-asan CFLAGS="-O1 -g $(ASAN)" \
		TEST_CFLAGS="$(ASAN)" test

test-ubsan:
	HIPC_CXX=g++ $(MAKE) BUILD=build-ubsan CFLAGS="-O1 -g $(UBSAN)" \
		TEST_CFLAGS="$(UBSAN)" test

# ThreadSanitizer follows the CPU device's fibers through the annotations
# in src/backend/cpu/tsan_fiber.h. halt_on_error: a report fails the test.
# tests/tsan.supp names the kernels whose GPU idioms TSan calls races.
TSAN := -fsanitize=thread
TSAN_RUN := halt_on_error=1 suppressions=$(CURDIR)/tests/tsan.supp
test-tsan:
	HIPC_CXX=g++ HIPC_NO_SIGNALS=1 TSAN_OPTIONS="$(TSAN_RUN) $(TSAN_OPTIONS)" \
		$(MAKE) BUILD=build-tsan CFLAGS="-O1 -g $(TSAN)" \
		TEST_CFLAGS="$(TSAN)" test

bench: all
	@BUILD=$(BUILD) bench/run.sh

test-gpu: all
	@BUILD=$(BUILD) CC="$(CC)" TEST_GPU=1 tests/run.sh

gpu-bundle: all
	@BUILD=$(BUILD) tests/gpu/bundle.sh

clean:
	rm -rf build build-asan build-ubsan build-tsan

.PHONY: hiprand-tables all run test test-asan test-ubsan test-tsan bench test-gpu gpu-bundle clean \
	install uninstall deb
