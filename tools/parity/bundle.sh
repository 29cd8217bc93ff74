#!/usr/bin/env bash
# Packs a staged sweep (build.sh's STAGE) into one tar.xz for one device
# call: parity/run_sweep.sh, parity/order (the programs in the order
# given) and parity/progs/NAME for each. libhipc is not in it: the device
# call carries the repository's build/lib (docs/nvidia.md).
# NAME:CAP gives a program a cap of its own (run_sweep.sh's CAP otherwise).
# Usage: bundle.sh STAGE OUT.tar.xz NAME[:CAP]...
set -u
stage=${1:?usage: bundle.sh STAGE OUT.tar.xz NAME...}
out=${2:?usage: bundle.sh STAGE OUT.tar.xz NAME...}
shift 2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d)
mkdir -p "$tmp/parity/progs"
cp "$here/run_sweep.sh" "$tmp/parity/"
for arg in "$@"; do
  name=${arg%%:*}
  pcap=
  [ "$arg" != "$name" ] && pcap=${arg#*:}
  [ -f "$stage/progs/$name/cmd" ] || { echo "bundle.sh: $name not staged" >&2; continue; }
  cp -r "$stage/progs/$name" "$tmp/parity/progs/"
  echo "$name $pcap" >> "$tmp/parity/order"
done
mkdir -p "$(dirname "$out")"
tar cf - -C "$tmp" parity | xz -6 -T2 > "$out"
rm -rf "$tmp"
ls -l "$out"
