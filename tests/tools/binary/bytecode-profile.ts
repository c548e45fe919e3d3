import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { login, startServer } from "../../e2e/support/server.ts";

/**
 * Records which functions a binary runs, for Bun's profile-guided bytecode layout
 * (`compile.bytecodeOrder`): the binary boots on an empty data folder, answers a login and
 * stops, then boots again on that data (the everyday restart) and does the same. Bun writes
 * one order file per run on exit (BUN_BYTECODE_ORDER_OUT); a rebuild with them places that
 * bytecode together at the front, so boot touches fewer pages of the executable (issue 17,
 * idle memory). Answers the files, the restart's first (Bun: most important first).
 */
export async function recordBytecodeOrder(binary: string, dir: string): Promise<string[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), "atende-order-"));
  const files: string[] = [];
  try {
    for (const run of ["first-boot", "restart"]) {
      const file = join(dir, `${run}.order`);
      const server = await startServer({ command: [binary], dataDir, env: { LOG_LEVEL: "warn", BUN_BYTECODE_ORDER_OUT: file } });
      try {
        const { token } = await login(server.url);
        await fetch(`${server.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      } finally {
        await server.stop();
      }
      if (!existsSync(file)) throw new Error(`${binary} wrote no bytecode order to ${file} (found: ${readdirSync(dir).join(", ") || "nothing"})`);
      files.unshift(file);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return files;
}
