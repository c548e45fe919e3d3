import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { companySettingsCatalog, DOWNLOAD_LIMITS, platformSettings } from "./settings.catalog.ts";

let t: TestKernel;
let superToken: string;
beforeEach(async () => {
  t = await createTestKernel();
  superToken = (await t.login()).token;
});
afterEach(() => t.close());

const secretKeys = platformSettings.filter((e) => e.superOnly).map((e) => e.key);
const toMap = (list: { key: string; value: string }[]) => Object.fromEntries(list.map((s) => [s.key, s.value]));

/** Records realtime emits (company events and platform-wide ones). */
function recordEmits(tk: TestKernel) {
  const seen: { event: string; payload: any; companyId?: number }[] = [];
  const rt = tk.kernel.realtime;
  rt.emit = (companyId, event, payload) => void seen.push({ companyId, event, payload });
  rt.emitAll = (event, payload) => void seen.push({ event, payload });
  return seen;
}

describe("settings: happy", () => {
  it("a company starts with every declared option at its default", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const res = await t.call("GET", `/companySettings/${acme.company.id}`, { token: acme.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(companySettingsCatalog.map((e) => e.key).sort());
    expect(res.body).toMatchObject({ scheduleType: "disabled", chatBotType: "text", closeTicketOnTransfer: "false", showNotificationPending: "false" });
  });

  it("an admin saves an option, reads it back by column and the company hears about it", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const seen = recordEmits(t);
    const saved = await t.call("PUT", "/companySettings", { token: acme.token, body: { column: "scheduleType", data: "company" } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ key: "scheduleType", value: "company" });
    const plain = await createUser(t, acme.company.id);
    const one = await t.call("GET", "/companySettingOne?column=scheduleType", { token: plain.token });
    expect(one.body).toEqual({ key: "scheduleType", value: "company" });
    expect(seen).toContainEqual({
      companyId: acme.company.id,
      event: `company-${acme.company.id}-settings`,
      payload: { action: "update", setting: { key: "scheduleType", value: "company" } },
    });
  });

  it("a company secret (the transcription key) is written by admins and never read back or broadcast", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const seen = recordEmits(t);
    const saved = await t.call("PUT", "/companySettings", { token: acme.token, body: { column: "transcriptionApiKey", data: "sk-live-123" } });
    expect(saved.body).toEqual({ key: "transcriptionApiKey", value: "********" });
    expect(JSON.stringify(seen)).not.toContain("sk-live-123");
    const plain = await createUser(t, acme.company.id);
    const one = await t.call("GET", "/companySettingOne?column=transcriptionApiKey", { token: plain.token });
    expect(one.body).toEqual({ key: "transcriptionApiKey", value: "********" });
    const all = await t.call("GET", `/companySettings/${acme.company.id}`, { token: acme.token });
    expect(all.body.transcriptionApiKey).toBe("********");
    // Saving the form as shown keeps the key; the service still reads the real one.
    await t.call("PUT", "/companySettings", { token: acme.token, body: { column: "transcriptionApiKey", data: "********" } });
    expect(await t.kernel.settings.companyOne(acme.company.id, "transcriptionApiKey")).toBe("sk-live-123");
  });

  it("a company's settings read as a whole are reused briefly, and a save is seen at once", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const first = await t.kernel.settings.companyAll(acme.company.id);
    first.userRating = "changed by the caller";
    expect((await t.kernel.settings.companyAll(acme.company.id)).userRating).toBe("disabled");
    await t.call("PUT", "/companySettings", { token: acme.token, body: { column: "userRating", data: "enabled" } });
    expect((await t.kernel.settings.companyAll(acme.company.id)).userRating).toBe("enabled");
  });

  it("booleans are kept as true/false text; PUT /settings/{key} also saves company options", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const res = await t.call("PUT", "/companySettings", { token: acme.token, body: { column: "closeTicketOnTransfer", data: true } });
    expect(res.body.value).toBe("true");
    const viaKey = await t.call("PUT", "/settings/userRating", { token: acme.token, body: { value: "enabled" } });
    expect(viaKey.body).toEqual({ key: "userRating", value: "enabled" });
    expect((await t.call("GET", "/setting/userRating", { token: acme.token })).body.value).toBe("enabled");
  });

  it("the super user changes platform settings; everyone hears branding changes", async () => {
    const seen = recordEmits(t);
    for (const limit of DOWNLOAD_LIMITS) {
      const res = await t.call("PUT", "/settings/downloadLimit", { token: superToken, body: { value: limit } });
      expect(res.status).toBe(200);
    }
    await t.call("PUT", "/settings/primaryColorLight", { token: superToken, body: { value: "#112233" } });
    await t.call("PUT", "/settings/appName", { token: superToken, body: { value: "Minha Central" } });
    expect((await t.call("GET", "/public-settings/appName?token=whatever")).body).toBe("Minha Central");
    expect(seen).toContainEqual({ event: "platform-settings", payload: { action: "update", setting: { key: "primaryColorLight", value: "#112233" } } });
    const all = toMap((await t.call("GET", "/settings", { token: superToken })).body);
    expect(all).toMatchObject({ downloadLimit: "2048", primaryColorLight: "#112233", userCreation: "enabled", scheduleType: "disabled" });
    for (const key of secretKeys) expect(all).toHaveProperty(key);
  });

  it("public settings have the spec's defaults", async () => {
    expect((await t.call("GET", "/public-settings/primaryColorLight")).body).toBe("#0000FF");
    expect((await t.call("GET", "/public-settings/primaryColorDark")).body).toBe("#39ACE7");
    expect((await t.call("GET", "/public-settings/allowSignup")).body).toBe("enabled");
  });

  it("reports which payment providers are configured, as booleans", async () => {
    await t.call("PUT", "/settings/mpaccesstoken", { token: superToken, body: { value: "APP_USR-secret" } });
    await t.call("PUT", "/settings/eficlientid", { token: superToken, body: { value: "id" } });
    const res = await t.call("GET", "/companySettingOnePayment", { token: superToken });
    expect(res.body).toEqual({ efi: false, mercadopago: true, stripe: false, asaas: false, pix: false });
    expect(JSON.stringify(res.body)).not.toContain("APP_USR");
  });

  it("a dependent message may be typed after its toggle is switched on", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    expect((await t.call("PUT", "/companySettings", { token: acme.token, body: { column: "sendMsgTransfTicket", data: "enabled" } })).status).toBe(200);
    const msg = await t.call("PUT", "/companySettings", { token: acme.token, body: { column: "transferMessage", data: "Você foi transferido" } });
    expect(msg.status).toBe(200);
  });
});

