import { describe, expect, it } from "vitest";
import { parseReply } from "./reply.ts";

const names = ["Vendas", "Suporte Técnico"];

describe("reading a menu reply", () => {
  it("picks by number, the way people type it", () => {
    for (const body of ["2", " 2 ", "*2*", "2.", "2)", "02"]) expect(parseReply(body, names)).toEqual({ kind: "pick", index: 1 });
  });

  it("picks by name, ignoring case and accents", () => {
    expect(parseReply("suporte tecnico", names)).toEqual({ kind: "pick", index: 1 });
    expect(parseReply("VENDAS", names)).toEqual({ kind: "pick", index: 0 });
  });

  it("reads 0 as back and # as start", () => {
    expect(parseReply("0", names)).toEqual({ kind: "back" });
    expect(parseReply(" # ", names)).toEqual({ kind: "start" });
  });

  it("anything else is invalid: out of range, free text, empty, a number inside a sentence", () => {
    for (const body of ["3", "", "   ", "quero o 2", "1 2", "-1", "1e1"]) expect(parseReply(body, names)).toEqual({ kind: "invalid" });
  });
});
