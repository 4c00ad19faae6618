# The product's images, one Dockerfile with a target each (docker-compose.yml builds them):
#   runtime  the mock provider API, which also serves the built web app, on port 3000 (the default target)
#   web      the same web build served by nginx, as production serves it
#   e2e      the Playwright journeys with Debian's Chromium
# `deps` and `build` are shared, so the second and third targets reuse the first one's layers.
# Nothing is downloaded but npm packages (and Debian's Chromium for e2e): Prisma runs its JS query
# compiler and wasm schema engine, so `prisma generate` needs only the schema.

FROM node:20-bookworm-slim AS deps
WORKDIR /srv/carpool
ENV TURBO_TELEMETRY_DISABLED=1 SCARF_ANALYTICS=false PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1
COPY package.json package-lock.json turbo.json tsconfig.base.json prisma.config.ts ./
# The root's postinstall runs `prisma generate`: the schema comes before `npm ci`.
COPY prisma/package.json prisma/schema.prisma prisma/
COPY apps/web/package.json apps/web/
COPY apps/mock-api/package.json apps/mock-api/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build -w @carpool/web \
  && npm prune --omit=dev --no-audit --no-fund \
  && npx prisma generate \
  && rm -rf apps/web/src apps/web/public apps/web/build e2e bench docs scripts

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data \
  PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1
# The code stays root's and read-only to the server; only the data volume is its own.
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin carpool \
  && mkdir -p /data && chown carpool:carpool /data
WORKDIR /srv/carpool
COPY --from=build /srv/carpool ./
USER carpool
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/config').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
WORKDIR /srv/carpool/apps/mock-api
# node is process 1: SIGTERM reaches the server, which closes its connections and checkpoints the WAL.
CMD ["node", "--import", "tsx", "src/server.ts"]

FROM deps AS e2e
USER root
RUN apt-get update -qq \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null \
  && rm -rf /var/lib/apt/lists/*
COPY e2e e2e
CMD ["npx", "playwright", "test", "-c", "e2e/playwright.config.ts"]

FROM nginx:1.27-alpine AS web
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY docker/web-start.sh /usr/local/bin/web-start.sh
COPY --from=build /srv/carpool/apps/web/dist /usr/share/nginx/html/app
ENV API_URL=""
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=5s --start-period=10s --retries=3 \
  CMD ["sh", "-c", "test -s /usr/share/nginx/html/app/runtime-config.js && kill -0 \"$(cat /run/nginx.pid)\""]
CMD ["sh", "/usr/local/bin/web-start.sh"]
