import { describe, expect, it } from "vitest";
import { formatNumber, maskNumber, normalizeNumber } from "../shared/phone.ts";

// The web shows what the server stores through the same pure module (spec 000 §5, §6).
describe("number masks in the web", () => {
  it("shows 13 and 12 Brazilian digits with the masks", () => {
    expect(formatNumber("5511987654321")).toBe("+55 (11) 98765-4321");
    expect(formatNumber("551132654321")).toBe("+55 (11) 3265-4321");
  });
  it("shows an LGPD-masked number from the server in the same mask", () => {
    expect(formatNumber("5511*****4321")).toBe("+55 (11) *****-4321");
    expect(formatNumber(maskNumber("551132654321"))).toBe("+55 (11) ****-4321");
  });
  it("leaves foreign numbers and groups as they are", () => {
    expect(formatNumber("12025550143")).toBe("12025550143");
    expect(formatNumber("120363025246125486@g.us")).toBe("120363025246125486@g.us");
  });
  it("normalises what is typed the way the server does", () => {
    expect(normalizeNumber("+55 (11) 8765-4321")).toBe("5511987654321");
  });
});
