import { chmod, copyFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { nanoid } from "nanoid";
import { makePrivateDir } from "../../core/storage/private-files.ts";

/**
 * The old server's files (`backend/public`) copied into our storage, under our unguessable
 * names like an upload's (core/storage/storage.ts): 21 random characters plus the extension.
 * A file the source names but the folder lacks is reported, and the row keeps no media.
 */
export class MediaCopier {
  readonly missing: string[] = [];
  private readonly folders = new Set<string>();

  constructor(
    /** The old `public/` folder, or null when --media was not given (every file counts as missing). */
    private readonly from: string | null,
    /** Our storage root (DATA_DIR/public). */
    private readonly to: string,
    private readonly dryRun: boolean,
  ) {}

  /**
   * Copies `relative` (under the old public folder) into `company{companyId}/` of ours and
   * answers our stored file name, or null when the file is missing or escapes the folder.
   */
  copy(relative: string, companyId: number): Promise<string | null> {
    return this.copyFirst([relative], companyId);
  }

  /**
   * Copies the first of `candidates` that exists (the documented layout first, then a fork's
   * or an older one); when none does, the first is reported missing and the answer is null.
   */
  async copyFirst(candidates: readonly string[], companyId: number): Promise<string | null> {
    let found: { source: string; relative: string } | null = null;
    for (const relative of candidates) {
      const source = this.inside(relative);
      if (source && (await isFile(source))) {
        found = { source, relative };
        break;
      }
    }
    if (!found) {
      this.missing.push(candidates[0] ?? "");
      return null;
    }
    const ext = extname(found.relative).toLowerCase();
    const name = `${nanoid()}${/^\.[a-z0-9]{1,8}$/.test(ext) ? ext : ""}`;
    if (this.dryRun) return name;
    const folder = join(this.to, `company${companyId}`);
    if (!this.folders.has(folder)) {
      makePrivateDir(folder);
      this.folders.add(folder);
    }
    await copyFile(found.source, join(folder, name));
    await chmod(join(folder, name), 0o600);
    return name;
  }

  private inside(relative: string): string | null {
    if (!this.from || !relative || relative.includes("\0")) return null;
    const root = resolve(this.from);
    const full = resolve(root, relative.replace(/^[/\\]+/, ""));
    return full.startsWith(root + sep) ? full : null;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * A reference the old server stored, as a path under its `public/` folder: a bare name stays,
 * a URL or absolute path keeps what follows `/public/` (`https://old/public/a.png` → `a.png`).
 */
export function publicRelative(value: string): string {
  const text = value.trim();
  const at = text.lastIndexOf("/public/");
  if (at >= 0) return text.slice(at + "/public/".length);
  return text.replace(/^public\//, "");
}

/**
 * A reference to a file in the company's folder (`Messages.mediaUrl`): the database keeps a bare
 * name, but some forks keep the URL the API showed (`…/public/company2/a.png`); both read
 * `company2/a.png`, never `company2/company2/a.png`.
 */
export function companyRelative(value: string, sourceCompanyId: number): string {
  const folder = `company${sourceCompanyId}/`;
  const relative = publicRelative(value);
  return relative.startsWith(folder) ? relative : folder + relative;
}
