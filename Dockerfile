# syntax=docker/dockerfile:1
# CodeTube's image (docs/operators.md "Deploy"): built in three stages, it runs the production dependencies
# only, as a non-root user. `docker compose up` (compose.yaml) runs it on PostgreSQL.

ARG NODE_IMAGE=node:22-bookworm-slim

# 1. Build: every dependency, then dist/web and dist/server.
FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Install: the same script an operator runs on a server (and a test runs in CI).
FROM ${NODE_IMAGE} AS install
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY --from=build /app/dist ./dist
RUN sh scripts/install-production.sh /app

# 3. Run: no compiler, no dev dependencies, user `node` (uid 1000).
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
COPY --from=install /app ./
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself (not npm), so that SIGTERM starts the drain.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.mjs"]
