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

/** Bun's native argon2 (the same algorithm and encoding; Deno and Node have no such API). */
declare const Bun:
  | {
      password: {
        hash(password: string, options: { algorithm: "argon2id"; memoryCost: number; timeCost: number }): Promise<string>;
        verify(password: string, hash: string): Promise<boolean>;
      };
    }
  | undefined;

/** OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane. */
const MEMORY_KIB = 19456;
const ITERATIONS = 2;

/**
 * argon2id, encoded the standard way (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), so the same
 * hashes verify on Bun, Deno and Node. On Bun it is Bun.password: native, on a worker thread,
 * and it leaves nothing resident; through WebAssembly the first hash keeps about 10 MiB of the
 * engine's WebAssembly compilers in memory for good and blocks the event loop while it runs
 * (issue 17, idle memory). Elsewhere hash-wasm (WebAssembly). `password.test.ts` checks that
 * each verifies the other's hashes.
 */
export async function hashPassword(password: string): Promise<string> {
  if (typeof Bun !== "undefined") return Bun.password.hash(password, { algorithm: "argon2id", memoryCost: MEMORY_KIB, timeCost: ITERATIONS });
  const { argon2id } = await argon2();
  return argon2id({
    password,
    salt: crypto.getRandomValues(new Uint8Array(16)),
    parallelism: 1,
    iterations: ITERATIONS,
    memorySize: MEMORY_KIB,
    hashLength: 32,
    outputType: "encoded",
  });
}

/** Whether `password` matches the stored argon2 hash; a malformed (or non-argon2) hash is a refusal. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    // Bun.password would also accept bcrypt hashes; hash-wasm's argon2Verify accepts argon2 only. Same set on every runtime.
    if (typeof Bun !== "undefined") return /^\$argon2(id|i|d)\$/.test(hash) && (await Bun.password.verify(password, hash));
    const { argon2Verify } = await argon2();
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}
