# syntax=docker/dockerfile:1
# Every Node process of the system from one build: `--target gateway | auth | waitlist` (the e-mail worker is the
# waitlist target with `node dist/worker-main.js`). Build context: the repository root, e.g.
#   docker build --target auth -t mmdm-auth .
# The targets share every layer but their last few lines (working folder and command), so the four processes cost
# one dependency install, one compile and the disk of one image.
#
# A process resolves packages from /app/node_modules AND from its workspace's own node_modules (npm puts a version
# there when it differs from the hoisted one, e.g. zod 4 beside a hoisted zod 3), so the runtime stage takes the
# whole tree npm installed, never only the root folder.
#
# Adding a workspace: one COPY line for its package.json in `manifests` below; its dist/ and migrations/ are found
# by the loop in `build`.

FROM node:20-bookworm-slim AS manifests
WORKDIR /app
# Manifests only: the dependency layers are rebuilt only when a package.json or the lockfile changes.
COPY package.json package-lock.json ./
COPY services/contracts/package.json services/contracts/
COPY services/shared/package.json services/shared/
COPY services/auth/package.json services/auth/
COPY services/waitlist/package.json services/waitlist/
COPY services/backup/package.json services/backup/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY infra/package.json infra/
COPY tests/package.json tests/

FROM manifests AS deps
RUN npm ci --no-audit --no-fund

# What the processes load at run time: the production dependencies of the workspaces that run (and, through their
# own dependencies, of every workspace they import), hoisted and workspace-local alike.
FROM manifests AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund \
      --workspace=@mmdm/gateway --workspace=@mmdm/auth --workspace=@mmdm/waitlist --workspace=@mmdm/backup \
  && npm cache clean --force && rm -rf /root/.npm

FROM deps AS build
COPY . .
RUN npx tsc -b
# Canonical URLs, Open Graph and the sitemap are written at build time from PUBLIC_URL; unset, it follows the
# published port as the services' default does (http://localhost:HTTP_PORT).
ARG PUBLIC_URL=
ARG HTTP_PORT=8080
RUN PUBLIC_URL="${PUBLIC_URL:-http://localhost:${HTTP_PORT:-8080}}" npm run build -w web
# Of each workspace, what runs: its manifest, its build output and its migrations (applied at start), into /out.
RUN node -e "for (const w of require('./package.json').workspaces) console.log(w)" | while read -r ws; do \
      for part in package.json dist migrations; do \
        if [ -e "$ws/$part" ]; then mkdir -p "/out/$ws" && cp -a "$ws/$part" "/out/$ws/"; fi; \
      done; \
    done \
  && find /out -name '*.tsbuildinfo' -delete

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /out ./
# Root-owned files, a non-root process: nothing it runs can change its own code (compose also mounts / read-only).
USER node

# WEB_DIST_DIR defaults to <repo>/web/dist as seen from gateway/dist, i.e. /app/web/dist.
FROM runtime AS gateway
WORKDIR /app/gateway
EXPOSE 8080
CMD ["node", "dist/main.js"]

# Staff CLI in the same image: docker compose exec auth node dist/cli/create-staff.js
FROM runtime AS auth
WORKDIR /app/services/auth
EXPOSE 8081
CMD ["node", "dist/main.js"]

# Also the e-mail worker: command ["node", "dist/worker-main.js"] (see docker-compose.yml).
FROM runtime AS waitlist
WORKDIR /app/services/waitlist
EXPOSE 8082
CMD ["node", "dist/main.js"]

# Backups: db:backup, db:restore and the scheduled backups (compose profile `backup`, the Kubernetes CronJob). The
# runtime plus PostgreSQL's client programs, which must be of the server's major version or newer (pg_dump refuses a
# newer server): PG_CLIENT_MAJOR's from the PostgreSQL project's apt repository (its signing key ships in Debian's
# postgresql-common). Where that repository cannot be reached, Debian's own client (15) is installed instead and the
# build says so; db:backup then refuses a newer server with a message that names this argument.
FROM runtime AS backup
USER root
ARG PG_CLIENT_MAJOR=16
RUN export DEBIAN_FRONTEND=noninteractive \
  && apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
  && if /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y >/dev/null 2>&1 \
       && apt-get install -y --no-install-recommends "postgresql-client-${PG_CLIENT_MAJOR}"; then :; \
     else \
       echo "WARNING: postgresql-client-${PG_CLIENT_MAJOR} unavailable (apt.postgresql.org unreachable?): installing Debian's postgresql-client" >&2; \
       rm -f /etc/apt/sources.list.d/pgdg.sources && apt-get update \
       && apt-get install -y --no-install-recommends postgresql-client; \
     fi \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /backups && chown node:node /backups \
  && pg_dump --version
USER node
WORKDIR /app/services/backup
CMD ["node", "dist/main.js"]
