import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { whatsapps } from "../../../plugins/connections/schema/tables.ts";
import { chatbots, queues } from "../../../plugins/queues/schema/tables.ts";
import type { Outcome, Step } from "../step.ts";

/** One link column: the source column, the source table its ids are of, our column (property name), and what it names in the report. */
interface Link {
  column: string;
  source: string;
  ours: string;
  what: string;
}

/**
 * A second pass over a table whose rows point at rows imported after them (a queue's
 * integration and file list, a connection's prompt and flows: those tables come later, and
 * flows point back at users, who point at connections). It runs once the whole company is in
 * and sets each link through the `imported_from` map. A link is set only where ours is still
 * empty (one set here, or by an earlier run, stays); a link to a row that was not imported is
 * dropped and counted as a skip of the pass ("… was not imported: link dropped"). A row is
 * linked once (its own imported_from rows, under the pass's name).
 */
function linkStep(table: string, self: string, ours: SQLiteTable, scope: string, links: readonly Link[]): Step {
  const columns = getTableColumns(ours) as Record<string, SQLiteColumn>;
  const name = `${table} links`;
  return {
    table,
    name,
    known: ["id", ...links.map((l) => l.column)],
    required: ["id"],
    scope,
    key: ["id"],
    mapped: true,
    refs: { id: self, ...Object.fromEntries(links.map((l) => [l.column, l.source])) },
    async map(rows, ctx) {
      const targets = rows.map((r) => ctx.ref(self, r.id)).filter((id): id is number => id !== undefined);
      const current = new Map<number, unknown[]>();
      if (targets.length) {
        const list = links.map((l) => `"${columns[l.ours]!.name}"`).join(", ");
        for (const row of await ctx.raw.values(`SELECT id, ${list} FROM "${getTableName(ours)}" WHERE id IN (SELECT value FROM json_each(?))`, [JSON.stringify(targets)]))
          current.set(Number(row[0]), row.slice(1));
      }
      const out: Outcome[] = [];
      for (const r of rows) {
        const id = ctx.ref(self, r.id);
        const now = id === undefined ? undefined : current.get(id);
        if (id === undefined || !now) {
          out.push({ source: Number(r.id), skip: "its row was not imported" });
          continue;
        }
        const values: Record<string, number> = {};
        links.forEach((l, i) => {
          const old = r[l.column];
          // 0 and null mean none in the source; a link ours already has stays.
          if (old === null || old === undefined || Number(old) === 0 || (now[i] !== null && now[i] !== undefined)) return;
          const target = ctx.ref(l.source, old);
          if (target === undefined) out.push({ source: null, skip: `its ${l.what} was not imported: link dropped`, permanent: true });
          else values[l.ours] = target;
        });
        out.push(Object.keys(values).length ? { source: Number(r.id), update: { table: ours, id, values } } : { source: Number(r.id), existing: id });
      }
      return out;
    },
  };
}

/** A queue's integration and file list. */
export const queueLinksStep = linkStep("Queues", "Queues", queues, `"companyId" = $company`, [
  { column: "integrationId", source: "QueueIntegrations", ours: "integrationId", what: "integration" },
  { column: "fileListId", source: "Files", ours: "fileListId", what: "file list" },
]);

/** An option's integration and file list (options of type integration / file). */
export const chatbotLinksStep = linkStep(
  "Chatbots",
  "Chatbots",
  chatbots,
  `"id" IN (WITH RECURSIVE tree AS (SELECT "id" FROM "Chatbots" WHERE "queueId" IN (SELECT "id" FROM "Queues" WHERE "companyId" = $company) UNION SELECT c."id" FROM "Chatbots" c JOIN tree ON c."chatbotId" = tree."id") SELECT "id" FROM tree)`,
  [
    { column: "optIntegrationId", source: "QueueIntegrations", ours: "optIntegrationId", what: "integration" },
    { column: "optFileId", source: "Files", ours: "optFileId", what: "file list" },
  ],
);

/** A connection's integration, prompt, and the flows it starts (welcome: a new contact; not-phrase: a known one). */
export const connectionLinksStep = linkStep("Whatsapps", "Whatsapps", whatsapps, `"companyId" = $company`, [
  { column: "integrationId", source: "QueueIntegrations", ours: "integrationId", what: "integration" },
  { column: "promptId", source: "Prompts", ours: "promptId", what: "prompt" },
  { column: "flowIdWelcome", source: "FlowBuilders", ours: "flowIdWelcome", what: "welcome flow" },
  { column: "flowIdNotPhrase", source: "FlowBuilders", ours: "flowIdNotPhrase", what: "flow for known contacts" },
]);

/**
 * The company's default flows (`FlowDefaults`, the older company-wide setting): ours keep
 * them per connection, so they fill the company's connections that have none of their own
 * (a connection's own `flowIdWelcome` / `flowIdNotPhrase`, set by the pass above, wins).
 * A flow that was not imported is dropped, counted.
 */
export const flowDefaultsStep: Step = {
  table: "FlowDefaults",
  known: ["id", "companyId", "userId", "flowIdWelcome", "flowIdNotPhrase", "createdAt", "updatedAt"],
  required: ["id", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { flowIdWelcome: "FlowBuilders", flowIdNotPhrase: "FlowBuilders" },
  async map(rows, ctx) {
    const connections = (await ctx.raw.values("SELECT id, flow_id_welcome, flow_id_not_phrase FROM whatsapps WHERE company_id = ? ORDER BY id", [ctx.companyId!])).map((r) => ({
      id: Number(r[0]),
      welcome: r[1] as number | null,
      notPhrase: r[2] as number | null,
    }));
    const out: Outcome[] = [];
    for (const r of rows) {
      const flow = (column: "flowIdWelcome" | "flowIdNotPhrase", what: string): number | null => {
        const old = r[column];
        if (old === null || old === undefined || Number(old) === 0) return null;
        const target = ctx.ref("FlowBuilders", old);
        if (target === undefined) out.push({ source: null, skip: `its ${what} was not imported: link dropped`, permanent: true });
        return target ?? null;
      };
      const welcome = flow("flowIdWelcome", "welcome flow");
      const notPhrase = flow("flowIdNotPhrase", "flow for known contacts");
      const changes = connections.flatMap((c) => {
        const values: Record<string, number> = {};
        if (welcome !== null && c.welcome === null) values.flowIdWelcome = c.welcome = welcome;
        if (notPhrase !== null && c.notPhrase === null) values.flowIdNotPhrase = c.notPhrase = notPhrase;
        return Object.keys(values).length ? [{ table: whatsapps, id: c.id, values }] : [];
      });
      const [first, ...rest] = changes;
      // Recorded against the first connection it filled (or none): it is applied once.
      out.push(first ? { source: Number(r.id), update: first, changes: rest } : { source: Number(r.id), existing: 0 });
    }
    return out;
  },
};
