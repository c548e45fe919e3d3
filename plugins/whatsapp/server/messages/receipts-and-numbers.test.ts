import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import { eventually, rows, type WaHarness, waHarness } from "./message-layer.fixtures.ts";
import { CUSTOMER_JID, GROUP_ID, payloads, waMessage } from "./wa-payloads.fixtures.ts";

let h: WaHarness;
beforeEach(async () => {
  h = await waHarness();
});
afterEach(() => h.t.close());

describe("read receipts", () => {
  it("opening the ticket sends WhatsApp read receipts for the unread inbound messages, once", async () => {
    const a = waMessage(payloads.text("um"));
    const b = waMessage(payloads.text("dois"));
    const own = waMessage(payloads.text("do celular"), { fromMe: true });
    await h.deliver([a, b, own]);
    const [ticket] = await rows(h.t, "tickets", h.admin.companyId);
    expect((await h.t.call("GET", `/messages/${ticket!.uuid}`, { token: h.admin.token })).status).toBe(200);
    await eventually(() => h.socket.read.length === 2);
    expect(h.socket.read).toEqual([
      { remoteJid: CUSTOMER_JID, id: a.key.id, fromMe: false },
      { remoteJid: CUSTOMER_JID, id: b.key.id, fromMe: false },
    ]);
    // nothing new: a second read sends nothing
    await h.t.call("GET", `/messages/${ticket!.uuid}`, { token: h.admin.token });
    await h.t.kernel.bus.emit("tickets.ticket.read", { companyId: h.admin.companyId, ticketId: ticket!.id, whatsappId: h.connection.id, contactId: ticket!.contactId });
    expect(h.socket.read).toHaveLength(2);
  });

  it("without a connected session, or when WhatsApp fails, nothing throws and the receipts wait for the next read", async () => {
    await h.deliver([waMessage(payloads.text("oi"))]);
    const [ticket] = await rows(h.t, "tickets", h.admin.companyId);
    const read = { companyId: h.admin.companyId, ticketId: ticket!.id, whatsappId: h.connection.id, contactId: ticket!.contactId };
    h.sessions.close(h.connection.id);
    await h.t.kernel.bus.emit("tickets.ticket.read", read);
    expect(h.socket.read).toHaveLength(0);
    const socket = h.sessions.open(h.admin.companyId, h.connection.id);
    vi.spyOn(socket, "readMessages").mockRejectedValueOnce(new Error("socket closed"));
    await h.t.kernel.bus.emit("tickets.ticket.read", read);
    expect(socket.read).toHaveLength(0);
    await h.t.kernel.bus.emit("tickets.ticket.read", read);
    expect(socket.read).toHaveLength(1);
  });
});

describe("number check (POST /contacts) and profile pictures", () => {
  it("a customer who writes without a picture gets theirs in the background, asked once", async () => {
    h.socket.pictures.set(CUSTOMER_JID, "https://pps.whatsapp.net/v/t61/customer.jpg");
    const asked = vi.spyOn(h.socket, "profilePictureUrl");
    await h.deliver([waMessage(payloads.text("oi"))]);
    await eventually(async () => (await rows(h.t, "contacts", h.admin.companyId))[0]?.urlPicture === "https://pps.whatsapp.net/v/t61/customer.jpg");
    await h.deliver([waMessage(payloads.text("de novo"))]);
    expect(asked).toHaveBeenCalledTimes(1);
    // From the phone itself, nothing is asked.
    await h.deliver([waMessage(payloads.text("do celular"), { fromMe: true, chat: "5521977776666@s.whatsapp.net" })]);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it("a number on WhatsApp is saved as WhatsApp spells it; one that is not is refused with ERR_WAPP_INVALID_CONTACT", async () => {
    h.socket.onWhatsAppNumbers.add("5511912345678");
    const ok = await h.t.call("POST", "/contacts", { token: h.admin.token, body: { name: "Existe", number: "+55 (11) 91234-5678" } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.number).toBe("5511912345678");
    const bad = await h.t.call("POST", "/contacts", { token: h.admin.token, body: { name: "Não existe", number: "5511900001111" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("ERR_WAPP_INVALID_CONTACT");
  });

  it("a company without a connected session keeps the number as typed", async () => {
    const other = await createCompanyWithAdmin(h.t, "Sem sessão");
    const res = await h.t.call("POST", "/contacts", { token: other.token, body: { name: "Livre", number: "5511900001111" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.number).toBe("5511900001111");
  });

  it("GET /contacts/profile/{number} stores the WhatsApp picture; none or a failure keeps what is stored", async () => {
    h.socket.pictures.set("5511912345678@s.whatsapp.net", "https://pps.whatsapp.net/v/t61/pic.jpg");
    const res = await h.t.call("GET", "/contacts/profile/5511912345678", { token: h.admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.urlPicture).toBe("https://pps.whatsapp.net/v/t61/pic.jpg");
    const none = await h.t.call("GET", "/contacts/profile/5511955556666", { token: h.admin.token });
    expect(none.body.urlPicture).toBe("");
    vi.spyOn(h.socket, "profilePictureUrl").mockRejectedValueOnce(new Error("item-not-found"));
    const failing = await h.t.call("GET", "/contacts/profile/5511912345678", { token: h.admin.token });
    expect(failing.status).toBe(200);
    expect(failing.body.urlPicture).toBe("https://pps.whatsapp.net/v/t61/pic.jpg");
  });

  it("services answer undefined without a session, and group pictures are asked for <id>@g.us", async () => {
    const check = h.t.kernel.services.require("channels.checkNumber");
    const picture = h.t.kernel.services.require("channels.profilePicture");
    const other = await createCompanyWithAdmin(h.t, "Outra");
    expect(await check(other.company.id, "5511912345678")).toBeUndefined();
    expect(await picture(other.company.id, "5511912345678")).toBeUndefined();
    const asked = vi.spyOn(h.socket, "profilePictureUrl");
    await picture(h.admin.companyId, `${GROUP_ID}-1600000000`);
    expect(asked).toHaveBeenCalledWith(`${GROUP_ID}-1600000000@g.us`, "image");
    vi.spyOn(h.socket, "onWhatsApp").mockRejectedValueOnce(new Error("timeout"));
    expect(await check(h.admin.companyId, "5511912345678")).toBeUndefined();
  });
});
