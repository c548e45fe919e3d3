import { statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";

let t: TestKernel;
beforeAll(async () => {
  t = await createTestKernel();
});
afterAll(() => t.close());

const save = (name: string, type: string, body = "x") => t.kernel.storage.save(1, new File([body], name, { type }), { maxBytes: 10_000 });

describe("user media under /public (security)", () => {
  it("serves an SVG as a sandboxed attachment: never a page of our origin", async () => {
    const svg = await save("evil.svg", "image/svg+xml", "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    const res = await t.call("GET", svg.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe("attachment");
    expect(res.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it.each([
    ["page.html", "text/html"],
    ["data.xml", "application/xml"],
    ["code.js", "text/javascript"],
    ["doc.pdf", "application/pdf"],
    ["blob.bin", "application/octet-stream"],
  ])("sends %s as an attachment", async (name, type) => {
    const file = await save(name, type);
    const res = await t.call("GET", file.url);
    expect(res.headers.get("content-disposition")).toBe("attachment");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
  });

  it.each([
    ["photo.png", "image/png"],
    ["photo.jpg", "image/jpeg"],
    ["voice.ogg", "audio/ogg"],
    ["clip.mp4", "video/mp4"],
  ])("keeps %s inline so the conversation shows it, still sandboxed", async (name, type) => {
    const file = await save(name, type);
    const res = await t.call("GET", file.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(type);
    expect(res.headers.get("content-disposition")).toBe("inline");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
  });
});

describe("headers on every answer (security)", () => {
  it.each(["/version", "/auth/me", "/nowhere", "/docs"])("%s says nosniff, no framing, a referrer policy and a CSP without inline script", async (path) => {
    const res = await t.call("GET", path);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp.match(/script-src[^;]*/)?.[0]).not.toContain("unsafe");
    expect(csp).toContain("connect-src 'self'");
  });

  it("the API reference page runs no inline script", async () => {
    const page = await t.call("GET", "/docs");
    expect(String(page.body)).not.toMatch(/<script>[^<]/);
    const init = await t.call("GET", "/docs-assets/init.js");
    expect(init.status).toBe(200);
    expect(String(init.body)).toContain("SwaggerUIBundle");
  });
});

describe("the data directory is private to the server's user (security)", () => {
  const mode = (path: string) => statSync(path).mode & 0o777;

  it("keeps the database, its WAL and the secrets at 600, folders at 700", async () => {
    await t.call("GET", "/version");
    expect(mode(t.dataDir)).toBe(0o700);
    expect(mode(join(t.dataDir, "app.db"))).toBe(0o600);
    expect(mode(join(t.dataDir, "app.db-wal"))).toBe(0o600);
    expect(mode(join(t.dataDir, "secrets.json"))).toBe(0o600);
    const file = await save("photo.png", "image/png");
    expect(mode(join(t.dataDir, "public"))).toBe(0o700);
    expect(mode(join(t.dataDir, "public", "company1"))).toBe(0o700);
    expect(mode(join(t.dataDir, "public", file.path))).toBe(0o600);
  });
});
