import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfXrefProblems, unzipEntries } from "../../../core/spreadsheet/testing/read-archives.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { at, pinnedTicket, reportWorld } from "./reports.fixtures.ts";

/*
 * The further reports (group attendance, ticket duration, survey results) and their PDF / .zip
 * files through the real server, over pinned tickets; every figure computed by hand below.
 */

let t: TestKernel;
let w: Awaited<ReturnType<typeof reportWorld>>;
let vendas: number;
const day10 = "date_from=2030-01-10&date_to=2030-01-10";

const sql = (q: string, args: (string | number | null)[]) => t.kernel.database.client.execute({ sql: q, args });

beforeAll(async () => {
  t = await createTestKernel();
  // reportWorld's day 10: T1 Ana closed 10:05→10:35 (30 min) rated 10; T2 Ana 10:12→11:12 (60) rated 6; T3 admin open; T4 pending.
  w = await reportWorld(t, "Empresa A");
  const other = await reportWorld(t, "Empresa B");
  vendas = (await t.call("POST", "/queue", { token: w.token, body: { name: "Vendas", color: "#00aa00" } })).body.id;
  const token = w.conn.token;
  // Groups: G1 and G3 in "Família Souza" held by Ana (20 and 40 min: mean 30), G2 "Obra (Rua 2)" open with the admin.
  const g1 = await pinnedTicket(
    t,
    token,
    "5511900000021",
    { status: "closed", userId: w.ana.user.id, createdAt: at("10", "14:00"), acceptedAt: at("10", "14:00"), closedAt: at("10", "14:20") },
    "Família Souza",
  );
  const g2 = await pinnedTicket(t, token, "5511900000022", { status: "open", userId: w.user.id, createdAt: at("10", "14:30"), acceptedAt: at("10", "14:30") }, "Obra (Rua 2)");
  const g3 = await pinnedTicket(t, token, "5511900000023", {
    status: "closed",
    userId: w.ana.user.id,
    createdAt: at("10", "15:00"),
    acceptedAt: at("10", "15:00"),
    closedAt: at("10", "15:40"),
  });
  await sql("UPDATE tickets SET is_group = 1 WHERE id IN (?, ?, ?)", [g1.ticketId, g2.ticketId, g3.ticketId]);
  await sql("UPDATE tickets SET contact_id = ? WHERE id = ?", [g1.contactId, g3.ticketId]);
  // Vendas: T2 (60 min), T6 admin 5 min rated 8, T7 Zé 1,500 min (a day and an hour) rated 3.
  const t6 = await pinnedTicket(t, token, "5511900000026", {
    status: "closed",
    userId: w.user.id,
    createdAt: at("10", "16:00"),
    acceptedAt: at("10", "16:00"),
    closedAt: at("10", "16:05"),
    rating: 8,
  });
  const t7 = await pinnedTicket(t, token, "5511900000027", {
    status: "nps",
    userId: w.plain.user.id,
    createdAt: at("10", "08:00"),
    acceptedAt: at("10", "08:00"),
    closedAt: at("11", "09:00"),
    rating: 3,
  });
  await sql("UPDATE tickets SET queue_id = ? WHERE id IN (?, ?, ?)", [vendas, w.tickets[1]!.ticketId, t6.ticketId, t7.ticketId]);
  // Another company's group ticket and a 0 on the same day: never counted for A.
  const b = await pinnedTicket(
    t,
    other.conn.token,
    "5511900000099",
    { status: "closed", userId: other.ana.user.id, createdAt: at("10", "10:00"), acceptedAt: at("10", "10:00"), closedAt: at("10", "10:10"), rating: 0 },
    "Família Souza",
  );
  await sql("UPDATE tickets SET is_group = 1 WHERE id = ?", [b.ticketId]);
}, 60_000);
afterAll(() => t?.close());

describe("GET /reports/group-attendance", () => {
  it("counts the group tickets per group and attendant", async () => {
    const res = await t.call("GET", `/reports/group-attendance?${day10}`, { token: w.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: "2030-01-10", to: "2030-01-10", truncated: false });
    expect(res.body.rows).toEqual([
      { groupId: expect.any(Number), groupName: "Família Souza", userId: w.ana.user.id, userName: "Ana", tickets: 2, resolved: 2, avgSupportMinutes: 30 },
      { groupId: expect.any(Number), groupName: "Obra (Rua 2)", userId: w.user.id, userName: expect.any(String), tickets: 1, resolved: 0, avgSupportMinutes: null },
    ]);
  });
});

describe("GET /reports/ticket-duration", () => {
  it("puts each resolved ticket's support time in its bucket, per queue", async () => {
    const res = await t.call("GET", `/reports/ticket-duration/?${day10}`, { token: w.token });
    expect(res.status).toBe(200);
    expect(res.body.buckets).toEqual([15, 60, 240, 1440]);
    expect(res.body.rows).toEqual([
      // T6 5 → <15; T2 60 → 60–240; T7 1,500 → ≥1440.
      { queueId: vendas, queueName: "Vendas", buckets: [1, 0, 1, 0, 1], total: 3 },
      // T1 30, G1 20, G3 40 → 15–60.
      { queueId: null, queueName: null, buckets: [0, 3, 0, 0, 0], total: 3 },
    ]);
  });
});

