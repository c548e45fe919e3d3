import { io as connect, type Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serveNode } from "../../../core/runtime/serve-node.ts";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { apiKernel, createConnection, deliver } from "./api-channel.fixtures.ts";

let t: TestKernel;
let server: { port: number; close(): void };
const sockets: Socket[] = [];
beforeEach(async () => {
  t = await apiKernel();
  server = await serveNode(t.kernel, 0, "127.0.0.1");
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  server.close();
  await t.close();
});

async function open(companyId: number, token: string): Promise<Socket> {
  const s = connect(`http://127.0.0.1:${server.port}/${companyId}`, { path: "/socket.io/", auth: { token }, transports: ["websocket"], reconnection: false });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.on("connect", () => resolve());
    s.on("connect_error", reject);
  });
  return s;
}

describe("api inbound: realtime", () => {
  it("the company's sockets receive appMessage create; another company's do not", async () => {
    const { token } = await t.login();
    const beta = await createCompanyWithAdmin(t, "Beta");
    const mine = await open(1, token);
    const theirs = await open(beta.company.id, beta.token);
    const leaked: unknown[] = [];
    theirs.onAny((event, payload) => leaked.push({ event, payload }));
    const api = await createConnection(t, token, { channel: "api" });
    const received = new Promise<any>((resolve) => mine.on("company-1-appMessage", resolve));
    const res = await deliver(t, api.token, { id: "rt", number: "5511987654321", body: "ao vivo" });
    const payload = await received;
    // AppMessageEvent (tickets/shared/ticket-types.ts): the contact travels inside the message view.
    expect(payload).toMatchObject({
      action: "create",
      message: { id: res.body.messageId, body: "ao vivo", contact: { id: res.body.contactId } },
      // The spec's channel list (the original kanban and pickers know no "api"); the driver as channelKind (issue 32).
      ticket: { uuid: res.body.ticketUuid, channel: "whatsapp", channelKind: "api", whatsapp: { channel: "whatsapp", channelKind: "api" } },
    });
    const shown = await t.call("GET", `/tickets/${res.body.ticketId}`, { token });
    expect(shown.body).toMatchObject({ channel: "whatsapp", channelKind: "api", whatsapp: { id: api.id, channel: "whatsapp", channelKind: "api" } });
    const listed = await t.call("GET", "/tickets?status=pending&showAll=true", { token });
    expect(listed.body.tickets.find((x: { id: number }) => x.id === res.body.ticketId)).toMatchObject({ channel: "whatsapp", channelKind: "api" });
    await new Promise((r) => setTimeout(r, 50));
    expect(leaked).toEqual([]);
  });
});
