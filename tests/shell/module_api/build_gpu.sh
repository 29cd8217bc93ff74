#!/usr/bin/env bash
# Builds tests/shell/module_api for a GPU run (tests/gpu/bundle.sh): main
# and code objects for $HIPC_GPU_ARCH (default sm_90) into DEST, which
# tests/gpu/run_on_device.sh then runs as `DEST/main DEST gpu`.
#   tests/shell/module_api/build_gpu.sh DEST
set -eu
src=$(cd "$(dirname "$0")" && pwd)
HIPCC=${HIPCC:-build/bin/hipcc}
arch=${HIPC_GPU_ARCH:-sm_90}
dest=$1
mkdir -p "$dest"
"$HIPCC" --genco --offload-arch="$arch" "$src/mod_a.hip" -o "$dest/a.co"
"$HIPCC" --genco --offload-arch="$arch" "$src/mod_b.hip" -o "$dest/b.co"
"$HIPCC" -O1 "$src/main.hip" -o "$dest/main"
printf 'this is not a code object\n' > "$dest/garbage.co"
: > "$dest/empty.co"
head -c 2000 "$dest/a.co" > "$dest/truncated.co"
