import { eq, sql } from "drizzle-orm";
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from "../../../core/auth/password.ts";
import { FailureLimiter } from "../../../core/auth/rate-limit.ts";
import type { Db } from "../../../core/db/database.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { users } from "../../../core/db/tables.ts";
import { AppError } from "../../../core/errors.ts";
import type { PluginJobs } from "../../../core/jobs/jobs.ts";
import type { Logger } from "../../../core/log.ts";
import type { Mailer } from "../../../core/mail/mailer.ts";
import { CODE_TTL_MS, MAX_WRONG_CODES, newResetCode, resetMail } from "./reset-code.ts";

const WINDOW_MS = 15 * 60 * 1000;

/** The job that looks the e-mail up and mails its code (kind `password-reset.send-code`). */
export const SEND_CODE_JOB = "send-code";
export interface SendCodePayload {
  email: string;
}

/**
 * Forgotten passwords. The code is stored argon2-hashed with its expiry on the user row;
 * wrong guesses are counted per user in memory (a restart granting a few more guesses of
 * a 1-in-a-million code is harmless) and the code dies at the fifth. Requests are limited
 * per address and per e-mail so nobody can flood a mailbox.
 * Nothing a caller sees tells an account's e-mail from any other: a request answers the same,
 * after the same work (the lookup and the mail happen in a job), and a reset attempt always
 * checks the code against a hash, the user's or a stand-in.
 */
export class PasswordResetService {
  private wrongCodes = new Map<number, number>();
  private requests = new FailureLimiter(5, WINDOW_MS);
  private requestsByIp = new FailureLimiter(20, WINDOW_MS);
  private resetsByIp = new FailureLimiter(30, WINDOW_MS);

  constructor(
    private db: Db,
    private mail: Mailer,
    private jobs: PluginJobs,
    private log: Logger,
  ) {}

  private async findByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
    return user;
  }

  private async clearCode(userId: number): Promise<void> {
    this.wrongCodes.delete(userId);
    await this.db.update(users).set({ resetCodeHash: null, resetCodeExpiresAt: null }).where(eq(users.id, userId));
  }

  /**
   * Queues the code for the e-mail, whoever it belongs to: the job finds out, so the answer
   * and its timing are the same for an account's e-mail and any other.
   */
  async requestCode(email: string, ip: string): Promise<void> {
    if (!this.mail.configured) throw new AppError("ERR_MAIL_NOT_CONFIGURED");
    if (this.requests.blocked(email) || this.requestsByIp.blocked(ip)) throw new AppError("ERR_TOO_MANY_ATTEMPTS");
    // Every request counts, found or not: the limit is on mail sent and on address sweeps.
    this.requests.fail(email);
    this.requestsByIp.fail(ip);
    await this.jobs.enqueue(SEND_CODE_JOB, { email } satisfies SendCodePayload, { maxAttempts: 3 });
  }

  /**
   * The job: stores a fresh code for the e-mail's user and mails it; an e-mail without an
   * account gets nothing. A mail the SMTP server refuses leaves no usable code and fails the
   * job, which retries with a new code.
   */
  async sendCode(email: string): Promise<void> {
    const user = await this.findByEmail(email);
    if (!user) return;
    const code = newResetCode();
    const expiresAt = new Date(Date.now() + CODE_TTL_MS).toISOString();
    await this.db
      .update(users)
      .set({ resetCodeHash: await hashPassword(code), resetCodeExpiresAt: expiresAt })
      .where(eq(users.id, user.id));
    this.wrongCodes.delete(user.id);
    try {
      await this.mail.send({ to: user.email, ...resetMail(user.name, code) });
    } catch (err) {
      await this.clearCode(user.id);
      this.log.error("password reset e-mail could not be sent", err);
      throw err;
    }
  }

  /** Checks the code and sets the new password; every session of the user ends. */
  async reset(email: string, token: string, newPassword: string, ip: string): Promise<void> {
    if (this.resetsByIp.blocked(ip)) throw new AppError("ERR_TOO_MANY_ATTEMPTS");
    const found = await this.findByEmail(email);
    const user = found?.resetCodeHash && found.resetCodeExpiresAt ? found : undefined;
    // Checked against a stand-in hash when there is no code: an e-mail someone asked a code
    // for answers as slowly whether or not it has an account.
    const matches = await verifyPassword(token, user?.resetCodeHash ?? UNKNOWN_USER_HASH);
    if (!user?.resetCodeHash || !user.resetCodeExpiresAt) {
      this.resetsByIp.fail(ip);
      throw new AppError("ERR_INVALID_RESET_CODE");
    }
    if (user.resetCodeExpiresAt <= new Date().toISOString()) {
      await this.clearCode(user.id);
      throw new AppError("ERR_INVALID_RESET_CODE");
    }
    if (!/^\d{6}$/.test(token) || !matches) {
      this.resetsByIp.fail(ip);
      const wrong = (this.wrongCodes.get(user.id) ?? 0) + 1;
      if (wrong >= MAX_WRONG_CODES) await this.clearCode(user.id);
      else this.wrongCodes.set(user.id, wrong);
      throw new AppError("ERR_INVALID_RESET_CODE");
    }
    this.wrongCodes.delete(user.id);
    await this.db
      .update(users)
      .set({
        passwordHash: await hashPassword(newPassword),
        resetCodeHash: null,
        resetCodeExpiresAt: null,
        // Refresh tokens carry the version: bumping it signs out every other session.
        tokenVersion: sql`${users.tokenVersion} + 1`,
      })
      .where(eq(users.id, user.id));
  }
}
