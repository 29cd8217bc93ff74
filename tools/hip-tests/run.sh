#!/usr/bin/env bash
# Builds and runs the catch/unit tests of a hip-tests checkout (AMD's HIP test
# suite, github ROCm/hip-tests) against hipc, one test file at a time, and
# writes a per-file and a per-directory table. Nothing here fetches the suite:
# give it the path of a checkout (docs/conformance.md).
#
#   tools/hip-tests/run.sh SUITE [options]
#
#   SUITE                 the hip-tests checkout (the folder holding catch/);
#                         not needed by --run-only of a packed build
#   --dirs=a,b,...        catch/unit directories (default: the 17 of issue #21)
#   --files=GLOB,...      only test files whose name matches a GLOB (e.g. 'hipMemset*')
#   --offload-arch=sm_XX  also build the device code for that NVIDIA GPU
#   -j N                  parallel builds and runs (default 2)
#   -o DIR                output folder (default build/hip-tests)
#   --hipcc=PATH          the hipcc to use (default: this tree's build/bin/hipcc)
#   --flags="..."         more compile flags for every file
#   --args="..."          more arguments for every test binary (Catch2 and the
#                         suite's main; default -A 1048576: 2^20 random inputs
#                         per math test instead of 2^32)
#   --timeout=S           time limit of one test case (default 120 s)
#   --build-timeout=S     time limit of one file's compile (default 600 s)
#   --build-only          build into DIR, run nothing; also save what a run
#                         needs without the suite: DIR/files.txt (the built
#                         files), DIR/cases/<dir>/<file> (each binary's
#                         cases) and DIR/disabled.txt
#   --pack=FILE           a gzipped tar (FILE) of DIR's binaries without
#                         debug information (strip -g), the lists above and
#                         libhipc (lib/), for a machine without the suite or
#                         a compiler (the GPU machine); after --build-only's
#                         build, or alone: lists and packs what DIR holds
#   --run-only            run what DIR holds, compile nothing; without SUITE,
#                         the lists --build-only saved in DIR
#   --lib=PATH            libhipc's folder for the binaries (LD_LIBRARY_PATH;
#                         default: DIR/lib where a pack brought one, else
#                         hipcc's ../lib)
#   --devices=cpu|gpu|all HIPC_DEVICES for the test binaries (gpu: the
#                         GPUs only)
#   --deadline=S          start no case after S seconds (a time-limited
#                         machine); cases left are counted "not run"
#   --all-cases           also run the cases the suite disables on AMD's
#                         platform (hipTestMain/config/config_amd_linux, its
#                         COMMON list): by default they are not run and are
#                         counted apart, as "disabled"
#
# Each test file (a .cc of the directory that has a TEST_CASE) is compiled
# with the suite's Catch2 (catch/external/Catch2), its include/ and kernels/,
# picojson, and linked with the objects of its standalone mode
# (STANDALONE_TESTS=1: hipTestMain/main.cc, hip_test_context.cc,
# hip_test_features.cc, kernels/*.cpp) and the directory's shared sources
# (COMMON_SHARED_SRC, *common*.cc without a TEST_CASE), built once, with
# the flags the directory's CMakeLists gives the file on AMD's platform.
# The programs some tests start (<name>_exe.cc) are built beside them. Each test case then runs
# in its own process (a crash costs one case) under the time limit.
#
# Output in DIR: bin/<dir>/<file> (the binaries), log/<dir>/<file>.build
# (compiler output), log/<dir>/<file>.run (each case's output), files.tsv
# (dir, file, built, cases, passed, failed, disabled, first build error or
# the failed cases), summary.md (the per-directory and per-file tables in
# Markdown). "cases" counts the cases run.
set -u
DEFAULT_DIRS=memory,stream,event,device,kernel,launchBounds,executionControl,warp,atomics,cooperativeGrps,math,printf,errorHandling,occupancy,module,graph,streamperthread
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SUITE="" DIRS=$DEFAULT_DIRS FILES='*' ARCH="" JOBS=2 OUT=$ROOT/build/hip-tests
HIPCC=$ROOT/build/bin/hipcc FLAGS="" ARGS="-A 1048576" TIMEOUT=120 BTIMEOUT=600
MODE=all LIB="" ALLCASES="" PACK="" DEADLINE=""
while [ $# -gt 0 ]; do
  case $1 in
    --dirs=*) DIRS=${1#*=} ;;
    --files=*) FILES=${1#*=} ;;
    --offload-arch=*) ARCH=${1#*=} ;;
    -j) JOBS=$2; shift ;;
    -j*) JOBS=${1#-j} ;;
    -o) OUT=$2; shift ;;
    --out=*) OUT=${1#*=} ;;
    --hipcc=*) HIPCC=${1#*=} ;;
    --flags=*) FLAGS=${1#*=} ;;
    --args=*) ARGS=${1#*=} ;;
    --timeout=*) TIMEOUT=${1#*=} ;;
    --build-timeout=*) BTIMEOUT=${1#*=} ;;
    --build-only) MODE=build ;;
    --run-only) MODE=run ;;
    --lib=*) LIB=${1#*=} ;;
    --pack=*) PACK=${1#*=} ;;
    --devices=*) export HIPC_DEVICES=${1#*=} ;;
    --deadline=*) DEADLINE=${1#*=} ;;
    --all-cases) ALLCASES=1 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) SUITE=$1 ;;
  esac
  shift
