import { describe, expect, it } from "vitest";
import { maskPhone, phoneDigits, validateSignup, type SignupValues } from "./signup-validation.ts";

const ok: SignupValues = { name: "Ana", email: "ana@example.com", password: "12345", companyName: "Loja", phone: "", planId: "1" };

describe("signup validation rules", () => {
  it("masks a phone as (99) 99999-9999 while typing and keeps digits only", () => {
    expect(maskPhone("1")).toBe("(1");
    expect(maskPhone("119")).toBe("(11) 9");
    expect(maskPhone("1199999")).toBe("(11) 99999");
    expect(maskPhone("11999998888")).toBe("(11) 99999-8888");
    expect(maskPhone("(11) 99999-88889999")).toBe("(11) 99999-8888");
    expect(phoneDigits("(11) 99999-8888")).toBe("11999998888");
  });

  it("accepts a valid form", () => {
    expect(validateSignup(ok)).toEqual({});
    expect(validateSignup({ ...ok, phone: "(11) 99999-8888" })).toEqual({});
  });

  it("applies the lengths: name and company 2..50, password 5..50", () => {
    expect(validateSignup({ ...ok, name: " A ", companyName: "x".repeat(51), password: "1234" })).toEqual({
      name: "validation.tooShort",
      companyName: "validation.tooLong",
      password: "validation.tooShort",
    });
    expect(validateSignup({ ...ok, password: "x".repeat(51) })).toEqual({ password: "validation.tooLong" });
  });

  it("requires name, e-mail, password, company and plan; checks the e-mail and a partial phone", () => {
    expect(validateSignup({ name: "", email: "", password: "", companyName: "", phone: "", planId: "" })).toEqual({
      name: "validation.required",
      email: "validation.required",
      password: "validation.required",
      companyName: "validation.required",
      planId: "validation.required",
    });
    expect(validateSignup({ ...ok, email: "ana@", phone: "(11) 999" })).toEqual({ email: "validation.invalidEmail", phone: "validation.phone" });
  });
});
