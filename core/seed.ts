import { and, eq } from "drizzle-orm";
import { hashPassword } from "./auth/password.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import { companies, plans, users } from "./db/tables.ts";
import type { Logger } from "./log.ts";
import type { SettingsService } from "./settings/settings.ts";

/** Company 1 runs the platform and never expires. */
export const PLATFORM_DUE_DATE = "2999-12-31";

/**
 * What the super admin's row holds until its real hash is written. It verifies no password
 * (it is not an argon2 hash), so the account cannot be entered before then.
 */
export const PENDING_PASSWORD_HASH = "!pending-first-boot";

export interface Seeded {
  /** The password generated for the super admin (printed once by the caller), else null. */
  generatedPassword: string | null;
  /**
   * Resolves once the super admin's password hash is stored, starting the hash if it has not
   * started. A first boot writes the rows at once and hashes later (argon2id costs 60-80 ms of
   * CPU on the thread that answers, the largest part of a first boot's time to its first answer,
   * issue 17): on the first login, which awaits this before it looks anyone up, or a second after
   * the boot, whichever comes first.
   */
  passwordStored: () => Promise<void>;
  /** For shutdown: drops the pending timer and waits for a hash being written (the next boot hashes one never started). */
  settle: () => Promise<void>;
}

/**
 * First boot: the default plan, the platform company (id 1) and its super admin, and
 * the default settings. Idempotent: a restart finds company 1 and changes nothing, except
 * when the previous first boot stopped before the admin's hash was stored: then the
 * admin gets a new password (ADMIN_PASSWORD, or a generated one printed again).
 */
export async function seed(db: Db, config: Config, settings: SettingsService, log: Logger): Promise<Seeded> {
  // One query on every boot: whether company 1 exists and, joined, an admin of it still holding
  // the placeholder (a first boot stopped before the hash was stored).
  const [existing] = await db
    .select({ id: companies.id, strandedAdminId: users.id })
    .from(companies)
    .leftJoin(users, and(eq(users.companyId, companies.id), eq(users.passwordHash, PENDING_PASSWORD_HASH)))
    .where(eq(companies.id, 1))
    .limit(1);
  const generated = () => (config.ADMIN_PASSWORD ? null : Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString("base64url"));
  if (existing) {
    await settings.seedCompany(1);
    if (existing.strandedAdminId === null) return { generatedPassword: null, passwordStored: () => Promise.resolve(), settle: () => Promise.resolve() };
    const generatedPassword = generated();
    log.warn("the super admin's password was not stored by the first boot: it is set again");
    return { generatedPassword, ...storeLater(db, existing.strandedAdminId, config.ADMIN_PASSWORD ?? (generatedPassword as string), log) };
  }
  const generatedPassword = generated();
  const password = config.ADMIN_PASSWORD ?? (generatedPassword as string);
  const adminId = await db.transaction(async (tx) => {
    const [plan] = await tx.insert(plans).values({ name: "Plano 1", users: 10, connections: 10, queues: 10, amount: 0, isPublic: true }).returning();
    await tx.insert(companies).values({
      id: 1,
      name: "Empresa 1",
      email: config.ADMIN_EMAIL,
      planId: plan?.id,
      status: true,
      dueDate: PLATFORM_DUE_DATE,
      recurrence: "MENSAL",
    });
    const [admin] = await tx
      .insert(users)
      .values({
        companyId: 1,
        name: "Admin",
        email: config.ADMIN_EMAIL,
        passwordHash: PENDING_PASSWORD_HASH,
        profile: "admin",
        super: true,
        showDashboard: "enabled",
        allowRealTime: "enabled",
        allowConnections: "enabled",
        allHistoric: "enabled",
        allUserChat: "enabled",
        userClosePendingTicket: "enabled",
        allTicket: "enable",
        allowGroup: true,
      })
      .returning({ id: users.id });
    await settings.seedCompany(1, tx);
    return admin!.id;
  });
  log.info(`seeded the platform company, the default plan and the super admin ${config.ADMIN_EMAIL}`);
  return { generatedPassword, ...storeLater(db, adminId, password, log) };
}

/**
 * Hashes the admin's password off the boot's path: on the first call of `passwordStored` (a
 * login), or a second after the boot. Only a row still holding the placeholder is written.
 */
function storeLater(db: Db, adminId: number, password: string, log: Logger): Pick<Seeded, "passwordStored" | "settle"> {
  let storing: Promise<void> | null = null;
  const passwordStored = () =>
    (storing ??= hashPassword(password)
      .then((passwordHash) =>
        db
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.id, adminId), eq(users.passwordHash, PENDING_PASSWORD_HASH))),
      )
      .then(() => undefined));
  const later = setTimeout(() => passwordStored().catch((err) => log.error("storing the super admin's password failed", err)), 1_000);
  // The timer alone must not keep a process alive (a script that only boots the kernel).
  (later as { unref?: () => void }).unref?.();
  const settle = async () => {
    clearTimeout(later);
    await storing?.catch(() => {});
  };
  return { passwordStored, settle };
}
