# 帳票クラウド — one image serving the whole product: the web app and, unless PAYMENT_API_BASE_URL
# points elsewhere, the Payment API (`node dist/api-server.js` runs the API alone).

# Build stage: dev dependencies, Remix build and the bundled server.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# Run stage: what the server needs, as a non-root user.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/dist ./dist
COPY --from=build /app/api/db/migrations ./api/db/migrations
COPY --from=build /app/sandbox/assets ./sandbox/assets
COPY package.json ./
COPY scripts/heap-limit.mjs ./scripts/
# The embedded database and files live in ./data, the only place the server writes (with /tmp for
# a read-only root filesystem). It belongs to node and to group 0, as a platform that runs the
# image under an arbitrary UID (OpenShift's restricted policy) gives that UID group 0; the rest of
# /app stays root's and read-only. The user is numeric so Kubernetes can check runAsNonRoot.
# Scheduled backups (BACKUP_DIR) go to ./backups, a volume of its own, since every backup copies ./data whole.
RUN mkdir -p /app/data /app/backups && chown 1000:0 /app/data /app/backups && chmod 0770 /app/data /app/backups
USER 1000
VOLUME ["/app/data", "/app/backups"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The heap limit follows the container's memory (HEAP_LIMIT_MB or NODE_OPTIONS override it);
# exec makes node PID 1, so it receives SIGTERM itself, which starts the graceful shutdown.
CMD ["sh", "-c", "exec node $(node scripts/heap-limit.mjs) dist/server.js"]
