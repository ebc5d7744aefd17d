#!/usr/bin/env bash
# End-to-end tests use Debian's Chromium (downloaded browsers do not work here). Install it when missing.
set -euo pipefail
bin=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$bin" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the end-to-end tests…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing at $bin: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