describe("settings: errors", () => {
  it("refuses values outside each key's choices, naming the key", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const cases: [string, unknown][] = [
      ["scheduleType", "weekly"],
      ["chatBotType", "voice"],
      ["userRating", "yes"],
      ["closeTicketOnTransfer", "enabled"],
      ["lgpdLink", "javascript:alert(1)"],
      ["transferMessage", "x".repeat(2001)],
    ];
    for (const [column, data] of cases) {
      const res = await t.call("PUT", "/companySettings", { token: acme.token, body: { column, data } });
      expect(res.status, column).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
      expect(Object.keys(res.body.fields)).toEqual([column]);
    }
    for (const [key, value] of [
      ["downloadLimit", "100"],
      ["primaryColorDark", "blue"],
      ["userCreation", "on"],
      ["appLogoLight", "https://evil.test/x.png"],
    ]) {
      const res = await t.call("PUT", `/settings/${key}`, { token: superToken, body: { value } });
      expect(res.status, key).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual([key]);
    }
  });

  it("unknown keys answer ERR_NO_SETTING_FOUND", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    for (const res of [
      await t.call("PUT", "/settings/nope", { token: superToken, body: { value: "x" } }),
      await t.call("GET", "/setting/nope", { token: acme.token }),
      await t.call("GET", "/companySettingOne?column=nope", { token: acme.token }),
      await t.call("PUT", "/companySettings", { token: acme.token, body: { column: "nope", data: "x" } }),
      await t.call("GET", "/public-settings/nope"),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("ERR_NO_SETTING_FOUND");
    }
  });

  it("a message cannot be emptied while its toggle needs it", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const put = (column: string, data: string) => t.call("PUT", "/companySettings", { token: acme.token, body: { column, data } });
    await put("sendQueuePosition", "enabled");
    const res = await put("sendQueuePositionMessage", "  ");
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ sendQueuePositionMessage: "Required" });
    // the call-acceptance message is needed when calls are refused
    await put("acceptCallWhatsapp", "disabled");
    expect((await put("AcceptCallWhatsappMessage", "")).body.fields).toEqual({ AcceptCallWhatsappMessage: "Required" });
    await put("acceptCallWhatsapp", "enabled");
    expect((await put("AcceptCallWhatsappMessage", "")).status).toBe(200);
  });

  it("missing or malformed bodies are validation errors", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const res = await t.call("PUT", "/companySettings", { token: acme.token, body: { data: "x" } });
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { column: "Required" } });
    expect((await t.call("PUT", "/settings/userRating", { token: acme.token, body: {} })).status).toBe(400);
    expect((await t.call("GET", "/companySettingOne", { token: acme.token })).status).toBe(400);
    expect((await t.call("GET", "/companySettings/abc", { token: acme.token })).status).toBe(400);
  });

  it("a company that does not exist is not found, even for the super user", async () => {
    const res = await t.call("GET", "/companySettings/9999", { token: superToken });
    expect(res.status).toBe(404);
  });
});

