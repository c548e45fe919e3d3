import { describe, expect, it } from "vitest";
import { checkNumber, formatNumber, isMasked, looksLikeGroupId, maskNumber, normalizeNumber } from "../shared/phone.ts";

describe("normalizeNumber", () => {
  it("keeps digits only", () => {
    expect(normalizeNumber("+55 (11) 98765-4321")).toBe("5511987654321");
    expect(normalizeNumber(" 1-202-555-0143 ")).toBe("12025550143");
  });
  it("adds the ninth digit to a 12-digit Brazilian mobile (first local digit 6–9)", () => {
    for (const first of ["6", "7", "8", "9"]) expect(normalizeNumber(`5511${first}8765432`)).toBe(`55119${first}8765432`);
    expect(normalizeNumber("+55 (21) 8765-4321")).toBe("5521987654321");
  });
  it("leaves Brazilian landlines (first local digit 2–5) alone", () => {
    for (const first of ["2", "3", "4", "5"]) expect(normalizeNumber(`5511${first}2345678`)).toBe(`5511${first}2345678`);
  });
  it("leaves numbers that already have 13 digits, other lengths and other countries alone", () => {
    expect(normalizeNumber("5511987654321")).toBe("5511987654321");
    expect(normalizeNumber("551198765432")).toBe("5511998765432");
    expect(normalizeNumber("55119876543")).toBe("55119876543");
    expect(normalizeNumber("351912345678")).toBe("351912345678");
    expect(normalizeNumber("11987654321")).toBe("11987654321");
  });
  it("does not invent an area code starting with 0", () => {
    expect(normalizeNumber("550198765432")).toBe("550198765432");
  });
  it("leaves group ids untouched when isGroup", () => {
    expect(normalizeNumber("120363025246125486-1634", true)).toBe("120363025246125486-1634");
    expect(normalizeNumber(" 120363025246125486@g.us ", true)).toBe("120363025246125486@g.us");
  });
  it("recognises group ids", () => {
    expect(looksLikeGroupId("120363025246125486@g.us")).toBe(true);
    expect(looksLikeGroupId("5511987654321-1634567890")).toBe(true);
    expect(looksLikeGroupId("5511987654321")).toBe(false);
  });
});

describe("formatNumber", () => {
  it("masks 13 and 12 Brazilian digits", () => {
    expect(formatNumber("5511987654321")).toBe("+55 (11) 98765-4321");
    expect(formatNumber("551132654321")).toBe("+55 (11) 3265-4321");
  });
  it("shows anything else as it is", () => {
    expect(formatNumber("12025550143")).toBe("12025550143");
    expect(formatNumber("55119876")).toBe("55119876");
    expect(formatNumber("120363025246125486@g.us")).toBe("120363025246125486@g.us");
  });
  it("formats an LGPD-masked number too", () => {
    expect(formatNumber(maskNumber("5511987654321"))).toBe("+55 (11) *****-4321");
  });
});

describe("maskNumber", () => {
  it("keeps country, area code and the last four digits of a Brazilian number", () => {
    expect(maskNumber("5511987654321")).toBe("5511*****4321");
    expect(maskNumber("551132654321")).toBe("5511****4321");
  });
  it("keeps only the ends of other numbers", () => {
    expect(maskNumber("12025550143")).toBe("12*******43");
    expect(maskNumber("1234567")).toBe("1****67");
    expect(maskNumber("1234")).toBe("****");
    expect(maskNumber("")).toBe("");
  });
  it("never shows the whole number", () => {
    for (const n of ["5511987654321", "12025550143", "120363025246125486@g.us"]) {
      expect(maskNumber(n)).not.toBe(n);
      expect(isMasked(maskNumber(n))).toBe(true);
    }
  });
});

describe("checkNumber", () => {
  it("answers the stored form, or the contact form's message", () => {
    expect(checkNumber("+55 (11) 8765-4321")).toEqual({ number: "5511987654321" });
    expect(checkNumber("  ")).toEqual({ error: "Required" });
    expect(checkNumber("1234-56")).toEqual({ error: "Too Short!" });
    expect(checkNumber("1".repeat(51))).toEqual({ error: "Too Long!" });
    expect(checkNumber("120363025246125486-1634", true)).toEqual({ number: "120363025246125486-1634" });
  });
  it("strict (spreadsheets) refuses masked numbers, scientific notation and letters that the form would only clean", () => {
    for (const raw of ["5511*****4321", "5.5119E+12", "tel 11 98765 4321", "5511987654321 ramal 2"])
      expect(checkNumber(raw, false, true), raw).toEqual({ error: "Invalid number" });
    // The contact form keeps its cleaning: only spreadsheets are strict.
    expect(checkNumber("tel 11 98765 4321")).toEqual({ number: "11987654321" });
    expect(checkNumber("+55 (11) 98765-4321", false, true)).toEqual({ number: "5511987654321" });
    expect(checkNumber("55.11.98765.4321", false, true)).toEqual({ number: "5511987654321" });
  });
});
