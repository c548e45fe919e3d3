/**
 * A hash with the same parameters as `hashPassword`, of a random value nobody kept: a login
 * for an unknown e-mail verifies against it, so both paths cost one argon2id verification.
 * A constant rather than a hash made at boot, which cost the boot 70-140 ms of CPU (issue 17);
 * it grants nothing, since a login also needs the user row. `password.test.ts` checks that
 * its parameters follow `hashPassword`'s.
 */
export const UNKNOWN_USER_HASH = "$argon2id$v=19$m=19456,t=2,p=1$dFSwCz0JUMWIa1GufoxWTg$tTL70J/xykQqYchwjpVQx+y34Z4pWkcFL7bHMyr9ak4";

/** hash-wasm (WebAssembly) is loaded at the first sign-in or password change, not at boot (argon2 off Bun, bcrypt everywhere). */
const hashWasm = () => import("hash-wasm");

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
  const { argon2id } = await hashWasm();
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

/** A bcrypt hash as Whaticket-family servers (bcryptjs) stored them: `$2a$`, `$2b$` or `$2y$`, cost, 53 characters of salt and hash. */
const BCRYPT = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;

/**
 * Whether `password` matches the stored hash: argon2 (ours), or bcrypt (a user brought over by
 * the Whaticket importer, tools/importer, kept until their first sign-in rehashes it, `needsRehash`).
 * A malformed or other hash is a refusal.
 */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    if (BCRYPT.test(hash)) return await verifyBcrypt(password, hash);
    // Bun.password would also accept bcrypt hashes; hash-wasm's argon2Verify accepts argon2 only. Same set on every runtime.
    if (typeof Bun !== "undefined") return /^\$argon2(id|i|d)\$/.test(hash) && (await Bun.password.verify(password, hash));
    const { argon2Verify } = await hashWasm();
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}

/**
 * bcrypt through hash-wasm on every runtime, with bcryptjs' rule that only the first 72 bytes
 * count (Bun.password would SHA-512 a longer one first, so a long old password would no longer
 * match). It runs once per imported user: the sign-in that succeeds stores an argon2id hash.
 */
async function verifyBcrypt(password: string, hash: string): Promise<boolean> {
  const { bcryptVerify } = await hashWasm();
  return bcryptVerify({ password: new TextEncoder().encode(password).slice(0, 72), hash });
}

/** Whether a stored hash that just verified should be replaced by a fresh `hashPassword` (an imported bcrypt hash). */
export function needsRehash(hash: string): boolean {
  return !hash.startsWith("$argon2id$");
}
