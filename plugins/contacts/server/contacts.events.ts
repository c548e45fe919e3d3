import type { Realtime } from "../../../core/realtime/realtime.ts";
import type { SettingsService } from "../../../core/settings/settings.ts";
import { maskNumber } from "../shared/phone.ts";

/** Rooms of a company's namespace: who may see full numbers and who sees them LGPD-masked. */
export const FULL_ROOM = "contacts-full-numbers";
export const MASKED_ROOM = "contacts-masked-numbers";

/** A plain user (not admin, not super) — the people the LGPD setting hides numbers from (spec 000 §6). */
export const isPlainUser = (u: { profile: string; super: boolean }) => !u.super && u.profile === "user";

/** Whether this person must see numbers masked: plain user and lgpdHideNumber "enabled" in their company. */
export async function masksNumbersFor(settings: SettingsService, user: { companyId: number; profile: string; super: boolean }): Promise<boolean> {
  if (!isPlainUser(user)) return false;
  return (await settings.companyOne(user.companyId, "lgpdHideNumber")) === "enabled";
}

/**
 * `company-{id}-contact` events. With lgpdHideNumber enabled the full number goes only to
 * admins' sockets and a masked copy to plain users', so the socket never leaks what the
 * HTTP answers hide.
 */
export class ContactEvents {
  constructor(
    private realtime: Realtime,
    private settings: SettingsService,
  ) {
    // A policy, not a one-off join: a user promoted or demoted moves between the two rooms.
    realtime.roomPolicy((user) => [isPlainUser(user) ? MASKED_ROOM : FULL_ROOM]);
  }

  async changed<C extends { number: string }>(companyId: number, action: "create" | "update", contact: C): Promise<void> {
    const event = `company-${companyId}-contact`;
    if ((await this.settings.companyOne(companyId, "lgpdHideNumber")) !== "enabled") {
      this.realtime.emit(companyId, event, { action, contact });
      return;
    }
    this.realtime.emit(companyId, event, { action, contact }, FULL_ROOM);
    this.realtime.emit(companyId, event, { action, contact: { ...contact, number: maskNumber(contact.number) } }, MASKED_ROOM);
  }

  /** Many contacts changed at once (an import): lists load their first page again. */
  reload(companyId: number): void {
    this.realtime.emit(companyId, `company-${companyId}-contact`, { action: "reload" });
  }

  deleted(companyId: number, contactId: number): void {
    this.realtime.emit(companyId, `company-${companyId}-contact`, { action: "delete", contactId });
  }
}
