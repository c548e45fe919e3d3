/** Server entry: `bun plugins/main.ts` (also `deno run -A plugins/main.ts`, `node`-compatible). */
import { runServer } from "../core/runtime/main.ts";
import { loadSchemaSnapshot, serverPlugins } from "./server.ts";

await runServer(serverPlugins, { schemaSnapshot: loadSchemaSnapshot });
