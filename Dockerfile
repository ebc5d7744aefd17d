# The app image: one Node process (server/main.ts) serving the built client, /api and (without S3) /media.
# Build from the repository root: docker build -t survey360 .   (deploy/docker-compose.yml does it for you)
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 and sharp ship prebuilt binaries for this platform; python and a compiler are the fallback.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The client, and the server's render of the viewer's shell (docs/first-view.md), as `npm run build` makes them.
RUN npx vite build && npm run build:shell && node --import tsx scripts/precompress.ts && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data DEMO=false
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# The orchestrator's check: /api/ready answers 200 once the database does.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM (docker stop) lets uploads in flight finish and stops taking jobs (SHUTDOWN_TIMEOUT_MS, default 30 s).
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server/main.ts"]
