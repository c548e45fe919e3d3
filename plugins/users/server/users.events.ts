/** The users plugin's bus events, for plugins that keep data per user (queues, tickets, chats). */
declare module "../../../core/events/bus.ts" {
  interface EventMap {
    "users.user.created": { companyId: number; userId: number };
    "users.user.updated": { companyId: number; userId: number };
    "users.user.deleted": { companyId: number; userId: number };
  }
}

/** The realtime event every user change goes out on (spec: `company-{id}-user`). */
export const userTopic = (companyId: number) => `company-${companyId}-user`;
