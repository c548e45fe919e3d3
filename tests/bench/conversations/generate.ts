/**
 * Fills the benchmark's company with contacts, tickets, messages and ticket tags by bulk
 * SQL: multi-row INSERTs through the libSQL client, many per transaction. Ids are given
 * explicitly (from the table's current maximum) so rows can point at each other without
 * reading anything back. The messages full-text index (if its migration is installed)
 * is filled by its triggers as the rows go in.
 *
 * Tickets get their ids in creation order, as a live server writes them (a ticket is inserted
 * when its conversation starts), so a range of creation dates is a run of neighbouring table
 * pages. BENCH_TICKET_ORDER=shuffled gives the ids in random order instead (the layout of the
 * benches before 2026-11-30, a worst case for reads by date).
 */
import { createClient, type Client, type InValue, type Transaction } from "@libsql/client";
import type { BenchWorld } from "./setup.ts";
import { groupId, groupName, messageBody, personName, phoneNumber, pick, rng } from "./text.ts";

export interface Sizes {
  tickets: number;
  messages: number;
  contacts: number;
}

export interface Generated {
  /** Seconds per phase. */
  seconds: { contacts: number; ticketsAndMessages: number; total: number };
  counts: { contacts: number; groupContacts: number; tickets: Record<string, number>; messages: number; ticketTags: number };
  /** Numbers of generated (person) contacts, some with a live ticket, for the inbound load. */
  existingNumbers: string[];
  /** An index past every generated number, for numbers that are new to the company. */
  firstFreeNumberIndex: number;
  messagesFts: boolean;
}

const ROWS_PER_INSERT = 500;
const TICKETS_PER_TRANSACTION = 2_000;
const DAY = 86_400_000;

async function insert(tx: Transaction, table: string, columns: readonly string[], rows: InValue[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const one = `(${columns.map(() => "?").join(",")})`;
    await tx.execute({ sql: `INSERT INTO ${table} (${columns.join(",")}) VALUES ${chunk.map(() => one).join(",")}`, args: chunk.flat() });
  }
}

async function maxId(client: Client, table: string): Promise<number> {
  const rs = await client.execute(`SELECT COALESCE(MAX(id), 0) AS m FROM ${table}`);
  return Number(rs.rows[0]!.m);
}

