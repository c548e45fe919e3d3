import { rm, writeFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { nanoid } from "nanoid";
import { AppError } from "../../../../core/errors.ts";
import { makePrivateDir } from "../../../../core/storage/private-files.ts";
import { IMPORT_EXTENSIONS, IMPORT_MAX_BYTES } from "../../shared/columns.ts";

/**
 * Uploaded spreadsheets, kept until their import ends: under `DATA_DIR/private/contacts-import`
 * (folders 700, files 600), outside the public media root, so a customer list is never served
 * by any URL. Names are random; the user's file name is only stored as text.
 */
export class UploadStore {
  readonly root: string;

  constructor(
    dataDir: string,
    /** The operator's ceiling (UPLOAD_MAX_BYTES) over the import's own limit. */
    private ceilingBytes: number,
  ) {
    this.root = resolve(dataDir, "private", "contacts-import");
  }

  /** Checks size and extension before anything touches the disk; answers the stored path (relative). */
  async save(companyId: number, file: File): Promise<string> {
    const maxBytes = Math.min(IMPORT_MAX_BYTES, this.ceilingBytes);
    if (file.size > maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { maxBytes });
    const ext = extname(file.name).toLowerCase();
    if (!(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", { accepted: IMPORT_EXTENSIONS });
    if (file.size === 0) throw new AppError("ERR_CONTACT_IMPORT_BAD_FILE");
    const folder = `company${companyId}`;
    makePrivateDir(join(this.root, folder));
    const path = `${folder}/${nanoid()}${ext}`;
    await writeFile(join(this.root, path), new Uint8Array(await file.arrayBuffer()), { mode: 0o600 });
    return path;
  }

  /**
   * Replaces a stored upload by a file made from it (`make(from, to)`, absolute paths), under
   * the same random name with this extension; the original is deleted either way. Answers
   * the new stored path.
   */
  async replace(stored: string, ext: string, make: (from: string, to: string) => Promise<void>): Promise<string> {
    const next = stored.slice(0, stored.length - extname(stored).length) + ext;
    try {
      await make(this.pathOf(stored), this.pathOf(next));
    } finally {
      await this.remove(stored);
    }
    return next;
  }

  /** The absolute path of a stored upload (paths come from our own rows, never from a request). */
  pathOf(stored: string): string {
    return join(this.root, stored);
  }

  /** Deletes an upload; a missing one is not an error. */
  async remove(stored: string): Promise<void> {
    if (stored) await rm(join(this.root, stored), { force: true });
  }
}
