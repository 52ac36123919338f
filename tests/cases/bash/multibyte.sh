#!/bin/bash
# Ünïcödé: 日本語のコメント
grüße() {
  echo "こんにちは — ✓ }"
}

emoji() { echo "🎉"; }

MESSAGE="Größe: 10"
