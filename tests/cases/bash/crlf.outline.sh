#!/bin/bash
f() { : ...; }

function g { : ...; }
