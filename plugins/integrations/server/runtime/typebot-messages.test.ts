import { describe, expect, it } from "vitest";
import { MAX_MESSAGES, readTurn } from "./typebot-messages.ts";

const bubble = (text: string) => ({ type: "text", content: { type: "richText", richText: [{ type: "p", children: [{ text }] }] } });

describe("a Typebot answer as it goes out", () => {
  it("a flow of 500 messages sends the first 50, in order, then its choices", () => {
    const turn = readTurn({
      messages: Array.from({ length: 500 }, (_, i) => bubble(`m${i}`)),
      input: { id: "c", type: "choice input", items: [{ content: "Sim" }] },
    });
    expect(turn.items.length).toBe(MAX_MESSAGES + 1);
    expect(turn.texts.slice(0, 2)).toEqual(["m0", "m1"]);
    expect(turn.texts[MAX_MESSAGES - 1]).toBe(`m${MAX_MESSAGES - 1}`);
  });

  it("nonsense is no message, never a throw", () => {
    for (const answer of [null, 7, "x", { messages: "no" }, { messages: [null, 3, { type: "text" }] }]) expect(readTurn(answer).items).toEqual([]);
  });
});
