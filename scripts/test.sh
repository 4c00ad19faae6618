#!/usr/bin/env bash
# `npm test`: lint, types, unit and API tests, contract tests (Pact), then the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 SCARF_ANALYTICS=false PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1

step() { printf '\n=== %s ===\n' "$1"; }
start=$(date +%s)

step "prisma generate"
npx prisma generate >/dev/null
step "lint"
npm run lint
step "typecheck"
npm run typecheck
step "unit and API tests"
npm run test:unit
step "Pact: consumer (web) then provider verification (mock API)"
npm run test:pact
step "build the web app"
npm run build
step "contract:check against our own built server (0 mismatches)"
bash scripts/contract-check-local.sh
step "end-to-end (Playwright, Chromium)"
npm run test:e2e

echo
echo "npm test finished in $(( $(date +%s) - start )) s"
