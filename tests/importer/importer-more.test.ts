import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestKernel } from "../support/test-kernel.ts";
import { runImporter, targetDirs } from "./run-cli.ts";
import { MORE, SEEDED, type SourceFixture, seedMoreTables, startSource } from "./source-fixture.ts";

/**
 * Issue 31, part 2: the tables beyond the inbox (schedules, internal chats, announcements,
 * helps, invoices, the spec-002 ones) and the loose ends of part 1, imported by the command
 * and checked through the real HTTP API; and a repeat run that starts where the last left.
 */
let source: SourceFixture;
const targets = targetDirs();
const freshDataDir = targets.fresh;
beforeAll(async () => {
  source = await startSource();
  await seedMoreTables(source.db, source.mediaDir);
}, 60_000);
afterAll(async () => {
  await source?.close();
  targets.removeAll();
});

type Named = { name?: string; title?: string };

describe("whaticket import: the rest of the install", () => {
  it("brings schedules, chats, announcements, helps, invoices, contact lists, campaigns, flows, integrations, prompts and file lists", async () => {
    const dataDir = freshDataDir();
    const run = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const tables = run.report!.tables;
    for (const table of ["Schedules", "Chats", "Announcements", "Helps", "ContactLists", "Campaigns", "FlowBuilders", "FlowCampaigns", "Prompts", "Files", "FilesOptions"])
      expect(tables[table], table).toMatchObject({ read: 1, imported: 1, skipped: 0 });
    expect(tables.ChatUsers).toMatchObject({ imported: 2 });
    expect(tables.ChatMessages).toMatchObject({ read: 2, imported: 2, skipped: 0 });
    expect(tables.ContactListItems).toMatchObject({ imported: 2 });
    expect(tables.CampaignSettings).toMatchObject({ imported: 2 });
    expect(tables.CampaignShipping).toMatchObject({ imported: 1 });
    expect(tables.Invoices).toMatchObject({ imported: 2 });
    expect(tables.QueueIntegrations).toMatchObject({ imported: 1, skipped: 1, reasons: { 'integration type "chatwoot" unknown here': 1 } });
    expect(tables.CompaniesSettings).toMatchObject({ read: 1, imported: 1 });
    expect(tables.QueueOptions).toMatchObject({
      read: 3,
      imported: 2,
      skipped: 1,
      reasons: { "its queue has a Chatbots tree (a queue keeps one option tree)": 1 },
    });
    expect(tables["Queues links"]).toMatchObject({ read: 3, imported: 1, skipped: 1, reasons: { "its integration was not imported: link dropped": 1 } });
    expect(tables["Chatbots links"]).toMatchObject({ read: 3, imported: 1, skipped: 0 });
    expect(tables["Whatsapps links"]).toMatchObject({ read: 1, imported: 1, skipped: 1, reasons: { "its flow for known contacts was not imported: link dropped": 1 } });
    expect(tables.FlowDefaults).toMatchObject({ read: 1, imported: 1, skipped: 1, reasons: { "its welcome flow was not imported: link dropped": 1 } });
    expect(run.report!.unknownTables).not.toContain("Campaigns");
    // The message's file and the flow's audio are gone: listed, their references emptied.
    expect(run.report!.missingMedia).toEqual([`company2/${SEEDED.missingMedia}`, MORE.flow.media.missing]);

    const t = await createTestKernel({ dataDir });
    try {
      const { token, user } = await t.login(SEEDED.owner.email, SEEDED.owner.password);
      const get = async (path: string) => {
        const res = await t.call("GET", path, { token });
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
        return res.body;
      };
      const listOf = (body: unknown, key: string): Named[] => (Array.isArray(body) ? body : (body as Record<string, Named[]>)[key]) as Named[];

      // QueueOptions: the tree of "Vendas", nested as the queue editor reads it.
      const queueList = (await get("/queue")) as (Named & { id: number })[];
      const vendas = await get(`/queue/${queueList.find((q) => q.name === "Vendas")!.id}`);
      expect(vendas.chatbots).toMatchObject([
        {
          name: MORE.queueOptions.root,
          greetingMessage: "Como prefere receber?",
          queueType: "text",
          options: [{ name: MORE.queueOptions.child, greetingMessage: MORE.queueOptions.childMessage }],
        },
      ]);
      const suporte = await get(`/queue/${queueList.find((q) => q.name === "Suporte")!.id}`);
      expect(JSON.stringify(suporte.chatbots)).not.toContain(MORE.queueOptions.skipped);

      /** A stored file of ours: its URL under the company's folder, served with the old bytes. */
      const served = async (url: string | null | undefined, ext: string, bytes: Uint8Array) => {
        expect(url).toMatch(new RegExp(`^/public/company${user.companyId}/[A-Za-z0-9_-]{21}\\.${ext}$`));
        const res = await t.kernel.app.request(url!);
        expect(res.status, url!).toBe(200);
        expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
      };

      const schedules = listOf(await get("/schedules"), "schedules") as (Named & { body: string; status: string; mediaUrl: string | null; mediaName: string | null })[];
      const schedule = schedules.find((s) => s.body === MORE.schedule)!;
      expect(schedule).toMatchObject({ status: "PENDENTE", mediaName: MORE.attachments.schedule.name });
      await served(schedule.mediaUrl, "png", MORE.attachments.schedule.bytes);
      const [scheduleType] = (await t.kernel.database.client.execute("SELECT media_type FROM schedules")).rows;
      expect(scheduleType?.[0]).toBe("image/png");

      const chats = listOf(await get("/chats"), "records") as (Named & { id: number })[];
      const chat = chats.find((c) => c.title === MORE.chat.title)!;
      expect(chat).toBeTruthy();
      const chatMessages = listOf(await get(`/chats/${chat.id}/messages`), "records") as { message: string }[];
      expect(chatMessages.map((m) => m.message)).toHaveLength(2);
      expect(chatMessages[0]!.message).toBe(MORE.chat.message);
      // Ours keep text only: the attachment is copied and named with its address.
      const attachment = /^planilha\.pdf \((\/public\/[^)]+)\)$/.exec(chatMessages[1]!.message);
      expect(attachment, chatMessages[1]!.message).toBeTruthy();
      await served(attachment![1], "pdf", MORE.attachments.chat.bytes);

      const announcements = listOf(await get("/announcements"), "records") as (Named & { mediaUrl: string | null })[];
      const notice = announcements.find((a) => a.title === MORE.announcement.title)!;
      await served(notice.mediaUrl, "png", MORE.announcement.bytes);

      const helps = listOf(await get("/helps/list"), "helps");
      expect(helps.map((h) => h.title)).toContain(MORE.help);

      const invoices = listOf(await get("/invoices/all"), "invoices") as { status: string; value: number }[];
      expect(invoices.map((i) => i.status).sort()).toEqual(["open", "paid"]);

      const lists = listOf(await get("/contact-lists"), "records") as (Named & { id: number })[];
      const list = lists.find((l) => l.name === MORE.contactList.name)!;
      const items = listOf(await get(`/contact-list-items?contactListId=${list.id}`), "contacts") as { number: string }[];
      expect(items.map((i) => i.number).sort()).toEqual([...MORE.contactList.numbers].sort());

      const campaigns = listOf(await get("/campaigns"), "records") as (Named & { status: string; contactListId: number; mediaUrl: string | null })[];
      // It was scheduled on the old server: it comes in stopped, to be started here after the switch.
      const campaign = campaigns.find((c) => c.name === MORE.campaign)!;
      expect(campaign).toMatchObject({ status: "INATIVA", contactListId: list.id });
      await served(campaign.mediaUrl, "jpg", MORE.attachments.campaign.bytes);

      const flows = listOf(await get("/flowbuilder"), "flows") as (Named & { id: number })[];
      const flow = flows.find((f) => f.name === MORE.flow.name)!;
      const content = await get(`/flowbuilder/flow/${flow.id}`);
      const graph = (content.flow?.flow ?? content.flow ?? content) as { nodes: { id: string; data: Record<string, unknown> }[]; connections: unknown };
      expect(graph.connections).toEqual(MORE.flow.graph.connections);
      // The nodes as they were, but the files they name: copied, named by our stored names
      // (which the flows plugin serves under the company's folder), the missing one emptied.
      const [start, hello, banner, audio, block] = graph.nodes;
      expect([start, hello]).toEqual(MORE.flow.graph.nodes.slice(0, 2));
      await served(`/public/company${user.companyId}/${banner!.data.url}`, "png", MORE.flow.media.banner.bytes);
      expect(audio!.data).toEqual({ url: "", record: true });
      const elements = block!.data.elements as { type: string; value: string }[];
      expect(elements[0]).toEqual({ number: "1", type: "message", value: "Veja o vídeo:" });
      await served(`/public/company${user.companyId}/${elements[1]!.value}`, "mp4", MORE.flow.media.video.bytes);
      const phrases = listOf(await get("/flowcampaign"), "flow") as (Named & { phrase: string; flowId: number })[];
      expect(phrases.find((p) => p.phrase === MORE.phrase)).toMatchObject({ flowId: flow.id });

      const integrations = listOf(await get("/queueIntegration"), "queueIntegrations");
      expect(integrations.map((i) => i.name)).toEqual([MORE.integration]);

      const prompts = listOf(await get("/prompt"), "prompts") as (Named & { apiKey: string; id: number })[];
      const prompt = prompts.find((p) => p.name === MORE.prompt.name)!;
      expect(prompt.apiKey).not.toBe(MORE.prompt.apiKey);
      expect(prompt.apiKey.endsWith("1234")).toBe(true);
      const [sealed] = (await t.kernel.database.client.execute("SELECT api_key_sealed FROM prompts")).rows;
      expect(String(sealed?.[0])).not.toContain(MORE.prompt.apiKey);
      expect(await t.kernel.vault.openText(String(sealed?.[0]))).toBe(MORE.prompt.apiKey);

      const files = listOf(await get("/files"), "files") as (Named & { id: number })[];
      const fileList = files.find((f) => f.name === MORE.fileList.name)!;
      const options = (await get(`/files/${fileList.id}`)).options as { name: string; path: string | null }[];
      expect(options).toHaveLength(1);
      expect(options[0]!.path).toBeTruthy();

      // Links set once their targets were in; the dropped ones stay empty.
      const integration = (listOf(await get("/queueIntegration"), "queueIntegrations") as (Named & { id: number })[])[0]!;
      expect(vendas).toMatchObject({ integrationId: integration.id, fileListId: fileList.id });
      expect(suporte).toMatchObject({ integrationId: null, fileListId: null });
      const fileOption = (suporte.chatbots as { options: { name: string; queueType: string; optFileId: number | null }[] }[])[0]!.options.find(
        (o) => o.name === "Segunda via de boleto",
      );
      expect(fileOption).toMatchObject({ queueType: "file", optFileId: fileList.id });
      const [connection] = (await get("/whatsapp")) as { id: number }[];
      expect(await get(`/whatsapp/${connection!.id}`)).toMatchObject({
        integrationId: integration.id,
        promptId: prompts.find((p) => p.name === MORE.prompt.name)!.id,
        flowIdWelcome: flow.id,
        // Its own was dropped; the company's default (FlowDefaults) filled it.
        flowIdNotPhrase: flow.id,
      });

      // Loose ends: the attendant's default connection and farewell; the merged tracking; the lane.
      const bruno = (await t.login(SEEDED.attendant.email, SEEDED.attendant.password)).user as { id: number };
      const detail = await get(`/users/${bruno.id}`);
      expect(detail.farewellMessage).toBe(MORE.farewell);
      expect(detail.whatsappId).toBeTypeOf("number");
      const closed = await get("/tickets?status=closed&showAll=true");
      const reopened = closed.tickets.find((x: { uuid: string }) => x.uuid === "6f1c1f0e-9a55-4d7e-8f59-1b0d4a9f0a02");
      const [times] = (await t.kernel.database.client.execute({ sql: "SELECT accepted_at, closed_at FROM tickets WHERE id = ?", args: [reopened.id] })).rows;
      expect([times?.[0], times?.[1]]).toEqual(["2026-10-02T09:02:00.000Z", "2026-10-02T11:00:00.000Z"]);
      const lanes = (await get("/tags/list?kanban=1")) as { name: string; id: number; nextLaneId: number | null }[];
      const lead = lanes.find((l) => l.name === "Novo lead")!;
      expect(lead.nextLaneId).toBe(lanes.find((l) => l.name === "Negociando")!.id);
    } finally {
      await t.kernel.stop();
    }
  }, 180_000);

  it("a repeat run starts where the last left and retries the rows that waited for others", async () => {
    const own = await startSource();
    try {
      // A ticket whose contact is not there yet and its message, then more rows after them: the
      // waiting rows sit in a middle page (the last page is read again anyway).
      await own.db.exec(`INSERT INTO "Tickets" (status, "contactId", "whatsappId", "companyId") VALUES ('closed', 50, 1, 2), ('closed', 2, 1, 2), ('closed', 2, 1, 2)`);
      await own.db.exec(
        `INSERT INTO "Messages" (body, "ticketId", "companyId", wid) VALUES ('esperou o contato', 3, 2, 'LATE1'), ('a', 4, 2, 'M8'), ('b', 4, 2, 'M9'), ('c', 5, 2, 'M10')`,
      );
      const dataDir = freshDataDir();
      const args = ["--from", own.url, "--media", own.mediaDir, "--page-size", "2"];
      const first = await runImporter(dataDir, args);
      expect(first.report!.tables.Tickets).toMatchObject({ imported: 4, skipped: 1 });
      expect(first.report!.tables.Messages).toMatchObject({ read: 10, imported: 9, skipped: 1 });
      // The contact arrives on the old server; the next run picks up the ticket and its message.
      await own.db.exec(`INSERT INTO "Contacts" (id, name, number, "companyId") VALUES (50, 'Chegou depois', '5511977770050', 2)`);
      const second = await runImporter(dataDir, args);
      expect(second.code, second.stdout).toBe(0);
      expect(second.report!.tables.Tickets).toMatchObject({ imported: 1, skipped: 0 });
      expect(second.report!.tables.Messages).toMatchObject({ imported: 1, skipped: 0 });
      // Clean pages are not read again: only from one page before the first that had waited.
      expect(second.report!.tables.Messages!.read).toBeLessThan(10);
      const third = await runImporter(dataDir, args);
      for (const [table, c] of Object.entries(third.report!.tables)) expect(c.imported, table).toBe(0);
      expect(third.report!.tables.Messages!.read).toBeLessThanOrEqual(3);
      // Option trees read in pages of 2: a step of a later page goes after its siblings.
      const t = await createTestKernel({ dataDir });
      try {
        const { token } = await t.login(SEEDED.owner.email, SEEDED.owner.password);
        const queueList = (await t.call("GET", "/queue", { token })).body as (Named & { id: number })[];
        const suporte = (await t.call("GET", `/queue/${queueList.find((q) => q.name === "Suporte")!.id}`, { token })).body;
        const options = suporte.chatbots[0].options as { name: string; position: number }[];
        expect(options.map((o) => [o.name, o.position])).toEqual([
          ["Falar com atendente", 0],
          ["Segunda via de boleto", 1],
        ]);
      } finally {
        await t.kernel.stop();
      }
    } finally {
      await own.close();
    }
  }, 180_000);
});
