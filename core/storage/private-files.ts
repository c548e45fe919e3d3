import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";

/**
 * The data directory holds the database, the token secrets and customers' media: nobody
 * but the server's own user may read it. Folders are 700, files 600. An existing path is
 * tightened too (an older install created them with the umask's 755/644); where the
 * operator owns the path and we may not change it (EPERM), their choice stands.
 */
function tighten(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch {
    // Not ours to change (a mounted volume, another owner) or a platform without modes.
  }
}

/**
 * Creates a folder (and its parents) private to the server's user.
 * @example makePrivateDir(join(dataDir, "public", "company3"));
 */
export function makePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  tighten(path, 0o700);
}

/**
 * Makes sure a file exists and is private before anything writes into it: SQLite gives its
 * `-wal` and `-shm` files the mode of the database file, so `app.db` must be 600 first.
 * @example makePrivateFile(join(dataDir, "app.db"));
 */
export function makePrivateFile(path: string): void {
  if (!existsSync(path)) {
    try {
      writeFileSync(path, new Uint8Array(0), { mode: 0o600, flag: "wx" });
    } catch {
      // Created meanwhile by someone else: tightened below.
    }
  }
  tighten(path, 0o600);
}
