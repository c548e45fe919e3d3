import { describe, expect, it } from "vitest";
import { passwordStrength } from "./password-strength.ts";

describe("password strength (0 to 5)", () => {
  it.each([
    ["", 0],
    ["abc", 1],
    ["abcdefgh", 2],
    ["Abcdefgh", 3],
    ["Abcdefg1", 4],
    ["Abcdef1!", 5],
    ["ÁÉÍÓÚáéí9", 4],
    ["12345", 1],
  ])("%j scores %i", (password, score) => {
    expect(passwordStrength(password)).toBe(score);
  });
});
