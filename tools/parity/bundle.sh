#!/usr/bin/env bash
# tools/parity/bundle.sh PROGS OUT: packs the programs tools/parity/build.sh
# built into PROGS for one device call (docs/nvidia.md, "The HeCBench
# parity sweep"): OUT/sweep.tar.gz holds PROGS with run_sweep.sh and lib/
# (libhipc.so and libomp.so.5 from BUILD, default build), and OUT/run.sh
# unpacks it in a fresh folder and runs the sweep there. The data of the
# programs compress well (27 MiB of binaries and inputs to a few), which
# keeps the call within the device's carry limit. On the device:
#   OUT/run.sh RESULTS [CAP]      (FIRST, NGPU, STOP as for run_sweep.sh)
# RUNNER=run_best.sh packs that script instead (best of N, each build back
# to back on one GPU): OUT/run.sh RESULTS [N] (ORDER, CAP, STOP).
set -eu
PROGS=$(realpath "$1"); OUT=$(realpath -m "$2")
REPO=$(realpath "$(dirname "$0")/../..")
BUILD=$(realpath "${BUILD:-$REPO/build}")
mkdir -p "$OUT"
RUNNER=${RUNNER:-run_sweep.sh}
cp "$REPO/tools/parity/$RUNNER" "$REPO/tools/parity/verdict.sh" "$PROGS/"
mkdir -p "$PROGS/lib"
cp "$BUILD/lib/libhipc.so" "$PROGS/lib/"
[ -e "$BUILD/lib/libomp.so.5" ] && cp -L "$BUILD/lib/libomp.so.5" "$PROGS/lib/"
tar -C "$(dirname "$PROGS")" -cf - "$(basename "$PROGS")" | gzip -9 >"$OUT/sweep.tar.gz"
cat >"$OUT/run.sh" <<'RUN'
#!/usr/bin/env bash
# Unpacks sweep.tar.gz (next to this script) and runs its @RUNNER@.
set -u
here=$(cd "$(dirname "$0")" && pwd)
res=$(mkdir -p "${1:?usage: run.sh RESULTS [ARG]}" && cd "$1" && pwd)
work=$(mktemp -d)
tar -C "$work" -xzf "$here/sweep.tar.gz" || exit 1
top=$(ls "$work")
"$work/$top/@RUNNER@" "$res" ${2:+"$2"}
rc=$?
[ -f "$res/summary.txt" ] && cat "$res/summary.txt"
rm -rf "$work"
exit $rc
RUN
sed -i "s/@RUNNER@/$RUNNER/g" "$OUT/run.sh"
chmod +x "$OUT/run.sh"
n=$(find "$PROGS" -mindepth 2 -maxdepth 2 -name cmd.txt | wc -l)
echo "bundle: $n programs, $(du -h "$OUT/sweep.tar.gz" | cut -f1) in $OUT"
