import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { plans, users } from "../../../core/db/tables.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { avatarForm, insertUsers, PNG, planWithUsers, validUser } from "./users.fixtures.ts";

let t: TestKernel;
let superToken: string;
beforeEach(async () => {
  t = await createTestKernel();
  superToken = (await t.login()).token;
});
afterEach(() => t.close());

describe("users: happy", () => {
  it("an admin creates a user with the spec's defaults, reads, edits and deletes it", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const created = await t.call("POST", "/users", { token: acme.token, body: validUser({ name: "Maria" }) });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: "Maria",
      companyId: acme.company.id,
      profile: "user",
      super: false,
      startWork: "00:00",
      endWork: "23:59",
      defaultTheme: "light",
      defaultMenu: "open",
      allTicket: "disable",
      allowGroup: false,
      allHistoric: "disabled",
      allUserChat: "disabled",
      userClosePendingTicket: "disabled",
      showDashboard: "disabled",
      allowRealTime: "disabled",
      allowConnections: "disabled",
      defaultTicketsManagerWidth: 550,
      online: false,
    });
    const id = created.body.id;
    expect((await t.call("GET", `/users/${id}`, { token: acme.token })).body.name).toBe("Maria");
    const edited = await t.call("PUT", `/users/${id}`, {
      token: acme.token,
      body: { name: "Maria Silva", profile: "admin", startWork: "08:00", endWork: "18:00", allowGroup: true, showDashboard: "enabled" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: "Maria Silva", profile: "admin", startWork: "08:00", allowGroup: true, showDashboard: "enabled" });
    expect((await t.call("DELETE", `/users/${id}`, { token: acme.token })).status).toBe(200);
    expect((await t.call("GET", `/users/${id}`, { token: acme.token })).status).toBe(404);
  });

  it("lists 20 per page, searches name and e-mail, and counts the company's users only", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    await insertUsers(
      t,
      acme.company.id,
      Array.from({ length: 21 }, (_, i) => `Agente ${String(i).padStart(2, "0")}`),
    );
    await insertUsers(t, acme.company.id, ["Zé"], "ze.especial@loja.test");
    const first = await t.call("GET", "/users/?pageNumber=1", { token: acme.token });
    expect(first.body).toMatchObject({ count: 23, hasMore: true });
    expect(first.body.users).toHaveLength(20);
    const second = await t.call("GET", "/users/?pageNumber=2", { token: acme.token });
    expect(second.body.users).toHaveLength(3);
    expect(second.body.hasMore).toBe(false);
    const byEmail = await t.call("GET", "/users/?searchParam=especial", { token: acme.token });
    expect(byEmail.body.users.map((u: { name: string }) => u.name)).toEqual(["Zé"]);
    const literal = await t.call("GET", "/users/?searchParam=%25", { token: acme.token });
    expect(literal.body.count).toBe(0);
  });

  it("any user of the company reads the short list for selectors", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const plain = await createUser(t, acme.company.id, { name: "Bia" });
    const res = await t.call("GET", "/users/list", { token: plain.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(Object.keys(res.body[0]).sort()).toEqual(["id", "name", "online", "profile", "profileImage"]);
  });

  it("a plain user reads and edits their own profile fields", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const plain = await createUser(t, acme.company.id);
    expect((await t.call("GET", `/users/${plain.user.id}`, { token: plain.token })).status).toBe(200);
    const res = await t.call("PUT", `/users/${plain.user.id}`, {
      token: plain.token,
      // the whole form comes back, unchanged restricted fields included
      body: { name: "Novo Nome", defaultTheme: "dark", defaultMenu: "closed", farewellMessage: "Tchau!", password: "", profile: "user", startWork: "00:00" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Novo Nome", defaultTheme: "dark", defaultMenu: "closed", farewellMessage: "Tchau!" });
  });

  it("saves the tickets panel width for oneself", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const plain = await createUser(t, acme.company.id);
    const res = await t.call("PUT", `/users/toggleChangeWidht/${plain.user.id}`, { token: plain.token, body: { defaultTicketsManagerWidth: 404 } });
    expect(res.status).toBe(200);
    expect(res.body.defaultTicketsManagerWidth).toBe(404);
  });

  it("uploads an avatar and replaces the previous one", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const plain = await createUser(t, acme.company.id);
    const first = await t.call("POST", `/users/${plain.user.id}/media-upload`, { token: plain.token, body: avatarForm(plain.user.id, PNG, "me.png") });
    expect(first.status).toBe(200);
    expect(first.body.profileImage).toMatch(new RegExp(`^/public/company${acme.company.id}/[\\w-]+\\.png$`));
    const served = await t.kernel.app.request(first.body.profileImage);
    expect(served.status).toBe(200);
    const second = await t.call("POST", `/users/${plain.user.id}/media-upload`, { token: plain.token, body: avatarForm(plain.user.id, PNG, "me2.png") });
    expect(second.body.profileImage).not.toBe(first.body.profileImage);
    expect((await t.kernel.app.request(first.body.profileImage)).status).toBe(404);
    // the user may point back at an image of their company, or clear it
    const cleared = await t.call("PUT", `/users/${plain.user.id}`, { token: plain.token, body: { profileImage: "" } });
    expect(cleared.body.profileImage).toBeNull();
  });

  it("announces creations, changes and deletions on company-{id}-user", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const seen: { event: string; payload: Record<string, unknown> }[] = [];
    const emit = t.kernel.realtime.emit.bind(t.kernel.realtime);
    t.kernel.realtime.emit = (companyId, event, payload, room) => {
      seen.push({ event, payload: payload as Record<string, unknown> });
      emit(companyId, event, payload, room);
    };
    const created = await t.call("POST", "/users", { token: acme.token, body: validUser() });
    await t.call("PUT", `/users/${created.body.id}`, { token: acme.token, body: { name: "Outro" } });
    await t.call("DELETE", `/users/${created.body.id}`, { token: acme.token });
    const mine = seen.filter((s) => s.event === `company-${acme.company.id}-user`);
    expect(mine.map((s) => s.payload.action)).toEqual(["create", "update", "delete"]);
    expect(mine[2]?.payload.userId).toBe(created.body.id);
    for (const s of mine) expect(JSON.stringify(s.payload)).not.toMatch(/passwordHash|resetCodeHash|tokenVersion/);
  });
});

