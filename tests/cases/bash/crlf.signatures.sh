#!/bin/bash
# CRLF lines
f() { : ...; }

function g { : ...; }
