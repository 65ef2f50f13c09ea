# Sourced by the test scripts: `need COMMAND:PACKAGE...` installs the Debian packages whose
# command is missing (with apt, as root), or fails with the apt-get line to run.
need() {
  local missing=() pair
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "error: the tests need ${missing[*]}; install them (apt-get install ${missing[*]})" >&2
    exit 1
  fi
}
