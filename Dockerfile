# syntax=docker/dockerfile:1
# The gateway as a container: build dist/ with every dependency, then run it on a slim Node 24
# image with production dependencies only, as the unprivileged `node` user. No embedded sandbox
# unless asked (SVC_EMBEDDED_SANDBOX=auto): point SVC_BASE_URL at the upstream.
# See docs/operations.md#container.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    PORT=4000 \
    HOST=0.0.0.0 \
    ADMIN_HOST=0.0.0.0 \
    SVC_EMBEDDED_SANDBOX=off
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
COPY --chown=node:node operations/persisted-documents.json ./operations/
USER node
EXPOSE 4000 9090
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
