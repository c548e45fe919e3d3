import { Realtime } from "../../../core/realtime/realtime.ts";
import { isShared } from "../shared/quick-message-rules.ts";
import type { QuickMessageView } from "./quick-messages.service.ts";

type Owned = Pick<QuickMessageView, "id" | "companyId" | "userId" | "geral" | "visao">;

/**
 * `company-{id}-quickemessage` (the spec's topic name) with `{ action, record }`. A private
 * message (neither general nor visible) is announced only to its owner's sockets, so the
 * other users' lists never receive text they may not see; a message that stops being
 * shared is removed from their lists with a delete.
 */
export class QuickMessageFeed {
  constructor(private realtime: Realtime) {}

  created(record: QuickMessageView): void {
    this.send(record, "create", record);
  }

  updated(before: Owned, record: QuickMessageView): void {
    this.send(record, "update", record);
    if (isShared(before) && !isShared(record)) {
      const others = record.userId ? Realtime.userRoom(record.userId) : undefined;
      this.realtime.emit(record.companyId, this.topic(record.companyId), { action: "delete", record: { id: record.id } }, undefined, others);
    }
  }

  deleted(record: Owned): void {
    this.send(record, "delete", { id: record.id });
  }

  private send(owner: Owned, action: "create" | "update" | "delete", record: unknown): void {
    if (!isShared(owner) && !owner.userId) return; // private and ownerless: nobody may see it
    const room = isShared(owner) ? undefined : Realtime.userRoom(owner.userId!);
    this.realtime.emit(owner.companyId, this.topic(owner.companyId), { action, record }, room);
  }

  private topic(companyId: number): string {
    return `company-${companyId}-quickemessage`;
  }
}
