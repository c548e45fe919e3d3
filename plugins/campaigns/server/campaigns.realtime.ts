import type { Realtime } from "../../../core/realtime/realtime.ts";

/**
 * The plugin's topics (spec 002 §7 "Realtime events"): `company-{id}-campaign`,
 * `-ContactList` and `-ContactListItem`, with `{ action, record }` for create/update and
 * `{ action: "delete", id, record: { id } }`; list items also `{ action: "reload", contactListId }` after an
 * import and `{ action: "progress", contactListId, read }` while one runs. Every admin of the
 * company sees these screens, so the whole namespace receives them.
 */
export class CampaignFeeds {
  constructor(private realtime: Realtime) {}

  campaign(companyId: number, action: "create" | "update", record: unknown): void {
    this.send(companyId, "campaign", { action, record });
  }
  campaignDeleted(companyId: number, id: number): void {
    this.send(companyId, "campaign", { action: "delete", id, record: { id } });
  }
  list(companyId: number, action: "create" | "update", record: unknown): void {
    this.send(companyId, "ContactList", { action, record });
  }
  listDeleted(companyId: number, id: number): void {
    this.send(companyId, "ContactList", { action: "delete", id, record: { id } });
  }
  item(companyId: number, action: "create" | "update", record: unknown): void {
    this.send(companyId, "ContactListItem", { action, record });
  }
  itemDeleted(companyId: number, id: number): void {
    this.send(companyId, "ContactListItem", { action: "delete", id, record: { id } });
  }
  itemsReloaded(companyId: number, contactListId: number): void {
    this.send(companyId, "ContactListItem", { action: "reload", contactListId });
  }
  itemProgress(companyId: number, contactListId: number, read: number): void {
    this.send(companyId, "ContactListItem", { action: "progress", contactListId, read });
  }

  private send(companyId: number, topic: string, payload: unknown): void {
    this.realtime.emit(companyId, `company-${companyId}-${topic}`, payload);
  }
}
