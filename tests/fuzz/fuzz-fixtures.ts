import { createCompanyWithAdmin } from "../support/fixtures.ts";
import type { TestKernel } from "../support/test-kernel.ts";

/** Who calls: a company admin, the platform's super user, nobody, or an API channel connection. */
export interface Principal {
  name: "admin" | "super" | "anonymous" | "channel";
  token: string | null;
  /** Ids of real records this principal's company owns, by kind. */
  ids: Record<string, number>;
  /** The ticket's uuid and the principal's e-mail, for string path parameters. */
  ticketUuid: string;
  email: string;
}

export interface FuzzWorld {
  principals: Principal[];
  /** The API channel connection's token: the bearer of /channels/api/inbound and /events. */
  channelToken: string;
}

async function must(t: TestKernel, method: string, path: string, token: string, body?: unknown): Promise<Record<string, any>> {
  const res = await t.call(method, path, { token, body });
  if (res.status >= 300) throw new Error(`fixture ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** One of each record the routes take ids of, in the token's company, through the API. */
async function recordsOf(t: TestKernel, token: string, tag: string): Promise<{ ids: Record<string, number>; ticketUuid: string; channelToken: string }> {
  const contact = await must(t, "POST", "/contacts", token, { name: `Fuzz contact ${tag}`, number: `55119${tag === "a" ? "1" : "2"}0000001` });
  const tagRow = await must(t, "POST", "/tags", token, { name: `Fuzz tag ${tag}` });
  const queue = await must(t, "POST", "/queue", token, {
    name: `Fuzz queue ${tag}`,
    color: tag === "a" ? "#112233" : "#445566",
    chatbots: [{ name: "Fuzz option", greetingMessage: "hi" }],
  });
  const quick = await must(t, "POST", "/quick-messages", token, { shortcode: `fuzz-${tag}`, message: "hello" });
  const user = await must(t, "POST", "/users", token, { name: `Fuzz user ${tag}`, email: `fuzz-user-${tag}@example.com`, password: "Secret123", profile: "user" });
  const connection = await must(t, "POST", "/whatsapp", token, { name: `Fuzz api ${tag}`, channel: "api", webhookUrl: "http://127.0.0.1:9/fuzz" });
  const inbound = await must(t, "POST", "/channels/api/inbound", connection.token, {
    id: `fuzz-${tag}-1`,
    number: `55119${tag === "a" ? "3" : "4"}0000001`,
    name: "Cliente",
    body: "Olá, tudo bem?",
  });
  const note = await must(t, "POST", "/ticket-notes", token, { note: "fuzz note", ticketId: inbound.ticketId, contactId: inbound.contactId });
  const fullQueue = await must(t, "GET", `/queue/${queue.id}`, token);
  return {
    ids: {
      contact: contact.id,
      tag: tagRow.id,
      queue: queue.id,
      chatbot: fullQueue.chatbots?.[0]?.id ?? 1,
      quickMessage: quick.id,
      user: user.id,
      connection: connection.id,
      ticket: inbound.ticketId,
      message: inbound.messageId,
      customer: inbound.contactId,
      note: note.id,
      delivery: 1,
    },
    ticketUuid: inbound.ticketUuid,
    channelToken: connection.token,
  };
}

/**
 * The fuzz run's world on a fresh kernel: an admin of a normal company and the super
 * user, each with one record of every kind; the super user also owns a spare plan,
 * company, announcement and help, so destructive calls hit real rows without taking
 * away the principals' own company.
 */
export async function createFuzzWorld(t: TestKernel): Promise<FuzzWorld> {
  const company = await createCompanyWithAdmin(t, "Fuzz company");
  const admin = await recordsOf(t, company.token, "a");
  const root = await t.login();
  const platform = await recordsOf(t, root.token, "s");
  const plan = await must(t, "POST", "/plans", root.token, { name: "Fuzz plan" });
  const spare = await must(t, "POST", "/companies", root.token, { name: "Fuzz spare", email: "fuzz-spare@example.com", planId: plan.id, password: "Secret123" });
  const announcement = await must(t, "POST", "/announcements", root.token, { title: "Fuzz", text: "Fuzz news" });
  const help = await must(t, "POST", "/helps", root.token, { title: "Fuzz help" });
  return {
    channelToken: admin.channelToken,
    principals: [
      { name: "admin", token: company.token, ids: { ...admin.ids, company: company.company.id }, ticketUuid: admin.ticketUuid, email: company.email },
      {
        name: "super",
        token: root.token,
        ids: { ...platform.ids, company: spare.id, plan: plan.id, announcement: announcement.id, help: help.id },
        ticketUuid: platform.ticketUuid,
        email: String(root.user.email),
      },
      { name: "anonymous", token: null, ids: admin.ids, ticketUuid: admin.ticketUuid, email: company.email },
    ],
  };
}

/** Which record a path's id parameter names, from the parameter and the path's first segment. */
const KIND_BY_PARAM: Record<string, string> = {
  ticketId: "ticket",
  messageId: "message",
  contactId: "contact",
  userId: "user",
  companyId: "company",
  tagId: "tag",
};
const KIND_BY_SEGMENT: Record<string, string> = {
  users: "user",
  tags: "tag",
  contacts: "contact",
  queue: "queue",
  chatbot: "chatbot",
  "quick-messages": "quickMessage",
  tickets: "ticket",
  messages: "message",
  whatsapp: "connection",
  "whatsapp-admin": "connection",
  whatsappsession: "connection",
  closedimported: "connection",
  companies: "company",
  companySettings: "company",
  plans: "plan",
  announcements: "announcement",
  helps: "help",
  "ticket-notes": "note",
  channels: "delivery",
};

/** A real value for a path parameter (an id of the principal's records, or a plausible string). */
export function realParam(path: string, param: string, who: Principal): string {
  const kind = KIND_BY_PARAM[param] ?? KIND_BY_SEGMENT[path.split("/")[1] ?? ""];
  if (kind && who.ids[kind] !== undefined) return String(who.ids[kind]);
  const strings: Record<string, string> = {
    uuid: who.ticketUuid,
    ticketUuid: who.ticketUuid,
    email: who.email,
    key: "userCreation",
    token: "123456",
    newPassword: "Secret123",
    file: "fuzz.ogg",
    number: "5511988887777",
  };
  return encodeURIComponent(strings[param] ?? "1");
}
