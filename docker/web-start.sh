#!/bin/sh
# Writes the web app's runtime configuration from API_URL, then runs nginx in the foreground.
# API_URL empty (the default): the app calls the API on its own origin, which nginx proxies to the
# composed mock API. Any other value: the provider's base URL, without a trailing slash.
set -eu
api_url=$(printf '%s' "${API_URL:-}" | sed 's:/*$::')
case "$api_url" in
  *'"'* | *'\'* | *'<'*) echo "API_URL must be a plain URL" >&2; exit 1 ;;
esac
printf '// Written at container start from API_URL (docker/web-start.sh).\nwindow.__CARPOOL__ = { apiUrl: "%s" };\n' "$api_url" \
  > /usr/share/nginx/html/app/runtime-config.js
echo "web: serving /app/ with apiUrl \"${api_url}\" (empty = this origin, proxied to the mock API)"
exec nginx -g 'daemon off;'
