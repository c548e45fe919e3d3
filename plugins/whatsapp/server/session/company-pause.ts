import type { CompanyAccess } from "../../../../core/auth/company-access.ts";
import type { Logger } from "../../../../core/log.ts";
import type { SessionManager } from "./session-manager.ts";

/**
 * A disabled company's WhatsApp sessions take no new work (spec 001 §4, issue 11): their
 * sockets end WITHOUT logging out, so the keys stay and re-enabling the company resumes
 * them without a new QR; they are neither resumed at boot nor (re)opened while it stays
 * disabled. No socket, no inbound: nothing of the company is stored meanwhile (WhatsApp
 * keeps the messages for the linked device and delivers them when the session is back).
 * An overdue company keeps its sessions: a customer's message is never lost because of
 * the company's bill.
 */
export class CompanyPause {
  /** Companies whose sessions this process stopped or did not start because they were disabled. */
  private held = new Set<number>();

  constructor(private access: CompanyAccess) {}

  /** Whether the company is disabled now; remembered, so re-enabling it resumes its sessions. */
  async holds(companyId: number): Promise<boolean> {
    const disabled = (await this.access.state(companyId)) === "disabled";
    if (disabled) this.held.add(companyId);
    return disabled;
  }

  /** Forgets the company; true when this process had held its sessions back. */
  release(companyId: number): boolean {
    return this.held.delete(companyId);
  }
}

/** Stops a company's sessions when it is disabled, resumes the ones with stored keys when it is enabled again. */
export function registerCompanyPause(access: CompanyAccess, sessions: SessionManager, log: Logger): void {
  access.onChange(async ({ companyId, state }) => {
    if (state === "disabled") {
      await sessions.pause.holds(companyId);
      await stopCompany(sessions, companyId);
    } else if (sessions.pause.release(companyId)) {
      // In the background: the write that re-enabled the company need not wait for WhatsApp.
      void resumeCompany(sessions, companyId, log).catch((err) => log.error(`whatsapp: resuming company ${companyId} failed`, err));
    }
  });
}

async function stopCompany(sessions: SessionManager, companyId: number): Promise<void> {
  for (const s of sessions.all().filter((x) => x.companyId === companyId)) {
    await sessions.serial(s.whatsappId, async () => {
      await sessions.drop(s, "company disabled");
      await sessions.leases.release(s.whatsappId);
      await sessions.status.publish(companyId, s.whatsappId, { status: "DISCONNECTED", qrcode: "", retries: 0 });
    });
  }
}

async function resumeCompany(sessions: SessionManager, companyId: number, log: Logger): Promise<void> {
  const rows = (await sessions.status.whatsappConnections()).filter((c) => c.companyId === companyId);
  for (const row of rows) {
    if (sessions.live(row.id) || !(await sessions.auth.resumable(row.id))) continue;
    await sessions.start(companyId, row.id).catch((err) => log.warn(`whatsapp ${row.id}: not resumed after the company was enabled`, err instanceof Error ? err.message : err));
  }
}
