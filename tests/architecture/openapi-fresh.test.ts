import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateOpenApi, OPENAPI_FILE } from "../../openapi/document.ts";

type Json = Record<string, unknown>;

/** Where two documents differ, as short dotted paths (one level into paths and components). */
function differences(committed: Json, generated: Json): string[] {
  const out: string[] = [];
  for (const section of new Set([...Object.keys(committed), ...Object.keys(generated)])) {
    const a = committed[section] as Json | undefined;
    const b = generated[section] as Json | undefined;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const nested = section === "paths" ? [b, a] : section === "components" ? [(b as Json)?.schemas, (a as Json)?.schemas] : null;
    if (!nested || typeof a !== "object" || typeof b !== "object") {
      out.push(section);
      continue;
    }
    const [newer, older] = nested as [Json | undefined, Json | undefined];
    const prefix = section === "paths" ? "paths " : "components.schemas.";
    for (const key of new Set([...Object.keys(newer ?? {}), ...Object.keys(older ?? {})])) {
      if (JSON.stringify(newer?.[key]) === JSON.stringify(older?.[key])) continue;
      out.push(`${prefix}${key} (${!older || !(key in older) ? "new" : !newer || !(key in newer) ? "gone" : "changed"})`);
    }
    if (section === "components" && out.every((d) => !d.startsWith(prefix))) out.push(section);
  }
  return out;
}

describe("openapi/openapi.json", () => {
  it("matches what the code generates (else run `bun run openapi`)", async () => {
    const generated = await generateOpenApi();
    const committed = existsSync(OPENAPI_FILE) ? readFileSync(OPENAPI_FILE, "utf8") : "";
    if (committed === generated) return;
    const where = committed ? differences(JSON.parse(committed) as Json, JSON.parse(generated) as Json) : ["the file is missing"];
    const shown = where.slice(0, 25).join("\n  ") + (where.length > 25 ? `\n  … and ${where.length - 25} more` : "");
    expect.fail(`openapi/openapi.json is stale: run \`bun run openapi\` and commit it. Differences:\n  ${shown || "formatting only"}`);
  });
});
