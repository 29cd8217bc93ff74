#!/usr/bin/env bash
# hipcc -g: gdb stops at a kernel's source line and shows the kernel's
# frame and variables. The kernels run in the region form (K.run, where the
# kernel is an inlined frame): a plain kernel that calls a device function,
# and one with a __syncthreads and a shuffle (three regions, values read
# back from their slots, the warp-size bodies). At -O0 each breakpoint is
# conditional on a thread's index, and the locals gdb prints are checked
# against values the script computes; at -O2 the breakpoint and the
# backtrace still name the kernel and the right line. Skipped where gdb is
# missing or cannot run programs (no ptrace).
set -u
# Programs built without the sanitizers cannot load a sanitised libhipc.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
unset HIPC_OFFLOAD_ARCH
GDB=${GDB:-gdb}
if ! command -v "$GDB" > /dev/null; then
  echo "skip: no gdb"
  exit 77
fi
if ! "$GDB" -nx -batch -ex run /bin/true 2>&1 | grep -q "exited normally"; then
  echo "skip: gdb cannot run programs here"
  exit 77
fi

cat > prog.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>

__device__ int square(int v) { return v * v; }

__global__ void scale(int* out, const int* in, int factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i] * factor;
  int sq = square(v);
  out[i] = sq + i;  // LINE-SCALE
}

__device__ void put(int* p, int v) { *p = v; }

__global__ void exchange(int* out, const int* in, int** where) {
  __shared__ int buf[64];
  int t = threadIdx.x;
  buf[t] = in[t] + 1;  // the same in every block
  __syncthreads();
  int mine = buf[63 - t] * 2;
  int other = __shfl_xor(mine, 1);
  put(where[t], mine + other);  // LINE-EXCHANGE
}

int main(int argc, char** argv) {
  const int n = 128;
  int *in, *out, **where;
  if (hipMallocManaged(&in, n * sizeof(int)) != hipSuccess ||
      hipMallocManaged(&out, n * sizeof(int)) != hipSuccess ||
      hipMallocManaged(&where, 64 * sizeof(int*)) != hipSuccess)
    return 2;
  for (int i = 0; i < n; i++) in[i] = i + 1;
  for (int i = 0; i < 64; i++) where[i] = &out[i];
  if (argc > 1) where[37] = nullptr;  // `prog crash`: thread 37 faults
  scale<<<2, 64>>>(out, in, 3);
  exchange<<<2, 64>>>(out, in, where);
  if (hipDeviceSynchronize() != hipSuccess) return 3;
  printf("%d %d\n", out[0], out[63]);
  return 0;
}
SRC
line_scale=$(grep -n 'LINE-SCALE' prog.hip | cut -d: -f1)
line_exchange=$(grep -n 'LINE-EXCHANGE' prog.hip | cut -d: -f1)

# The values the kernels compute, here in the script (in[j] = j + 1).
i=70
v=$(( (i + 1) * 3 ))
sq=$(( v * v ))
t=5
mine=$(( ((63 - t) + 1 + 1) * 2 ))    # buf[63 - t] = in[63 - t] + 1
other=$(( ((63 - (t ^ 1)) + 1 + 1) * 2 ))

# gdb_run OUT BREAK...: runs ./prog under gdb, stopping at each BREAK
# (a "break" argument) in turn, with a backtrace and the locals at each.
gdb_run() {
  local out=$1
  shift
  local args=()
  for b in "$@"; do args+=(-ex "break $b"); done
  args+=(-ex run -ex bt -ex "info locals")
  for _ in "${@:2}"; do args+=(-ex continue -ex bt -ex "info locals"); done
  timeout 90 "$GDB" -nx -batch "${args[@]}" ./prog > "$out" 2>&1
}

# has FILE WHAT PATTERN: gdb's output FILE matches the extended regexp.
has() {
  if ! grep -Eq -- "$3" "$1"; then
    echo "FAIL: $2 (no '$3' in gdb's output)"
    sed 's/^/  | /' "$1" | grep -v 'New Thread\|exited\]' | head -40
    fail=1
  fi
}

"$HIPCC" -g -O0 prog.hip -o prog 2> err.txt
check "builds with -g -O0 ($(cat err.txt))" [ -x prog ]
gdb_run o0.txt "prog.hip:$line_scale if i == $i" \
  "prog.hip:$line_exchange if t == $t"
has o0.txt "stops in scale at its line" \
  "^#0 +scale \(out=0x[0-9a-f]+, in=0x[0-9a-f]+, factor=3\) at prog.hip:$line_scale\$"
has o0.txt "K.run is the kernel's caller" \
  "^#1 .*scale\(int\*, int const\*, int\) \[clone \.run\]"
has o0.txt "scale's i" "^i = $i\$"
has o0.txt "scale's sq" "^sq = $sq\$"
has o0.txt "stops in exchange at its line" \
  "^#0 +exchange \(.*in=0x[0-9a-f]+, where=0x[0-9a-f]+.*\) at prog.hip:$line_exchange\$"
has o0.txt "exchange's t, from before the barrier" "^t = $t\$"
has o0.txt "exchange's mine, read back after the shuffle" "^mine = $mine\$"
has o0.txt "exchange's other, the shuffle's result" "^other = $other\$"
has o0.txt "exchange's K.run (the body for its warp size)" \
  "^#1 .*exchange\(int\*, int const\*, int\*\*\) \[clone \.run\] \[clone \.w(32|64)\]"

rm -f prog
"$HIPCC" -g -O2 prog.hip -o prog 2> err.txt
check "builds with -g -O2 ($(cat err.txt))" [ -x prog ]
# A breakpoint, and a fault: the backtrace names the kernel's line.
gdb_run o2a.txt "prog.hip:$line_scale"
timeout 90 "$GDB" -nx -batch -ex run -ex bt --args ./prog crash > o2b.txt 2>&1
has o2a.txt "-O2: stops in scale at its line" \
  "^#0 +scale \(.*\) at prog.hip:$line_scale\$"
has o2b.txt "-O2: the fault is the kernel's" "received signal SIGSEGV"
has o2b.txt "-O2: the fault is at exchange's line" \
  "^#0 +exchange \(.*\) at prog.hip:$line_exchange\$"
has o2b.txt "-O2: K.run is the kernel's caller" \
  "^#1 .*exchange\(int\*, int const\*, int\*\*\) \[clone \.run"
exit $fail
