import { describe, expect, it } from "vitest";
import { pageEncoder } from "./page-encoder.ts";

describe("pageEncoder", () => {
  it("gives the pieces' UTF-8 as one page, growing past its first buffer, and starts empty after each page", () => {
    const page = pageEncoder(8);
    const pieces = ["ação;", "🙂 emoji;", "x".repeat(100), "çãõ\r\n"];
    for (const p of pieces) page.add(p);
    const first = page.take();
    expect(new TextDecoder().decode(first)).toBe(pieces.join(""));
    expect(first.byteLength).toBe(new TextEncoder().encode(pieces.join("")).byteLength);
    page.add("second");
    expect(new TextDecoder().decode(page.take())).toBe("second");
    // The first page is a copy: writing the next one did not change it.
    expect(new TextDecoder().decode(first)).toBe(pieces.join(""));
    expect(page.take().byteLength).toBe(0);
  });
});
