#!/bin/bash
# Ünïcödé: 日本語のコメント
grüße() { : ...; }

emoji() { : ...; }

MESSAGE="Größe: 10"
