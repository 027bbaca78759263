#!/usr/bin/env bash
# Installs the Debian packages the test suite needs, when they are missing.
# espeak-ng: speech tests synthesise nurse utterances at test time.
# sox: speech tests and the speech bench mix ward noise into spoken utterances.
# chromium: end-to-end page tests drive Debian's headless Chromium with Playwright.
# postgresql, redis-server: the Django tests run a second time on real services,
# started privately on loopback by scripts/with_services.py.
set -euo pipefail
packages=(espeak-ng sox chromium postgresql redis-server)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "==> missing Debian packages: ${missing[*]}; run: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "==> installing Debian packages: ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
