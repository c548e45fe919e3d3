/**
 * Writes plugins/schema-snapshot.gen.ts: what the kernel's and the installed plugins' migrations
 * build on an empty database (core/db/schema-snapshot.ts), which a first boot applies in one
 * batch instead of running them. Run it after adding or changing a migration; a test fails
 * while the file is stale.
 *   bun tests/tools/schema-snapshot.ts
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { buildSnapshot, snapshotSource } from "./schema-snapshot-build.ts";

const file = resolve(import.meta.dirname, "../../plugins/schema-snapshot.gen.ts");
const snapshot = await buildSnapshot();
writeFileSync(file, snapshotSource(snapshot));
console.log(`wrote ${file}: ${snapshot.statements.length} statements, key ${snapshot.key.slice(0, 12)}…`);