describe("GET /reports/survey-results", () => {
  it("answers the 0–10 distribution and the promoters/passives/detractors per attendant", async () => {
    const res = await t.call("GET", `/reports/survey-results?${day10}`, { token: w.token });
    expect(res.status).toBe(200);
    // Answers 10 (T1), 6 (T2), 8 (T6), 3 (T7); company B's 0 is not A's.
    expect(res.body.distribution).toEqual([0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1]);
    // 1 promoter, 1 passive, 2 detractors: (1 − 2) / 4 = −25.
    expect(res.body.totals).toEqual({ answers: 4, promoters: 1, passives: 1, detractors: 2, npsScore: -25 });
    const byUser = new Map(res.body.attendants.map((a: { userId: number }) => [a.userId, a]));
    expect(byUser.get(w.ana.user.id)).toEqual({ userId: w.ana.user.id, userName: "Ana", answers: 2, promoters: 1, passives: 0, detractors: 1, npsScore: 0 });
    expect(byUser.get(w.user.id)).toMatchObject({ answers: 1, promoters: 0, passives: 1, detractors: 0, npsScore: 0 });
    expect(byUser.get(w.plain.user.id)).toMatchObject({ userName: "Zé", answers: 1, detractors: 1, npsScore: -100 });
    expect(res.body.attendants[0].userId).toBe(w.ana.user.id);
  });

  it("refuses a profile user without showDashboard and a bad range, never a 5xx", async () => {
    const forbidden = await t.call("GET", `/reports/survey-results?${day10}`, { token: w.plain.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe("ERR_REPORTS_FORBIDDEN");
    const bad = await t.call("GET", "/reports/survey-results?date_from=2030-02-01&date_to=2030-01-01", { token: w.token });
    expect(bad.status).toBe(400);
    expect((await t.call("GET", "/reports/survey-results?date_from=nope", { token: w.token })).status).toBe(400);
    expect((await t.call("GET", `/reports/nope/export/pdf?${day10}`, { token: w.token })).status).toBe(400);
    expect((await t.call("GET", `/reports/survey-results/export/exe?${day10}`, { token: w.token })).status).toBe(400);
    expect((await t.call("GET", `/reports/group-attendance/export/pdf?${day10}`, { token: w.plain.token })).status).toBe(403);
  });
});

async function download(path: string) {
  // t.call reads the body as text; a file's bytes are read whole here, through the same app.
  const res = await t.kernel.app.request(path, { headers: { authorization: `Bearer ${w.token}` } }, { remoteAddress: "127.0.0.1" });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("the further reports as files", () => {
  it("a PDF: an attachment, %PDF- … %%EOF, its xref right, the rows' text in WinAnsi", async () => {
    const { res, bytes } = await download(`/reports/group-attendance/export/pdf?${day10}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="atendimentos-em-grupos.pdf"');
    const text = Buffer.from(bytes).toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.endsWith("%%EOF\n")).toBe(true);
    expect(pdfXrefProblems(bytes)).toEqual([]);
    expect(text).toContain("(Fam\xedlia Souza)");
    expect(text).toContain("(Obra \\(Rua 2\\))");
    expect(text).toContain("(Ana)");
    expect(text).toContain("(2030-01-10 a 2030-01-10)");
  });

  it("a .zip of CSVs: lists its files, each CSV's content as computed", async () => {
    const { res, bytes } = await download(`/reports/survey-results/export/zip?${day10}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="pesquisa-de-satisfacao.zip"');
    const entries = unzipEntries(bytes);
    expect([...entries.keys()]).toEqual(["nps-distribuicao.csv", "nps-por-atendente.csv"]);
    const csv = (name: string) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(entries.get(name));
    expect(csv("nps-distribuicao.csv")).toBe(`\uFEFFNota;Respostas\r\n${[0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1].map((n, i) => `${i};${n}\r\n`).join("")}`);
    const perUser = csv("nps-por-atendente.csv").split("\r\n");
    expect(perUser[0]).toBe("\uFEFFAtendente;Respostas;Promotores (9–10);Neutros (7–8);Detratores (0–6);NPS");
    expect(perUser).toContain("Ana;2;1;0;1;0");
    expect(perUser).toContain("Zé;1;0;0;1;'-100");
    expect(perUser).toContain("Total;4;1;1;2;'-25");
  });

  it("the duration report as a PDF and a zip", async () => {
    const pdf = await download(`/reports/ticket-duration/export/pdf?${day10}`);
    expect(pdfXrefProblems(pdf.bytes)).toEqual([]);
    expect(Buffer.from(pdf.bytes).toString("latin1")).toContain("(Vendas)");
    const zip = unzipEntries((await download(`/reports/ticket-duration/export/zip?${day10}`)).bytes);
    expect(new TextDecoder().decode(zip.get("duracao-por-fila.csv")).split("\r\n").slice(0, 3)).toEqual([
      "Fila;< 15 min;15–60 min;60–240 min;240–1440 min;≥ 1440 min;Total",
      "Vendas;1;0;1;0;1;3",
      "Sem fila;0;3;0;0;0;3",
    ]);
  });
});
