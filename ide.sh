#!/usr/bin/env bash
# Launches the Rendezvous IDE (Eclipse platform + JDT + Rendezvous) on a workspace holding the
# examples as a Java project. Builds the product first if it is not there.
#   ./ide.sh [workspace-folder]        (default: ./target/ide-workspace)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
for j in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-21-jdk-amd64; do
  if [ -x "$j/bin/java" ]; then export JAVA_HOME="$j"; break; fi
done
product="$here/releng/dev.rendezvous.product/target/products/dev.rendezvous.ide/linux/gtk/x86_64"
if ! ls "$product"/plugins/org.eclipse.equinox.launcher_*.jar >/dev/null 2>&1; then
  echo "ide: building the IDE product (a few minutes the first time)..." >&2
  (cd "$here" && ./mvnw -B -q -DskipTests -DskipUiTests=true verify)
fi
workspace="${1:-$here/target/ide-workspace}"
mkdir -p "$workspace"
launcher=$(ls "$product"/plugins/org.eclipse.equinox.launcher_*.jar | head -1)
exec "$JAVA_HOME/bin/java" -Xmx2g --add-opens=java.base/java.lang=ALL-UNNAMED -Drendezvous.examples="$here/examples" -jar "$launcher" -data "$workspace" \
  -pluginCustomization "$here/releng/dev.rendezvous.product/plugin_customization.ini" "${@:2}"
