#!/usr/bin/env bash
# `npm run test:compose`: builds the compose stack, starts it on a fresh volume, waits for health, checks
# it through the ports published on 127.0.0.1 (the API, a login, a search, the web app through both
# services, the test controls' token, a restart that keeps the data), then removes it, volumes included.
# Needs a Docker engine with the base images (bash ../shared/tools/docker-base-images.sh on our machines).
set -euo pipefail
cd "$(dirname "$0")/.."

if docker compose version >/dev/null 2>&1; then DC=(docker compose); else DC=(docker-compose); fi
export COMPOSE_PROJECT_NAME="carpool-check-$$"
# Ports of their own, so a developer's `npm start` (3000) or a running stack does not answer instead.
export CARPOOL_API_PORT="${TEST_COMPOSE_API_PORT:-13000}" CARPOOL_WEB_PORT="${TEST_COMPOSE_WEB_PORT:-18080}"
export CARPOOL_BIND=127.0.0.1 PUBLIC_URL="http://localhost:${CARPOOL_API_PORT}"
# Whatever the caller's shell holds, the stack starts as a fresh clone does: nothing set.
unset MOCK_CONTROLS_TOKEN JWT_SECRET API_URL MOCK_CONTROLS
API="http://127.0.0.1:${CARPOOL_API_PORT}"
WEB="http://127.0.0.1:${CARPOOL_WEB_PORT}"

start=$(date +%s)
step() { printf '\n=== %s (%d s) ===\n' "$1" "$(( $(date +%s) - start ))"; }
fail() { echo "test:compose FAILED: $*" >&2; "${DC[@]}" logs --tail 40 >&2 || true; exit 1; }
cleanup() { "${DC[@]}" down --volumes --remove-orphans >/dev/null 2>&1 || true; }
trap cleanup EXIT

step "build"
"${DC[@]}" build mock-api web
build_seconds=$(( $(date +%s) - start ))

step "up on a fresh volume"
cleanup
"${DC[@]}" up -d mock-api web

wait_healthy() {
  local id status
  id=$("${DC[@]}" ps -q mock-api)
  for _ in $(seq 1 90); do
    status=$(docker inspect --format '{{.State.Health.Status}}' "$id")
    [ "$status" = healthy ] && return 0
    sleep 2
  done
  fail "mock-api not healthy after 180 s (last: $status)"
}
wait_healthy

# curl wrappers: the status code is checked, the body kept in $body.
get() { body=$(curl -sS -w '\n%{http_code}' "$@"); code=${body##*$'\n'}; body=${body%$'\n'*}; }
expect_code() { [ "$code" = "$1" ] || fail "$2: HTTP $code, expected $1: ${body:0:300}"; }
json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=new Function("a","return "+process.argv[1])(JSON.parse(s));if(v===undefined)process.exit(3);console.log(typeof v==="object"?JSON.stringify(v):v)})' "$1"; }

step "checks through ${API} and ${WEB}"
get "$API/api/config"; expect_code 200 "GET /api/config"
[ "$(printf '%s' "$body" | json 'a.module_trip_seats_payment !== undefined')" = true ] || fail "the configuration lacks its modules"

get -X POST -H 'content-type: application/json' -d '{"email":"pasajera@carpool.ar","password":"carpool123"}' "$API/api/login"
expect_code 200 "login of the demo passenger"
token=$(printf '%s' "$body" | json 'a.token')

get "$API/api/trips?origin_lat=-34.6037&origin_lng=-58.3816&origin_radio=25000&page_size=5"
expect_code 200 "a trip search"
found=$(printf '%s' "$body" | json 'a.data.length')
[ "$found" -gt 0 ] || fail "the search from Buenos Aires found no seeded trip"

for base in "$API" "$WEB"; do
  get "$base/app/trips"; expect_code 200 "GET /app/trips via $base"
  grep -q '<div id="root"' <<<"$body" || fail "/app/trips via $base is not the app's HTML"
  asset=$(grep -oE '/app/assets/[^"]+\.js' <<<"$body" | head -1)
  [ -n "$asset" ] || fail "no hashed script in the HTML via $base"
  headers=$(curl -sS -o /dev/null -D - -H 'accept-encoding: gzip' "$base$asset")
  grep -qiE '^HTTP/[0-9.]+ 200' <<<"$headers" || fail "$asset via $base: $headers"
  grep -qi '^cache-control: public, max-age=31536000, immutable' <<<"$headers" || fail "$asset via $base lacks the immutable cache header"
  grep -qi '^content-encoding: gzip' <<<"$headers" || fail "$asset via $base is not sent compressed"
  get "$base/app/runtime-config.js"; expect_code 200 "runtime-config.js via $base"
  grep -q '__CARPOOL__' <<<"$body" || fail "runtime-config.js via $base"
done
get "$WEB/api/config"; expect_code 200 "the API through the web service's /api proxy"

get -X POST "$API/__mock/reset"; expect_code 403 "the test controls without the token"
controls=$("${DC[@]}" exec -T mock-api cat /data/mock-controls-token)
get -H "x-mock-controls-token: $controls" "$API/__mock/outbox?to=pasajera%40carpool.ar"; expect_code 200 "the test controls with the generated token"

step "a write, a restart, and the write is still there"
get -X POST -H "authorization: Bearer $token" -H 'content-type: application/json' \
  -d '{"device_id":"test-compose-device","device_type":"browser","app_version":"1","notifications":false}' "$API/api/devices"
expect_code 200 "POST /api/devices"
"${DC[@]}" restart mock-api
wait_healthy
get -H "authorization: Bearer $token" "$API/api/devices"; expect_code 200 "the token of before the restart"
grep -q 'test-compose-device' <<<"$body" || fail "the device written before the restart is gone"
get -H "x-mock-controls-token: $controls" "$API/__mock/outbox?to=nobody%40carpool.ar"; expect_code 200 "the same controls token after the restart"

step "image sizes"
for image in carpool/mock-api carpool/web; do
  printf '%s %s MB\n' "$image" "$(( $(docker image inspect --format '{{.Size}}' "$image") / 1000000 ))"
done

echo
echo "test:compose passed in $(( $(date +%s) - start )) s (build ${build_seconds} s)"
