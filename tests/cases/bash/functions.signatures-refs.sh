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
usage() { : ... L14-17; }

function start { : ... L19-25; }

function stop() { : ... L27-35; }

in_subshell() ( : ... L37-40; )

outer() { : ... L42-47; }

one_line() { : ... L49; }

function with_comment() # why
{ : ... L52-55; }

main() {
  usage
}

main "$@"
