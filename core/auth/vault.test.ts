import { describe, expect, it } from "vitest";
import { Vault } from "./vault.ts";

describe("Vault", () => {
  it("round-trips text and bytes, with a fresh IV each time", async () => {
    const vault = new Vault("a secret");
    const a = await vault.seal("token-123");
    const b = await vault.seal("token-123");
    expect(a).not.toBe(b);
    expect(a.startsWith("v1.")).toBe(true);
    expect(await vault.openText(a)).toBe("token-123");
    const bytes = new Uint8Array([0, 1, 2, 255]);
    expect(await vault.open(await vault.seal(bytes))).toEqual(bytes);
  });

  it("refuses a value sealed with another key or tampered with", async () => {
    const sealed = await new Vault("one").seal("x");
    await expect(new Vault("two").open(sealed)).rejects.toThrow();
    const [v, iv, c] = sealed.split(".");
    const flipped = `${v}.${iv}.${c!.slice(0, -2)}${c!.endsWith("A") ? "B" : "A"}${c!.slice(-1)}`;
    await expect(new Vault("one").open(flipped)).rejects.toThrow();
    await expect(new Vault("one").open("garbage")).rejects.toThrow("not a sealed value");
  });
});
