#!/bin/bash
# Ünïcödé: 日本語のコメント
grüße() { : ... L3-5; }

emoji() { : ... L7; }

MESSAGE="Größe: 10"
