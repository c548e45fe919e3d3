import type { OpenTicketConflict } from "../../shared/ticket-types.ts";

/**
 * The live ticket named by an ERR_OTHER_OPEN_TICKET answer (spec 000 §7: the error body's
 * `message` is a JSON string of the other ticket), or null for any other failure.
 */
export function parseConflict(err: unknown): OpenTicketConflict | null {
  const data = (err as { data?: { error?: unknown; message?: unknown } } | null)?.data;
  if (data?.error !== "ERR_OTHER_OPEN_TICKET") return null;
  const raw = data.message;
  try {
    const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as Partial<OpenTicketConflict> | null;
    if (!parsed || typeof parsed !== "object" || typeof parsed.uuid !== "string") return null;
    return {
      id: Number(parsed.id ?? 0),
      uuid: parsed.uuid,
      status: parsed.status ?? "open",
      userId: typeof parsed.userId === "number" ? parsed.userId : null,
      user: parsed.user ?? null,
      queue: parsed.queue ?? null,
    };
  } catch {
    return null;
  }
}
