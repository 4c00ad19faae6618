#!/usr/bin/env bash
# Starts the built mock API on a free port with a fresh database, runs `npm run contract:check`
# against it with the demo driver's token, and stops it. Non-zero exit on any mismatch.
set -euo pipefail
cd "$(dirname "$0")/.."
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
data=$(mktemp -d)
# Its own process group (setsid), so that stopping it stops npm, tsx and the server together.
PORT=$port DATA_DIR=$data LOG_LEVEL=silent setsid npm run -s start -w @carpool/mock-api >"$data/server.log" 2>&1 &
server=$!
trap 'kill -- -$server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 1 90); do
  curl -sf "$base/api/config" >/dev/null && break
  kill -0 $server 2>/dev/null || { cat "$data/server.log"; exit 1; }
  sleep 2
done
token=$(curl -sf -X POST "$base/api/login" -H 'content-type: application/json' \
  -d '{"email":"conductor@carpool.ar","password":"carpool123"}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).token')
npm run -s contract:check -- "$base" "$token"