done
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)
# A packed build runs without the suite: its lists say what to run.
PACKED=""
[ -n "$PACK" ] && [ $MODE = all ] && MODE=pack
[ -z "$SUITE" ] && [ $MODE = run ] && [ -f "$OUT/files.txt" ] && PACKED=1
if [ -z "$PACKED" ]; then
  [ -n "$SUITE" ] || { echo "usage: run.sh SUITE [options] (--help)" >&2; exit 2; }
  SUITE=$(cd "$SUITE" && pwd) || exit 2
  CATCH=$SUITE/catch
  [ -d "$CATCH/unit" ] || { echo "run.sh: $SUITE has no catch/unit" >&2; exit 2; }
fi
[ -z "$LIB" ] && [ $MODE = run ] && [ -f "$OUT/lib/libhipc.so" ] && LIB=$OUT/lib
[ -n "$LIB" ] || LIB=$(cd "$(dirname "$HIPCC")/../lib" 2>/dev/null && pwd)
CATCH=${CATCH:-}
export LD_LIBRARY_PATH=$LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export HIPCC FLAGS ARGS TIMEOUT BTIMEOUT OUT CATCH ARCH

# Compile flags of every file: the suite's include folders, as its CMake sets them.
CXXFLAGS="-std=c++17 -O1 -w -I$CATCH/external/Catch2 -I$CATCH/include -I$CATCH/kernels \
-I$CATCH/external/picojson -DKERNELS_PATH=\"$CATCH/kernels/\""
[ -n "$ARCH" ] && CXXFLAGS="$CXXFLAGS --offload-arch=$ARCH"
export CXXFLAGS="$CXXFLAGS $FLAGS"