function shuffle<T>(random: () => number, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

type Status = "open" | "pending" | "group" | "closed";

export async function generate(databaseFile: string, world: BenchWorld, sizes: Sizes): Promise<Generated> {
  const random = rng(20240601);
  const client = createClient({ url: `file:${databaseFile}` });
  await client.execute("PRAGMA journal_mode = WAL");
  // Generation only: the measured server opens the file with its own settings.
  await client.execute("PRAGMA synchronous = OFF");
  const fts = (await client.execute("SELECT name FROM sqlite_master WHERE name = 'messages_fts'")).rows.length > 0;
  const started = performance.now();
  const now = Date.now();

  // Ticket statuses by share (spec 000 §4): open 10 %, pending 5 %, group 2 %, closed the rest.
  const n = sizes.tickets;
  const share = { open: Math.round(n * 0.1), pending: Math.round(n * 0.05), group: Math.round(n * 0.02) };
  const statuses: Status[] = shuffle(random, [
    ...Array<Status>(share.open).fill("open"),
    ...Array<Status>(share.pending).fill("pending"),
    ...Array<Status>(share.group).fill("group"),
    ...Array<Status>(n - share.open - share.pending - share.group).fill("closed"),
  ]);
  // When each ticket starts: live ones within the last week, closed ones 8 to 188 days ago.
  const starts = statuses.map((status) => (status !== "closed" ? now - random() * 7 * DAY : now - 8 * DAY - random() * 180 * DAY));
  if (process.env.BENCH_TICKET_ORDER !== "shuffled") {
    const order = starts.map((_, i) => i).sort((a, b) => starts[a]! - starts[b]!);
    const [byStatus, byStart] = [order.map((i) => statuses[i]!), order.map((i) => starts[i]!)];
    for (let i = 0; i < n; i++) [statuses[i], starts[i]] = [byStatus[i]!, byStart[i]!];
  }
  // One live ticket per contact and connection: live tickets need distinct contacts.
  const groupContacts = Math.max(share.group + 10, Math.round(sizes.contacts * 0.05));
  const personContacts = Math.max(sizes.contacts - groupContacts, share.open + share.pending + 100);
  const contactCount = personContacts + groupContacts;

  // Contacts: persons first, then groups.
  const contactBase = (await maxId(client, "contacts")) + 1;
  const contactRows: InValue[][] = [];
  for (let i = 0; i < contactCount; i++) {
    const isGroup = i >= personContacts;
    const created = new Date(now - 200 * DAY + random() * 190 * DAY).toISOString();
    contactRows.push([
      contactBase + i,
      world.companyId,
      isGroup ? groupName(random, i) : personName(random),
      isGroup ? groupId(i) : phoneNumber(i),
      isGroup ? "" : random() < 0.3 ? `cliente${i}@exemplo.com.br` : "",
      "api",
      world.connection.id,
      isGroup ? 1 : 0,
      created,
      created,
    ]);
  }
  let tx = await client.transaction("write");
  await insert(tx, "contacts", ["id", "company_id", "name", "number", "email", "channel", "whatsapp_id", "is_group", "created_at", "updated_at"], contactRows);
  await tx.commit();
  const contactsDone = performance.now();

  // Tickets and their messages, in transactions of TICKETS_PER_TRANSACTION tickets.
  const personOrder = shuffle(
    random,
    Array.from({ length: personContacts }, (_, i) => i),
  );
  const groupOrder = shuffle(
    random,
    Array.from({ length: groupContacts }, (_, i) => personContacts + i),
  );
  let nextPerson = 0;
  let nextGroup = 0;
  const weights = Array.from({ length: n }, () => 0.2 + 1.6 * random());
  const weightSum = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  let messagesSoFar = 0;
  const ticketBase = (await maxId(client, "tickets")) + 1;
  const messageBase = (await maxId(client, "messages")) + 1;
  const usersByQueue = new Map(world.queueIds.map((q) => [q, world.users.filter((u) => u.queueIds.includes(q)).map((u) => u.id)]));
  const counts = { open: 0, pending: 0, group: 0, closed: 0 };
  let ticketTags = 0;
  const ticketColumns = [
    "id",
    "uuid",
    "company_id",
    "status",
    "contact_id",
    "whatsapp_id",
    "user_id",
    "queue_id",
    "channel",
    "last_message",
    "unread_messages",
    "is_group",
    "created_at",
    "updated_at",
  ];
  const messageColumns = [
    "id",
    "company_id",
    "ticket_id",
    "contact_id",
    "whatsapp_id",
    "provider_id",
    "body",
    "from_me",
    "media_type",
    "ack",
    "user_id",
    "queue_id",
    "participant",
    "created_at",
    "updated_at",
  ];

  for (let start = 0; start < n; start += TICKETS_PER_TRANSACTION) {
    const tickets: InValue[][] = [];
    const messages: InValue[][] = [];
    const tags: InValue[][] = [];
    for (let i = start; i < Math.min(n, start + TICKETS_PER_TRANSACTION); i++) {
      const status = statuses[i]!;
      counts[status] += 1;
      const live = status !== "closed";
      let contact: number;
      if (status === "group") contact = groupOrder[nextGroup++]!;
      else if (live) contact = personOrder[nextPerson++]!;
      else contact = random() < 0.05 ? pick(random, groupOrder) : pick(random, personOrder);
      const isGroup = contact >= personContacts;
      const queueId = status === "pending" && random() < 0.2 ? null : random() < 0.05 ? null : pick(random, world.queueIds);
      const attendants = queueId ? usersByQueue.get(queueId)! : world.users.map((u) => u.id);
      const userId = status === "pending" ? null : status === "group" && random() < 0.5 ? null : pick(random, attendants);
      const ticketId = ticketBase + i;

      cumulative += weights[i]!;
      const messageCount = Math.floor((sizes.messages * cumulative) / weightSum) - messagesSoFar;
      let at = starts[i]!;
      const created = new Date(at).toISOString();
      let last = "";
      let lastFromMe = false;
      for (let m = 0; m < messageCount; m++) {
        const id = messageBase + messagesSoFar + m;
        const fromMe = m > 0 && random() < 0.45;
        const body = messageBody(random);
        const when = new Date(at).toISOString();
        messages.push([
          id,
          world.companyId,
          ticketId,
          fromMe ? null : contactBase + contact,
          world.connection.id,
          `gen-${id}`,
          body,
          fromMe ? 1 : 0,
          "chat",
          fromMe ? 3 : 0,
          fromMe ? userId : null,
          queueId,
          isGroup && !fromMe ? phoneNumber(Math.floor(random() * personContacts)) : null,
          when,
          when,
        ]);
        last = body;
        lastFromMe = fromMe;
        at = Math.min(now, at + 5_000 + random() * 30 * 60_000);
      }
      messagesSoFar += messageCount;
      const unread = live && !lastFromMe && messageCount > 0 ? 1 + Math.floor(random() * 4) : 0;
      tickets.push([
        ticketId,
        crypto.randomUUID(),
        world.companyId,
        status,
        contactBase + contact,
        world.connection.id,
        userId,
        queueId,
        "api",
        last,
        unread,
        isGroup ? 1 : 0,
        created,
        new Date(at).toISOString(),
      ]);
      if (random() < 0.15) tags.push([world.companyId, ticketId, pick(random, world.tagIds), created]);
    }
    tx = await client.transaction("write");
    await insert(tx, "tickets", ticketColumns, tickets);
    await insert(tx, "messages", messageColumns, messages);
    if (tags.length) await insert(tx, "ticket_tags", ["company_id", "ticket_id", "tag_id", "created_at"], tags);
    await tx.commit();
    ticketTags += tags.length;
  }
  await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  client.close();
  const done = performance.now();

  const existingNumbers = shuffle(
    random,
    Array.from({ length: Math.min(personContacts, 5_000) }, () => phoneNumber(Math.floor(random() * personContacts))),
  );
  return {
    seconds: { contacts: (contactsDone - started) / 1000, ticketsAndMessages: (done - contactsDone) / 1000, total: (done - started) / 1000 },
    counts: { contacts: contactCount, groupContacts, tickets: counts, messages: messagesSoFar, ticketTags },
    existingNumbers,
    firstFreeNumberIndex: contactCount + 1_000_000,
    messagesFts: fts,
  };
}
