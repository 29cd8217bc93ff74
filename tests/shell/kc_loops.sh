#!/usr/bin/env bash
# kc's region form (src/kc/form_loops*.c): tests/kc_loops/run.sh builds its
# driver, checks which kernels get work-item loops and which fall back, and
# runs each through the whole kc pipeline against host-computed results.
set -u
exec bash "$(dirname "${BASH_SOURCE[0]}")/../kc_loops/run.sh"
