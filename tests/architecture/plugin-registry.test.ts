import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { manifests, pluginIds } from "./plugin-manifests.ts";
import { ROOT } from "./source-files.ts";

const read = (file: string) => readFileSync(resolve(ROOT, file), "utf8");
const has = (id: string, entry: string) => existsSync(join(ROOT, "plugins", id, entry));

/**
 * One plugin registry for server and web (issue 12, item 5): the folders are the truth;
 * the server list (plugins/server.ts) must name exactly the folders with a server entry,
 * and the web shell's glob must be the one that finds every folder's web entry.
 */
describe("plugin registry", () => {
  it("each folder's manifest carries the folder's name as its id", async () => {
    const all = await manifests();
    expect([...all].filter(([folder, m]) => m.id !== folder).map(([folder, m]) => `${folder} declares id "${m.id}"`)).toEqual([]);
    expect(
      pluginIds.filter((id) => !all.has(id)),
      "plugin.ts is missing",
    ).toEqual([]);
  });

  it("plugins/server.ts imports and lists exactly the folders with a server entry", () => {
    const text = read("plugins/server.ts");
    const imported = new Map([...text.matchAll(/^import (\w+) from "\.\/([^/]+)\/server\/index\.ts";$/gm)].map((m) => [m[2]!, m[1]!]));
    const listed = new Set(
      (text.match(/serverPlugins[^=]*=\s*\[([^\]]*)\]/)?.[1] ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    );
    const withServer = pluginIds.filter((id) => has(id, "server/index.ts")).sort();
    expect([...imported.keys()].sort(), "imported by plugins/server.ts").toEqual(withServer);
    expect(
      [...imported].filter(([, name]) => !listed.has(name)).map(([id]) => id),
      "imported but not in serverPlugins",
    ).toEqual([]);
    expect(listed.size, "serverPlugins lists something not imported").toBe(imported.size);
  });

  it("the web shell discovers every folder's web entry through its glob", () => {
    const glob = read("web/src/plugin/plugins.tsx").match(/import\.meta\.glob\("([^"]+)"\)/)?.[1];
    // Resolved from web/src/plugin/: every plugins/<id>/web/index.ts, whatever the folder.
    expect(glob).toBe("../../../plugins/*/web/index.ts");
  });

  it("server and web entries declare their folder's manifest, not another's", () => {
    const offending: string[] = [];
    for (const id of pluginIds)
      for (const entry of ["server/index.ts", "web/index.ts"])
        if (has(id, entry) && !/import \{[^}]*\bmanifest\b[^}]*\} from "\.\.\/plugin\.ts";/.test(read(`plugins/${id}/${entry}`))) offending.push(`plugins/${id}/${entry}`);
    expect(offending, 'import { manifest } from "../plugin.ts"').toEqual([]);
  });
});
