#!/usr/bin/env bash
# `npm test`: lint, types, unit and API tests, contract tests (Pact), then the browser journeys.
# Prints each step's time and the ten slowest tests and journeys at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 SCARF_ANALYTICS=false PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1

reports=$(mktemp -d)
start=$(date +%s)
times=()
current=""
current_start=0
step() {
  finish_step
  current="$1"
  current_start=$(date +%s)
  printf '\n=== %s ===\n' "$1"
}
finish_step() {
  if [ -n "$current" ]; then times+=("$(( $(date +%s) - current_start ))|$current"); fi
  current=""
}

# The step times and the slowest tests, printed at the end whether the run passed or failed (a failed
# step shows as the last one, with its time until it failed).
summary() {
  local status=$?
  finish_step
  echo
  echo "=== step times ==="
  for entry in "${times[@]}"; do printf '%6s s  %s\n' "${entry%%|*}" "${entry#*|}"; done
  node scripts/slowest-tests.mjs "$reports" || true
  echo
  if [ "$status" -eq 0 ]; then echo "npm test finished in $(( $(date +%s) - start )) s"; else echo "npm test FAILED (exit $status) after $(( $(date +%s) - start )) s"; fi
  rm -rf "$reports"
}
trap summary EXIT

step "Chromium for the journeys"
bash scripts/ensure-chromium.sh
step "prisma generate"
npx prisma generate >/dev/null
step "lint"
npm run lint
step "typecheck"
npm run typecheck
step "unit and API tests"
# Each workspace's vitest config writes a JSON report there (read at the end).
VITEST_REPORT_DIR="$reports" npm run test:unit
step "Pact: consumer (web) then provider verification (mock API)"
npm run test:pact
step "build the web app (its types were checked above)"
npm run build:bundle -w @carpool/web
step "contract:check against our own built server (0 mismatches)"
bash scripts/contract-check-local.sh
step "end-to-end (Playwright, Chromium; two workers with a server each, E2E_WORKERS=1 for one)"
E2E_WORKERS=${E2E_WORKERS:-2} E2E_JSON_REPORT="$reports/e2e.json" npm run test:e2e
