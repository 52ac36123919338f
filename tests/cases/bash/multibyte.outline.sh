#!/bin/bash
grüße() { : ...; }

emoji() { : ...; }

MESSAGE="Größe: 10"
