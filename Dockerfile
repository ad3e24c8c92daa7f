# RepForge: the built SPA and the compiled server in one image (docs/operations.md, "Deploying").
# Build:  docker build -t repforge .
# Run:    docker run -p 8080:8080 -e APP_ORIGIN=http://localhost:8080 -v repforge-data:/data repforge
# Several nodes on PostgreSQL, Redis and S3: deploy/compose.yaml.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The SPA (dist/client, its source maps in dist/maps) and the server (dist/server/main.js + openapi.json).
RUN node scripts/build-if-needed.mjs --force && node scripts/build-server.mjs --force
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# ffmpeg turns uploads into the web rendition and poster; tini passes SIGTERM on, so a stop drains.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data SEED=none
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Read at run time: the contract's YAML is not (dist/server/openapi.json is), the migrations are.
COPY --from=build /app/server/db/migrations ./server/db/migrations
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