# The test files: <dir>/<name>.cc with a TEST_CASE.
list_files() {
  local d f g
  if [ -n "$PACKED" ]; then
    for d in ${DIRS//,/ }; do grep "^$d/" "$OUT/files.txt"; done
    return
  fi
  local globs
  IFS=, read -ra globs <<<"$FILES"  # not expanded here: each in its folder
  for d in ${DIRS//,/ }; do
    for g in "${globs[@]}"; do
      for f in "$CATCH/unit/$d"/$g.cc; do
        [ -f "$f" ] && grep -q TEST_CASE "$f" && echo "$d/$(basename "$f" .cc)"
      done
    done | awk '!seen[$0]++'
  done
}

build_main() {  # the standalone mode's main objects, once
  local o=$OUT/main src n
  mkdir -p "$o"
  for src in "$CATCH/hipTestMain/main.cc" "$CATCH/hipTestMain/hip_test_context.cc" \
             "$CATCH/hipTestMain/hip_test_features.cc" "$CATCH"/kernels/*.cpp; do
    [ -f "$src" ] || continue
    n=$(basename "$src"); n=${n%.*}.o
    [ -f "$o/$n" ] && [ "$o/$n" -nt "$HIPCC" ] && continue
    echo "run.sh: building $(basename "$src")" >&2
    # shellcheck disable=SC2086
    eval "\"$HIPCC\" $CXXFLAGS -c \"$src\" -o \"$o/$n\"" >"$o/$n.log" 2>&1 ||
      { echo "run.sh: the suite's $(basename "$src") does not build:" >&2;
        grep -m3 'error' "$o/$n.log" >&2; return 1; }
  done
}

# A directory's shared sources (its CMakeLists' COMMON_SHARED_SRC, and the
# *common*.cc files without a TEST_CASE, which its TEST_SRC lists): each
# test file of the directory links with them.
helpers_of() {
  local d=$1 f
  sed -n 's/^ *set *( *COMMON_SHARED_SRC *\([^)$]*\)).*/\1/p' \
    "$CATCH/unit/$d/CMakeLists.txt" 2>/dev/null | tr ' ' '\n' | grep '\.cc$'
  for f in "$CATCH/unit/$d"/*[Cc]ommon*.cc; do
    [ -f "$f" ] && ! grep -q TEST_CASE "$f" && basename "$f"
  done
}

# Flags its CMakeLists gives a file for AMD's platform (set_source_files_
# properties ... COMPILE_OPTIONS/COMPILE_FLAGS outside the nvidia branches).
flags_of() {  # <dir> <file.cc>
  awk -v want="$2" '
    function plat(l) { return l ~ /"?amd"?/ ? "amd" : l ~ /nvidia/ ? "nv" : "x" }
    /^[ \t]*if[ \t]*\(/ { st[++n] = plat($0); next }
    /^[ \t]*elseif[ \t]*\(/ { st[n] = plat($0); next }
    /^[ \t]*else[ \t]*\(/ { st[n] = st[n] == "amd" ? "nv" : st[n] == "nv" ? "amd" : "x"; next }
    /^[ \t]*endif/ { n--; next }
    /set_source_files_properties/ {
      for (i = 1; i <= n; i++) if (st[i] == "nv") next
      w = want; gsub(/\./, "[.]", w)
      if (!match($0, "[( \t]" w "[ \t)]")) next
      if (match($0, /COMPILE_(OPTIONS|FLAGS)[ \t]+"?[^")]*/)) {
        v = substr($0, RSTART, RLENGTH); sub(/COMPILE_(OPTIONS|FLAGS)[ \t]+"?/, "", v)
        print v
      }
    }' "$CATCH/unit/$1/CMakeLists.txt" 2>/dev/null | tr '\n' ' '
}

# The name the CMakeLists of directory $1 gives the program built from
# $2 (add_executable(NAME ... $2)); without one, $2 less ".cc".
exe_name() {
  local n
  n=$(sed -n "s/^[[:space:]]*add_executable([[:space:]]*\([A-Za-z0-9_]*\)[[:space:]].*[[:space:]/]${2//./\\.}[[:space:])].*/\1/p" \
    "$CATCH/unit/$1/CMakeLists.txt" 2>/dev/null | head -n 1)
  echo "${n:-${2%.cc}}"
}