describe("users: errors", () => {
  it("names invalid fields with the spec's messages", async () => {
    const res = await t.call("POST", "/users", { token: superToken, body: { name: "A", email: "nope", password: "123" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "ERR_VALIDATION", fields: { name: "Too Short!", email: "Invalid email", password: "Too Short!" } });
    const long = await t.call("POST", "/users", { token: superToken, body: validUser({ name: "x".repeat(51), password: "p".repeat(51) }) });
    expect(long.body.fields).toEqual({ name: "Too Long!", password: "Too Long!" });
    const missing = await t.call("POST", "/users", { token: superToken, body: {} });
    expect(missing.body.fields).toMatchObject({ name: "Required", email: "Required", password: "Required" });
    const blank = await t.call("POST", "/users", { token: superToken, body: validUser({ name: "  " }) });
    expect(blank.body.fields).toEqual({ name: "Required" });
    const badTime = await t.call("POST", "/users", { token: superToken, body: validUser({ startWork: "25:00" }) });
    expect(Object.keys(badTime.body.fields)).toEqual(["startWork"]);
  });

  it("refuses an e-mail already used anywhere on the platform, in any case", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const res = await t.call("POST", "/users", { token: superToken, body: validUser({ email: acme.email.toUpperCase() }) });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("ERR_DUPLICATED_EMAIL");
    const other = await createUser(t, acme.company.id);
    const change = await t.call("PUT", `/users/${other.user.id}`, { token: acme.token, body: { email: "admin@admin.com" } });
    expect(change.body.error).toBe("ERR_DUPLICATED_EMAIL");
  });

  it("enforces the plan's user limit (0 means unlimited)", async () => {
    const limited = await planWithUsers(t, 2);
    const acme = await createCompanyWithAdmin(t, "Acme", { planId: limited });
    expect((await t.call("POST", "/users", { token: acme.token, body: validUser() })).status).toBe(200);
    const over = await t.call("POST", "/users", { token: acme.token, body: validUser() });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ error: "ERR_PLAN_LIMIT_USERS", limit: 2 });
    await t.kernel.db.update(plans).set({ users: 0 }).where(eq(plans.id, limited));
    expect((await t.call("POST", "/users", { token: acme.token, body: validUser() })).status).toBe(200);
  });

  it("keeps the tickets panel width between 404 and 700", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    for (const width of [403, 701, 550.5, "wide"]) {
      const res = await t.call("PUT", `/users/toggleChangeWidht/${acme.user.id}`, { token: acme.token, body: { defaultTicketsManagerWidth: width } });
      expect(res.status).toBe(400);
      expect(res.body.fields.defaultTicketsManagerWidth).toBeTruthy();
    }
    expect((await t.call("PUT", `/users/toggleChangeWidht/${acme.user.id}`, { token: acme.token, body: { defaultTicketsManagerWidth: 700 } })).status).toBe(200);
  });

  it("refuses avatars that are not small raster images", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const id = acme.user.id;
    const svg = await t.call("POST", `/users/${id}/media-upload`, {
      token: acme.token,
      body: avatarForm(id, new TextEncoder().encode("<svg onload=alert(1)>"), "x.svg", "image/svg+xml"),
    });
    expect(svg.status).toBe(415);
    expect(svg.body.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
    const disguised = await t.call("POST", `/users/${id}/media-upload`, { token: acme.token, body: avatarForm(id, new TextEncoder().encode("<html>hi</html>"), "x.png") });
    expect(disguised.status).toBe(415);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await t.call("POST", `/users/${id}/media-upload`, { token: acme.token, body: avatarForm(id, big, "big.png") });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe("ERR_PAYLOAD_TOO_LARGE");
    const noFile = new FormData();
    noFile.set("typeArch", "user");
    const missing = await t.call("POST", `/users/${id}/media-upload`, { token: acme.token, body: noFile });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.profileImage).toBe("Required");
    const json = await t.call("POST", `/users/${id}/media-upload`, { token: acme.token, body: { profileImage: "x.png" } });
    expect(json.status).toBe(415);
    expect(json.body.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
  });

  it("an admin cannot delete themself; unknown ids answer ERR_NO_USER_FOUND", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const self = await t.call("DELETE", `/users/${acme.user.id}`, { token: acme.token });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe("ERR_CANNOT_DELETE_SELF");
    const unknown = await t.call("PUT", "/users/99999", { token: acme.token, body: { name: "Fulano" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("ERR_NO_USER_FOUND");
    expect((await t.call("GET", "/users/abc", { token: acme.token })).status).toBe(400);
  });

  it("refuses a profile image that is not one of the company's uploads", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    for (const profileImage of ["https://tracker.example/pixel.gif", "/public/company1/abcdefghijklmnop.png", "javascript:alert(1)"]) {
      const res = await t.call("PUT", `/users/${acme.user.id}`, { token: acme.token, body: { profileImage } });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ profileImage: "Invalid image" });
    }
  });
});

