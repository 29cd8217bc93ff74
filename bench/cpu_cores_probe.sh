#!/usr/bin/env bash
# Launch and saxpy of the CPU device on a few cores of a big machine: which
# cores taskset gives, how many workers, how long idle threads spin.
# hipc against its threaded C reference (bench/ref), alternating, best of N.
# Usage: bench/cpu_cores_probe.sh DIR, DIR holding launch, launch.ref,
# saxpy, saxpy.ref (as bench/run.sh builds them) and lib/libhipc.so.
dir=${1:?usage: cpu_cores_probe.sh DIR}
cd "$dir" || exit 1
export LD_LIBRARY_PATH=$PWD/lib HIPC_DEVICES=cpu
N=${N:-7}
t() { awk '/^RESULT / { for (i = 3; i <= NF; ++i) if ($i == "ms" || $i == "us/launch") { print $(i - 1); exit } }'; }
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }
# row CPUS NAME LABEL ENV...: ENV applies to hipc's side only; both sides
# get HIPC_CPU_THREADS (the reference's pool size) from the caller.
row() {
  local cpus=$1 name=$2 label=$3; shift 3; local hb= rb=
  for ((i = 0; i < N; i++)); do
    hb=$(min "$hb" "$(env "$@" timeout 20 taskset -c "$cpus" ./"$name" 2>&1 | t)")
    rb=$(min "$rb" "$(timeout 20 taskset -c "$cpus" ./"$name".ref 2>&1 | t)")
  done
  awk -v c="$cpus" -v l="$label" -v h="$hb" -v r="$rb" \
    'BEGIN { printf "cpus %-5s %-26s hipc %9s ref %9s  %5.2f\n", c, l, h, r, (r > 0) ? h / r : 0 }'
}
nproc; lscpu | grep -E "Model name|Thread|Core|Socket"
lscpu -e=CPU,CORE,SOCKET,NODE | head -6
# 0,1 (what bench/run.sh's numbers came from), then two cores that are
# surely not SMT siblings of one another (the second half of the CPUs).
half=$(( $(nproc) / 2 ))
for cpus in 0,1 "0,$half"; do
  export HIPC_CPU_THREADS=2
  row "$cpus" launch "launch" 
  row "$cpus" launch "launch spin=0" HIPC_CPU_SPIN_US=0
  row "$cpus" launch "launch spin=200" HIPC_CPU_SPIN_US=200
  row "$cpus" launch "launch hipc-threads=1" HIPC_CPU_THREADS=1
  row "$cpus" saxpy "saxpy"
  row "$cpus" saxpy "saxpy spin=0" HIPC_CPU_SPIN_US=0
done
