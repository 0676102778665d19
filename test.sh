#!/usr/bin/env bash
# Runs all tests: the engine's plain JUnit tests, the CLI tests, and the workbench tests under Xvfb.
set -euo pipefail
cd "$(dirname "$0")"
if [ -z "${JAVA_HOME:-}" ]; then
  for j in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-21-jdk-amd64; do
    if [ -x "$j/bin/java" ]; then export JAVA_HOME="$j"; break; fi
  done
fi
run=(./mvnw -B --no-transfer-progress verify)
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null 2>&1; then
  xvfb-run -a -s "-screen 0 1600x1000x24" "${run[@]}" "$@"
else
  "${run[@]}" "$@"
fi
# The update site installs into a stock platform + JDT with p2 (what Help > Install New Software does).
releng/install-into-stock.sh
