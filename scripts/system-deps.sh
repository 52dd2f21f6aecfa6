#!/usr/bin/env bash
# Installs the Debian packages the test suite uses, when they are missing; `system-deps.sh run`:
# only those the server itself uses (`make run`).
set -euo pipefail
need=()
# the share card's PNG (CairoSVG draws with cairo) and a face with Chinese characters for it
ldconfig -p | grep -q "libcairo.so.2 " || need+=(libcairo2)
[ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || need+=(fonts-wqy-microhei)
if [ "${1:-}" != run ]; then
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  [ -x /usr/lib/postgresql/15/bin/initdb ] || need+=(postgresql)
  command -v node >/dev/null 2>&1 || need+=(nodejs)  # runs static/sw.js's rules in tests
  # the hosted recipe's proxy (deploy/nginx.conf): the tests start it on their own config and port
  [ -x /usr/sbin/nginx ] || need+=(nginx)
fi
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "missing Debian packages: ${need[*]} (run as root on Debian, or install them)" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
# Debian starts a service as its package is installed (nginx on port 80): none is started now
# (policy-rc.d), and nginx not at boot either; the tests start their own.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
if [[ " ${need[*]} " == *" nginx "* ]]; then
  if command -v systemctl >/dev/null 2>&1; then systemctl disable nginx >/dev/null 2>&1 || true; fi
  update-rc.d nginx disable >/dev/null 2>&1 || true
fi
