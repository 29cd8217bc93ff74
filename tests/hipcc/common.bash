# Shared set-up of the hipcc shell tests (sourced): absolute HIPCC and
# BUILD, a scratch directory that is removed on exit and is the current
# directory, and `fail`, which a test sets to 1 on a failed check.
HIPCC=$(realpath "${HIPCC:-build/bin/hipcc}")
BUILD=$(realpath "${BUILD:-build}")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
fail=0
