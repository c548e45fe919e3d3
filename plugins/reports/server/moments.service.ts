import { isAdmin } from "../../../core/auth/permissions.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import type { ServiceMap, Services } from "../../../core/plugin/services.ts";
import "../../tickets/server/tickets.contract.ts";
import type { SlaMark } from "./sla-compliance.ts";
import type { SlaTicket } from "./sla-facts.ts";

/** A ticket as the tickets plugin's board service answers it. */
type TicketView = Awaited<ReturnType<ServiceMap["tickets.board"]>>["tickets"][number];

/*
 * The real-time panel (spec 002 §2.16, §7): the live (pending and open) tickets the user may
 * see, active in the last 30 days, from the tickets plugin's board service (its visibility
 * rules, LGPD masking, at most 500 newest). The panel groups them by attendant plus Pendentes.
 */

const DAY_MS = 86_400_000;
export const MOMENTS_DAYS = 30;

export interface MomentsQuery {
  status?: "open" | "pending";
  showAll?: boolean;
  queueIds: number[];
  userId?: number;
  dateStart?: string;
  dateEnd?: string;
}

export interface MomentTicket {
  id: number;
  uuid: string;
  status: string;
  contact: { id: number; name: string; urlPicture: string | null };
  lastMessage: string;
  whatsapp: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string | null } | null;
  user: { id: number; name: string } | null;
  unreadMessages: number;
  updatedAt: string;
  /** Whether the viewer may open it from the panel: an admin any, others their own. */
  canOpen: boolean;
  /** Its queue's first-response target while no human replied yet (sla.service.ts); null otherwise. */
  sla: SlaMark | null;
}

/** The SLA marks of the panel's tickets that sit in a queue (sla.service.ts). */
export type SlaMarks = (companyId: number, tickets: SlaTicket[], now: Date) => Promise<Map<number, SlaMark>>;

export interface MomentsGroup {
  /** null: the Pendentes card (no attendant yet). */
  user: { id: number; name: string } | null;
  tickets: MomentTicket[];
}

export class MomentsService {
  constructor(
    private readonly services: Services,
    private readonly slaMarks?: SlaMarks,
  ) {}

  /** GET /dashboard/moments: the panel's tickets, newest activity first. */
  async tickets(user: UserRow, q: MomentsQuery, now: Date = new Date()): Promise<MomentTicket[]> {
    const to = q.dateEnd ? new Date(Date.parse(`${q.dateEnd}T00:00:00.000Z`) + DAY_MS) : now;
    const from = q.dateStart ? new Date(`${q.dateStart}T00:00:00.000Z`) : new Date(to.getTime() - MOMENTS_DAYS * DAY_MS);
    const board = await this.services.require("tickets.board")(user, { queueIds: q.queueIds, from: from.toISOString(), to: to.toISOString() });
    const admin = isAdmin(user);
    const shown = board.tickets.filter(
      (tk) =>
        (!q.status || tk.status === q.status) &&
        (q.userId === undefined || tk.userId === q.userId) &&
        (admin || q.showAll !== false || tk.userId === user.id || tk.status === "pending"),
    );
    const queued = shown.flatMap((tk) => (tk.queueId === null ? [] : [{ ...tk, queueId: tk.queueId }]));
    const marks = this.slaMarks && queued.length ? await this.slaMarks(user.companyId, queued, now) : new Map<number, SlaMark>();
    return shown.map((tk) => ({ ...momentOf(tk, admin || tk.userId === user.id), sla: marks.get(tk.id) ?? null }));
  }

  /** GET /usersMoments: the same tickets grouped per attendant, Pendentes (no attendant) first. */
  async byUser(user: UserRow, q: MomentsQuery): Promise<MomentsGroup[]> {
    const groups = new Map<number | null, MomentsGroup>([[null, { user: null, tickets: [] }]]);
    for (const tk of await this.tickets(user, q)) {
      const key = tk.status === "pending" || !tk.user ? null : tk.user.id;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { user: tk.user, tickets: [] }));
      group.tickets.push(tk);
    }
    const [pending, ...attendants] = [...groups.values()];
    return [pending!, ...attendants.sort((a, b) => (a.user?.name ?? "").localeCompare(b.user?.name ?? ""))];
  }
}

function momentOf(tk: TicketView, canOpen: boolean): Omit<MomentTicket, "sla"> {
  return {
    id: tk.id,
    uuid: tk.uuid,
    status: tk.status,
    contact: { id: tk.contact.id, name: tk.contact.name, urlPicture: tk.contact.urlPicture ?? null },
    lastMessage: tk.lastMessage,
    whatsapp: tk.whatsapp ? { id: tk.whatsapp.id, name: tk.whatsapp.name } : null,
    queue: tk.queue ? { id: tk.queue.id, name: tk.queue.name, color: tk.queue.color ?? null } : null,
    user: tk.user ? { id: tk.user.id, name: tk.user.name } : null,
    unreadMessages: tk.unreadMessages,
    updatedAt: tk.updatedAt,
    canOpen,
  };
}
