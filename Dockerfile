# syntax=docker/dockerfile:1
#
# One image for every role of docs/deploy.md, chosen by its command: a web node (the default,
# `node dist/node/serve.js`), a realtime node (`node dist/node/realtime.js`), the proxy
# (`node dist/node/proxy.js`), the operator CLI (`node dist/node/cli.js …`). It runs the built
# JavaScript of `npm run build` (decision 60) as the unprivileged `node` user; sources, dev
# dependencies and build tools stay in the build stage.

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Build: every dependency (the `node` package's install script fetches the Node binary the
#    project pins, from the npm registry; `npm run …` uses it), then the production build.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Runtime dependencies only. No install script is needed there: the one that matters fetches
#    the `node` package's binary, which the image's own Node 24 replaces; native modules
#    (@node-rs/argon2) come as prebuilt optional packages, PGlite as WebAssembly.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# 3. What runs: node_modules, the build (dist/client, dist/server, dist/node, dist/migrations,
#    dist/fonts) and package.json (for `"type": "module"`). Nothing is writable but /data.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    REALTIME_PORT=6001 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000 6001
# A web node's readiness (its database answers); compose.yaml sets the realtime nodes' and the proxy's own.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/v1/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/node/serve.js"]
