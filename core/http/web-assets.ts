import { readFile } from "node:fs/promises";
import { extname, normalize, resolve } from "node:path";

/** Where the built web app's files come from: the disk in a checkout, the binary when compiled. */
export interface WebAssets {
  get(path: string): Promise<{ body: Uint8Array; type: string } | null>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".eot": "application/vnd.ms-fontobject",
  ".mp3": "audio/mpeg",
  ".webp": "image/webp",
  ".map": "application/json",
  ".txt": "text/plain; charset=utf-8",
};
export const contentType = (path: string) => TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";

/** Serves files from a folder (web/dist), refusing paths that climb out of it. */
export function folderAssets(dir: string): WebAssets {
  const root = resolve(dir);
  return {
    async get(path) {
      const full = resolve(root, normalize(path).replace(/^([/\\])+/, ""));
      if (!full.startsWith(root)) return null;
      try {
        return { body: new Uint8Array(await readFile(full)), type: contentType(full) };
      } catch {
        return null;
      }
    },
  };
}
