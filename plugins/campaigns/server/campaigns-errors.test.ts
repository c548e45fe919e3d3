import { afterEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { type CampaignWorld, campaignWorld } from "./campaigns.fixtures.ts";

/** Validation messages (spec 002 §5), the §4.1 edit rules, other companies' records and the spreadsheet import's refusals. */
let cw: CampaignWorld | null = null;
afterEach(async () => {
  await cw?.w.close();
  cw = null;
});

const upload = (name: string, content: string | Uint8Array<ArrayBuffer>, type = "text/csv") => {
  const form = new FormData();
  form.append("file", new File([content], name, { type }));
  return form;
};

describe("campaign and list validation", () => {
  it("answers the spec's messages on the fields", async () => {
    cw = await campaignWorld();
    expect((await cw.call("POST", "/contact-lists", { name: "A" })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { name: "Too Short!" } });
    expect((await cw.call("POST", "/contact-lists", { name: "x".repeat(51) })).body.fields).toEqual({ name: "Too Long!" });
    expect((await cw.call("POST", "/contact-lists", {})).body.fields).toEqual({ name: "Required" });
    const list = await cw.list([]);
    const item = (body: Record<string, unknown>) => cw!.call("POST", "/contact-list-items", { name: "Maria", number: "5511999998888", contactListId: list.id, ...body });
    expect((await item({ number: "1234" })).body.fields).toEqual({ number: "Too Short!" });
    expect((await item({ email: "nope" })).body.fields).toEqual({ email: "Invalid email" });
    expect((await item({ name: "M" })).body.fields).toEqual({ name: "Too Short!" });
    expect((await item({ number: "+55 (11) 99999-8888" })).body).toMatchObject({ number: "5511999998888", isWhatsappValid: true });

    expect((await cw.call("POST", "/campaigns", { name: "P", whatsappId: cw.w.api.id })).body.fields).toEqual({ name: "Too Short!" });
    expect((await cw.call("POST", "/campaigns", { name: "Promo" })).body.fields).toEqual({ whatsappId: "Required" });
    const user = cw.w.admin.user.id as number;
    const res = await cw.call("POST", "/campaigns", { name: "Promo", whatsappId: cw.w.api.id, openTicket: "enabled", userId: user });
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { queueId: "Required" } });
    const created = await cw.call("POST", "/campaigns", { name: "Promo", whatsappId: cw.w.api.id });
    expect(created.body).toMatchObject({ status: "INATIVA", openTicket: "disabled", statusTicket: "closed", confirmation: false });
    expect((await cw.call("GET", "/campaign-settings")).status).toBe(200);
    expect((await cw.call("POST", "/campaign-settings", { settings: { messageInterval: 121, greaterInterval: 25 } })).body.fields).toMatchObject({
      "settings.messageInterval": "Invalid value",
      "settings.greaterInterval": "Invalid value",
    });
  });

  it("keeps the §4.1 edit window: editable while INATIVA or PROGRAMADA more than 1 hour ahead; a cancelled one takes only its messages", async () => {
    cw = await campaignWorld();
    const list = await cw.list(["5511990000001", "5511990000002"]);
    const soon = await cw.call("POST", "/campaigns", {
      name: "Logo",
      whatsappId: cw.w.api.id,
      contactListId: list.id,
      scheduledAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    expect(soon.body.status).toBe("PROGRAMADA");
    expect((await cw.call("PUT", `/campaigns/${soon.body.id}`, { name: "Outro" })).body.error).toBe("ERR_CAMPAIGN_NOT_EDITABLE");
    const later = await cw.call("POST", "/campaigns", {
      name: "Depois",
      whatsappId: cw.w.api.id,
      contactListId: list.id,
      scheduledAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    });
    expect((await cw.call("PUT", `/campaigns/${later.body.id}`, { name: "Depois 2" })).body).toMatchObject({ name: "Depois 2", status: "PROGRAMADA" });
    expect((await cw.call("PUT", `/campaigns/${later.body.id}`, { scheduledAt: "" })).body).toMatchObject({ status: "INATIVA", scheduledAt: null });

    await cw.call("POST", "/campaign-settings", { settings: { messageInterval: 60 } });
    const running = await cw.campaign({ contactListId: list.id, message1: "Um" });
    await cw.w.settle();
    expect((await cw.call("PUT", `/campaigns/${running.id}`, { name: "Mudou" })).body.error).toBe("ERR_CAMPAIGN_NOT_EDITABLE");
    await cw.call("POST", `/campaigns/${running.id}/cancel`);
    const edited = await cw.call("PUT", `/campaigns/${running.id}`, { name: "Mudou", message1: "Dois" });
    expect(edited.body).toMatchObject({ name: "Promo", message1: "Dois", status: "CANCELADA" });
  });

  it("turns spaces of an attachment's name into underscores", async () => {
    cw = await campaignWorld();
    const c = await cw.call("POST", "/campaigns", { name: "Promo", whatsappId: cw.w.api.id });
    const form = new FormData();
    form.append("typeArch", "campaign");
    form.append("file", new File(["%PDF-1.4"], "meu arquivo final.pdf", { type: "application/pdf" }));
    const res = await cw.call("POST", `/campaigns/${c.body.id}/media-upload`, form);
    expect(res.body).toMatchObject({ mediaName: "meu_arquivo_final.pdf" });
    expect((await cw.call("DELETE", `/campaigns/${c.body.id}/media-upload`)).body).toMatchObject({ mediaName: null, mediaPath: null });
  });
});

describe("other companies' records", () => {
  it("answers 404 for another company's list, item and campaign, and a campaign cannot name them", async () => {
    cw = await campaignWorld();
    const b = await createCompanyWithAdmin(cw.w.t, "Outra");
    const asB = (method: string, path: string, body?: unknown) => cw!.w.t.call(method, path, { token: b.token, body });
    const list = await cw.list(["5511990000001"]);
    const items = await cw.call("GET", `/contact-list-items?contactListId=${list.id}`);
    const c = await cw.campaign({ contactListId: list.id, message1: "x" });
    expect((await asB("GET", `/contact-lists/${list.id}`)).status).toBe(404);
    expect((await asB("PUT", `/contact-lists/${list.id}`, { name: "Roubada" })).status).toBe(404);
    expect((await asB("GET", `/contact-list-items?contactListId=${list.id}`)).status).toBe(404);
    expect((await asB("GET", `/contact-list-items/${items.body.contacts[0].id}`)).status).toBe(404);
    expect((await asB("POST", `/contact-list-items`, { name: "Ana", number: "5511999990000", contactListId: list.id })).status).toBe(404);
    expect((await asB("POST", `/contact-lists/${list.id}/upload`, upload("a.csv", "Nome;Numero\nAna;5511999990000\n"))).status).toBe(404);
    expect((await asB("GET", `/campaigns/${c.id}/report`)).status).toBe(404);
    expect((await asB("POST", `/campaigns/${c.id}/cancel`)).status).toBe(404);
    const bConn = await asB("POST", "/whatsapp", { name: "B api", channel: "api", webhookUrl: "http://127.0.0.1:9/hook" });
    expect((await asB("POST", "/campaigns", { name: "Roubo", whatsappId: bConn.body.id, contactListId: list.id })).body.error).toBe("ERR_NO_CONTACT_LIST_FOUND");
    expect((await asB("POST", "/campaigns", { name: "Roubo", whatsappId: cw.w.api.id })).body.error).toBe("ERR_NO_WAPP_FOUND");
    expect((await asB("GET", "/contact-lists")).body.records).toEqual([]);
  });
});

describe("spreadsheet import", () => {
  it("imports the checked rows, reports each refused row, and never evaluates a formula", async () => {
    cw = await campaignWorld();
    const list = await cw.list([]);
    const csv = 'Nome;Numero;Email\nAna;5511999990001;ana@example.com\nB;5511999990002;\nCarla;123;\nDario;5511999990004;errado\n=HYPERLINK("http://x");5511999990005;\n';
    const res = await cw.call("POST", `/contact-lists/${list.id}/upload`, upload("lista.csv", csv));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      imported: 2,
      refusedCount: 3,
      refused: [
        { line: 3, field: "name", message: "Too Short!" },
        { line: 4, field: "number", message: "Too Short!" },
        { line: 5, field: "email", message: "Invalid email" },
      ],
    });
    const items = await cw.call("GET", `/contact-list-items?contactListId=${list.id}&searchParam=hyperlink`);
    expect(items.body.contacts.map((i: { name: string }) => i.name)).toEqual(['=HYPERLINK("http://x")']);
    expect((await cw.call("GET", `/contact-lists/${list.id}`)).body.contactsCount).toBe(2);
  });

  it("refuses a file that is not xls/xlsx/csv, or whose bytes are not what its name says, and leaves the list as it was", async () => {
    cw = await campaignWorld();
    const list = await cw.list(["5511990000001"]);
    expect((await cw.call("POST", `/contact-lists/${list.id}/upload`, upload("lista.txt", "Ana;5511999990001"))).body.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
    expect((await cw.call("POST", `/contact-lists/${list.id}/upload`, upload("lista.xlsx", "Ana;5511999990001\n"))).body.error).toBe("ERR_CONTACT_LIST_IMPORT_BAD_FILE");
    expect((await cw.call("POST", `/contact-lists/${list.id}/upload`, upload("lista.csv", ""))).body.error).toBe("ERR_CONTACT_LIST_IMPORT_BAD_FILE");
    expect((await cw.call("GET", `/contact-lists/${list.id}`)).body.contactsCount).toBe(1);
  });

  it("serves a sample spreadsheet an import reads back", async () => {
    cw = await campaignWorld();
    const res = await cw.w.t.kernel.app.request("/contact-lists/sample", { headers: { authorization: `Bearer ${cw.w.admin.token}` } });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const list = await cw.list([]);
    const back = await cw.call("POST", `/contact-lists/${list.id}/upload`, upload("planilha.xlsx", bytes, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"));
    expect(back.body).toMatchObject({ imported: 1, refusedCount: 0 });
  });
});
