import { describe, expect, it } from "vitest";
import { cleanTxid, crc16, emvField, formatAmount, parseEmv, plainText, staticPixCode } from "../shared/br-code.ts";

describe("static PIX BR Code (EMV MPM)", () => {
  it("CRC16-CCITT-FALSE: the standard check value and a published BR Code's own CRC", () => {
    // The algorithm's catalogue check value (CRC-16/CCITT-FALSE of "123456789").
    expect(crc16("123456789")).toBe("29B1");
    const code = staticPixCode({ key: "pix@example.com", name: "Atendechat", city: "Sao Paulo", amount: 49, txid: "FAT1" });
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
  });

  it("reproduces the Central Bank's manual example byte for byte (static code, no amount, CRC 1D3D)", () => {
    const expected = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
    expect(staticPixCode({ key: "123e4567-e12b-12d1-a456-426655440000", name: "Fulano de Tal", city: "BRASILIA", amount: 0 })).toBe(expected);
  });

  it("writes the fields in order with two-digit lengths, the PIX GUI, BRL, BR, the amount and the txid", () => {
    const code = staticPixCode({ key: "12345678909", name: "Atendechat Ltda", city: "Belo Horizonte", amount: 99.9, txid: "fat12x0abc" });
    const fields = parseEmv(code);
    expect([...fields.keys()]).toEqual(["00", "26", "52", "53", "54", "58", "59", "60", "62", "63"]);
    expect(fields.get("00")).toBe("01");
    expect(parseEmv(fields.get("26")!)).toEqual(
      new Map([
        ["00", "br.gov.bcb.pix"],
        ["01", "12345678909"],
      ]),
    );
    expect(fields.get("52")).toBe("0000");
    expect(fields.get("53")).toBe("986");
    expect(fields.get("54")).toBe("99.90");
    expect(fields.get("58")).toBe("BR");
    expect(fields.get("59")).toBe("Atendechat Ltda");
    expect(fields.get("60")).toBe("Belo Horizonte");
    expect(parseEmv(fields.get("62")!).get("05")).toBe("fat12x0abc");
    expect(fields.get("63")).toMatch(/^[0-9A-F]{4}$/);
    // The CRC covers everything up to and including "6304".
    expect(code.slice(-8, -4)).toBe("6304");
    expect(fields.get("63")).toBe(crc16(code.slice(0, -4)));
  });

  it("keeps the limits: name 25, city 15, txid 25 letters and digits, no accents", () => {
    const code = staticPixCode({
      key: "+5511999998888",
      name: "Comércio de Atendimento São João Ltda",
      city: "São José dos Campos",
      amount: 1,
      txid: `fatura-12_x/é9${"a".repeat(40)}`,
    });
    const fields = parseEmv(code);
    expect(fields.get("59")).toBe("Comercio de Atendimento S");
    expect(fields.get("59")!.length).toBeLessThanOrEqual(25);
    expect(fields.get("60")).toBe("Sao Jose dos Ca");
    const txid = parseEmv(fields.get("62")!).get("05")!;
    expect(txid).toMatch(/^[A-Za-z0-9]{1,25}$/);
    expect(txid.startsWith("fatura12x9")).toBe(true);
    expect(plainText("Ação & Cia.", 25)).toBe("Acao & Cia.");
  });

  it("an empty txid is ***; no amount leaves field 54 out", () => {
    expect(cleanTxid("")).toBe("***");
    const fields = parseEmv(staticPixCode({ key: "pix@example.com", name: "A", city: "B", amount: 0 }));
    expect(fields.has("54")).toBe(false);
    expect(parseEmv(fields.get("62")!).get("05")).toBe("***");
  });

  it("formats amounts with a dot and two decimals, rounding cents", () => {
    expect(formatAmount(49)).toBe("49.00");
    expect(formatAmount(1234.5)).toBe("1234.50");
    expect(formatAmount(0.1 + 0.2)).toBe("0.30");
  });

  it("refuses what EMV cannot carry", () => {
    expect(() => emvField("1", "x")).toThrow();
    expect(() => emvField("01", "x".repeat(100))).toThrow();
    expect(() => staticPixCode({ key: "", name: "A", city: "B", amount: 1 })).toThrow();
    expect(() => staticPixCode({ key: "k".repeat(78), name: "A", city: "B", amount: 1 })).toThrow();
    expect(() => parseEmv("0002")).toThrow();
  });
});
