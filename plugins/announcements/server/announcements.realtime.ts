import type { Realtime } from "../../../core/realtime/realtime.ts";
import type { AnnouncementView } from "./announcements.service.ts";

/** The spec's platform-wide event name (no company id in it). */
export const ANNOUNCEMENT_EVENT = "company-announcement";
/** Rooms joined in every company namespace, so inactive rows reach the super users only. */
export const SUPER_ROOM = "announcements-super";
export const READERS_ROOM = "announcements-readers";

/** What "company-announcement" carries; the web client reads it through `shared/announcement-types.ts`. */
export type AnnouncementEvent = { action: "create" | "update"; record: AnnouncementView } | { action: "delete"; id: number };

/**
 * Live delivery of announcement changes to every company. An active row goes to
 * everyone; an inactive one goes in full only to super users, and as a removal to
 * everybody else (so it leaves their popover without leaking its text).
 */
export class AnnouncementFeed {
  constructor(private realtime: Realtime) {
    // A policy, not a one-off join: a user losing the super flag leaves the super users' room.
    realtime.roomPolicy((user) => [user.super ? SUPER_ROOM : READERS_ROOM]);
  }

  changed(action: "create" | "update", record: AnnouncementView): AnnouncementView {
    if (record.status) this.realtime.emitAll(ANNOUNCEMENT_EVENT, { action, record } satisfies AnnouncementEvent);
    else {
      this.realtime.emitAll(ANNOUNCEMENT_EVENT, { action, record } satisfies AnnouncementEvent, SUPER_ROOM);
      this.realtime.emitAll(ANNOUNCEMENT_EVENT, { action: "delete", id: record.id } satisfies AnnouncementEvent, READERS_ROOM);
    }
    return record;
  }

  deleted(id: number): void {
    this.realtime.emitAll(ANNOUNCEMENT_EVENT, { action: "delete", id } satisfies AnnouncementEvent);
  }
}
