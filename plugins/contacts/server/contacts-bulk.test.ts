import { describe, expect, it } from "vitest";
import { checkBulkRow } from "./contacts-bulk.ts";
import { ContactInput } from "./contacts.schemas.ts";

const number = "5511987654321";

describe("checkBulkRow: a spreadsheet row under the contact form's rules", () => {
  it("trims cells, lowercases the e-mail, and takes an empty name or e-mail as none", () => {
    expect(
      checkBulkRow({
        number,
        name: "  Ana  ",
        email: " ANA@X.COM ",
        extraInfo: [
          { name: " Cidade ", value: " Santos " },
          { name: "Vazio", value: " " },
        ],
      }),
    ).toEqual({
      ok: true,
      number,
      name: "Ana",
      email: "ana@x.com",
      extraInfo: [{ name: "Cidade", value: "Santos" }],
    });
    expect(checkBulkRow({ number, name: " ", email: " " })).toMatchObject({ ok: true, name: "", email: "" });
  });

  it("refuses a field with the message the contact form gives for the same value", () => {
    const cases: [string, { name?: string; email?: string }][] = [
      ["name", { name: "A" }],
      ["name", { name: "N".repeat(51) }],
      ["email", { email: "bia@" }],
      ["email", { email: `${"x".repeat(150)}@x.com` }],
    ];
    for (const [field, cells] of cases) {
      const form = ContactInput.safeParse({ name: "Ana", number, ...cells });
      const formMessage = form.error?.issues.find((i) => i.path[0] === field)?.message;
      expect(formMessage).toBeTruthy();
      expect(checkBulkRow({ number, ...cells })).toEqual({ ok: false, field, message: formMessage });
    }
  });

  it("refuses extra info longer than the form takes, naming the entry", () => {
    expect(checkBulkRow({ number, extraInfo: [{ name: "Cidade", value: "x".repeat(1001) }] })).toEqual({ ok: false, field: "Cidade", message: "Too Long!" });
    expect(checkBulkRow({ number, extraInfo: [{ name: "k".repeat(101), value: "x" }] })).toEqual({ ok: false, field: "k".repeat(101), message: "Too Long!" });
  });
});
