#!/usr/bin/env bash
# Installs Debian's chromium package (what the end-to-end tests and benchmarks drive).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then echo "chromium is already installed: $(/usr/bin/chromium --version)"; exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "Run as root (or with sudo): bash scripts/install-chromium.sh" >&2; exit 1; fi
if ! command -v apt-get >/dev/null; then echo "This helper needs apt-get (Debian/Ubuntu). Install Chromium yourself and set CHROMIUM_PATH." >&2; exit 1; fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null
/usr/bin/chromium --version
