import { contentType, type WebAssets } from "../../../core/http/web-assets.ts";

/**
 * The web app inside the compiled binary: `files` maps each web/dist path ("index.html",
 * "assets/x.js") to the embedded file's path (`import p from "…" with { type: "file" }`),
 * which Bun.file reads from the executable itself.
 */
export function embeddedAssets(files: Record<string, string>): WebAssets {
  return {
    async get(path) {
      let key: string;
      try {
        key = decodeURIComponent(path).replace(/^\/+/, "");
      } catch {
        return null;
      }
      const embedded = Object.hasOwn(files, key) ? files[key] : undefined;
      if (!embedded) return null;
      return { body: await Bun.file(embedded).bytes(), type: contentType(key) };
    },
  };
}
