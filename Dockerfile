# syntax=docker/dockerfile:1
# The Ticket Wallet server image (docs/deploy.md). Build: the web app (Parcel) and the server compiled to JavaScript
# (esbuild, scripts/build-server.mjs). Runtime: Node, the production packages, the compiled server, dist/, locales
# and demo assets; no compiler, no dev dependencies, no sources. Run as the unprivileged `node` user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

FROM node:20-bookworm-slim AS production-packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/dist
WORKDIR /app
COPY --from=production-packages /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
COPY locales ./locales
COPY assets ./assets
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness only: readiness (/readyz) is for the proxy or orchestrator to route by.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM goes to node itself (no shell in between): graceful shutdown within SHUTDOWN_TIMEOUT_MS.
STOPSIGNAL SIGTERM
CMD ["node", "build/server/main.js"]
