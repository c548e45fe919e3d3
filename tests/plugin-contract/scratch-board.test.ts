import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../../core/db/tables.ts";
import { createCompanyWithAdmin } from "../support/fixtures.ts";
import { withoutKindOwners } from "../support/without-kind-owners.ts";
import { createTestKernel, type TestKernel } from "../support/test-kernel.ts";
import { scratchCards } from "./scratch-board/schema/tables.ts";
import scratchBoard from "./scratch-board/server/index.ts";

/**
 * Issue 12's "done means", server side: the scratch plugin in ./scratch-board/ brings its own
 * plan flag, error codes, company-scoped table and migration, job, routes and event, and the
 * kernel runs all of it with no file outside that folder changed (last describe).
 */
let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let b: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let off: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel({ plugins: [...withoutKindOwners(), scratchBoard] });
  const superToken = (await t.login()).token;
  const plan = await t.call("POST", "/plans", { token: superToken, body: { name: "Com quadro", useScratchBoard: true } });
  a = await createCompanyWithAdmin(t, "Loja A", { planId: plan.body.id });
  b = await createCompanyWithAdmin(t, "Loja B", { planId: plan.body.id });
  off = await createCompanyWithAdmin(t, "Loja Sem Quadro", { planId: 1 });
});
afterEach(() => t.close());

const create = (token: string, title: string) => t.call("POST", "/scratch-board", { token, body: { title } });

describe("scratch plugin: happy", () => {
  it("stores a card for the caller's company, and its job stamps it and tells the bus and the company's screens", async () => {
    const events: unknown[] = [];
    const sent: { companyId: number; event: string; payload: unknown }[] = [];
    t.kernel.bus.on("scratch-board.card.stamped", (e) => void events.push(e));
    t.kernel.realtime.emit = (companyId, event, payload) => void sent.push({ companyId, event, payload });

    const res = await create(a.token, "Ligar para o fornecedor");
    expect(res).toMatchObject({ status: 200, body: { title: "Ligar para o fornecedor", stamped: false } });
    const [row] = await t.kernel.db.select().from(scratchCards).where(eq(scratchCards.id, res.body.id));
    expect(row).toMatchObject({ companyId: a.company.id, stamped: false });
    // The kernel prefixed the job kind with the plugin id.
    expect(await t.kernel.db.select({ kind: jobs.kind, status: jobs.status }).from(jobs).where(eq(jobs.kind, "scratch-board.stamp"))).toEqual([
      { kind: "scratch-board.stamp", status: "pending" },
    ]);

    await t.kernel.jobs.runDue();
    expect((await t.call("GET", `/scratch-board/${res.body.id}`, { token: a.token })).body).toMatchObject({ stamped: true });
    expect(events).toEqual([{ companyId: a.company.id, cardId: res.body.id }]);
    expect(sent).toEqual([
      { companyId: a.company.id, event: `company-${a.company.id}-scratchCard`, payload: { action: "update", card: expect.objectContaining({ id: res.body.id }) } },
    ]);
    expect((await t.call("GET", "/scratch-board", { token: a.token })).body.cards.map((c: { title: string }) => c.title)).toEqual(["Ligar para o fornecedor"]);
  });

  it("its routes and schemas are in the API document", async () => {
    const doc = (await t.call("GET", "/openapi.json")).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/scratch-board", "/scratch-board/{id}"]));
    expect(doc.components.schemas).toHaveProperty("ScratchCard");
    expect(doc.paths["/scratch-board"].post.responses).toHaveProperty("409");
  });
});

