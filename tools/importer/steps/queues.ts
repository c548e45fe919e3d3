import { and, eq, inArray } from "drizzle-orm";
import { chatbots, queues, userQueues } from "../../../plugins/queues/schema/tables.ts";
import { CHATBOT_TYPES } from "../../../plugins/queues/shared/queue-rules.ts";
import type { Outcome, PageContext, Step } from "../step.ts";
import { bool, int, isoOrNow, oneOf, str, week } from "./values.ts";

const TIMESTAMPS = ["createdAt", "updatedAt"];

/** Another colour when the company already uses this one (ours are unique per company). */
function freeColor(color: string, used: Set<string>): string {
  let candidate = color;
  for (let n = 1; used.has(candidate.toLowerCase()); n++)
    candidate = `#${((Number.parseInt(color.replace(/^#/, ""), 16) || 0) + n * 0x010101).toString(16).padStart(6, "0").slice(-6)}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/** Queues with greeting, out-of-hours message and JSONB office hours; a queue of the same name we already have takes the source's. */
export const queuesStep: Step = {
  table: "Queues",
  known: [
    "id",
    "name",
    "color",
    "greetingMessage",
    "companyId",
    "schedules",
    "outOfHoursMessage",
    "orderQueue",
    "tempoRoteador",
    "ativarRoteador",
    "integrationId",
    "fileListId",
    "closeTicket",
    ...TIMESTAMPS,
  ],
  required: ["id", "name", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const mine = await ctx.tx.select({ id: queues.id, name: queues.name, color: queues.color }).from(queues).where(eq(queues.companyId, companyId));
    const used = new Set(mine.map((q) => q.color.toLowerCase()));
    const out: Outcome[] = [];
    for (const r of rows) {
      const name = str(r.name).trim();
      const found = mine.find((q) => q.name === name);
      if (found) {
        out.push({ source: Number(r.id), existing: found.id });
        continue;
      }
      const hours = week(r.schedules);
      out.push({
        source: Number(r.id),
        insert: {
          table: queues,
          values: {
            id: await ctx.newId(queues),
            companyId,
            name,
            color: freeColor(str(r.color, "#7c7c7c"), used),
            orderQueue: r.orderQueue === null || r.orderQueue === undefined ? null : int(r.orderQueue),
            greetingMessage: str(r.greetingMessage),
            outOfHoursMessage: str(r.outOfHoursMessage),
            closeTicket: bool(r.closeTicket),
            ativarRoteador: bool(r.ativarRoteador),
            tempoRoteador: int(r.tempoRoteador, 2),
            ...(hours ? { schedules: hours } : {}),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};

/** Which users work which queues (a link: inserted unless already there). */
export const userQueuesStep: Step = {
  table: "UserQueues",
  known: ["userId", "queueId", ...TIMESTAMPS],
  required: ["userId", "queueId"],
  scope: `"userId" IN (SELECT "id" FROM "Users" WHERE "companyId" = $company)`,
  key: ["userId", "queueId"],
  mapped: false,
  refs: { userId: "Users", queueId: "Queues" },
  async map(rows, ctx) {
    return rows.map((r): Outcome => {
      const userId = ctx.ref("Users", r.userId);
      const queueId = ctx.ref("Queues", r.queueId);
      if (!userId || !queueId) return { source: null, skip: "its user or queue was not imported" };
      return { source: null, insert: { table: userQueues, values: { companyId: ctx.companyId!, userId, queueId } } };
    });
  },
};

/**
 * The place of the next option among its siblings: after the ones already stored (an earlier
 * page's, or ours) and the ones given out in this page.
 */
function siblingPositions(ctx: PageContext): (queueId: number, parentId: number | null) => Promise<number> {
  const next = new Map<string, number>();
  return async (queueId, parentId) => {
    const key = `${queueId}:${parentId}`;
    let n = next.get(key);
    if (n === undefined) {
      const [row] = await ctx.raw.values(
        parentId === null ? "SELECT count(*) FROM chatbots WHERE queue_id = ? AND parent_id IS NULL" : "SELECT count(*) FROM chatbots WHERE queue_id = ? AND parent_id = ?",
        parentId === null ? [queueId] : [queueId, parentId],
      );
      n = Number(row?.[0] ?? 0);
    }
    next.set(key, n + 1);
    return n;
  };
}

/**
 * Where the options of a source tree go in ours: a root in its queue, a step under its parent
 * (placed earlier in this page, or by an earlier page) and in that parent's queue.
 */
async function optionTree(ctx: PageContext, table: string, parentSources: unknown[]) {
  const earlier = parentSources.map((p) => ctx.ref(table, p)).filter((id): id is number => id !== undefined);
  const parentQueue = new Map<number, number>();
  if (earlier.length)
    for (const p of await ctx.tx
      .select({ id: chatbots.id, queueId: chatbots.queueId })
      .from(chatbots)
      .where(and(eq(chatbots.companyId, ctx.companyId!), inArray(chatbots.id, earlier))))
      parentQueue.set(p.id, p.queueId);
  const inPage = new Map<number, { id: number; queueId: number }>();
  return {
    /** A row's queue and parent (`rootQueue`: a root's, ours); null when its queue or parent was not imported. */
    place(parentSource: number | null, rootQueue: number | undefined): { queueId: number; parentId: number | null } | null {
      if (parentSource === null) return rootQueue === undefined ? null : { queueId: rootQueue, parentId: null };
      const local = inPage.get(parentSource);
      const parentId = local?.id ?? ctx.ref(table, parentSource) ?? null;
      const queueId = local?.queueId ?? (parentId === null ? undefined : parentQueue.get(parentId));
      return parentId === null || queueId === undefined ? null : { queueId, parentId };
    },
    /** A row placed in this page: its steps later in the page find it here. */
    placed(sourceId: number, id: number, queueId: number): void {
      inPage.set(sourceId, { id, queueId });
    },
  };
}

/**
 * The chatbot option trees (`Chatbots`: a root has the queue, a step its parent
 * `chatbotId`). Ours keep the queue on every row, so a step takes its parent's.
 */
export const chatbotsStep: Step = {
  table: "Chatbots",
  known: [
    "id",
    "name",
    "queueId",
    "chatbotId",
    "greetingMessage",
    "isAgent",
    "optQueueId",
    "optUserId",
    "queueType",
    "optIntegrationId",
    "optFileId",
    "closeTicket",
    ...TIMESTAMPS,
  ],
  required: ["id", "name"],
  // The company's roots and, recursively, their steps.
  scope: `"id" IN (WITH RECURSIVE tree AS (SELECT "id" FROM "Chatbots" WHERE "queueId" IN (SELECT "id" FROM "Queues" WHERE "companyId" = $company) UNION SELECT c."id" FROM "Chatbots" c JOIN tree ON c."chatbotId" = tree."id") SELECT "id" FROM tree)`,
  key: ["id"],
  mapped: true,
  refs: { queueId: "Queues", chatbotId: "Chatbots", optQueueId: "Queues", optUserId: "Users" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const tree = await optionTree(
      ctx,
      "Chatbots",
      rows.map((r) => r.chatbotId),
    );
    const nextPosition = siblingPositions(ctx);
    const out: Outcome[] = [];
    for (const r of rows) {
      const parentSource = r.chatbotId === null || r.chatbotId === undefined ? null : Number(r.chatbotId);
      const at = tree.place(parentSource, parentSource === null ? ctx.ref("Queues", r.queueId) : undefined);
      if (!at) {
        out.push({ source: Number(r.id), skip: "its queue or parent option was not imported" });
        continue;
      }
      const { queueId, parentId } = at;
      const id = await ctx.newId(chatbots);
      tree.placed(Number(r.id), id, queueId);
      out.push({
        source: Number(r.id),
        insert: {
          table: chatbots,
          values: {
            id,
            companyId,
            queueId,
            parentId,
            position: await nextPosition(queueId, parentId),
            name: str(r.name),
            greetingMessage: str(r.greetingMessage),
            queueType: oneOf(r.queueType, CHATBOT_TYPES, "text"),
            closeTicket: bool(r.closeTicket),
            optQueueId: ctx.ref("Queues", r.optQueueId) ?? null,
            optUserId: ctx.ref("Users", r.optUserId) ?? null,
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};

/**
 * The older option table (`QueueOptions`: `title`, `message`, `option`, `parentId`), which
 * some installs filled instead of `Chatbots`. Ours have one tree per queue (`chatbots`), so
 * its rows become text options of that tree; a queue that already has options of another
 * origin (its `Chatbots` tree, or ours) keeps them and its QueueOptions are skipped, counted.
 */
export const queueOptionsStep: Step = {
  table: "QueueOptions",
  known: ["id", "title", "message", "option", "queueId", "parentId", ...TIMESTAMPS],
  required: ["id", "title"],
  scope: `"id" IN (WITH RECURSIVE tree AS (SELECT "id" FROM "QueueOptions" WHERE "queueId" IN (SELECT "id" FROM "Queues" WHERE "companyId" = $company) AND "parentId" IS NULL UNION SELECT o."id" FROM "QueueOptions" o JOIN tree ON o."parentId" = tree."id") SELECT "id" FROM tree)`,
  key: ["id"],
  mapped: true,
  refs: { queueId: "Queues", parentId: "QueueOptions" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    // Queues whose tree has options that did not come from QueueOptions: they keep that tree.
    const roots = [...new Set(rows.filter((r) => r.parentId === null || r.parentId === undefined).map((r) => ctx.ref("Queues", r.queueId)))].filter(
      (id): id is number => id !== undefined,
    );
    const taken = new Set(
      roots.length
        ? (
            await ctx.raw.values(
              `SELECT DISTINCT queue_id FROM chatbots WHERE queue_id IN (SELECT value FROM json_each(?))
               AND id NOT IN (SELECT target_id FROM imported_from WHERE source_table = 'QueueOptions')`,
              [JSON.stringify(roots)],
            )
          ).map((r) => Number(r[0]))
        : [],
    );
    const tree = await optionTree(
      ctx,
      "QueueOptions",
      rows.map((r) => r.parentId),
    );
    const nextPosition = siblingPositions(ctx);
    const out: Outcome[] = [];
    for (const r of rows) {
      const parentSource = r.parentId === null || r.parentId === undefined ? null : Number(r.parentId);
      const rootQueue = parentSource === null ? ctx.ref("Queues", r.queueId) : undefined;
      if (rootQueue !== undefined && taken.has(rootQueue)) {
        out.push({ source: Number(r.id), skip: "its queue has a Chatbots tree (a queue keeps one option tree)", permanent: true });
        continue;
      }
      const at = tree.place(parentSource, rootQueue);
      if (!at) {
        out.push({ source: Number(r.id), skip: "its queue or parent option was not imported" });
        continue;
      }
      const { queueId, parentId } = at;
      const id = await ctx.newId(chatbots);
      tree.placed(Number(r.id), id, queueId);
      out.push({
        source: Number(r.id),
        insert: {
          table: chatbots,
          values: {
            id,
            companyId,
            queueId,
            parentId,
            position: await nextPosition(queueId, parentId),
            name: str(r.title),
            greetingMessage: str(r.message),
            queueType: "text",
            closeTicket: false,
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};
