#!/usr/bin/env bash
# tools/parity/variants.sh SRC BUNDLE: builds one HeCBench program's -hip
# folder with hipc's hipcc under several GPU-pass settings and its -cuda
# twin with nvcc (SRC: the path of NAME-hip; NAME-cuda beside it), for one
# GPU call to time them back to back (docs/nvidia.md, "Fifth session,
# contract"). BUNDLE/run.sh runs each binary three times, in turn, with
# the program's own arguments (ARGS, default "64 5") and prints what the
# program prints. The variants (NAME=environment):
#   hip          hipcc as it is
#   hip-lsr      HIPC_NVPTX_LSR=1: LLVM's loop strength reduction kept
#   hip-nvptx    hipc's runtime and host code, nvcc's PTX for the kernels
#                (a stand-in ptxas assembles nvcc's PTX in place of
#                hipcc's: which side, kernels or runtime, holds the gap)
#   cuda         nvcc
#   cuda-hipptx  nvcc's host code and runtime, hipcc's PTX for the kernels
#   hip-split    HIPC_NVPTX_SPLIT=1: index sums made 64-bit before -O3
#   hip-chain    HIPC_NVPTX_SPLIT=1 HIPC_NVPTX_CHAIN=1: and unrolled
#                strided addresses stepped by a 64-bit stride (nvcc's form)
# FLAGS: more hipcc flags, NV_FLAGS: more nvcc flags (the Makefiles').
#   hip-base     BASE_HIPCC's build, where set (another checkout's hipcc:
#                the same call times before and after a change)
#   hip-rN       ptxas -maxrregcount=N (N = 40, 48, 64; a stand-in ptxas):
#                ptxas then uses up to N registers, where uncapped it
#                chose 32 for contract (nvcc's PTX: 40)
set -eu
SRC=$(realpath "$1"); BUNDLE=$(realpath -m "$2")
REPO=$(realpath "$(dirname "$0")/../..")
HIPCC=$REPO/build/bin/hipcc
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CUDA=${CUDA_PATH:-/usr/local/cuda}
CUDA_SRC=${SRC%-hip}-cuda
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$BUNDLE/lib"
cp "$REPO/build/lib/libhipc.so" "$BUNDLE/lib/"
cp -r "$SRC" "$W/hip"
cp -r "$CUDA_SRC" "$W/cuda"
srcs=$(cd "$W/hip" && ls *.cu *.cpp *.hip 2>/dev/null | tr '\n' ' ')
inc="-I$CUDA_SRC -I$W/cuda"

# A CUDA directory whose ptxas assembles SUBST_PTX instead of its input,
# where set, and adds PTXAS_EXTRA to its flags (nvcc copied there finds
# it; hipcc through CUDA_PATH).
fake=$W/fakecuda
mkdir -p "$fake/bin"
for f in "$CUDA"/*; do [ "${f##*/}" = bin ] || ln -s "$f" "$fake/"; done
for f in "$CUDA"/bin/*; do ln -s "$f" "$fake/bin/"; done
rm "$fake/bin/ptxas" "$fake/bin/nvcc"
cp "$CUDA/bin/nvcc" "$fake/bin/"
cat >"$fake/bin/ptxas" <<PTXAS
#!/bin/sh
if [ -n "\${SUBST_PTX:-}" ]; then
  for a in "\$@"; do case \$a in *.ptx) cp "\$SUBST_PTX" "\$a";; esac; done
fi
exec "$CUDA/bin/ptxas" \${PTXAS_EXTRA:-} "\$@"
PTXAS
chmod +x "$fake/bin/ptxas"

# nvcc's build and its PTX; hipcc's PTX.
(cd "$W/cuda" && "$NVCC" -arch=sm_90 -O3 -std=c++17 ${NV_FLAGS:-} -keep \
    -o main.cuda *.cu >build.log 2>&1)
cp "$W/cuda/main.cuda" "$BUNDLE/cuda"
nv_ptx=$(ls "$W"/cuda/*.ptx | head -1)
mkdir "$W/temps"
(cd "$W/temps" && "$HIPCC" --offload-arch=sm_90 -O3 -std=c++17 ${FLAGS:-} \
    -save-temps $inc -c "$W/hip/$(echo $srcs | cut -d' ' -f1)" -o x.o \
    >/dev/null 2>&1)
hip_ptx=$(ls "$W"/temps/*.sm_90.ptx | head -1)
mkdir "$W/cuda2"
cp -r "$CUDA_SRC"/. "$W/cuda2/"
(cd "$W/cuda2" && SUBST_PTX=$hip_ptx "$fake/bin/nvcc" -arch=sm_90 -O3 \
    -std=c++17 ${NV_FLAGS:-} -o "$BUNDLE/cuda-hipptx" *.cu >build.log 2>&1) &&
  echo "cuda-hipptx built"

one() {
  local name=$1; shift
  (cd "$W/hip" && env "$@" "${ONE_HIPCC:-$HIPCC}" --offload-arch=sm_90 -O3 \
      -std=c++17 ${FLAGS:-} $inc $srcs -o "$BUNDLE/$name" \
      >"$W/$name.log" 2>&1) ||
    { echo "$name: build failed"; tail -5 "$W/$name.log"; return 1; }
  echo "$name built"
}
one hip X=1
[ -z "${BASE_HIPCC:-}" ] || ONE_HIPCC=$BASE_HIPCC one hip-base X=1
one hip-lsr HIPC_NVPTX_LSR=1
one hip-nvptx CUDA_PATH="$fake" SUBST_PTX="$nv_ptx"
one hip-split HIPC_NVPTX_SPLIT=1
one hip-chain HIPC_NVPTX_SPLIT=1 HIPC_NVPTX_CHAIN=1
for n in 40 48 64; do
  one hip-r$n CUDA_PATH="$fake" PTXAS_EXTRA=-maxrregcount=$n
done

cat >"$BUNDLE/run.sh" <<'RUN'
#!/bin/sh
# Each variant three times in turn on one GPU; the program prints its
# kernel times; the last lines: each variant's best of 3 per timed line.
# ARGS: the program's arguments (default "64 5"); BUDGET: seconds.
# libhipc comes from the bundle's lib/; HIPC_DEVICES is gpu unless set.
cd "$(dirname "$0")"
export LD_LIBRARY_PATH="$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export HIPC_DEVICES=${HIPC_DEVICES:-gpu}
log=$(mktemp)
start=$(date +%s)
for round in 1 2 3; do
  for v in cuda cuda-hipptx hip hip-base hip-lsr hip-nvptx hip-split hip-chain \
      hip-r40 hip-r48 hip-r64; do
    [ -x "./$v" ] || continue
    # BUDGET (default 80) seconds in all: what is left is not run.
    if [ $(($(date +%s) - start)) -gt "${BUDGET:-80}" ]; then
      echo "== $v (round $round): skipped, past ${BUDGET:-80} s"; continue
    fi
    echo "== $v (round $round)"
    timeout 8 "./$v" ${ARGS:-64 5} 2>&1 | grep -v '^$'
  done
done | tee "$log"
echo "== best of 3 (s), in the order the program prints its times"
awk '/^== /{v=$2; k=0; next} /time/{k++; t=$(NF-1)+0;
     key=v" "k; if(!(key in b)||t<b[key]) b[key]=t; if(!(v in seen)){seen[v]=1; order[n++]=v}}
     END{for(i=0;i<n;i++){v=order[i]; line=v; for(k=1;(v" "k) in b;k++) line=line" "b[v" "k]; print line}}' "$log"
rm -f "$log"
RUN
chmod +x "$BUNDLE/run.sh"
du -sh "$BUNDLE"
