# Sourced by scripts/test.sh: runs test suites one after another and keeps the totals.
#
# Every suite runs whatever happened to the ones before it. A suite is a command whose output
# ends with "<label>: N passed, N failed"; `run_suite` adds those counts. A suite that exits
# non-zero without reporting a failed test, prints no result line, or reports no test at all
# counts one failure more, so nothing that dies early can pass unnoticed. `suites_finish`
# prints the per-suite summary and, as the very last line, "N passed, N failed" over all of
# them; it runs on any exit of the sourcing script (an EXIT trap), so that line is always
# printed, and the script's exit status is 0 only when every suite passed.
#
# Uses no `set -e`: a failing step must not end the run.

suites_passed=0
suites_failed=0
suites_summary=""
suites_log=$(mktemp)

# run_suite LABEL COMMAND [ARG...]: runs COMMAND (a program or a shell function), shows its
# output, and adds the counts of its last "LABEL: N passed, N failed" line.
run_suite() {
  local label=$1
  shift
  echo "== $label ($*)"
  local status=0
  "$@" 2>&1 | tee "$suites_log" || status=${PIPESTATUS[0]}
  local line passed=0 failed=0 why=""
  line=$(sed -n "s/^$label: \([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1 \2/p" "$suites_log" | tail -n 1)
  if [ -n "$line" ]; then
    passed=${line% *}
    failed=${line#* }
  fi
  if [ -z "$line" ]; then
    failed=$((failed + 1))
    why="it printed no '$label: N passed, N failed' line (exit status $status)"
  elif [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    failed=1
    why="it exited with status $status without reporting a failed test"
  elif [ "$passed" -eq 0 ] && [ "$failed" -eq 0 ]; then
    failed=1
    why="it ran no test"
  fi
  if [ -n "$why" ]; then
    echo "== $label: counted as failed: $why"
  fi
  suites_passed=$((suites_passed + passed))
  suites_failed=$((suites_failed + failed))
  suites_summary="$suites_summary
  $label: $passed passed, $failed failed${why:+ ($why)}"
}

# clear_test_env PREFIX: unsets every exported variable whose name starts with PREFIX (the
# knobs that shrink, scale or replay single cases of the tests), saying which.
clear_test_env() {
  local var
  for var in $(compgen -e); do
    case $var in
      "$1"*)
        echo "== note: ignoring $var=${!var} (the test command runs every test at its default size)"
        unset "$var"
        ;;
    esac
  done
}

# Prints the summary and the closing line; exits 1 unless every suite passed.
suites_finish() {
  local status=$?
  trap - EXIT
  rm -f "$suites_log"
  if [ "$status" -ne 0 ] && [ "$suites_failed" -eq 0 ]; then
    # The script itself stopped early (a tool could not be installed, say).
    suites_failed=1
    suites_summary="$suites_summary
  the test script stopped with status $status"
  fi
  if [ "$suites_passed" -eq 0 ] && [ "$suites_failed" -eq 0 ]; then
    suites_failed=1
    suites_summary="$suites_summary
  no suite ran"
  fi
  echo "== summary:$suites_summary"
  echo "$suites_passed passed, $suites_failed failed"
  [ "$suites_failed" -eq 0 ] && exit 0
  exit 1
}

trap suites_finish EXIT
