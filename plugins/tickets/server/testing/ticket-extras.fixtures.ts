import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import { createConnection } from "./tickets.fixtures.ts";

let counter = 0;

/**
 * A live ticket of the token's company, made the way channels make them (the inbound
 * service), from a fresh number. Returns the ids the notes and ticket-tags routes take.
 */
export async function createTicket(t: TestKernel, token: string, companyId: number, number?: string) {
  counter += 1;
  const connection = await createConnection(t, token, { channel: "api", webhookUrl: "http://127.0.0.1:9/hook" });
  const receive = t.kernel.services.require("tickets.receive");
  const result = await receive({
    companyId,
    whatsappId: connection.id,
    providerId: `fixture-${counter}-${Date.now()}`,
    from: { number: number ?? `55119${String(70000000 + counter).padStart(8, "0")}`, name: `Cliente ${counter}` },
    body: "Olá",
  });
  return { ticketId: result.ticket.id, contactId: result.contact.id, whatsappId: connection.id };
}

/** A tag of the token's company. */
export async function createTag(t: TestKernel, token: string, name = `Etapa ${++counter}`) {
  const res = await t.call("POST", "/tags", { token, body: { name, kanban: 1 } });
  if (res.status !== 200) throw new Error(`tag: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; color: string };
}
