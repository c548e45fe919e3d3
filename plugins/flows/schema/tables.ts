import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, id, timestamps } from "../../../core/db/columns.ts";
import { companies, users } from "../../../core/db/tables.ts";
import { whatsappsKey } from "../../connections/schema/keys.contract.ts";
import { ticketsKey } from "../../tickets/schema/keys.contract.ts";

/**
 * A conversation flow (spec 002 §3 Flow): its name, whether it is active, and the version the
 * editor last published (`POST /flowbuilder/flow`); null until the first save (`flow` null).
 */
export const flows = sqliteTable(
  "flows",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    active: bool("active").notNull().default(true),
    /** The published version (flow_versions.id); no foreign key, so a version and its flow delete in any order. */
    versionId: integer("version_id"),
    /** Takeover rule: an attendant's message to the customer (not the bot's) stops the flow. */
    stopOnAttendantMessage: bool("stop_on_attendant_message").notNull().default(true),
    /** Customer messages within this many seconds of the first, while the flow waits for an answer, are answered once (0: each at once). */
    debounceSeconds: integer("debounce_seconds").notNull().default(3),
    ...timestamps,
  },
  (t) => [index("flows_company_idx").on(t.companyId, t.id)],
);

/**
 * Every save of a flow's graph, never changed afterwards: a conversation runs on the version it
 * started with, and an earlier one can be viewed or published again. `nodes` and `connections`
 * are the editor's JSON (@xyflow nodes and edges), validated before they are stored.
 */
export const flowVersions = sqliteTable(
  "flow_versions",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    flowId: integer("flow_id")
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    /** 1, 2, … per flow. */
    number: integer("number").notNull(),
    nodes: text("nodes").notNull(),
    connections: text("connections").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("flow_versions_company_idx").on(t.companyId), uniqueIndex("flow_versions_flow_number_idx").on(t.flowId, t.number)],
);

/**
 * A flow's unpublished draft (issue 26, "Salvar rascunho"): at most one per flow, what the
 * editor last kept without publishing. Only the editor and its test panel read it; no
 * conversation runs it. Publishing (`POST /flowbuilder/flow`) deletes it.
 */
export const flowDrafts = sqliteTable(
  "flow_drafts",
  {
    flowId: integer("flow_id")
      .primaryKey()
      .references(() => flows.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    nodes: text("nodes").notNull(),
    connections: text("connections").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [index("flow_drafts_company_idx").on(t.companyId)],
);

/**
 * A phrase campaign (spec 002 §3 Flow campaign): a customer message equal to `phrase` (on
 * `whatsappId`, or any connection when null) starts `flowId`. `phraseKey` is the phrase folded
 * (trimmed, lower case, no accents): the receive unit matches it with one index lookup.
 */
export const flowCampaigns = sqliteTable(
  "flow_campaigns",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phrase: text("phrase").notNull(),
    phraseKey: text("phrase_key").notNull(),
    flowId: integer("flow_id")
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").references(whatsappsKey, { onDelete: "set null" }),
    status: bool("status").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("flow_campaigns_company_idx").on(t.companyId), index("flow_campaigns_phrase_idx").on(t.companyId, t.phraseKey)],
);

/**
 * Where a ticket's flow stands: the flow and the version it runs, the node it waits at (a
 * menu's or question's answer, an interval's end), the element of a content block to go on
 * with, and the variables its questions stored. Kept (flow null) after the flow ends, so the
 * variables stay on the ticket and a start rule does not start the ticket's flow again.
 * `rev` grows with every write: a turn writes only over the state it read.
 */
export const flowStates = sqliteTable(
  "flow_states",
  {
    ticketId: integer("ticket_id").primaryKey().references(ticketsKey, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    flowId: integer("flow_id"),
    versionId: integer("version_id"),
    nodeId: text("node_id"),
    /** The next element of the node's content block to send (interval waits inside a block). */
    element: integer("element").notNull().default(0),
    /** What the flow waits for at `nodeId`: the customer's answer, or an interval's job. */
    waiting: text("waiting", { enum: ["menu", "question", "interval"] }),
    variables: text("variables").notNull().default("{}"),
    /** The last customer message a turn answered: a retried turn of it starts from `before`. */
    lastMessageId: integer("last_message_id").notNull().default(0),
    /** The state as it was before `lastMessageId`'s turn (JSON), for a retried turn. */
    before: text("before"),
    /** The nodes this run of the flow reached (JSON list): a node counts once per conversation in flow_node_counts. */
    reached: text("reached").notNull().default("[]"),
    rev: integer("rev").notNull().default(0),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [index("flow_states_company_idx").on(t.companyId)],
);

/**
 * How many conversations reached each node of a flow, per UTC day (`YYYY-MM-DD`): upserted in
 * the same write as the turn that reached it (a node counts once per run of the flow on a
 * ticket). The editor shows the sum of the last 30 days (`GET /flowbuilder/{idFlow}/counters`).
 */
export const flowNodeCounts = sqliteTable(
  "flow_node_counts",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    flowId: integer("flow_id")
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    nodeId: text("node_id").notNull(),
    day: text("day").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.day, t.nodeId] }), index("flow_node_counts_company_idx").on(t.companyId)],
);
