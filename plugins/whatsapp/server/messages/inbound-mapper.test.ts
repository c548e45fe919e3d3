import { proto } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { cardOf, fileNameFor, mapMessage } from "./inbound-mapper.ts";
import { digitsOf, isIgnoredChat, isLidJid, isPnJid, jidOfContact, parseJid } from "./jid.ts";
import { waMessageId } from "./message-id.ts";
import { renderInteractive, vcardOf } from "./outbound-content.ts";
import { ackOfStatus, millisOf, PROTOCOL_MESSAGE_EDIT, PROTOCOL_REVOKE, STATUS, STUB_REVOKE } from "./wa-constants.ts";
import { payloads, waMessage } from "./wa-payloads.fixtures.ts";

describe("wa-constants match WAProto", () => {
  it("enum values and ack mapping", () => {
    expect(PROTOCOL_REVOKE).toBe(proto.Message.ProtocolMessage.Type.REVOKE);
    expect(PROTOCOL_MESSAGE_EDIT).toBe(proto.Message.ProtocolMessage.Type.MESSAGE_EDIT);
    expect(STUB_REVOKE).toBe(proto.WebMessageInfo.StubType.REVOKE);
    expect(STATUS).toEqual({ ERROR: 0, PENDING: 1, SERVER_ACK: 2, DELIVERY_ACK: 3, READ: 4, PLAYED: 5 });
    expect(Object.fromEntries(Object.entries(STATUS).map(([k]) => [k, proto.WebMessageInfo.Status[k as keyof typeof STATUS]]))).toEqual(STATUS);
    expect([0, 1, 2, 3, 4, 5, 6, "READ", null].map(ackOfStatus)).toEqual([null, null, 1, 2, 3, 4, null, 3, null]);
    expect(millisOf({ toString: () => "1700000000" })).toBe(1_700_000_000_000);
    expect(millisOf(undefined)).toBeUndefined();
  });

  it("the fixtures are valid protobuf messages (WAProto encodes and decodes them unchanged)", () => {
    for (const content of [
      payloads.reply("x", "ID1"),
      payloads.image("c"),
      payloads.document("a.pdf", "cap"),
      payloads.poll("q", ["a", "b"]),
      payloads.edit("ID2", "novo"),
      payloads.fromAd("oi"),
    ]) {
      const decoded = proto.Message.decode(proto.Message.encode(content).finish());
      expect(mapMessage({ message: decoded })).toEqual(mapMessage({ message: content }));
    }
  });
});

