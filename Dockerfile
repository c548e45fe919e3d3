# Atendechat container image: `docker build -t atendechat .` then
#   docker run -p 8080:8080 -v atendechat-data:/data -e ADMIN_PASSWORD=change-me atendechat
# Two stages: the first installs everything from the lockfile and builds the web app; the
# second keeps only production dependencies, the server's sources and the built web app.
ARG BUN_VERSION=1.4.5

FROM oven/bun:${BUN_VERSION} AS build
WORKDIR /app
COPY . .
RUN bun install --frozen-lockfile && bun run build:web

FROM oven/bun:${BUN_VERSION}-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
# The workspace manifests first: `bun install --production` needs every package.json it names.
COPY --from=build /app/package.json /app/bun.lockb /app/bunfig.toml ./
COPY --from=build /app/core ./core
COPY --from=build /app/plugins ./plugins
COPY --from=build /app/tools ./tools
COPY --from=build /app/web/package.json ./web/package.json
COPY --from=build /app/web/dist ./web/dist
RUN bun install --frozen-lockfile --production \
    && mkdir -p /data \
    && chown -R bun:bun /data
# The image's unprivileged user owns only the data volume.
USER bun
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["bun", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/version`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["bun", "plugins/main.ts"]
