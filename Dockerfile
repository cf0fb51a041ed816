# syntax=docker/dockerfile:1
# The production image: the built web app and the server, run by Node 24 as an unprivileged user
# (deploy/README.md). Build: docker build -t fika .
ARG NODE_IMAGE=node:24-bookworm-slim

# --- Every dependency, to build the web app (dist/) and the page renderer (dist-ssr/).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install`'s postinstall note (it says nothing on Node 24, but npm runs it).
COPY scripts/install-note.js scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# The server reads the web app's translation catalogs for the pages' titles (server/modules/page-heads): only the
# .po files of src/ go into the image.
RUN mkdir /po && find src -name '*.po' -print0 | tar --null -cf - -T - | tar -xf - -C /po

# --- The runtime dependencies alone.
FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/install-note.js scripts/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- What runs.
FROM ${NODE_IMAGE}
# pg_dump and pg_restore of the server's major version, for `npm run backup` and `npm run restore` beside the app
# (Debian's own client is older than the PostgreSQL 17 of deploy/compose.yaml and would refuse to dump it).
ARG PG_MAJOR=17
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends postgresql-client-${PG_MAJOR} \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/data \
  BACKUP_DIR=/backups
WORKDIR /app
COPY --from=production-deps /app/node_modules node_modules
COPY package.json package-lock.json ./
# The server runs its TypeScript as it is (Node 24 strips the types); its migrations are in server/db/migrations.
COPY server server
COPY contract contract
# The operators' commands: npm run support-staff, backup, restore, promo-code, payment-refund.
COPY scripts scripts
COPY --from=build /app/dist dist
COPY --from=build /app/dist-ssr dist-ssr
COPY --from=build /po/src src
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
EXPOSE 8080
VOLUME ["/data", "/backups"]
# `GET /api/health/live`: the process answers. Readiness (database, Redis, the job queue) is HAProxy's check.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/main.ts"]
