# Sourced by run_sweep.sh and run_best.sh (copied beside them into a
# bundle): a run's verdict from its exit status and output log.
# TIMEOUT (timeout's 124 or 137), FAIL (the output says fail), EXITn
# (non-zero status), PASS (the output says pass), else OK.
verdict() { # rc log
  if [ "$1" = 124 ] || [ "$1" = 137 ]; then echo TIMEOUT
  elif grep -qi 'fail' "$2"; then echo FAIL
  elif [ "$1" != 0 ]; then echo "EXIT$1"
  elif grep -qi 'pass' "$2"; then echo PASS
  else echo OK; fi
}
