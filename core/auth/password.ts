import { argon2id, argon2Verify } from "hash-wasm";

/**
 * argon2id through WebAssembly, so the same hashes verify on Bun, Deno and Node.
 * Parameters follow OWASP's minimum (19 MiB, 2 passes, 1 lane).
 */
export async function hashPassword(password: string): Promise<string> {
  return argon2id({
    password,
    salt: crypto.getRandomValues(new Uint8Array(16)),
    parallelism: 1,
    iterations: 2,
    memorySize: 19456,
    hashLength: 32,
    outputType: "encoded",
  });
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}
