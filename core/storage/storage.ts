import { readdir, rm, stat, writeFile, readFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { nanoid } from "nanoid";
import { AppError } from "../errors.ts";
import { makePrivateDir } from "./private-files.ts";

export interface SaveOptions {
  /** Largest accepted size in bytes. */
  maxBytes: number;
  /** Accepted file-name extensions, lower case with the dot (".png"); empty accepts any. */
  extensions?: readonly string[];
  /** Accepted MIME prefixes ("image/"); empty accepts any. */
  mimePrefixes?: readonly string[];
}

export interface StoredFile {
  /** The unguessable stored name (what entities keep in mediaPath-like fields). */
  fileName: string;
  /** The name the user's file had. */
  originalName: string;
  /** Path under the public root, e.g. `company3/abc.png`. */
  path: string;
  /** Public URL path, e.g. `/public/company3/abc.png`. */
  url: string;
  size: number;
  mimetype: string;
}

const MIME_BY_EXT: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".mp4": "video/mp4",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".opus": "audio/ogg",
  ".m4a": "audio/mp4",
  ".pdf": "application/pdf",
  ".txt": "text/plain",
  ".json": "application/json",
  ".p12": "application/x-pkcs12",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/**
 * Uploaded media under `DATA_DIR/public/company{id}/`, served at `/public/...`. Names
 * are random (21 URL-safe characters) so one company cannot guess another's files;
 * sizes and types are checked before anything touches the disk.
 */
export class Storage {
  readonly root: string;

  constructor(
    dataDir: string,
    /** The operator's ceiling (UPLOAD_MAX_BYTES) over every feature's own limit. */
    private ceilingBytes = Number.POSITIVE_INFINITY,
  ) {
    this.root = resolve(dataDir, "public");
  }

  async save(companyId: number, file: File, options: SaveOptions): Promise<StoredFile> {
    const ext = extname(file.name).toLowerCase();
    const maxBytes = Math.min(options.maxBytes, this.ceilingBytes);
    if (file.size > maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { maxBytes });
    if (options.extensions?.length && !options.extensions.includes(ext)) throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", { accepted: options.extensions });
    const mimetype = file.type || MIME_BY_EXT[ext] || "application/octet-stream";
    if (options.mimePrefixes?.length && !options.mimePrefixes.some((p) => mimetype.startsWith(p)))
      throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", { accepted: options.mimePrefixes });
    const fileName = `${nanoid()}${/^\.[a-z0-9]{1,8}$/.test(ext) ? ext : ""}`;
    const folder = `company${companyId}`;
    makePrivateDir(join(this.root, folder));
    await writeFile(join(this.root, folder, fileName), new Uint8Array(await file.arrayBuffer()), { mode: 0o600 });
    const path = `${folder}/${fileName}`;
    return { fileName, originalName: file.name.replace(/\s+/g, "_"), path, url: `/public/${path}`, size: file.size, mimetype };
  }

  /** Removes a stored file by its public path; a missing file is not an error. */
  async remove(path: string): Promise<void> {
    const full = this.resolveInside(path);
    if (full) await rm(full, { force: true });
  }

  /** Folder size in bytes, file count and last change of a company's files. */
  async usage(companyId: number): Promise<{ folderSize: number; numberFileFolder: number; updatedAtFolder: string | null }> {
    const dir = join(this.root, `company${companyId}`);
    let folderSize = 0;
    let numberFileFolder = 0;
    let latest = 0;
    const walk = async (d: string) => {
      let entries: import("node:fs").Dirent[];
      try {
        entries = await readdir(d, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const p = join(d, e.name);
        if (e.isDirectory()) await walk(p);
        else {
          const s = await stat(p);
          folderSize += s.size;
          numberFileFolder += 1;
          latest = Math.max(latest, s.mtimeMs);
        }
      }
    };
    await walk(dir);
    return { folderSize, numberFileFolder, updatedAtFolder: latest ? new Date(latest).toISOString() : null };
  }

  /** Reads a public file for serving; null when it does not exist or escapes the root. */
  async read(path: string): Promise<{ body: Uint8Array; type: string } | null> {
    const full = this.resolveInside(path);
    if (!full) return null;
    try {
      const body = await readFile(full);
      return { body: new Uint8Array(body), type: MIME_BY_EXT[extname(full).toLowerCase()] ?? "application/octet-stream" };
    } catch {
      return null;
    }
  }

  private resolveInside(path: string): string | null {
    // A malformed escape ("%", "%zz") or a NUL byte names no stored file: not found, not a crash.
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded.includes("\0")) return null;
    const full = resolve(this.root, normalize(decoded).replace(/^([/\\])+/, ""));
    return full.startsWith(this.root + (this.root.endsWith("/") ? "" : "/")) ? full : null;
  }
}
