#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed at /usr/bin/chromium for the Playwright e2e tests.
# Playwright's own browser downloads are never used (see playwright.config.ts).
# Idempotent: quiet when Chromium is already there.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: $CHROMIUM not found, installing Debian's chromium package…" >&2
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
  elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    echo "ensure-chromium: not root and sudo is unavailable; install the 'chromium' package manually" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get update -qq
  "${SUDO[@]}" apt-get install -y -qq --no-install-recommends chromium >/dev/null
  if [ ! -x "$CHROMIUM" ]; then
    echo "ensure-chromium: installation finished but $CHROMIUM is still missing" >&2
    exit 1
  fi
  "$CHROMIUM" --version 2>/dev/null # (Debian's launcher script warns harmlessly on stderr)
fi
