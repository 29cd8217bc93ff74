#!/usr/bin/env bash
# Builds HeCBench programs both ways for the parity sweep (docs/nvidia.md):
# NAME-hip with hipc's hipcc, NAME-cuda with nvcc, both for ARCH (sm_90),
# in copies under STAGE/work, and stages what a device run needs under
# STAGE/progs/NAME: the NAME-hip folder's files (data included, objects
# and sources' build products left out), hip/ and cuda/ (each side's
# binaries, debug information stripped), and cmd (the -hip Makefile's run
# command; the -cuda one's where hipc did not build). build.log says what
# failed. WAVEFRONT=32 goes to the -hip Makefiles (logprob's defaults to 64,
# AMD's wavefront; NVIDIA's warps have 32 lanes). Fetches nothing.
# Usage: build.sh HECBENCH_CHECKOUT STAGE NAME...
#   HIPCC (default: this tree's build/bin/hipcc), NVCC
#   (/usr/local/cuda/bin/nvcc), ARCH (sm_90), BUILD_TIMEOUT (300 s a side).
set -u
root=${1:?usage: build.sh HECBENCH_CHECKOUT STAGE NAME...}
stage=${2:?usage: build.sh HECBENCH_CHECKOUT STAGE NAME...}
shift 2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
hipcc=${HIPCC:-$here/../../build/bin/hipcc}
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
arch=${ARCH:-sm_90}
limit=${BUILD_TIMEOUT:-300}
mkdir -p "$stage/work" "$stage/progs"
log=$stage/build.log

# The binaries a build made: executable regular files newer than the mark.
new_bins() {
  find "$1" -maxdepth 1 -type f -perm -u+x -newer "$1/.mark" \
    ! -name '*.sh' ! -name '*.py' ! -name '*.o' ! -name 'Makefile*'
}

# build_side NAME SIDE: 0 when NAME-SIDE built; its binaries go to
# progs/NAME/SIDE.
build_side() {
  local name=$1 side=$2 dir=$stage/work/src/$1-$2 rc
  touch "$dir/.mark"
  sleep 1
  if [ "$side" = hip ]; then
    (cd "$dir" && HIPC_OFFLOAD_ARCH=$arch timeout "$limit" \
      make -s CC="$hipcc" HIP_ARCH="$arch" WAVEFRONT=32 > build.out 2>&1)
  else
    (cd "$dir" && timeout "$limit" \
      make -s CC="$nvcc" ARCH="$arch" > build.out 2>&1)
  fi
  rc=$?
  local bins
  bins=$(new_bins "$dir")
  if [ $rc -ne 0 ] || [ -z "$bins" ]; then
    echo "$name $side: build failed (status $rc)" >> "$log"
    tail -5 "$dir/build.out" | sed 's/^/    /' >> "$log"
    return 1
  fi
  mkdir -p "$stage/progs/$name/$side"
  for b in $bins; do
    cp "$b" "$stage/progs/$name/$side/"
    strip --strip-debug "$stage/progs/$name/$side/${b##*/}" 2>/dev/null
  done
  return 0
}

# copy_data FROM TO: a program folder's files less sources and build files.
copy_data() {
  mkdir -p "$2"
  (cd "$1" && tar cf - --exclude='*.o' --exclude='*.cu' --exclude='*.cpp' \
    --exclude='*.c' --exclude='*.h' --exclude='*.hpp' --exclude='*.cuh' \
    --exclude='Makefile*' --exclude=CMakeLists.txt --exclude=LICENSE .) |
    (cd "$2" && tar xf -)
}

for name in "$@"; do
  rm -rf "$stage/work/src/$name-hip" "$stage/work/src/$name-cuda" \
    "$stage/progs/$name"
  mkdir -p "$stage/work/src"
  cp -r "$root/src/$name-hip" "$root/src/$name-cuda" "$stage/work/src/" ||
    continue
  # The run command, taken before building (make -n prints the build too:
  # its last line is the run).
  cmd=$(make -s -C "$stage/work/src/$name-hip" -n run 2>/dev/null | tail -1)
  build_side "$name" hip; hip_ok=$?
  build_side "$name" cuda; cuda_ok=$?
  if [ $hip_ok -ne 0 ] && [ $cuda_ok -ne 0 ]; then
    echo "$name: neither side built" >> "$log"
    continue
  fi
  [ $hip_ok -ne 0 ] &&
    cmd=$(make -s -C "$stage/work/src/$name-cuda" -n run 2>/dev/null | tail -1)
  mkdir -p "$stage/progs/$name/data"
  # The -hip folder as it was (data files), less what the build made.
  copy_data "$root/src/$name-hip" "$stage/progs/$name/data"
  # Folders the command names as ../DIR (inputs kept in a twin's folder).
  for d in $(printf '%s\n' "$cmd" | grep -oE '\.\./[A-Za-z0-9_.-]+' | sort -u); do
    [ -d "$root/src/${d#../}" ] &&
      copy_data "$root/src/${d#../}" "$stage/progs/$name/${d#../}"
  done
  printf '%s\n' "$cmd" > "$stage/progs/$name/cmd"
  echo "$name: hip $([ $hip_ok = 0 ] && echo ok || echo FAILED)," \
    "cuda $([ $cuda_ok = 0 ] && echo ok || echo FAILED): $cmd" >> "$log"
done
exit 0
