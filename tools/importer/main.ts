/** `bun run import:whaticket -- --from postgres://… [--media …] […]`: the importer from source (cli.ts). */
import { loadSchemaSnapshot, serverPlugins } from "../../plugins/server.ts";
import { importWhaticket } from "./cli.ts";

process.exit(await importWhaticket(process.argv.slice(2), serverPlugins, loadSchemaSnapshot));
