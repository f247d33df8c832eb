# syntax=docker/dockerfile:1
# One image per process, all from this file: `docker build --target <gateway|auth|connections|trading|
# execution|simulator> -t tvtrade/<target> .` (docker compose builds them all). Stages:
#   deps       every dependency (dev included) to build with
#   build      the server (SWC → dist/) and the web client (Vite → web/dist)
#   prod-deps  the runtime dependencies only; every server dependency is declared at the root, so
#              the workspaces (web's React and antd included) are left out
#   runtime    slim Node, non-root, compiled libs; each target adds its own process
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Only the manifests, so this layer is rebuilt when dependencies change, not on every source edit.
# Every workspace must be listed (test/deploy/dockerfile.spec.ts checks it).
COPY package.json package-lock.json ./
COPY libs/common/package.json libs/common/
COPY libs/contracts/package.json libs/contracts/
COPY libs/database/package.json libs/database/
COPY libs/host/package.json libs/host/
COPY libs/messaging/package.json libs/messaging/
COPY libs/testing/package.json libs/testing/
COPY libs/tradovate/package.json libs/tradovate/
COPY services/auth/package.json services/auth/
COPY services/connections/package.json services/connections/
COPY services/execution/package.json services/execution/
COPY services/gateway/package.json services/gateway/
COPY services/standalone/package.json services/standalone/
COPY services/trading/package.json services/trading/
COPY simulator/package.json simulator/
COPY web/package.json web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN node scripts/build-server.mjs && npm run build -w web

FROM deps AS prod-deps
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspaces=false --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps /app/package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist/libs ./dist/libs
COPY deploy/docker/healthcheck.js ./healthcheck.js
# The image's own files stay root-owned and read-only to the process (k8s also mounts the root
# filesystem read-only); the process runs as the unprivileged `node` user (uid 1000).
USER node
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=4s --start-period=20s --retries=3 CMD ["node", "/app/healthcheck.js", "/healthz"]

FROM runtime AS gateway
COPY --from=build /app/dist/services/gateway ./dist/services/gateway
COPY --from=build /app/web/dist ./web/dist
ENV PORT=3000 WEB_DIST_DIR=/app/web/dist
EXPOSE 3000
CMD ["node", "--no-memory-reducer", "dist/services/gateway/src/main.js"]

FROM runtime AS auth
COPY --from=build /app/dist/services/auth ./dist/services/auth
ENV PORT=3001
EXPOSE 3001
CMD ["node", "--no-memory-reducer", "dist/services/auth/src/main.js"]

FROM runtime AS connections
COPY --from=build /app/dist/services/connections ./dist/services/connections
ENV PORT=3002
EXPOSE 3002
CMD ["node", "--no-memory-reducer", "dist/services/connections/src/main.js"]

FROM runtime AS trading
COPY --from=build /app/dist/services/trading ./dist/services/trading
ENV PORT=3003
EXPOSE 3003
CMD ["node", "--no-memory-reducer", "dist/services/trading/src/main.js"]

FROM runtime AS execution
COPY --from=build /app/dist/services/execution ./dist/services/execution
ENV PORT=3004
EXPOSE 3004
CMD ["node", "--no-memory-reducer", "dist/services/execution/src/main.js"]

# The Tradovate simulator (sandbox mode and load tests); never deployed to production.
FROM runtime AS simulator
COPY --from=build /app/dist/simulator ./dist/simulator
# It binds 127.0.0.1 unless told otherwise; in a container it must take connections from outside.
ENV SIM_PORT=4100 SIM_HOST=0.0.0.0
EXPOSE 4100
HEALTHCHECK --interval=10s --timeout=4s --start-period=10s --retries=3 CMD ["node", "/app/healthcheck.js", "/", "--any-status"]
CMD ["node", "dist/simulator/src/main.js"]
