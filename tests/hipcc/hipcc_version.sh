#!/usr/bin/env bash
# --version prints hipcc's version, then the host compiler's first line.
set -u
HIPCC=$(realpath "${HIPCC:-build/bin/hipcc}")
if ! command -v g++ > /dev/null; then
  echo "skip: g++ is not installed"
  exit 77
fi
out=$(HIPC_CXX=g++ "$HIPCC" --version)
rc=$?
if [ $rc -ne 0 ]; then
  echo "FAIL: hipcc --version exited $rc"
  exit 1
fi
first=$(printf '%s\n' "$out" | sed -n 1p)
second=$(printf '%s\n' "$out" | sed -n 2p)
want=$(g++ --version | sed -n 1p)
if [ "$first" != "hipcc (hipc) 0.1.0" ]; then
  echo "FAIL: first line is '$first'"
  exit 1
fi
if [ "$second" != "$want" ]; then
  echo "FAIL: second line is '$second', expected '$want'"
  exit 1
fi
exit 0
