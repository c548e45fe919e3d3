import { createCipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { proto } from "@whiskeysockets/baileys";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rows, type WaHarness, waHarness } from "./message-layer.fixtures.ts";
import { CUSTOMER_JID, payloads, waMessage } from "./wa-payloads.fixtures.ts";

/**
 * Votes encrypted the way a WhatsApp phone does (the poll's secret, bound to the poll id,
 * its creator and the voter; AES-256-GCM with the tag appended), written from the scheme
 * Baileys' decryptPollVote reverses.
 */
function encryptVote(options: string[], ctx: { pollId: string; creator: string; voter: string; secret: Uint8Array }) {
  const plain = proto.Message.PollVoteMessage.encode({ selectedOptions: options.map((o) => createHash("sha256").update(o).digest()) }).finish();
  const sign = Buffer.concat([Buffer.from(ctx.pollId), Buffer.from(ctx.creator), Buffer.from(ctx.voter), Buffer.from("Poll Vote"), new Uint8Array([1])]);
  const key0 = createHmac("sha256", new Uint8Array(32)).update(ctx.secret).digest();
  const key = createHmac("sha256", key0).update(sign).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`${ctx.pollId}\u0000${ctx.voter}`));
  const encPayload = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return { encPayload, encIv: iv };
}

const voteMessage = (pollId: string, vote: ReturnType<typeof encryptVote>, e: { fromMe?: boolean } = {}) =>
  waMessage({ pollUpdateMessage: { pollCreationMessageKey: { remoteJid: CUSTOMER_JID, fromMe: false, id: pollId }, vote, senderTimestampMs: Date.now() } }, e);

let h: WaHarness;
beforeEach(async () => {
  h = await waHarness();
});
afterEach(() => h.t.close());

const pollRow = async () => (await rows(h.t, "messages", h.admin.companyId)).find((m) => m.body.startsWith("📊"));

describe("poll votes", () => {
  it("votes from the customer and from the phone are decrypted and counted on the stored poll; a changed vote moves", async () => {
    const poll = waMessage(payloads.poll("Qual horário?", ["Manhã", "Tarde"]));
    await h.deliver([poll]);
    const secret = poll.message!.messageContextInfo!.messageSecret!;
    const ctx = { pollId: poll.key.id!, creator: CUSTOMER_JID, secret };

    await h.deliver([voteMessage(poll.key.id!, encryptVote(["Tarde"], { ...ctx, voter: CUSTOMER_JID }))]);
    const me = "5511900000001@s.whatsapp.net";
    await h.deliver([voteMessage(poll.key.id!, encryptVote(["Tarde"], { ...ctx, voter: me }), { fromMe: true })]);
    let stored = await pollRow();
    expect(stored?.body).toBe("📊 Enquete: Qual horário?\n1. Manhã — 0 votos\n2. Tarde — 2 votos");
    expect(JSON.parse(stored!.dataJson!)).toMatchObject({ poll: { votes: [0, 2], voters: 2 } });
    expect(stored?.isEdited).toBe(false);

    // The customer changes their mind; the votes never became messages of their own.
    await h.deliver([voteMessage(poll.key.id!, encryptVote(["Manhã"], { ...ctx, voter: CUSTOMER_JID }))]);
    stored = await pollRow();
    expect(stored?.body).toBe("📊 Enquete: Qual horário?\n1. Manhã — 1 voto\n2. Tarde — 1 voto");
    expect(await rows(h.t, "messages", h.admin.companyId)).toHaveLength(1);
  });

  it("the poll's secret is sealed at rest; a vote that does not decrypt or names an unknown poll changes nothing", async () => {
    const poll = waMessage(payloads.poll("Sim ou não?", ["Sim", "Não"]));
    await h.deliver([poll]);
    const [row] = await rows(h.t, "whatsapp_polls", h.admin.companyId);
    expect(row!.secret).toMatch(/^v1\./);

    const forged = encryptVote(["Sim"], { pollId: poll.key.id!, creator: CUSTOMER_JID, voter: CUSTOMER_JID, secret: new Uint8Array(32).fill(9) });
    await h.deliver([voteMessage(poll.key.id!, forged), voteMessage("3EB0UNKNOWNPOLL", forged)]);
    const stored = await pollRow();
    expect(stored?.body).toBe("📊 Enquete: Sim ou não?\n1. Sim\n2. Não");
    expect(await rows(h.t, "messages", h.admin.companyId)).toHaveLength(1);
  });
});
