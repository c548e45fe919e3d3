import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** A schedule naming B's contact, connection, queue and admin, with a file. */
const seed: TenancySeed = async (b) => {
  const contact = (await b.call("GET", "/contacts")).body.contacts[0];
  const [zap] = (await b.call("GET", "/whatsapp")).body;
  const queue = (await b.call("GET", "/queue")).body[0];
  const schedule = await b.call("POST", "/schedules", {
    body: `${b.mark} schedule`,
    contactId: contact.id,
    sendAt: "2099-01-01T09:00:00Z",
    whatsappId: zap.id,
    queueId: queue.id,
    ticketUserId: b.adminId,
    statusTicket: "open",
  });
  const file = new FormData();
  file.append("file", new File([b.mark], "beta.txt", { type: "text/plain" }));
  await b.call("POST", `/schedules/${schedule.body.id}/media-upload`, file);
};
export default seed;