describe("scratch plugin: errors", () => {
  it("answers its own codes with the statuses its manifest declares", async () => {
    await create(a.token, "Repetido");
    expect(await create(a.token, "Repetido")).toMatchObject({ status: 409, body: { error: "ERR_SCRATCH_CARD_DUPLICATE" } });
    expect(await t.call("GET", "/scratch-board/999", { token: a.token })).toMatchObject({ status: 404, body: { error: "ERR_NO_SCRATCH_CARD_FOUND" } });
    expect(await create(a.token, "  ")).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
  });

  it("is closed to a company whose plan lacks its flag", async () => {
    for (const res of [await t.call("GET", "/scratch-board", { token: off.token }), await create(off.token, "x")])
      expect(res).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED", flag: "useScratchBoard" } });
    expect(await t.kernel.db.select().from(scratchCards)).toEqual([]);
  });
});

describe("scratch plugin: security", () => {
  it("another company neither reads nor lists a card, and keeps its own titles", async () => {
    const card = (await create(a.token, "Segredo da loja A")).body;
    expect(await t.call("GET", `/scratch-board/${card.id}`, { token: b.token })).toMatchObject({ status: 404, body: { error: "ERR_NO_SCRATCH_CARD_FOUND" } });
    expect((await t.call("GET", "/scratch-board", { token: b.token })).body).toEqual({ cards: [] });
    expect((await create(b.token, "Segredo da loja A")).status).toBe(200);
  });

  it("takes the company from the token, never from the body", async () => {
    const res = await t.call("POST", "/scratch-board", { token: b.token, body: { title: "Intrusa", companyId: a.company.id } });
    const [row] = await t.kernel.db.select().from(scratchCards).where(eq(scratchCards.id, res.body.id));
    expect(row?.companyId).toBe(b.company.id);
  });
});

describe("the claim: a feature is one folder", () => {
  const root = resolve(import.meta.dirname, "../..");
  const folder = resolve(import.meta.dirname, "scratch-board");
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [relative(folder, join(dir, name))]));

  it("everything the plugin needs is in ./scratch-board/", () => {
    expect(filesUnder(folder).sort()).toEqual([
      "plugin.ts", // manifest: plan flag useScratchBoard, error codes
      "schema/migrations/0000_init.sql", // `bun core/db/generate-migrations.ts --dir tests/plugin-contract/scratch-board`
      "schema/migrations/meta/0000_snapshot.json",
      "schema/migrations/meta/_journal.json",
      "schema/migrations/migrations.gen.ts",
      "schema/tables.ts", // scratch_cards, company-scoped
      "schema/ticket-views.ts", // the tickets plugin's read views the report reads (.existing())
      "server/cards.routes.ts",
      "server/cards.schemas.ts",
      "server/cards.service.ts", // rules, the stamp job's work, the event
      "server/echo-hand-over.ts", // issue 24: a hand-over provider registered with automation
      "server/index.ts", // wiring: job, handlers
      "server/reminders.ts", // a paced job kind (issue 24)
      "server/report.ts", // GET /scratch-board/report over the tickets plugin's read views
      "shared/card-types.ts", // web types from the zod schemas
      "web/cards-api.ts",
      "web/index.ts", // page, menu entry, tickets.composerTools contribution, translations
      "web/locales/en.json",
      "web/locales/es.json",
      "web/locales/pt.json",
      "web/locales/tr.json",
      "web/pin-composer-tool.tsx",
      "web/scratch-board-page.tsx",
    ]);
  });

  it("no file of the kernel, the plugins or the web shell names it (the tests add it to the plugin lists themselves)", () => {
    const names = ["scratch-board", "scratch_cards", "useScratchBoard", "ERR_SCRATCH_CARD", "ERR_NO_SCRATCH_CARD"];
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (["node_modules", "dist"].includes(name)) return [];
        return statSync(path).isDirectory() ? sources(path) : /\.(ts|tsx|json|css)$/.test(name) ? [path] : [];
      });
    const mentions = ["core", "plugins", "web"].flatMap((d) => sources(join(root, d))).filter((file) => names.some((n) => readFileSync(file, "utf8").includes(n)));
    expect(mentions.map((f) => relative(root, f))).toEqual([]);
  });
});
