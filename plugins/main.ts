/** Server entry: `bun plugins/main.ts` (also `deno run -A plugins/main.ts`, `node`-compatible). */
import { runServer } from "../core/runtime/main.ts";
import { loadSchemaSnapshot, serverPlugins } from "./server.ts";

const argv = process.argv.slice(2);
// `… import whaticket --from …` runs the importer (tools/importer) instead of serving; loaded only then.
if (argv[0] === "import") await (await import("../tools/importer/cli.ts")).dispatchImport(argv, serverPlugins, loadSchemaSnapshot);
else await runServer(serverPlugins, { schemaSnapshot: loadSchemaSnapshot });