# The code objects a directory's CMakeLists builds with --genco for the
# module API (module/, graph/): "<source> <name>.code" per line. AMD-only
# flags of those commands (-mllvm -amdgpu-…) are left out.
genco_of() {
  awk '/add_custom_(command|target)/ { blk = ""; in_blk = 1 }
       in_blk { blk = blk " " $0 }
       in_blk && /\)[ \t]*$/ { in_blk = 0
         if (blk !~ /--genco/) next
         src = ""; out = ""; n = split(blk, w, /[ \t]+/)
         for (i = 1; i <= n; i++) {
           if (w[i] ~ /\.(cc|cpp)$/ && src == "") { src = w[i]; sub(/.*\//, "", src) }
           if (w[i] == "-o" && i < n) { out = w[i + 1]; sub(/.*\//, "", out) }
         }
         if (src != "" && out ~ /\.(code|hsaco)$/) print src, out }' \
    "$CATCH/unit/$1/CMakeLists.txt" 2>/dev/null
}

build_helpers() {  # each directory's shared sources and helper programs, once
  local d f o src code
  for d in ${DIRS//,/ }; do
    # Code objects the tests load with hipModuleLoad, beside the binaries.
    while read -r src code; do
      [ -n "$code" ] || continue
      o=$OUT/bin/$d/$code
      mkdir -p "$OUT/bin/$d" "$OUT/log/$d"
      [ -f "$o" ] && [ "$o" -nt "$HIPCC" ] && continue
      eval "\"$HIPCC\" --genco -std=c++17 ${ARCH:+--offload-arch=$ARCH} -I\"$CATCH/include\" \
        \"$CATCH/unit/$d/$src\" -o \"$o\"" >"$OUT/log/$d/$code.build" 2>&1 || rm -f "$o"
    done < <(genco_of "$d")
    # Programs the tests start (<name>_exe.cc, with their own main), named
    # as the directory's CMakeLists names them (getDeviceCount_exe.cc
    # builds getDeviceCount).
    for f in "$CATCH/unit/$d"/*_exe.cc; do
      [ -f "$f" ] || continue
      o=$OUT/bin/$d/$(exe_name "$d" "$(basename "$f")")
      mkdir -p "$OUT/bin/$d" "$OUT/log/$d"
      [ -x "$o" ] && [ "$o" -nt "$HIPCC" ] && continue
      eval "\"$HIPCC\" $CXXFLAGS $(flags_of "$d" "$(basename "$f")") -I\"$CATCH/unit/$d\" \
        \"$f\" -o \"$o\"" >"$OUT/log/$d/$(basename "$f" .cc).build" 2>&1 || rm -f "$o"
    done
    for f in $(helpers_of "$d" | sort -u); do
      o=$OUT/main/$d/${f%.cc}.o
      mkdir -p "$OUT/main/$d"
      [ -f "$o" ] && [ "$o" -nt "$HIPCC" ] && continue
      echo "run.sh: building $d/$f" >&2
      eval "\"$HIPCC\" $CXXFLAGS -I\"$CATCH/unit/$d\" -c \"$CATCH/unit/$d/$f\" -o \"$o\"" \
        >"$o.log" 2>&1 || rm -f "$o"
    done
  done
}

build_one() {  # <dir>/<name>: compile and link, log the output
  local t=$1 d=${1%/*} n=${1#*/}
  mkdir -p "$OUT/bin/$d" "$OUT/log/$d"
  rm -f "$OUT/bin/$t"
  local helpers
  helpers=$(ls "$OUT/main/$d"/*.o 2>/dev/null | sed 's/.*/"&"/' | tr '\n' ' ')
  eval "timeout $BTIMEOUT \"$HIPCC\" $CXXFLAGS $(flags_of "$d" "$n.cc") -I\"$CATCH/unit/$d\" \"$CATCH/unit/$t.cc\" \
    \"$OUT\"/main/*.o $helpers -o \"$OUT/bin/$t\" -ldl -lpthread" >"$OUT/log/$t.build" 2>&1
  local rc=$?
  [ $rc = 124 ] && echo "error: the compile ran past ${BTIMEOUT}s" >>"$OUT/log/$t.build"
  [ $rc = 0 ] || rm -f "$OUT/bin/$t"
}

# Catch2 test specs treat , [ ] * ~ " \ specially: escape them.
spec_of() { printf '%s' "$1" | sed -e 's/[][\\,*~"]/\\&/g'; }

# The case names of a binary: the list --build-only saved, else its own.
cases_of() {  # <dir>/<name>
  if [ -f "$OUT/cases/$1" ]; then cat "$OUT/cases/$1"; return; fi
  (cd "$(dirname "$OUT/bin/$1")" &&
    timeout 60 "$OUT/bin/$1" --list-test-names-only 2>/dev/null </dev/null)
}

run_one() {  # <dir>/<name>: each case in its own process; writes log and .res
  local t=$1 exe=$OUT/bin/$1 log=$OUT/log/$1.run cases=0 pass=0 fail=0 failed=""
  local name rc off=0 late=0 limit now
  mkdir -p "$(dirname "$log")"; : >"$log"
  if [ ! -x "$exe" ]; then echo "-" >"$OUT/log/$t.res"; return; fi
  while IFS= read -r name; do
    [ -n "$name" ] || continue
    if [ -s "$OUT/disabled.txt" ] && grep -qxF -- "$name" "$OUT/disabled.txt"; then
      off=$((off + 1)); echo "=== $name: disabled by the suite on AMD" >>"$log"; continue
    fi
    limit=$TIMEOUT
    if [ -n "$DEADLINE_AT" ]; then  # no case starts past the deadline
      now=$(date +%s)
      if [ "$now" -ge "$DEADLINE_AT" ]; then
        late=$((late + 1)); echo "=== $name: not run (deadline)" >>"$log"; continue
      fi
      [ $((DEADLINE_AT - now)) -lt "$limit" ] && limit=$((DEADLINE_AT - now))
    fi
    cases=$((cases + 1))
    echo "=== $name" >>"$log"
    # shellcheck disable=SC2086
    (cd "$(dirname "$exe")" && timeout -k 5 "$limit" "$exe" $ARGS "$(spec_of "$name")") \
      >>"$log" 2>&1 </dev/null
    rc=$?
    echo "=== exit $rc" >>"$log"
    if [ $rc = 0 ]; then pass=$((pass + 1)); else
      fail=$((fail + 1))
      case $rc in 124|137) failed="$failed $name (timeout);" ;;
                  1) failed="$failed $name;" ;;
                  *) failed="$failed $name (exit $rc);" ;; esac
    fi
  done < <(cases_of "$t")
  [ $late -gt 0 ] && failed="$failed $late not run (deadline);"
  printf '%s\t%s\t%s\t%s\t%s\n' "$cases" "$pass" "$fail" "$off" "$failed" >"$OUT/log/$t.res"
}
export -f build_one run_one cases_of spec_of helpers_of flags_of

# The cases AMD's own configuration disables on Linux (its COMMON list).
write_disabled() {
  : >"$OUT/disabled.txt"
  if [ -z "$ALLCASES" ] && [ -f "$CATCH/hipTestMain/config/config_amd_linux" ]; then
    cpp -P "$CATCH/hipTestMain/config/config_amd_linux" 2>/dev/null |
      sed -n 's/^[ \t]*"\(Unit[^"]*\)".*/\1/p' >"$OUT/disabled.txt"
  fi
}

# What a run needs without the suite (--build-only): the built test files
# (with those of earlier builds into DIR), each one's cases, listed here by
# the binary itself on the CPU device, and the disabled cases.
save_lists() {
  local t
  mkdir -p "$OUT/cases"
  { cat "$OUT/files.txt" 2>/dev/null; echo "$FILELIST"; } | sort -u |
    while read -r t; do [ -n "$t" ] && [ -x "$OUT/bin/$t" ] && echo "$t"; done \
    >"$OUT/files.txt.new"
  mv "$OUT/files.txt.new" "$OUT/files.txt"
  while read -r t; do
    mkdir -p "$OUT/cases/${t%/*}"
    (cd "$OUT/bin/${t%/*}" && HIPC_DEVICES=cpu timeout 60 "./${t#*/}" \
      --list-test-names-only 2>/dev/null </dev/null) >"$OUT/cases/$t"
  done <"$OUT/files.txt"
  write_disabled
}

# --pack: DIR's binaries (debug information stripped), lists and libhipc,
# as <basename of DIR>/... in a gzipped tar.
pack() {
  local stage name f
  stage=$(mktemp -d) || return 1
  name=$(basename "$OUT")
  mkdir -p "$stage/$name/lib"
  cp -r "$OUT/bin" "$OUT/cases" "$OUT/files.txt" "$OUT/disabled.txt" "$stage/$name/"
  cp -L "$LIB/libhipc.so" "$stage/$name/lib/"
  find "$stage/$name/bin" "$stage/$name/lib" -type f | while read -r f; do
    head -c 4 "$f" | grep -q ELF && strip -g "$f"
  done
  tar czf "$PACK" -C "$stage" "$name"
  rm -rf "$stage"
  echo "run.sh: packed $(wc -l <"$OUT/files.txt") test files into $PACK" \
    "($(du -m "$PACK" | cut -f1) MiB)" >&2
}

FILELIST=$(list_files)
[ -n "$FILELIST" ] || { echo "run.sh: no test files" >&2; exit 2; }
NFILES=$(echo "$FILELIST" | wc -l)
if [ $MODE = build ] || [ $MODE = all ]; then
  [ -x "$HIPCC" ] || { echo "run.sh: no hipcc at $HIPCC" >&2; exit 2; }
  build_main || exit 1
  build_helpers
  echo "run.sh: building $NFILES files (-j $JOBS)" >&2
  echo "$FILELIST" | xargs -P "$JOBS" -I{} bash -c 'build_one "$@"' _ {}
fi
if [ $MODE = build ] || [ $MODE = pack ]; then
  [ $MODE = build ] && echo "run.sh: built $(find "$OUT/bin" -type f | wc -l) binaries in $OUT/bin" >&2
  save_lists
  if [ -n "$PACK" ]; then
    case $PACK in /*) ;; *) PACK=$PWD/$PACK ;; esac
    pack || exit 1
  fi
  exit 0
fi
if [ -z "$PACKED" ]; then write_disabled
elif [ -n "$ALLCASES" ]; then : >"$OUT/disabled.txt"; fi
DEADLINE_AT=""
[ -n "$DEADLINE" ] && DEADLINE_AT=$(($(date +%s) + DEADLINE))
export DEADLINE_AT
echo "run.sh: running $NFILES files (-j $JOBS, ${TIMEOUT}s per case)" >&2
echo "$FILELIST" | xargs -P "$JOBS" -I{} bash -c 'run_one "$@"' _ {}

# The tables.
TSV=$OUT/files.tsv SUM=$OUT/summary.md
printf 'dir\tfile\tbuilt\tcases\tpassed\tfailed\tdisabled\tnote\n' >"$TSV"
for t in $FILELIST; do
  d=${t%/*} n=${t#*/}
  if [ -x "$OUT/bin/$t" ]; then
    IFS=$'\t' read -r c p f x note <"$OUT/log/$t.res"
    printf '%s\t%s\tyes\t%s\t%s\t%s\t%s\t%s\n' "$d" "$n" "$c" "$p" "$f" "$x" "${note% }" >>"$TSV"
  else
    err=$(grep -m1 -E 'error:|error ' "$OUT/log/$t.build" 2>/dev/null | sed -e "s|${CATCH:-@}/||g" | cut -c1-200)
    printf '%s\t%s\tno\t0\t0\t0\t0\t%s\n' "$d" "$n" "${err:-no binary (not built here)}" >>"$TSV"
  fi
done
{
  echo "| directory | files | built | cases | passed | failed | disabled |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  awk -F'\t' 'NR > 1 { f[$1]++; if ($3 == "yes") b[$1]++; c[$1] += $4; p[$1] += $5; x[$1] += $6
                       z[$1] += $7; if (!($1 in o)) { o[$1] = ++k; nm[k] = $1 } }
    END { for (i = 1; i <= k; i++) { d = nm[i]
            printf "| %s | %d | %d | %d | %d | %d | %d |\n", d, f[d], b[d], c[d], p[d], x[d], z[d]
            F += f[d]; B += b[d]; C += c[d]; P += p[d]; X += x[d]; Z += z[d] }
          printf "| **all** | %d | %d | %d | %d | %d | %d |\n", F, B, C, P, X, Z }' "$TSV"
  echo
  echo "| file | built | cases | passed | failed | disabled | first build error / failed cases |"
  echo "|---|---|---:|---:|---:|---:|---|"
  awk -F'\t' 'NR > 1 { n = $8; gsub(/\|/, "\\|", n)
                       printf "| %s/%s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, n }' "$TSV"
} >"$SUM"
sed -n '1,/^$/p' "$SUM"
echo "run.sh: tables in $TSV and $SUM" >&2
