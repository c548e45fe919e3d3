import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import "./contacts.contract.ts";

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
});
afterEach(() => t.close());

const service = () => {
  const findOrCreate = t.kernel.services.require("contacts.findOrCreate");
  const get = t.kernel.services.require("contacts.get");
  return { findOrCreate, get };
};

describe("contacts.findOrCreate", () => {
  it("100 concurrent calls for one new number yield exactly one contact and one create event", async () => {
    const creates: unknown[] = [];
    t.kernel.realtime.emit = (_c, event, payload) => {
      if (event === `company-${a.company.id}-contact`) creates.push(payload);
    };
    const { findOrCreate } = service();
    // written three ways: all are the same person
    const spellings = ["551187654321", "+55 11 98765-4321", "5511987654321"];
    const rows = await Promise.all(Array.from({ length: 100 }, (_, i) => findOrCreate({ companyId: a.company.id, number: spellings[i % 3]!, name: "Novo" })));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    expect(rows[0]!.number).toBe("5511987654321");
    const page = await t.call("GET", "/contacts", { token: a.token });
    expect(page.body.count).toBe(1);
    expect(creates).toHaveLength(1);
  });

  it("finds an existing contact without changing it, names new ones by number when nameless", async () => {
    const { findOrCreate } = service();
    const made = await findOrCreate({ companyId: a.company.id, number: "5521912345678" });
    expect(made.name).toBe("5521912345678");
    const again = await findOrCreate({ companyId: a.company.id, number: "5521912345678", name: "Outro nome" });
    expect(again).toEqual(made);
  });

  it("keeps group ids as they are", async () => {
    const group = await service().findOrCreate({ companyId: a.company.id, number: "120363025246125486@g.us", isGroup: true, name: "Equipe" });
    expect(group).toMatchObject({ number: "120363025246125486@g.us", isGroup: true });
  });

  it("contacts.get is scoped to the company", async () => {
    const b = await createCompanyWithAdmin(t, "Beta");
    const { findOrCreate, get } = service();
    const c = await findOrCreate({ companyId: a.company.id, number: "5511987654321" });
    expect((await get(a.company.id, c.id))?.id).toBe(c.id);
    expect(await get(b.company.id, c.id)).toBeNull();
  });

  it("new contacts follow the company's acceptAudioMessageContact setting", async () => {
    await t.kernel.settings.setCompany(a.company.id, "acceptAudioMessageContact", "disabled");
    expect((await service().findOrCreate({ companyId: a.company.id, number: "5511911112222" })).acceptAudioMessage).toBe(false);
  });
});

describe("contacts.upsertMany", () => {
  it("with announce, each written contact is announced whole, as GET /contacts/{id} shows it: created, or merged", async () => {
    const upsertMany = t.kernel.services.require("contacts.upsertMany");
    const known = await service().findOrCreate({ companyId: a.company.id, number: "5511987654321", name: "Ana" });
    const events: { action: string; contact: { id: number } }[] = [];
    t.kernel.realtime.emit = (_c, event, payload) => {
      if (event === `company-${a.company.id}-contact`) events.push(payload as (typeof events)[number]);
    };
    const rows = [{ number: "5511987654321", email: "ana@x.com", extraInfo: [{ name: "Cidade", value: "Santos" }] }, { number: "5521912345678", name: "Bruno" }, { number: "x" }];
    // Outside a transaction: what is handed to run after the commit runs at once.
    const results = await upsertMany(a.company.id, rows, { tx: t.kernel.db, announce: (fn) => fn() });
    expect(results.map((r) => (r.ok ? r.created : r.field))).toEqual([false, true, "number"]);
    const bruno = results[1]!.ok ? results[1]!.contactId : 0;
    // What runs after the commit is handed over, not awaited (AfterCommit returns nothing).
    await vi.waitFor(() =>
      expect(events.map((e) => [e.action, e.contact.id]).sort()).toEqual([
        ["create", bruno],
        ["update", known.id],
      ]),
    );
    for (const e of events) {
      const shown = (await t.call("GET", `/contacts/${e.contact.id}`, { token: a.token })).body;
      expect(e.contact).toEqual(shown);
    }
    expect(events.find((e) => e.contact.id === known.id)!.contact).toMatchObject({
      name: "Ana",
      email: "ana@x.com",
      active: true,
      isGroup: false,
      extraInfo: [{ name: "Cidade", value: "Santos" }],
    });
  });

  it("without announce, nothing is announced", async () => {
    const events: unknown[] = [];
    t.kernel.realtime.emit = (_c, event, payload) => {
      if (event === `company-${a.company.id}-contact`) events.push(payload);
    };
    const results = await t.kernel.services.require("contacts.upsertMany")(a.company.id, [{ number: "5521912345678", name: "Bruno" }], { tx: t.kernel.db, announce: null });
    expect(results).toEqual([{ ok: true, contactId: expect.any(Number), number: "5521912345678", created: true }]);
    expect(events).toEqual([]);
  });
});