describe("settings: security", () => {
  it("credentials never reach a non-super user", async () => {
    await t.call("PUT", "/settings/stripeprivatekey", { token: superToken, body: { value: "sk_live_TOPSECRET" } });
    const acme = await createCompanyWithAdmin(t, "Acme");
    const platformAdmin = await createUser(t, 1, { profile: "admin" });
    for (const token of [acme.token, platformAdmin.token]) {
      const list = await t.call("GET", "/settings", { token });
      expect(list.status).toBe(200);
      const keys = list.body.map((s: { key: string }) => s.key);
      for (const key of secretKeys) expect(keys).not.toContain(key);
      expect(JSON.stringify(list.body)).not.toContain("TOPSECRET");
      expect((await t.call("GET", "/setting/stripeprivatekey", { token })).status).toBe(403);
      expect((await t.call("GET", "/companySettingOnePayment", { token })).status).toBe(403);
    }
    expect((await t.call("GET", "/public-settings/stripeprivatekey")).status).toBe(404);
    expect(JSON.stringify((await t.call("GET", "/auth/me", { token: acme.token })).body)).not.toContain("TOPSECRET");
  });

  it("payment credentials are sealed at rest with the data-encryption key; the super user and the server read them plain", async () => {
    await t.call("PUT", "/settings/stripeprivatekey", { token: superToken, body: { value: "sk_live_SEALED" } });
    const stored = await t.kernel.database.client.execute("SELECT value FROM settings WHERE company_id = 1 AND key = 'stripeprivatekey'");
    expect(String(stored.rows[0]!.value)).toMatch(/^v1\./);
    expect(String(stored.rows[0]!.value)).not.toContain("SEALED");
    expect((await t.call("GET", "/setting/stripeprivatekey", { token: superToken })).body).toEqual({ key: "stripeprivatekey", value: "sk_live_SEALED" });
    const list = await t.call("GET", "/settings", { token: superToken });
    expect(list.body).toContainEqual({ key: "stripeprivatekey", value: "sk_live_SEALED" });
    expect(await t.kernel.services.require("settings.platformValue")("stripeprivatekey")).toBe("sk_live_SEALED");
    expect((await t.call("GET", "/companySettingOnePayment", { token: superToken })).body).toMatchObject({ stripe: true });
    // A value saved before sealing existed still reads as it is.
    await t.kernel.database.client.execute("UPDATE settings SET value = 'sk_plain_old' WHERE company_id = 1 AND key = 'stripeprivatekey'");
    expect(await t.kernel.services.require("settings.platformValue")("stripeprivatekey")).toBe("sk_plain_old");
  });

  it("a credential change is announced without its value", async () => {
    const seen = recordEmits(t);
    await t.call("PUT", "/settings/asaastoken", { token: superToken, body: { value: "ASAAS_TOPSECRET" } });
    expect(JSON.stringify(seen)).not.toContain("TOPSECRET");
    expect(seen).toContainEqual({ event: "platform-settings", payload: { action: "update", setting: { key: "asaastoken" } } });
  });

  it("public settings answer only public keys, without a login", async () => {
    for (const key of ["userCreation", "downloadLimit", "openaikeyaudio", "userRating", "scheduleType"]) {
      const res = await t.call("GET", `/public-settings/${key}`);
      expect(res.status, key).toBe(404);
    }
  });

  it("only the super user changes platform settings", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const platformAdmin = await createUser(t, 1, { profile: "admin" });
    for (const token of [acme.token, platformAdmin.token]) {
      for (const key of ["userCreation", "downloadLimit", "appName", "primaryColorLight", "mpaccesstoken", "allowSignup"]) {
        const res = await t.call("PUT", `/settings/${key}`, { token, body: { value: "enabled" } });
        expect(res.status, key).toBe(403);
      }
    }
  });

  it("options stay within the company: no reading or writing another company's", async () => {
    const a = await createCompanyWithAdmin(t, "Empresa A");
    const b = await createCompanyWithAdmin(t, "Empresa B");
    await t.call("PUT", "/companySettings", { token: a.token, body: { column: "lgpdMessage", data: "Segredo da A" } });
    expect((await t.call("GET", `/companySettings/${a.company.id}`, { token: b.token })).status).toBe(404);
    // companyId in the body is ignored: B's change lands in B
    await t.call("PUT", "/companySettings", { token: b.token, body: { column: "lgpdMessage", data: "Da B", companyId: a.company.id } });
    expect((await t.call("GET", "/companySettingOne?column=lgpdMessage", { token: a.token })).body.value).toBe("Segredo da A");
    expect(toMap((await t.call("GET", "/settings", { token: b.token })).body).lgpdMessage).toBe("Da B");
    // the super user may read any company's options
    expect((await t.call("GET", `/companySettings/${a.company.id}`, { token: superToken })).body.lgpdMessage).toBe("Segredo da A");
  });

  it("plain users read options but never change them", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const plain = await createUser(t, acme.company.id);
    expect((await t.call("GET", "/companySettingOne?column=userRating", { token: plain.token })).status).toBe(200);
    expect((await t.call("PUT", "/companySettings", { token: plain.token, body: { column: "userRating", data: "enabled" } })).status).toBe(403);
    expect((await t.call("PUT", "/settings/userRating", { token: plain.token, body: { value: "enabled" } })).status).toBe(403);
    expect((await t.call("GET", "/settings", { token: plain.token })).status).toBe(403);
  });

  it("any signed-in user of the company reads GET /companySettings/{id} (issue 32), secrets masked; another company's stays hidden", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    await t.call("PUT", "/companySettings", { token: acme.token, body: { column: "transcriptionApiKey", data: "sk-live-123" } });
    await t.call("PUT", "/companySettings", { token: acme.token, body: { column: "userRating", data: "enabled" } });
    const plain = await createUser(t, acme.company.id);
    const own = await t.call("GET", `/companySettings/${acme.company.id}`, { token: plain.token });
    expect(own.status).toBe(200);
    expect(Object.keys(own.body).sort()).toEqual(companySettingsCatalog.map((e) => e.key).sort());
    expect(own.body).toMatchObject({ userRating: "enabled", transcriptionApiKey: "********" });
    expect(JSON.stringify(own.body)).not.toContain("sk-live-123");
    const other = await createCompanyWithAdmin(t, "Outra");
    expect((await t.call("GET", `/companySettings/${other.company.id}`, { token: plain.token })).status).toBe(404);
  });

  it("needs a login except for public settings", async () => {
    expect((await t.call("GET", "/settings")).status).toBe(401);
    expect((await t.call("GET", "/companySettingOne?column=userRating")).status).toBe(401);
  });
});
