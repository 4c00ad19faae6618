# One image runs the whole product: the mock provider API serving the built web app on port 3000.
FROM node:20-bookworm-slim
WORKDIR /srv/carpool
ENV TURBO_TELEMETRY_DISABLED=1 SCARF_ANALYTICS=false PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1
COPY package.json package-lock.json turbo.json tsconfig.base.json prisma.config.ts ./
COPY apps/web/package.json apps/web/
COPY apps/mock-api/package.json apps/mock-api/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx prisma generate && npm run build
ENV PORT=3000 DATA_DIR=/data NODE_ENV=production
VOLUME /data
EXPOSE 3000
CMD ["npm", "run", "start", "-w", "@carpool/mock-api"]
