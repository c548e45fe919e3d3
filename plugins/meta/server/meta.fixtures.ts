import { createHmac } from "node:crypto";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { startGraphStandIn, type GraphStandIn } from "./testing/graph-stand-in.ts";

export const APP_SECRET = "stand-in-app-secret";
export const VERIFY_TOKEN = "stand-in-verify-token";
export const PAGE = { id: "900100", name: "Loja Exemplo", token: "page-token-900100", instagram: { id: "178400001", username: "loja.exemplo", name: "Loja Exemplo IG" } };
export const PHONE = { id: "1065000001", token: "cloud-token-secret", display: "+55 11 99999-0000", verifiedName: "Loja Exemplo", wabaId: "2020000001" };
export const PSID = "24000000000001";
export const IGSID = "17800000000009";
export const WA_ID = "5511988887777";

export interface MetaWorld {
  t: TestKernel;
  graph: GraphStandIn;
  admin: { token: string; companyId: number; userId: number };
}

/** A kernel pointed at a fresh Graph stand-in (one Page with Instagram, one Cloud API number) and a company admin. */
export async function metaWorld(env: Record<string, string> = {}): Promise<MetaWorld> {
  const graph = await startGraphStandIn();
  graph.user.pages.push({ ...PAGE });
  graph.phones.set(PHONE.id, { token: PHONE.token, display: PHONE.display, verifiedName: PHONE.verifiedName, wabaId: PHONE.wabaId });
  graph.profiles.set(PSID, { name: "Maria Cliente", first_name: "Maria", last_name: "Cliente" });
  graph.profiles.set(IGSID, { name: "Joana IG", username: "joana.ig" });
  const t = await createTestKernel({ env: { META_GRAPH_URL: graph.url, META_APP_SECRET: APP_SECRET, META_VERIFY_TOKEN: VERIFY_TOKEN, ...env } });
  const a = await createCompanyWithAdmin(t, "Meta Alfa");
  return { t, graph, admin: { token: a.token, companyId: a.company.id, userId: a.user.id } };
}

export async function closeWorld(w: MetaWorld | undefined) {
  await w?.t.close();
  await w?.graph.close();
}

export const sign = (raw: string, secret = APP_SECRET) => `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;

/** Posts a webhook exactly as Meta does: the raw JSON and its signature (or the header given). */
export async function postWebhook(t: TestKernel, payload: unknown, signature?: string | null) {
  const raw = typeof payload === "string" ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json" };
  const header = signature === undefined ? sign(raw) : signature;
  if (header !== null) headers["x-hub-signature-256"] = header;
  const res = await t.kernel.app.request("/channels/meta/webhook", { method: "POST", headers, body: raw }, { remoteAddress: "127.0.0.1" });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

/** Links the stand-in's Page (and its Instagram account) to the admin's company. */
export async function linkPage(w: MetaWorld, addInstagram = true) {
  const res = await w.t.call("POST", "/facebook", { token: w.admin.token, body: { facebookUserId: w.graph.user.id, facebookUserToken: w.graph.user.token, addInstagram } });
  if (res.status !== 200) throw new Error(`POST /facebook: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { connections: { id: number; channel: string; name: string; status: string }[] };
}

/** Creates the stand-in's Cloud API number as a connection of the admin's company. */
export async function linkCloud(w: MetaWorld) {
  const res = await w.t.call("POST", "/channels/whatsappapi", {
    token: w.admin.token,
    body: { name: "Cloud API", phoneNumberId: PHONE.id, wabaId: PHONE.wabaId, accessToken: PHONE.token },
  });
  if (res.status !== 200) throw new Error(`POST /channels/whatsappapi: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; channel: string; number: string; status: string };
}

/** Webhook payloads in Meta's documented shapes. */
export const payloads = {
  messaging(object: "page" | "instagram", accountId: string, events: Record<string, unknown>[]) {
    return { object, entry: [{ id: accountId, time: Date.now(), messaging: events }] };
  },
  message(sender: string, recipient: string, message: Record<string, unknown>, timestamp = Date.now()) {
    return { sender: { id: sender }, recipient: { id: recipient }, timestamp, message };
  },
  cloud(value: Record<string, unknown>) {
    return {
      object: "whatsapp_business_account",
      entry: [
        {
          id: PHONE.wabaId,
          changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: "5511999990000", phone_number_id: PHONE.id }, ...value } }],
        },
      ],
    };
  },
  cloudMessage(message: Record<string, unknown>, name = "Carlos Cloud") {
    return payloads.cloud({ contacts: [{ profile: { name }, wa_id: WA_ID }], messages: [{ from: WA_ID, timestamp: String(Math.floor(Date.now() / 1000)), ...message }] });
  },
};

/** The company's tickets as the admin sees them (pending tab, every user). */
export async function ticketsOf(w: MetaWorld, status = "pending") {
  const res = await w.t.call("GET", `/tickets?status=${status}&showAll=true`, { token: w.admin.token });
  if (res.status !== 200) throw new Error(`GET /tickets: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.tickets as Record<string, any>[];
}

/** The messages of one ticket, through the API. */
export async function messagesOf(w: MetaWorld, ticketUuid: string) {
  const res = await w.t.call("GET", `/messages/${ticketUuid}`, { token: w.admin.token });
  if (res.status !== 200) throw new Error(`GET /messages: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.messages as Record<string, any>[];
}

/** Raw rows of a table for a company, by plain SQL (other plugins' tables are not imported). */
export async function rows(t: TestKernel, table: string, companyId: number) {
  const res = await t.kernel.database.client.execute({ sql: `SELECT * FROM ${table} WHERE company_id = ? ORDER BY id`, args: [companyId] });
  return res.rows as unknown as Record<string, any>[];
}
