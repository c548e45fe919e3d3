import { describe, expect, it } from "vitest";
import { apiQuickMessage } from "../test-data.ts";
import { matchQuickMessages, quickReplyQuery } from "./quick-reply-flash.tsx";

const LONG = `Nosso horário de atendimento é de segunda a sexta, das 8h às 18h, e aos sábados das 8h às 12h. ${"Obrigado! ".repeat(5)}`;
const replies = [
  apiQuickMessage(1, "oi", { message: "Olá! Como posso ajudar?" }),
  apiQuickMessage(2, "horario", { message: LONG }),
  apiQuickMessage(3, "boleto", { message: "Segue o boleto", mediaName: "boleto_maio.pdf", mediaPath: "b.pdf", mediaUrl: "/public/company2/b.pdf" }),
];

describe("quick-reply flash: rules", () => {
  it("opens only for a slash at the start of a one-line message", () => {
    expect(quickReplyQuery("/oi")).toBe("oi");
    expect(quickReplyQuery("/")).toBe("");
    expect(quickReplyQuery("oi /x")).toBeNull();
    expect(quickReplyQuery("/a\nb")).toBeNull();
  });
  it("filters by shortcode, then by text, ignoring case", () => {
    expect(matchQuickMessages(replies, "BOL").map((m) => m.id)).toEqual([3]);
    expect(matchQuickMessages(replies, "ajudar").map((m) => m.id)).toEqual([1]);
    expect(matchQuickMessages(replies, "o").map((m) => m.id)).toEqual([1, 2, 3]);
    expect(matchQuickMessages(replies, "").map((m) => m.id)).toEqual([1, 2, 3]);
  });
});
