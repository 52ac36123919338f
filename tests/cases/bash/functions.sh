#!/usr/bin/env bash
# shellcheck disable=SC2034
# Deployment helpers.
set -euo pipefail

source ./lib/common.sh
. "$(dirname "$0")/log.sh"

readonly VERSION="1.2.3"
export PATH="$HOME/bin:$PATH"

# Prints usage.
# More about usage.
usage() {
  echo "usage: $0 [-h] {start|stop}"
  echo "braces: } { in a string"
}

function start {
  local pid
  pid=$(pgrep -f "server") || true
  if [[ -n "$pid" ]]; then
    echo "running: $pid"
  fi
}

function stop() {
  case "$1" in
    force) kill -9 "$2" ;;
    soft|"")
      kill "$2"
      ;;
    *) echo "unknown: }" ;;
  esac
}

in_subshell() (
  cd /tmp
  ls
)

outer() {
  inner() {
    echo "inner"
  }
  inner
}

one_line() { echo "one"; }

function with_comment() # why
{
  # body comment
  echo hi
}

main() {
  usage
}

main "$@"
