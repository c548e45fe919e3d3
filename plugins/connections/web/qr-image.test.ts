import { describe, expect, it } from "vitest";
import { qrMatrix } from "./qr-image.tsx";
import { SAMPLE_QR } from "./test-data.ts";

/** A 7x7 finder pattern: dark ring, light ring, dark 3x3 core. */
function isFinder(m: boolean[][], top: number, left: number): boolean {
  for (let r = 0; r < 7; r++)
    for (let c = 0; c < 7; c++) {
      const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
      if (m[top + r]![left + c] !== (ring !== 2)) return false;
    }
  return true;
}

describe("QR matrix", () => {
  it("holds a WhatsApp-sized payload in a square with the three finder patterns", () => {
    expect(SAMPLE_QR.length).toBeGreaterThan(200);
    const m = qrMatrix(SAMPLE_QR);
    const n = m.length;
    expect(m.every((row) => row.length === n)).toBe(true);
    // Version v has 17 + 4v modules; level M needs version 10 or more for ~240 bytes.
    expect((n - 17) % 4).toBe(0);
    expect((n - 17) / 4).toBeGreaterThanOrEqual(10);
    expect(isFinder(m, 0, 0) && isFinder(m, 0, n - 7) && isFinder(m, n - 7, 0)).toBe(true);
  });

  it("changes with the text", () => {
    expect(qrMatrix("a")).not.toEqual(qrMatrix("b"));
  });
});
