#!/usr/bin/env bash
# The journeys need a Chromium. Use CHROMIUM_PATH, Debian's /usr/bin/chromium or Playwright's own;
# with none, install one the standard way for this machine and say so: Debian's package where apt
# can (root or passwordless sudo), else Playwright's download.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; exit 1; }
  echo "Chromium: $CHROMIUM_PATH (CHROMIUM_PATH)"; exit 0
fi
if [ -x /usr/bin/chromium ]; then echo "Chromium: /usr/bin/chromium (Debian)"; exit 0; fi
own=$(node -e "try { const { chromium } = require('@playwright/test'); const p = chromium.executablePath(); if (require('fs').existsSync(p)) console.log(p) } catch {}")
if [ -n "$own" ]; then echo "Chromium: $own (Playwright's)"; exit 0; fi

if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" = "0" ] || sudo -n true 2>/dev/null; }; then
  echo "No Chromium found: installing Debian's chromium package (apt-get install chromium)"
  if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo -n"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
  echo "Chromium: /usr/bin/chromium (Debian, just installed)"
else
  echo "No Chromium found and no apt: installing Playwright's (npx playwright install chromium)"
  npx playwright install chromium
fi
