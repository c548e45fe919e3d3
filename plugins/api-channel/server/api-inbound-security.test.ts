import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { apiKernel, createConnection, deliver, rowsOfCompany } from "./api-channel.fixtures.ts";

let t: TestKernel;
let admin: string;
let api: { id: number; token: string };
beforeEach(async () => {
  t = await apiKernel();
  admin = (await t.login()).token;
  api = await createConnection(t, admin, { channel: "api" });
});
afterEach(() => t.close());

const message = { id: "m-1", number: "5511987654321", body: "oi" };

describe("api inbound: security", () => {
  it("without a token answers 401 ERR_SESSION_EXPIRED, before looking at the body", async () => {
    const res = await deliver(t, undefined, { nonsense: true });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("ERR_SESSION_EXPIRED");
  });

  it("an unknown token answers 403 ERR_INVALID_TOKEN and writes nothing", async () => {
    for (const token of ["x".repeat(30), "x".repeat(500), "' OR 1=1 --"]) {
      const res = await deliver(t, token, message);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("ERR_INVALID_TOKEN");
    }
    expect((await rowsOfCompany(t, 1)).messages).toHaveLength(0);
  });

  it("a user's JWT is not a connection token", async () => {
    const res = await deliver(t, admin, message);
    expect(res.status).toBe(403);
  });

  it("a WhatsApp (non-api) connection's token is refused like an unknown one", async () => {
    const wa = await createConnection(t, admin, { channel: "whatsapp" });
    const res = await deliver(t, wa.token, message);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_INVALID_TOKEN");
  });

  it("a token of a deleted connection stops working", async () => {
    expect((await t.call("DELETE", `/whatsapp/${api.id}`, { token: admin })).status).toBe(200);
    expect((await deliver(t, api.token, message)).status).toBe(403);
  });

  it("company B's token can never attach to company A's contact or ticket", async () => {
    const a = await deliver(t, api.token, message);
    const beta = await createCompanyWithAdmin(t, "Beta");
    const betaApi = await createConnection(t, beta.token, { channel: "api" });
    // same number, same provider id: still B's own contact, ticket and message
    const b = await deliver(t, betaApi.token, message);
    expect(b.status).toBe(200);
    expect(b.body.duplicate).toBe(false);
    expect(b.body.contactId).not.toBe(a.body.contactId);
    expect(b.body.ticketId).not.toBe(a.body.ticketId);
    const rowsA = await rowsOfCompany(t, 1);
    const rowsB = await rowsOfCompany(t, beta.company.id);
    expect(rowsA.messages).toHaveLength(1);
    expect(rowsA.tickets[0]!.unreadMessages).toBe(1);
    expect(rowsB.tickets).toHaveLength(1);
    expect(rowsB.tickets[0]).toMatchObject({ whatsappId: betaApi.id, contactId: b.body.contactId });
    expect((await t.call("GET", `/contacts/${a.body.contactId}`, { token: beta.token })).status).toBe(404);
  });

  it("media of company B is stored in company B's folder", async () => {
    const beta = await createCompanyWithAdmin(t, "Beta");
    const betaApi = await createConnection(t, beta.token, { channel: "api" });
    await deliver(t, betaApi.token, { id: "f", number: "5511987654321", media: { mimetype: "application/pdf", fileName: "nota.pdf", data: btoa("pdf") } });
    const [m] = (await rowsOfCompany(t, beta.company.id)).messages;
    expect(m).toMatchObject({ mediaType: "application" });
    expect(m!.mediaUrl!.startsWith(`/public/company${beta.company.id}/`)).toBe(true);
  });
});

describe("api inbound: documentation", () => {
  it("is documented with its bearer credential and error answers", async () => {
    const res = await t.call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const op = res.body.paths["/channels/api/inbound"].post;
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(op.responses).sort()).toEqual(["200", "400", "401", "403", "404", "413", "503"]);
  });
});
