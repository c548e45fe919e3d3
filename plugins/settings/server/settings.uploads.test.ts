import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";

let t: TestKernel;
let superToken: string;
beforeEach(async () => {
  t = await createTestKernel();
  superToken = (await t.login()).token;
});
afterEach(() => t.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const ICO = new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16]);
/** A DER SEQUENCE header: what a PKCS#12 file starts with. */
const P12 = new Uint8Array([0x30, 0x82, 0x0a, 0x1b, 0x02, 0x01, 0x03, 0x30]);
const bytes = (text: string) => new TextEncoder().encode(text);

function logoForm(mode: string, data: Uint8Array, name: string, type = "image/png") {
  const form = new FormData();
  form.set("typeArch", "logo");
  form.set("mode", mode);
  form.set("file", new File([data as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}
function certForm(data: Uint8Array, name: string) {
  const form = new FormData();
  form.set("file", new File([data as Uint8Array<ArrayBuffer>], name, { type: "application/x-pkcs12" }));
  return form;
}

describe("settings uploads: happy", () => {
  it("a logo upload answers the stored name and becomes the public logo", async () => {
    const res = await t.call("POST", "/settings-whitelabel/logo", { token: superToken, body: logoForm("Light", PNG, "logo.png") });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/^[\w-]+\.png$/);
    const url = (await t.call("GET", "/public-settings/appLogoLight")).body;
    expect(url).toBe(`/public/company1/${res.body}`);
    expect((await t.kernel.app.request(url)).status).toBe(200);
    // replacing it removes the old file
    await t.call("POST", "/settings-whitelabel/logo", { token: superToken, body: logoForm("Light", PNG, "logo2.png") });
    expect((await t.kernel.app.request(url)).status).toBe(404);
  });

  it("accepts a favicon .ico and a clean SVG", async () => {
    const ico = await t.call("POST", "/settings-whitelabel/logo", { token: superToken, body: logoForm("Favicon", ICO, "favicon.ico", "image/x-icon") });
    expect(ico.status).toBe(200);
    const svg = bytes('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const dark = await t.call("POST", "/settings-whitelabel/logo", { token: superToken, body: logoForm("Dark", svg, "dark.svg", "image/svg+xml") });
    expect(dark.status).toBe(200);
    expect((await t.call("GET", "/public-settings/appLogoDark")).body).toMatch(/\.svg$/);
  });

  it("keeps the certificate outside the public folder and answers 'Arquivo Anexado'", async () => {
    const res = await t.call("POST", "/settings/cert-upload?ref=efi-production", { token: superToken, body: certForm(P12, "cert.p12") });
    expect(res.status).toBe(200);
    expect(res.body).toBe("Arquivo Anexado");
    const path = join(t.dataDir, "private", "certs", "efi-production.p12");
    expect(readFileSync(path)).toEqual(Buffer.from(P12));
    expect(statSync(path).mode & 0o077).toBe(0);
    expect(await t.kernel.services.require("settings.certificatePath")("efi-production")).toBe(path);
    expect(await t.kernel.services.require("settings.certificatePath")("efi-homologation")).toBeNull();
  });
});

describe("settings uploads: errors", () => {
  it("refuses a certificate that is not .p12, with no file or no destination", async () => {
    const pem = await t.call("POST", "/settings/cert-upload?ref=efi-production", { token: superToken, body: certForm(bytes("-----BEGIN"), "cert.pem") });
    expect(pem.status).toBe(415);
    expect(pem.body).toMatchObject({ error: "ERR_UNSUPPORTED_MEDIA_TYPE", accepted: [".p12"] });
    const fake = await t.call("POST", "/settings/cert-upload?ref=efi-production", { token: superToken, body: certForm(bytes("hello world"), "cert.p12") });
    expect(fake.status).toBe(415);
    const noFile = await t.call("POST", "/settings/cert-upload?ref=efi-production", { token: superToken, body: new FormData() });
    expect(noFile.body).toMatchObject({ error: "ERR_VALIDATION", fields: { file: "Required" } });
    const noRef = await t.call("POST", "/settings/cert-upload", { token: superToken, body: certForm(P12, "cert.p12") });
    expect(noRef.body.error).toBe("ERR_VALIDATION");
    expect(noRef.body.fields.ref).toBeTruthy();
    const badRef = await t.call("POST", "/settings/cert-upload?ref=../../public/x", { token: superToken, body: certForm(P12, "cert.p12") });
    expect(badRef.status).toBe(400);
  });

  it("refuses logos that are not images, scripted SVGs and unknown modes", async () => {
    const html = await t.call("POST", "/settings-whitelabel/logo", { token: superToken, body: logoForm("Light", bytes("<html></html>"), "x.png") });
    expect(html.status).toBe(415);
    const evil = bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const svg = await t.call("POST", "/settings-whitelabel/logo", { token: superToken, body: logoForm("Light", evil, "x.svg", "image/svg+xml") });
    expect(svg.status).toBe(415);
    const mode = await t.call("POST", "/settings-whitelabel/logo", { token: superToken, body: logoForm("Neon", PNG, "x.png") });
    expect(mode.status).toBe(400);
    expect(Object.keys(mode.body.fields)).toEqual(["mode"]);
  });
});

describe("settings uploads: security", () => {
  it("only the super user uploads logos and certificates", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    expect((await t.call("POST", "/settings-whitelabel/logo", { token: acme.token, body: logoForm("Light", PNG, "x.png") })).status).toBe(403);
    expect((await t.call("POST", "/settings/cert-upload?ref=efi-production", { token: acme.token, body: certForm(P12, "c.p12") })).status).toBe(403);
    expect(existsSync(join(t.dataDir, "private"))).toBe(false);
  });

  it("the certificate is never served", async () => {
    await t.call("POST", "/settings/cert-upload?ref=efi-production", { token: superToken, body: certForm(P12, "cert.p12") });
    for (const path of ["/public/../private/certs/efi-production.p12", "/public/%2e%2e/private/certs/efi-production.p12", "/private/certs/efi-production.p12"]) {
      const res = await t.kernel.app.request(path);
      expect(res.status, path).toBe(404);
    }
  });
});
