#!/usr/bin/env bash
# shellcheck disable=SC2034
set -euo pipefail

source ./lib/common.sh
. "$(dirname "$0")/log.sh"

readonly VERSION="1.2.3"
export PATH="$HOME/bin:$PATH"

# Prints usage.
usage() { : ...; }

function start { : ...; }

function stop() { : ...; }

in_subshell() ( : ...; )

outer() { : ...; }

one_line() { : ...; }

function with_comment()
{ : ...; }

main() { : ...; }

main "$@"
