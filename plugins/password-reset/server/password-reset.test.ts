import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { users } from "../../../core/db/tables.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { startLocalSmtp } from "./local-smtp.ts";
import { PASSWORD_RULE_MESSAGE } from "./password-reset.schemas.ts";

let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
let t: TestKernel;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(() => smtp.close());
beforeEach(async () => {
  smtp.received.length = 0;
  smtp.state.fail = false;
  t = await createTestKernel({ env: smtp.env });
});
afterEach(() => t.close());

/** The code from the last message to `to` (the body may be quoted-printable). */
function codeFor(to: string): string {
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(to));
  if (!mail) throw new Error(`no mail for ${to}`);
  const body = mail.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n")
    .replace(/=\r?\n/g, "");
  const match = body.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code in ${mail.raw}`);
  return match[1] as string;
}
/** Asks for a code and runs the job that mails it (the answer never waits for the mail). */
const forget = async (email: string) => {
  const res = await t.call("POST", `/forgetpassword/${encodeURIComponent(email)}`);
  await t.kernel.jobs.runDue();
  return res;
};
/** The spec's form, everything in the path. */
const reset = (email: string, code: string, password: string) =>
  t.call("POST", `/resetpasswords/${encodeURIComponent(email)}/${encodeURIComponent(code)}/${encodeURIComponent(password)}`);
/** The body form the web app uses. */
const resetWithBody = (email: string, token: string, newPassword: string) => t.call("POST", "/resetpasswords", { body: { email, token, newPassword } });
const userRow = async (id: number) => (await t.kernel.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("password reset: happy", () => {
  it("mails a code through the real SMTP server, resets, and the new password logs in", async () => {
    const { user, email, password } = await createCompanyWithAdmin(t, "Loja Azul");
    const before = await t.login(email, password);
    const sent = await forget(email);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: "Email enviado com sucesso!" });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([email]);
    expect(smtp.received[0]!.raw).toMatch(/Subject: .*/);

    const done = await reset(email, codeFor(email), "NovaSenha1/+?");
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: "Senha redefinida com sucesso." });
    expect((await t.login(email, "NovaSenha1/+?")).token).toEqual(expect.any(String));
    expect((await t.call("POST", "/auth/login", { body: { email, password } })).status).toBe(401);

    const row = await userRow(user.id);
    expect(row.resetCodeHash).toBeNull();
    expect(row.resetCodeExpiresAt).toBeNull();
    // The session that existed before the reset cannot refresh any more.
    const refresh = await t.call("POST", "/auth/refresh_token", { headers: { cookie: before.cookie } });
    expect(refresh.status).toBe(401);
  });

  it("matches the e-mail case-blind and a new request replaces the previous code", async () => {
    const { email } = await createCompanyWithAdmin(t, "Loja Verde");
    expect((await forget(email.toUpperCase())).status).toBe(200);
    const first = codeFor(email);
    expect((await forget(email)).status).toBe(200);
    const second = codeFor(email);
    if (first !== second) expect((await reset(email, first, "Trocada123")).body.error).toBe("ERR_INVALID_RESET_CODE");
    expect((await reset(email, second, "Trocada123")).status).toBe(200);
  });
});

describe("password reset: body form", () => {
  it("resets with the JSON body (nothing secret in the URL); the same validation and codes as the path form", async () => {
    const { email } = await createCompanyWithAdmin(t, "Loja Marrom");
    await forget(email);
    const weak = await resetWithBody(email, codeFor(email), "fraca");
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ error: "ERR_VALIDATION", fields: { newPassword: PASSWORD_RULE_MESSAGE } });
    expect((await resetWithBody(email, "12345x", "Valida123")).body.error).toBe("ERR_INVALID_RESET_CODE");
    expect((await resetWithBody("ghost@example.com", "123456", "Valida123")).body.error).toBe("ERR_INVALID_RESET_CODE");
    const done = await resetWithBody(email, codeFor(email), "PeloCorpo1");
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: "Senha redefinida com sucesso." });
    expect((await t.login(email, "PeloCorpo1")).token).toEqual(expect.any(String));
    expect((await t.call("POST", "/resetpasswords/", { body: {} })).body).toMatchObject({ error: "ERR_VALIDATION" });
  });
});

describe("password reset: errors", () => {
  it("an unknown e-mail gets the same answer as a known one, and nothing is sent", async () => {
    const { email } = await createCompanyWithAdmin(t, "Loja Branca");
    const known = await t.call("POST", `/forgetpassword/${encodeURIComponent(email)}`);
    const unknown = await t.call("POST", "/forgetpassword/nobody@example.com");
    // The answers leave before any lookup or mail: those happen in the job.
    expect(smtp.received).toHaveLength(0);
    expect(unknown.status).toBe(known.status);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const headers = (r: typeof known) => [...r.headers].filter(([name]) => name !== "date");
    expect(headers(unknown)).toEqual(headers(known));
    await t.kernel.jobs.runDue();
    expect(smtp.received.map((m) => m.to)).toEqual([[email]]);
  });

  it("a malformed e-mail is a validation error", async () => {
    const res = await forget("not-an-email");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { email: "Invalid email" } });
  });

  it("a weak new password names the field with the spec's message", async () => {
    const { email } = await createCompanyWithAdmin(t, "Loja Rosa");
    await forget(email);
    for (const weak of ["Curta1", "semmaiuscula1", "SEMMINUSCULA1", "SemNumeroAqui"]) {
      const res = await reset(email, codeFor(email), weak);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "ERR_VALIDATION", fields: { newPassword: PASSWORD_RULE_MESSAGE } });
    }
  });

  it("a wrong code, no code and an expired code answer ERR_INVALID_RESET_CODE", async () => {
    const { user, email } = await createCompanyWithAdmin(t, "Loja Lilás");
    expect((await reset(email, "123456", "Valida123")).body.error).toBe("ERR_INVALID_RESET_CODE");
    await forget(email);
    const code = codeFor(email);
    const wrong = code === "000000" ? "000001" : "000000";
    const res = await reset(email, wrong, "Valida123");
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_INVALID_RESET_CODE");
    expect((await reset(email, "abc", "Valida123")).body.error).toBe("ERR_INVALID_RESET_CODE");
    await t.kernel.db
      .update(users)
      .set({ resetCodeExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(users.id, user.id));
    expect((await reset(email, code, "Valida123")).body.error).toBe("ERR_INVALID_RESET_CODE");
    expect((await userRow(user.id)).resetCodeHash).toBeNull();
    expect((await reset("ghost@example.com", code, "Valida123")).body.error).toBe("ERR_INVALID_RESET_CODE");
  });

  it("without SMTP configured the request answers 503 ERR_MAIL_NOT_CONFIGURED", async () => {
    // One kernel at a time: named cron jobs are process-wide.
    await t.close();
    t = await createTestKernel();
    const res = await t.call("POST", "/forgetpassword/admin@admin.com");
    expect(res.status).toBe(503);
    expect(res.body.error).toBe("ERR_MAIL_NOT_CONFIGURED");
  });

  it("when the SMTP server refuses the message the code is discarded and the job retries", async () => {
    const { user, email } = await createCompanyWithAdmin(t, "Loja Cinza");
    smtp.state.fail = true;
    const res = await forget(email);
    expect(res.status).toBe(200);
    expect((await userRow(user.id)).resetCodeHash).toBeNull();
    const [job] = await t.kernel.db.all<{ status: string; attempts: number }>(sql`select status, attempts from jobs where kind = 'password-reset.send-code'`);
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
  });
});

describe("password reset: security", () => {
  it("stores the code hashed, never in clear", async () => {
    const { user, email } = await createCompanyWithAdmin(t, "Loja Ouro");
    await forget(email);
    const row = await userRow(user.id);
    expect(row.resetCodeHash).toMatch(/^\$argon2id\$/);
    expect(row.resetCodeHash).not.toContain(codeFor(email));
    const minutes = (Date.parse(row.resetCodeExpiresAt as string) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it("five wrong codes invalidate the code", async () => {
    const { email, password } = await createCompanyWithAdmin(t, "Loja Prata");
    await forget(email);
    const code = codeFor(email);
    const wrong = code === "999999" ? "999998" : "999999";
    for (let i = 0; i < 5; i++) expect((await reset(email, wrong, "Tentativa1")).body.error).toBe("ERR_INVALID_RESET_CODE");
    expect((await reset(email, code, "Tentativa1")).body.error).toBe("ERR_INVALID_RESET_CODE");
    expect((await t.login(email, password)).token).toEqual(expect.any(String));
  });

  it("one user's code does not reset another user's password", async () => {
    const a = await createCompanyWithAdmin(t, "Loja A");
    const b = await createUser(t, a.company.id);
    await forget(a.email);
    await forget(b.email);
    const res = await reset(b.email, codeFor(a.email) === codeFor(b.email) ? "x" : codeFor(a.email), "Invasor123");
    expect(res.body.error).toBe("ERR_INVALID_RESET_CODE");
    expect((await t.login(b.email, b.password)).token).toEqual(expect.any(String));
  });

  it("a failure of the path form is logged without the path (it holds the new password)", async () => {
    await t.close();
    t = await createTestKernel({ env: { ...smtp.env, LOG_LEVEL: "error" } });
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    try {
      // Any unexpected failure will do: the users table is gone.
      await t.kernel.db.run(sql`alter table users rename to users_away`);
      const res = await reset("ana@example.com", "123456", "Segredo123XYZ");
      expect(res.status).toBe(500);
      await t.kernel.db.run(sql`alter table users_away rename to users`);
    } finally {
      spy.mockRestore();
    }
    const logged = lines.join("\n");
    expect(logged).toContain("POST /resetpasswords/{email}/{token}/{newPassword} failed");
    expect(logged).not.toContain("Segredo123XYZ");
    expect(logged).not.toContain("ana%40example.com");
  });

  it("limits code requests per e-mail (mailbox flooding)", async () => {
    const { email } = await createCompanyWithAdmin(t, "Loja Bronze");
    for (let i = 0; i < 5; i++) expect((await forget(email)).status).toBe(200);
    const res = await forget(email);
    expect(res.status).toBe(429);
    expect(res.body.error).toBe("ERR_TOO_MANY_ATTEMPTS");
    expect(smtp.received).toHaveLength(5);
  });
});