describe("users: security", () => {
  it("an admin of another company gets 404 for every route on a foreign user", async () => {
    const a = await createCompanyWithAdmin(t, "Empresa A");
    const b = await createCompanyWithAdmin(t, "Empresa B");
    const victim = await createUser(t, a.company.id);
    const id = victim.user.id;
    expect((await t.call("GET", `/users/${id}`, { token: b.token })).status).toBe(404);
    expect((await t.call("PUT", `/users/${id}`, { token: b.token, body: { name: "Hacked" } })).status).toBe(404);
    expect((await t.call("DELETE", `/users/${id}`, { token: b.token })).status).toBe(404);
    expect((await t.call("PUT", `/users/toggleChangeWidht/${id}`, { token: b.token, body: { defaultTicketsManagerWidth: 500 } })).status).toBe(404);
    expect((await t.call("POST", `/users/${id}/media-upload`, { token: b.token, body: avatarForm(id, PNG, "a.png") })).status).toBe(404);
    const page = await t.call("GET", "/users/", { token: b.token });
    expect(page.body.users.map((u: { id: number }) => u.id)).not.toContain(id);
    const list = await t.call("GET", "/users/list", { token: b.token });
    expect(list.body.map((u: { id: number }) => u.id)).not.toContain(id);
    const [row] = await t.kernel.db.select().from(users).where(eq(users.id, id));
    expect(row?.name).toBe(victim.user.name);
  });

  it("a company id in the body never moves a user to another company", async () => {
    const a = await createCompanyWithAdmin(t, "Empresa A");
    const b = await createCompanyWithAdmin(t, "Empresa B");
    const res = await t.call("POST", "/users", { token: b.token, body: { ...validUser(), companyId: a.company.id } });
    expect(res.body.companyId).toBe(b.company.id);
  });

  it("a plain user cannot escalate: profile, flags, work hours, connection, super, others", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const plain = await createUser(t, acme.company.id);
    const other = await createUser(t, acme.company.id);
    const me = `/users/${plain.user.id}`;
    for (const body of [{ profile: "admin" }, { super: true }, { allTicket: "enable" }, { allowConnections: "enabled" }, { startWork: "01:00" }, { whatsappId: 3 }]) {
      const res = await t.call("PUT", me, { token: plain.token, body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.error).toBe("ERR_NO_PERMISSION");
    }
    expect((await t.call("PUT", `/users/${other.user.id}`, { token: plain.token, body: { name: "Hacked" } })).status).toBe(403);
    expect((await t.call("GET", `/users/${other.user.id}`, { token: plain.token })).status).toBe(403);
    expect((await t.call("GET", "/users/", { token: plain.token })).status).toBe(403);
    expect((await t.call("POST", "/users", { token: plain.token, body: validUser() })).status).toBe(403);
    expect((await t.call("DELETE", `/users/${other.user.id}`, { token: plain.token })).status).toBe(403);
    expect((await t.call("PUT", `/users/toggleChangeWidht/${other.user.id}`, { token: plain.token, body: { defaultTicketsManagerWidth: 500 } })).status).toBe(403);
    const [row] = await t.kernel.db.select().from(users).where(eq(users.id, plain.user.id));
    expect(row).toMatchObject({ profile: "user", super: false, allTicket: "disable" });
  });

  it("only a super user creates or grants super, and admins cannot touch a super user", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const made = await t.call("POST", "/users", { token: acme.token, body: validUser({ super: true }) });
    expect(made.status).toBe(403);
    const plainAdmin = await createUser(t, 1, { profile: "admin" });
    const superId = 1;
    expect((await t.call("PUT", `/users/${superId}`, { token: plainAdmin.token, body: { password: "takeover1" } })).status).toBe(403);
    expect((await t.call("DELETE", `/users/${superId}`, { token: plainAdmin.token })).status).toBe(403);
    expect((await t.call("PUT", `/users/${plainAdmin.user.id}`, { token: plainAdmin.token, body: { super: true } })).status).toBe(403);
    const bySuper = await t.call("POST", "/users", { token: superToken, body: validUser({ super: true }) });
    expect(bySuper.status).toBe(200);
    expect(bySuper.body.super).toBe(true);
  });

  it("never answers password hashes, reset codes or token versions", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const created = await t.call("POST", "/users", { token: acme.token, body: validUser() });
    const answers = [
      created.body,
      (await t.call("GET", `/users/${created.body.id}`, { token: acme.token })).body,
      (await t.call("GET", "/users/", { token: acme.token })).body,
      (await t.call("GET", "/users/list", { token: acme.token })).body,
    ];
    for (const a of answers) expect(JSON.stringify(a)).not.toMatch(/passwordHash|resetCode|tokenVersion|argon2/);
  });

  it("a new password or profile revokes the refresh tokens issued before", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const plain = await createUser(t, acme.company.id);
    const session = await t.login(plain.email, plain.password);
    await t.call("PUT", `/users/${plain.user.id}`, { token: acme.token, body: { profile: "admin" } });
    const refresh = await t.call("POST", "/auth/refresh_token", { headers: { cookie: session.cookie } });
    expect(refresh.status).toBe(401);
    // an admin resetting someone's password gets no cookie of theirs
    const reset = await t.call("PUT", `/users/${plain.user.id}`, { token: acme.token, body: { password: "Trocada1" } });
    expect(reset.headers.get("set-cookie")).toBeNull();
    await t.login(plain.email, "Trocada1");
  });

  it("changing one's own password keeps one's own session and ends the older ones", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const plain = await createUser(t, acme.company.id);
    const current = await t.login(plain.email, plain.password);
    const res = await t.call("PUT", `/users/${plain.user.id}`, { token: current.token, body: { password: "NovaSenha1" } });
    expect(res.status).toBe(200);
    const renewed = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(renewed).toMatch(/^jrt=/);
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect((await t.call("POST", "/auth/refresh_token", { headers: { cookie: current.cookie } })).status).toBe(401);
    expect((await t.call("POST", "/auth/refresh_token", { headers: { cookie: renewed } })).status).toBe(200);
    // a plain name change touches no session
    const rename = await t.call("PUT", `/users/${plain.user.id}`, { token: current.token, body: { name: "Outro Nome" } });
    expect(rename.headers.get("set-cookie")).toBeNull();
  });

  it("needs a login", async () => {
    expect((await t.call("GET", "/users/list")).status).toBe(401);
    expect((await t.call("POST", "/users", { body: validUser() })).status).toBe(401);
  });
});