describe("mapMessage", () => {
  const map = (content: proto.IMessage) => mapMessage(waMessage(content));

  it("edits and revokes are changes, not messages", () => {
    expect(map(payloads.edit("ABC", "texto novo"))).toEqual({ kind: "edit", targetId: "ABC", body: "texto novo" });
    expect(map(payloads.revoke("DEF"))).toEqual({ kind: "revoke", targetId: "DEF" });
    expect(map({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING, ephemeralExpiration: 86400 } }).kind).toBe("ignore");
  });

  it("nested wrappers (ephemeral > view once > image) are unwrapped", () => {
    const mapped = map(payloads.ephemeral(payloads.viewOnce(payloads.image("segredo"))));
    expect(mapped).toMatchObject({ kind: "message", parts: [{ body: "segredo", media: { mimetype: "image/jpeg", fileName: "imagem.jpg", fileLength: 2048 } }] });
  });

  it("messages sent from the owner's other device (deviceSentMessage) show their content", () => {
    expect(map({ deviceSentMessage: { destinationJid: "5511@s.whatsapp.net", message: { conversation: "do desktop" } } })).toMatchObject({ parts: [{ body: "do desktop" }] });
  });

  it("interactive answers and business messages become their text", () => {
    expect(map({ interactiveResponseMessage: { body: { text: "Opção 2" }, nativeFlowResponseMessage: { name: "menu", paramsJson: "{}" } } })).toMatchObject({
      parts: [{ body: "Opção 2" }],
    });
    expect(map({ buttonsMessage: { contentText: "Escolha", footerText: "Loja", buttons: [{ buttonText: { displayText: "Sim" } }] } })).toMatchObject({
      parts: [{ body: "Escolha\nLoja\nSim" }],
    });
    expect(map({ templateMessage: { hydratedTemplate: { hydratedContentText: "Seu pedido saiu" } } })).toMatchObject({ parts: [{ body: "Seu pedido saiu" }] });
  });

  it("empty and silent contents are ignored", () => {
    expect(mapMessage({ message: null }).kind).toBe("ignore");
    expect(map({ conversation: "   " }).kind).toBe("ignore");
    expect(map({ pollUpdateMessage: { pollCreationMessageKey: { id: "P" } } }).kind).toBe("ignore");
    expect(map({ reactionMessage: { text: "👍" } }).kind).toBe("ignore");
  });

  it("a removed reaction keeps its target with an empty emoji", () => {
    expect(map(payloads.reaction("T1", ""))).toMatchObject({
      parts: [{ body: "", mediaType: "reactionMessage", quotedProviderId: "T1", reaction: { targetId: "T1", emoji: "" } }],
    });
  });

  it("vCards: display name or FN, waid or TEL digits", () => {
    expect(cardOf("BEGIN:VCARD\nFN:Zé\nTEL;type=CELL:+55 11 98888-7777\nEND:VCARD")).toEqual({ name: "Zé", number: "5511988887777" });
    expect(cardOf("BEGIN:VCARD\nFN:Zé\nitem1.TEL;waid=5511900000000:+55 11 90000-0000\nEND:VCARD", "José")).toEqual({ name: "José", number: "5511900000000" });
  });

  it("file names carry the extension of the mimetype", () => {
    expect(fileNameFor("audio", "audio/ogg; codecs=opus")).toBe("audio.ogg");
    expect(fileNameFor("doc", "application/vnd.ms-excel")).toBe("doc.xls");
    expect(fileNameFor("img", "image/heic")).toBe("img.heic");
    expect(fileNameFor("doc", "application/x-something-long")).toBe("doc.bin");
    expect(fileNameFor("x", "weird")).toBe("x.bin");
  });
});

describe("jids, ids and outbound text", () => {
  it("parses jids with devices, lids, groups and ignored chats", () => {
    expect(parseJid("5511999990000:12@s.whatsapp.net")).toEqual({ user: "5511999990000", server: "s.whatsapp.net" });
    expect(digitsOf("5511999990000:7@s.whatsapp.net")).toBe("5511999990000");
    expect(isLidJid("123@lid")).toBe(true);
    expect(isPnJid("5511@c.us")).toBe(true);
    expect(["status@broadcast", "1@newsletter", "", "nope"].map(isIgnoredChat)).toEqual([true, true, true, true]);
    expect(jidOfContact("+55 11 99999-0000", false)).toBe("5511999990000@s.whatsapp.net");
    expect(jidOfContact("120363000000000001", true)).toBe("120363000000000001@g.us");
  });

  it("WhatsApp ids are deterministic per provider id", async () => {
    const a = await waMessageId("out-1");
    expect(a).toBe(await waMessageId("out-1"));
    expect(a).not.toBe(await waMessageId("out-2"));
    expect(a).toMatch(/^3EB0[0-9A-F]{18}$/);
  });

  it("interactive payloads are written out; vCards are built with the waid", () => {
    expect(renderInteractive("Acesse\nhttps://x.y", { kind: "url", buttons: [{ type: "cta_url", text: "Abrir", url: "https://x.y" }] })).toBe("Acesse\nhttps://x.y");
    expect(renderInteractive("Ligue", { buttons: [{ type: "cta_call", text: "Me ligue", phoneNumber: "+5511999990000" }] })).toBe("Ligue\nMe ligue: +5511999990000");
    expect(renderInteractive("só texto", null)).toBe("só texto");
    expect(vcardOf("Ana\nX", "+55 11 9")).toBe("BEGIN:VCARD\nVERSION:3.0\nFN:Ana X\nTEL;type=CELL;type=VOICE;waid=55119:+55119\nEND:VCARD");
  });
});
