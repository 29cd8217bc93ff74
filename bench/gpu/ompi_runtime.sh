#!/usr/bin/env bash
# OpenMPI's runtime for a machine that has none (the GPU machine has only
# the CUDA driver and no package manager): gathers this machine's installed
# OpenMPI (Debian's openmpi-bin 4.1, with its external PMIx) into a folder
# that travels, and sets a shell up to use it from wherever it lands.
#
#   bench/gpu/ompi_runtime.sh gather DIR   here: mpirun (orterun), orted,
#       the libraries they and libmpi load, the MCA components whose own
#       libraries are among those (no UCX, OFI, PSM or verbs: one node's
#       ranks talk through shared memory and TCP), help texts (~12 MiB)
#   . bench/gpu/ompi_runtime.sh env DIR    there: PATH, LD_LIBRARY_PATH and
#       the OPAL/PMIx variables that relocate that copy (the installed
#       paths are compiled into it)
#
# The copy is made from the installed packages at build time and never
# committed (DIR is under build/, which git ignores).
ompi_runtime_gather() {
  local dir=$1 arch lib f dep
  arch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
  lib=/usr/lib/$arch
  [ -x /usr/bin/orterun ] && [ -d "$lib/openmpi/lib/openmpi3" ] || {
    echo "ompi_runtime: no Debian OpenMPI 4 here (openmpi-bin)" >&2
    return 1
  }
  rm -rf "$dir"
  mkdir -p "$dir/bin" "$dir/lib/openmpi3" "$dir/lib/pmix" "$dir/share"
  cp /usr/bin/orterun /usr/bin/orted "$dir/bin/"
  ln -s orterun "$dir/bin/mpirun"
  # The libraries of mpirun, orted and libmpi, and of the components kept.
  local libs="libmpi.so.40 libopen-rte.so.40 libopen-pal.so.40
    libhwloc.so.15 libevent_core-2.1.so.7 libevent_pthreads-2.1.so.7
    libudev.so.1 libz.so.1 libpmix.so.2 libmunge.so.2 libnuma.so.1
    libatomic.so.1 libuuid.so.1
    libmca_common_sm.so.40 libmca_common_ompio.so.41
    libmca_common_monitoring.so.50"
  for f in $libs; do
    cp -L "$lib/$f" "$dir/lib/$f" 2>/dev/null ||
      cp -L "/lib/$arch/$f" "$dir/lib/$f" || return 1
  done
  # A component is kept when every library it needs is in the copy or is
  # the C library itself.
  for f in "$lib"/openmpi/lib/openmpi3/*.so; do
    local ok=1
    for dep in $(ldd "$f" | awk '/=>/ {print $1}'); do
      case $dep in
      libc.so.6 | libm.so.6 | libdl.so.2 | libpthread.so.0 | librt.so.1) ;;
      *) [ -e "$dir/lib/$dep" ] || { ok=0; break; } ;;
      esac
    done
    [ $ok = 1 ] && cp "$f" "$dir/lib/openmpi3/"
  done
  cp "$lib"/pmix2/lib/pmix/*.so "$dir/lib/pmix/" 2>/dev/null
  cp -r /usr/share/openmpi "$dir/share/openmpi"
  cp -r "$lib/pmix2/share/pmix" "$dir/share/pmix"
  du -sh "$dir" | sed 's/^/ompi_runtime: /'
}

ompi_runtime_env() {
  local dir
  dir=$(cd "$1" && pwd) || return 1
  export PATH=$dir/bin:$PATH
  export LD_LIBRARY_PATH=$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export OPAL_PREFIX=$dir OPAL_EXEC_PREFIX=$dir OPAL_BINDIR=$dir/bin
  export OPAL_LIBDIR=$dir/lib OPAL_PKGLIBDIR=$dir/lib/openmpi3
  export OPAL_DATADIR=$dir/share OPAL_DATAROOTDIR=$dir/share
  export OPAL_PKGDATADIR=$dir/share/openmpi OPAL_SYSCONFDIR=$dir/etc
  export OMPI_MCA_mca_base_component_path=$dir/lib/openmpi3
  export OMPI_MCA_mca_base_component_show_load_errors=0
  export PMIX_MCA_mca_base_component_path=$dir/lib/pmix
  export PMIX_INSTALL_PREFIX=$dir PMIX_PREFIX=$dir
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  # One node: shared memory and TCP on the loopback only.
  export OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,vader,tcp
  export OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo
  # gVisor (the GPU machine's sandbox) lacks cross-memory attach.
  export OMPI_MCA_btl_vader_single_copy_mechanism=none
}

case ${1:-} in
gather) ompi_runtime_gather "${2:?usage: $0 gather DIR}" ;;
env) ompi_runtime_env "${2:?usage: . $0 env DIR}" ;;
*)
  echo "usage: $0 gather DIR | . $0 env DIR" >&2
  return 2 2>/dev/null || exit 2
  ;;
esac
