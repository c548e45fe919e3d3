/**
 * Writes the API description to openapi/openapi.json: `bun run openapi`.
 * tests/architecture/openapi-fresh.test.ts fails when the committed file is stale.
 */
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import { generateOpenApi, OPENAPI_FILE } from "./document.ts";

const text = await generateOpenApi();
writeFileSync(OPENAPI_FILE, text);
const paths = Object.keys((JSON.parse(text) as { paths: Record<string, unknown> }).paths).length;
console.log(`wrote ${relative(process.cwd(), OPENAPI_FILE) || OPENAPI_FILE} (${paths} paths)`);
