#!/bin/bash
# CRLF lines
f() {
  echo "a"
  echo "b"
}

function g {
  echo c
}
