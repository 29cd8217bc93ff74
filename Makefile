# hipc: HIP on the CPU (and NVIDIA GPUs). See README.md.
#
#   make          build/bin/hipcc, build/lib/libhipc.{so,a}, build/include
#   make run      build and run examples/warp_shuffle.hip on the CPU device
#   make test     the whole test suite (ends with "N passed, N failed")
#   make test-asan / test-ubsan / test-tsan   the suite under the sanitizers
#   make bench    CPU benchmarks against hand-written C (not part of test)
#   make test-gpu the suite with kernels also built for the GPU
#                 (--offload-arch=$(HIPC_GPU_ARCH)), run on GPUs if present
#   make gpu-bundle   everything a GPU machine runs, in build/gpu-bundle
#                 (tests/gpu/run_on_device.sh runs it there)

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
HEADERS := $(shell find include src -name '*.h')

all: $(BUILD)/lib/libhipc.so $(BUILD)/lib/libhipc.a $(BUILD)/bin/hipcc \
	$(BUILD)/include

$(BUILD)/obj/%.c.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(CFLAGS) $(FILE_CFLAGS) -c $< -o $@

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

# The kernel compiler (src/kc, docs/frontend.md), on LLVM 19's C API. Built
# by `make` where llvm-config-19 is installed (.ci/run installs it).
LLVM_CONFIG ?= llvm-config-19
KC_SRC := $(wildcard src/kc/*.c)
KC_OBJ := $(patsubst %,$(BUILD)/obj/%.o,$(KC_SRC))
ifneq ($(shell command -v $(LLVM_CONFIG) 2>/dev/null),)
all: $(BUILD)/bin/hipc-kc
endif

$(BUILD)/obj/src/kc/%.c.o: src/kc/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(shell $(LLVM_CONFIG) --cflags) $(HIPCC_CFLAGS) \
		-c $< -o $@

$(BUILD)/bin/hipc-kc: $(KC_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(HIPCC_CFLAGS) -o $@ $(KC_OBJ) $(shell $(LLVM_CONFIG) --ldflags) \
		$(shell $(LLVM_CONFIG) --link-shared --libs)

# hipcc finds headers at <its dir>/../include.
$(BUILD)/include:
	@mkdir -p $(BUILD)
	ln -sfn $(CURDIR)/include $@

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

.PHONY: all run test test-asan test-ubsan test-tsan bench test-gpu gpu-bundle clean
