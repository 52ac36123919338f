#!/bin/bash
# CRLF lines
f() { : ... L3-6; }

function g {
  echo c
}
