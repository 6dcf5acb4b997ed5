#!/usr/bin/env bash
# What the end-to-end tests and benchmarks need from Debian: Chromium, CJK fonts so Chinese does not render as
# boxes, and the vips command line that the panorama benchmark measures against.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
command -v vips >/dev/null 2>&1 || missing+=(libvips-tools)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
