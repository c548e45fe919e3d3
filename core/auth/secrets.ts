import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makePrivateDir, makePrivateFile } from "../storage/private-files.ts";

export interface Secrets {
  jwt: string;
  jwtRefresh: string;
  /** Encrypts channel session keys at rest. */
  data: string;
}

const random = () => Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");

/**
 * Token secrets come from the environment, else from `DATA_DIR/secrets.json`, created
 * with random values on first boot (mode 600). Several nodes must share them: set them
 * in the environment there.
 */
export function loadSecrets(dataDir: string, env: { JWT_SECRET?: string; JWT_REFRESH_SECRET?: string }): Secrets {
  const file = join(dataDir, "secrets.json");
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8")) as Partial<Secrets>;
  const secrets: Secrets = {
    jwt: env.JWT_SECRET ?? stored.jwt ?? random(),
    jwtRefresh: env.JWT_REFRESH_SECRET ?? stored.jwtRefresh ?? random(),
    data: stored.data ?? random(),
  };
  if (stored.jwt !== secrets.jwt || stored.jwtRefresh !== secrets.jwtRefresh || stored.data !== secrets.data) {
    makePrivateDir(dataDir);
    makePrivateFile(file);
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  } else makePrivateFile(file);
  return secrets;
}
