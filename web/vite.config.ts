import { copyFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const webRoot = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(webRoot, "..");
const outDir = resolve(webRoot, "dist");

/**
 * The server's /docs page loads Swagger UI from /docs-assets/ (no CDN), so the build
 * copies the two files it needs out of swagger-ui-dist next to the web app.
 */
function swaggerAssets(): Plugin {
  return {
    name: "swagger-ui-assets",
    apply: "build",
    async closeBundle() {
      const require = createRequire(import.meta.url);
      const dist = dirname(require.resolve("swagger-ui-dist/package.json"));
      const target = resolve(outDir, "docs-assets");
      await mkdir(target, { recursive: true });
      for (const file of ["swagger-ui.css", "swagger-ui-bundle.js"]) await copyFile(resolve(dist, file), resolve(target, file));
    },
  };
}

/**
 * Dev server only: every request that is neither a page load nor one of Vite's own module
 * URLs goes to the backend (`bun run dev` on :8080), as the production server does.
 */
const backend = "http://localhost:8080";
const viteOwn = /^\/(src\/|@vite|@id\/|@fs\/|@react-refresh|node_modules\/|plugins\/)/;
const apiProxy = {
  "^/.*": {
    target: backend,
    changeOrigin: true,
    ws: true,
    bypass(req: { url?: string; headers: Record<string, string | string[] | undefined> }) {
      const url = req.url ?? "/";
      if (req.headers["sec-fetch-mode"] === "navigate" || viteOwn.test(url)) return url;
      return undefined;
    },
  },
};

export default defineConfig({
  root: webRoot,
  plugins: [react(), swaggerAssets()],
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // Plugin web entries live in ../plugins/*/web, outside the web root.
    fs: { allow: [repoRoot] },
    proxy: apiProxy,
  },
});
