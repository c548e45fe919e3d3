import { createRequire } from "node:module";
import type { BunPlugin } from "bun";

/** The line in libsql's index.js that picks the native package at run time. */
const DYNAMIC_REQUIRE = /require\(`@libsql\/\$\{target\}`\)/;

/**
 * The native package libsql would load on this machine, computed the way its index.js
 * does (neon's target name, then glibc over Bun's musl report) with libsql's own helpers.
 */
export function libsqlTarget(libsqlIndex: string): string {
  const req = createRequire(libsqlIndex);
  const { currentTarget } = req("@neon-rs/load") as { currentTarget(): string };
  const { familySync, GLIBC, MUSL } = req("detect-libc") as { familySync(): string | null; GLIBC: string; MUSL: string };
  let target = currentTarget();
  if (familySync() === GLIBC) target = target.replace(/^linux-(x64|arm64)-musl$/, "linux-$1-gnu");
  if (target === "linux-arm-gnueabihf" && familySync() === MUSL) target = "linux-arm-musleabihf";
  return target;
}

/**
 * libSQL requires its native module by a computed name (`@libsql/${target}`), which a
 * bundler cannot follow, so the binary would start without it. This plugin rewrites that
 * require into a static one for the building machine's platform, and the compiled binary
 * then carries the `.node` file (Bun unpacks it into TMPDIR at start).
 */
export function libsqlStaticRequire(): BunPlugin {
  return {
    name: "libsql-static-require",
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]libsql[\\/]index\.js$/ }, async ({ path }) => {
        const source = await Bun.file(path).text();
        if (!DYNAMIC_REQUIRE.test(source)) throw new Error(`${path} no longer has require(\`@libsql/\${target}\`): update tests/tools/binary/libsql-static-require.ts`);
        const pkg = `@libsql/${libsqlTarget(path)}`;
        try {
          createRequire(path).resolve(pkg);
        } catch {
          throw new Error(`${pkg} is not installed next to ${path}: run \`bun install\` on the platform you build for`);
        }
        return { contents: source.replace(DYNAMIC_REQUIRE, `require(${JSON.stringify(pkg)})`), loader: "js" };
      });
    },
  };
}
