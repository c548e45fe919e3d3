import { afterEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, loopbackResolver, type TestKernel } from "../../../tests/support/test-kernel.ts";

/**
 * Company settings the server itself calls (transcriptionApiUrl) pass the kernel's SSRF
 * guard when saved, through both save routes. Fake DNS only: `stt.example.com` is public.
 */
let t: TestKernel;
afterEach(() => t.close());

const kernel = (allow = "") =>
  createTestKernel({
    env: { ALLOWED_INTERNAL_HOSTS: allow },
    resolveHost: async (name) => (name === "stt.example.com" ? ["93.184.216.34"] : name === "stt.lan" ? ["10.0.0.9"] : loopbackResolver(name)),
  });
const saveBoth = (token: string, value: string) =>
  Promise.all([
    t.call("PUT", "/settings/transcriptionApiUrl", { token, body: { value } }),
    t.call("PUT", "/companySettings", { token, body: { column: "transcriptionApiUrl", data: value } }),
  ]);

describe("outbound setting URLs: happy", () => {
  it("a public URL, an empty one and an internal one the operator lists are saved", async () => {
    t = await kernel("stt.lan");
    const acme = await createCompanyWithAdmin(t, "Acme");
    for (const value of ["https://stt.example.com/v1", "", "http://stt.lan:8000/v1"])
      for (const res of await saveBoth(acme.token, value)) {
        expect(res.status, `${value}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body).toEqual({ key: "transcriptionApiUrl", value });
      }
  });
});

describe("outbound setting URLs: security", () => {
  it("loopback, private, localhost and metadata URLs are refused as a field error and not stored", async () => {
    t = await kernel();
    const acme = await createCompanyWithAdmin(t, "Acme");
    for (const value of ["http://127.0.0.1:9/v1", "http://localhost:8000/v1", "http://stt.lan/v1", "http://169.254.169.254/v1", "http://[::ffff:10.0.0.1]/v1"])
      for (const res of await saveBoth(acme.token, value)) {
        expect(res.status, value).toBe(400);
        expect(res.body, value).toEqual({ error: "ERR_VALIDATION", fields: { transcriptionApiUrl: expect.stringMatching(/^Forbidden address \(/) } });
      }
    const stored = await t.call("GET", `/companySettings/${acme.company.id}`, { token: acme.token });
    expect(stored.body.transcriptionApiUrl).toBe("");
  });
});
