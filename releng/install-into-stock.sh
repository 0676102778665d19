#!/usr/bin/env bash
# Installs the Rendezvous update site into a "stock" Eclipse with p2, as Help > Install New Software
# would: first a platform + JDT installation (SDKProfile) is provisioned by the p2 director from the
# product's repository, WITHOUT Rendezvous; then dev.rendezvous.feature is installed into that
# profile from releng/dev.rendezvous.site/target/repository alone. The director fails if any
# requirement of the feature is not met by the stock installation plus the site. Needs a built
# reactor (./mvnw verify). Usage: releng/install-into-stock.sh [destination]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${1:-$here/target/stock-eclipse}"
product_repo="$here/releng/dev.rendezvous.product/target/repository"
site_repo="$here/releng/dev.rendezvous.site/target/repository"
[ -d "$product_repo" ] && [ -d "$site_repo" ] || { echo "install-into-stock: build first (./mvnw verify)" >&2; exit 2; }
rm -rf "$dest"
director() {
  "$here/mvnw" -B -q --no-transfer-progress -f "$here/pom.xml" -N \
    org.eclipse.tycho:tycho-p2-director-plugin:5.0.2:director -Ddestination="$dest" -Dprofile=SDKProfile "$@"
}
director -Drepositories="file:$product_repo" \
  -DinstallIUs=org.eclipse.ui.ide.application,org.eclipse.jdt.ui,org.eclipse.jdt.core,org.eclipse.jdt.launching,org.eclipse.equinox.launcher,org.apache.felix.scr
if compgen -G "$dest/plugins/dev.rendezvous.*" >/dev/null; then echo "install-into-stock: the stock install already has Rendezvous" >&2; exit 1; fi
stock=$(ls "$dest"/plugins | wc -l)
director -Drepositories="file:$site_repo" -DinstallIUs=dev.rendezvous.feature.feature.group
for b in dev.rendezvous.core dev.rendezvous.ui dev.rendezvous.cli dev.rendezvous.help org.eclipse.draw2d org.eclipse.elk.alg.layered com.google.guava; do
  compgen -G "$dest/plugins/${b}_*" >/dev/null || { echo "install-into-stock: $b was not installed" >&2; exit 1; }
done
echo "install-into-stock: stock platform + JDT ($stock plug-ins) + Rendezvous from the update site: $(ls "$dest"/plugins | wc -l) plug-ins in $dest"
