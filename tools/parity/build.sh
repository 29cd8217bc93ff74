#!/usr/bin/env bash
# tools/parity/build.sh HECBENCH BUNDLE NAME...: builds each HeCBench
# program NAME twice for an NVIDIA GPU, NAME-hip with hipc's hipcc and its
# NAME-cuda twin with nvcc (issue #20, docs/nvidia.md "The HeCBench parity
# sweep"), and puts both binaries, the -hip folder's data and its `run`
# command into BUNDLE/NAME/. HECBENCH is a HeCBench checkout (its src/
# holds the NAME-hip and NAME-cuda folders); it is built in a copy, left as
# it is, and nothing is fetched. BUILD (default build) is hipc's build
# tree, ARCH (sm_90) the GPU, NVCC (/usr/local/cuda/bin/nvcc) the reference
# compiler, JOBS (2) programs built at once. BUNDLE/build.txt says what
# built. CUDA_FROM=DIR (an unpacked earlier bundle) rebuilds only hipc's
# side and takes nvcc's binary from DIR/NAME/dir/PROG.cuda. likepairs.txt
# (beside this script) edits one side's Makefile (or another file of it)
# where a pair differs.
set -u
HECB=$(realpath "$1"); BUNDLE=$(realpath -m "$2"); shift 2
REPO=$(realpath "$(dirname "$0")/../..")
BUILD=$(realpath "${BUILD:-$REPO/build}")
ARCH=${ARCH:-sm_90}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$BUNDLE"

one() {
  local n=$1 out=$BUNDLE/$1 w=$WORK/$1 h=fail c=fail prog cmd
  rm -rf "$out" "$w"
  mkdir -p "$w" "$out"
  cp -r "$HECB/src/$n-hip" "$HECB/src/$n-cuda" "$w/" 2>/dev/null
  # likepairs.txt's edits for this program (same precision on both sides).
  local name side ed file
  while read -r name side ed file; do
    [ "$name" = "$n" ] && sed -i "$ed" "$w/$n-$side/${file:-Makefile}" &&
      echo "$n-$side/${file:-Makefile}: $ed" >>"$out/likepairs.txt"
  done < <(grep -v '^#' "$REPO/tools/parity/likepairs.txt")
  # The -hip Makefiles pass no architecture: hipcc reads HIPC_OFFLOAD_ARCH.
  # Where only the CUDA twin's Makefile asks for OpenMP (bilateral: its
  # host reference then runs on every core), the HIP build gets it too.
  local omp=
  if grep -q -- '-fopenmp' "$w/$n-cuda/Makefile" 2>/dev/null &&
      ! grep -q -- '-fopenmp' "$w/$n-hip/Makefile"; then omp=-fopenmp; fi
  (cd "$w/$n-hip" && HIPC_OFFLOAD_ARCH=$ARCH EXTRA_CFLAGS="$omp" timeout "${BUILD_CAP:-600}" make -j1 \
      CC="$BUILD/bin/hipcc" HIP_ARCH="$ARCH" WAVEFRONT=32 \
      >"$out/build-hip.txt" 2>&1) && h=ok
  prog=$(cd "$w/$n-hip" && make -s -n run 2>/dev/null | grep -o '\./[A-Za-z0-9_.-]*' | head -1)
  if [ -n "${CUDA_FROM:-}" ]; then
    [ -n "$prog" ] && [ -e "$CUDA_FROM/$n/dir/${prog#./}.cuda" ] && c=ok
  else
    (cd "$w/$n-cuda" && timeout "${BUILD_CAP:-600}" make -j1 CC="$NVCC" ARCH="$ARCH" \
        >"$out/build-cuda.txt" 2>&1) && c=ok
  fi
  cmd=$(cd "$w/$n-hip" && make -s -n run 2>/dev/null | grep -m1 "${prog:-./main}")
  prog=${prog#./}
  if [ -n "$prog" ]; then
    # The data the command may read: the -hip folder without sources and
    # objects (binaries replaced below), and what its arguments name above
    # it (../data/...).
    mkdir -p "$out/dir"
    (cd "$w/$n-hip" && find . -type f ! -name '*.o' ! -name '*.cu' \
        ! -name '*.hip' ! -name '*.cpp' ! -name '*.h' ! -name '*.hpp' \
        ! -name "$prog" -size -4M -print0 |
      tar --null -T - -cf - | tar -xf - -C "$out/dir")
    for a in $cmd; do
      case $a in ../*) [ -e "$w/$n-hip/$a" ] && (cd "$w/$n-hip" && \
        mkdir -p "$out/dir/$(dirname "$a")" && cp -r "$a" "$out/dir/$a");; esac
    done
    [ $h = ok ] && strip -g -o "$out/dir/$prog" "$w/$n-hip/$prog"
    if [ -n "${CUDA_FROM:-}" ]; then
      [ $c = ok ] && cp "$CUDA_FROM/$n/dir/$prog.cuda" "$out/dir/"
    elif [ $c = ok ] && [ -e "$w/$n-cuda/$prog" ]; then
      strip -g -o "$out/dir/$prog.cuda" "$w/$n-cuda/$prog"
    fi
  fi
  printf '%s\n' "$cmd" >"$out/cmd.txt"
  printf '%s\n' "$prog" >"$out/prog.txt"
  echo "$n hip=$h cuda=$c prog=${prog:-?}" | tee -a "$BUNDLE/build.txt"
  rm -rf "$w"
}

export -f one 2>/dev/null
running=0
for n in "$@"; do
  one "$n" &
  running=$((running + 1))
  if [ "$running" -ge "${JOBS:-2}" ]; then wait -n; running=$((running - 1)); fi
done
wait
cp "$REPO/tools/parity/run_sweep.sh" "$REPO/tools/parity/verdict.sh" "$BUNDLE/"
