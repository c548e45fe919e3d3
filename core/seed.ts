import { eq } from "drizzle-orm";
import { hashPassword } from "./auth/password.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import { companies, plans, users } from "./db/tables.ts";
import type { Logger } from "./log.ts";
import type { SettingsService } from "./settings/settings.ts";

/** Company 1 runs the platform and never expires. */
export const PLATFORM_DUE_DATE = "2999-12-31";

/**
 * First boot: the default plan, the platform company (id 1) and its super admin, and
 * the default settings. Idempotent: a restart finds company 1 and changes nothing.
 * Returns the generated password when one was made (printed once by the caller).
 */
export async function seed(db: Db, config: Config, settings: SettingsService, log: Logger): Promise<string | null> {
  const [existing] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, 1)).limit(1);
  if (existing) {
    await settings.seedCompany(1);
    return null;
  }
  const generated = config.ADMIN_PASSWORD ? null : Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString("base64url");
  const password = config.ADMIN_PASSWORD ?? (generated as string);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
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
    await tx.insert(users).values({
      companyId: 1,
      name: "Admin",
      email: config.ADMIN_EMAIL,
      passwordHash,
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
    });
    await settings.seedCompany(1, tx);
  });
  log.info(`seeded the platform company, the default plan and the super admin ${config.ADMIN_EMAIL}`);
  return generated;
}
