/**
 * A hash with the same parameters as `hashPassword`, of a random value nobody kept: a login
 * for an unknown e-mail verifies against it, so both paths cost one argon2id verification.
 * A constant rather than a hash made at boot, which cost the boot 70-140 ms of CPU (issue 17);
 * it grants nothing, since a login also needs the user row. `password.test.ts` checks that
 * its parameters follow `hashPassword`'s.
 */
export const UNKNOWN_USER_HASH = "$argon2id$v=19$m=19456,t=2,p=1$dFSwCz0JUMWIa1GufoxWTg$tTL70J/xykQqYchwjpVQx+y34Z4pWkcFL7bHMyr9ak4";

/** hash-wasm (WebAssembly) is loaded at the first sign-in or password change, not at boot. */
const argon2 = () => import("hash-wasm");

/**
 * argon2id through WebAssembly, so the same hashes verify on Bun, Deno and Node.
 * Parameters follow OWASP's minimum (19 MiB, 2 passes, 1 lane).
 */
export async function hashPassword(password: string): Promise<string> {
  const { argon2id } = await argon2();
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
    const { argon2Verify } = await argon2();
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}
