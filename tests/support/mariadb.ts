import { execFile, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../e2e/support/server.ts";

/**
 * A throwaway MariaDB (Debian's `mariadb-server`) on a loopback port with its own data folder,
 * as redis-server.ts starts Redis: for the importer's tests of forks that run MySQL/MariaDB.
 * Passwords are checked (unlike PGlite), so a wrong one in a URL really fails.
 */
export interface RunningMariaDb {
  /** `mysql://<user>:<password>@127.0.0.1:<port>/<database>` */
  url: string;
  port: number;
  /** Runs SQL as root over the server's socket (the fixture's DDL and rows). */
  exec(sql: string): Promise<void>;
  stop(): Promise<void>;
}

const which = (name: string): string | null => {
  try {
    return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
};

/** The server, its installer and client: MARIADB_BIN_DIR, else the ones `.ci/run` installs. */
function binaries() {
  const dir = process.env.MARIADB_BIN_DIR;
  const server = dir ? join(dir, "mariadbd") : (which("mariadbd") ?? (which("/usr/sbin/mariadbd") ? "/usr/sbin/mariadbd" : null));
  const install = dir ? join(dir, "mariadb-install-db") : which("mariadb-install-db");
  const client = dir ? join(dir, "mariadb") : which("mariadb");
  if (!server || !install || !client) throw new Error("mariadb-server is not installed: apt-get install mariadb-server (or set MARIADB_BIN_DIR)");
  return { server, install, client };
}

/** Whether the MariaDB binaries are there (tests skip with a reason otherwise). */
export function hasMariaDb(): boolean {
  try {
    binaries();
    return true;
  } catch {
    return false;
  }
}

const run = (file: string, args: string[], input?: string) =>
  new Promise<void>((done, fail) => {
    const child = execFile(file, args, { maxBuffer: 8 * 1024 * 1024 }, (err, _out, stderr) => (err ? fail(new Error(`${file} failed: ${stderr || err.message}`)) : done()));
    if (input !== undefined) child.stdin?.end(input);
  });

/** Starts a fresh server with database `database` and user `user`/`password` (from 127.0.0.1); resolves once it accepts connections. */
export async function startMariaDb(options: { database?: string; user?: string; password?: string } = {}): Promise<RunningMariaDb> {
  const { server, install, client } = binaries();
  const database = options.database ?? "whaticket";
  const user = options.user ?? "whaticket";
  const password = options.password ?? "old-server-secret";
  const dir = mkdtempSync(join(tmpdir(), "mariadb-"));
  const datadir = join(dir, "data");
  const socket = join(dir, "mysqld.sock");
  // --no-defaults: nothing from /etc/mysql (the system server's socket, datadir and user).
  await run(install, ["--no-defaults", `--datadir=${datadir}`, "--user=root", "--auth-root-authentication-method=normal", "--skip-test-db"]);
  const port = await freePort();
  const child = spawn(
    server,
    [
      "--no-defaults",
      `--datadir=${datadir}`,
      "--user=root",
      `--port=${port}`,
      "--bind-address=127.0.0.1",
      `--socket=${socket}`,
      `--pid-file=${join(dir, "mysqld.pid")}`,
      "--skip-name-resolve",
      "--skip-log-bin",
      "--innodb-buffer-pool-size=16M",
      "--character-set-server=utf8mb4",
      "--collation-server=utf8mb4_unicode_ci",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`mariadbd did not start:\n${output}`)), 30_000);
    const onData = (b: Buffer) => {
      output += b;
      if (output.includes("ready for connections")) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", () => {
      clearTimeout(timer);
      fail(new Error(`mariadbd exited:\n${output}`));
    });
  });
  const exec = (sql: string) => run(client, ["--no-defaults", `--socket=${socket}`, "-uroot", "--default-character-set=utf8mb4", database], sql);
  await run(
    client,
    ["--no-defaults", `--socket=${socket}`, "-uroot"],
    `CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4; CREATE USER '${user}'@'127.0.0.1' IDENTIFIED BY '${password}'; GRANT ALL ON \`${database}\`.* TO '${user}'@'127.0.0.1';`,
  );
  return {
    url: `mysql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    port,
    exec,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((done) => child.once("exit", done));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
