#!/usr/bin/env bash
# Installs the Debian packages the test suite and `make lint` need, when they are
# missing.
# espeak-ng: speech tests synthesise nurse utterances at test time.
# sox: speech tests and the speech bench mix ward noise into spoken utterances.
# chromium: end-to-end page tests drive Debian's headless Chromium with Playwright.
# postgresql, redis-server: the Django tests run a second time on real services,
# started privately on loopback by scripts/with_services.py.
# docker-compose: `make lint` validates docker/compose.yaml with it (`config -q`:
# no daemon, no image pulled). Without its recommends: they would bring the Docker
# daemon, which nothing here runs.
set -euo pipefail
packages=(espeak-ng sox chromium postgresql redis-server)
lean=(docker-compose)
missing_from() {
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
      || echo "$package"
  done
}
mapfile -t missing < <(missing_from "${packages[@]}")
mapfile -t missing_lean < <(missing_from "${lean[@]}")
all=("${missing[@]}" "${missing_lean[@]}")
[ ${#all[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "==> missing Debian packages: ${all[*]}; run: sudo apt-get install ${all[*]}" >&2
  exit 1
fi
echo "==> installing Debian packages: ${all[*]}"
apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ${#missing_lean[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing_lean[@]}" >/dev/null
fi
