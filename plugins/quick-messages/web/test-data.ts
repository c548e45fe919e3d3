import type { QuickMessage } from "./quick-messages-api.ts";

/** A quick message as the API answers it; the test user (testUser) has id 7. */
export function apiQuickMessage(id: number, shortcode: string, over: Partial<QuickMessage> = {}): QuickMessage {
  return {
    id,
    companyId: 2,
    userId: 7,
    shortcode,
    message: `Mensagem ${shortcode}`,
    mediaPath: null,
    mediaName: null,
    mediaUrl: null,
    geral: false,
    visao: false,
    status: true,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...over,
  };
}
