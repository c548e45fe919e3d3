import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/**
 * An open ticket of B's contact with a message (messages, ticket_logs), a note, a ticket tag,
 * and B's admin's ticket-list width (ticket_list_preferences) and farewell
 * (user_farewell_messages, written by PUT /users through tickets.setFarewellMessage). The
 * message is only queued for delivery: the proof's kernel runs no jobs, so nothing leaves.
 */
const seed: TenancySeed = async (b) => {
  const contact = (await b.call("GET", "/contacts")).body.contacts[0];
  const [zap] = (await b.call("GET", "/whatsapp")).body;
  const queue = (await b.call("GET", "/queue")).body[0];
  const ticket = await b.call("POST", "/tickets", { contactId: contact.id, whatsappId: zap.id, queueId: queue.id, userId: b.adminId, status: "open" });
  await b.call("POST", `/messages/${ticket.body.id}`, { body: `${b.mark} message` });
  await b.call("POST", "/ticket-notes", { note: `${b.mark} note`, ticketId: ticket.body.id, contactId: contact.id });
  const tag = (await b.call("GET", "/tags")).body.tags[0];
  await b.call("PUT", `/ticket-tags/${ticket.body.id}/${tag.id}`);
  await b.call("PUT", `/users/toggleChangeWidht/${b.adminId}`, { defaultTicketsManagerWidth: 640 });
  await b.call("PUT", `/users/${b.adminId}`, { farewellMessage: `${b.mark} farewell` });
};
export default seed;
